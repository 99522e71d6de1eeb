import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api.ts';

/** The company's key figures for the administration's home (null where the caller may not read). */
export function useDashboardFigures() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => api.consultaDashboardAdmin({}, { signal }),
    staleTime: 60_000,
  });
}

/** The HR administrator's open, late and own open tickets, asked only of those who may read the HR portal. */
export function useHrWorkSummary(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'dashboard', 'hr-work'],
    queryFn: ({ signal }) => api.consultaResumoRhAdmin({}, { signal }),
    staleTime: 60_000,
    enabled,
  });
}
