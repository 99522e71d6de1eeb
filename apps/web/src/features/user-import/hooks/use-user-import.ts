import type { ResultadoImportacao } from '@elo/contract/calls/user-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { ApiError } from '#lib/api-client.ts';
import { userSettingsKeys } from '#lib/catalog-keys.ts';

/** An import may take a while on a large file: well beyond the usual answer time. */
const importTimeoutMs = 180_000;

/**
 * Simulates or applies an import (importaUsuariosAdmin). A refused apply (422 IMPORT_HAS_ERRORS)
 * comes back as its per-row result, as a simulation does, with `refused` set.
 */
export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      file: File;
      simular: 'S' | 'N';
      flDesativarAusentes: 'S' | 'N';
      /** Applying: write the valid rows and give the invalid ones back as a file. */
      flAplicarValidas?: 'S' | 'N';
    }): Promise<{ result: ResultadoImportacao; refused: boolean }> => {
      try {
        return {
          result: await api.importaUsuariosAdmin(input, { timeoutMs: importTimeoutMs }),
          refused: false,
        };
      } catch (error) {
        if (error instanceof ApiError && error.errorCode === 'IMPORT_HAS_ERRORS' && error.body.resultado) {
          return { result: error.body.resultado as ResultadoImportacao, refused: true };
        }
        throw error;
      }
    },
    onSuccess: ({ result }) => {
      if (result.flSimulacao === 'N')
        return queryClient.invalidateQueries({ queryKey: userSettingsKeys.all });
      return undefined;
    },
  });
}
