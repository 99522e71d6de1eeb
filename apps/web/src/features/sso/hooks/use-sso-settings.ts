import type { CallInput, CallOutput } from '@elo/contract/define-call';
import type { Calls } from '@elo/contract/calls/registry';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';

/** Cache key of the single sign-on settings. */
export const ssoSettingsKey = ['admin-sso-settings'] as const;

export type SsoSettingsAnswer = CallOutput<Calls['consultaConfiguracaoSsoAdmin']>;
export type SsoSettingsInput = CallInput<Calls['salvaConfiguracaoSsoAdmin']>;

/** The company's single sign-on settings, its addresses and the pickers' choices. */
export function useSsoSettings() {
  return useQuery({
    queryKey: ssoSettingsKey,
    queryFn: ({ signal }) => api.consultaConfiguracaoSsoAdmin({}, { signal }),
  });
}

/** Saves the settings (the client secret only when typed). */
export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoSettingsInput) => api.salvaConfiguracaoSsoAdmin(input),
    onSuccess: (answer) => queryClient.setQueryData(ssoSettingsKey, answer),
  });
}

/** Tests the saved settings against the provider. */
export function useTestSsoSettings() {
  return useMutation({ mutationFn: () => api.testaConfiguracaoSsoAdmin({}) });
}
