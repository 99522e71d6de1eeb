import type { ConfiguracoesApp, NomeFuncao } from '@elo/contract/calls/app-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { loggedUserQueryOptions } from '#lib/session.ts';

/** Cache key of the app settings. */
export const appSettingsKey = ['admin-app-settings'] as const;

/** The company's logo, colours, scale and function names (consultaConfiguracoesAppAdmin). */
export function useAppSettings() {
  return useQuery({
    queryKey: appSettingsKey,
    queryFn: ({ signal }) => api.consultaConfiguracoesAppAdmin({}, { signal }),
    select: (answer) => answer.configuracoes,
  });
}

/** What the form saves: the colours, every function's name ('' for the default) and a new logo. */
export interface AppSettingsDraft {
  corPrincipal: string;
  corFontePrimaria: string;
  corFonteSecundaria: string;
  nomesFuncoes: NomeFuncao[];
  logo: File | null;
  /** Removes the saved logo (when no new one is chosen). */
  removeLogo: boolean;
  /** The versao read with the settings: a stale one is refused (409 REGISTRO_ALTERADO). */
  versao: number;
}

/**
 * Saves the settings (salvaConfiguracoesAppAdmin). The signed-in user is read again, so this
 * administrator's own portal and administration take the new look at once.
 */
export function useSaveAppSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: AppSettingsDraft) =>
      api.salvaConfiguracoesAppAdmin(
        {
          corPrincipal: draft.corPrincipal,
          corFontePrimaria: draft.corFontePrimaria,
          corFonteSecundaria: draft.corFonteSecundaria,
          nomesFuncoes: JSON.stringify(draft.nomesFuncoes),
          versao: draft.versao,
          ...(draft.logo ? { logo: draft.logo } : draft.removeLogo ? { flRemoverLogo: 'S' as const } : {}),
        },
        { multipart: true },
      ),
    onSuccess: async (answer: { configuracoes: ConfiguracoesApp }) => {
      queryClient.setQueryData(appSettingsKey, answer);
      await queryClient.fetchQuery({ ...loggedUserQueryOptions, staleTime: 0 });
    },
  });
}
