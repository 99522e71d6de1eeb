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
