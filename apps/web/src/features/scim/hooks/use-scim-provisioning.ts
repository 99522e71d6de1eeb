import type { ProvisionamentoScim } from '@elo/contract/calls/scim';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';

/** Cache key of the company's SCIM provisioning state. */
export const scimProvisioningKey = ['admin-scim-provisioning'] as const;

/** The SCIM base URL and whether a token is live (consultaProvisionamentoScimAdmin). */
export function useScimProvisioning(enabled: boolean) {
  return useQuery({
    queryKey: scimProvisioningKey,
    queryFn: ({ signal }) => api.consultaProvisionamentoScimAdmin({}, { signal }),
    enabled,
  });
}

/** Makes a new token (geraTokenScimAdmin): the answer carries it, once. */
export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.geraTokenScimAdmin({}),
    onSuccess: ({ token: _token, ...state }) => {
      // The token itself never goes into the cache: only the page that asked for it shows it.
      queryClient.setQueryData<ProvisionamentoScim>(scimProvisioningKey, state);
    },
  });
}

/** Ends the live token (revogaTokenScimAdmin). */
export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.revogaTokenScimAdmin({}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimProvisioningKey }),
  });
}
