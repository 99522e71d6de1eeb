import { limits } from '@elo/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '#lib/api.ts';
import { timelineKeys } from '../timeline-cache.ts';

/**
 * The reactions a post can get (consultaGestos). Spec section 7: asked 3 s after the page loads,
 * so the posts come first; once known they are kept for the session.
 */
export function useGestos() {
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), limits.gestosFetchDelayMs);
    return () => clearTimeout(timer);
  }, []);
  return useQuery({
    queryKey: timelineKeys.gestos,
    queryFn: ({ signal }) => api.consultaGestos({}, { signal }),
    enabled: due,
    staleTime: Infinity,
    select: (answer) => answer.listGestos,
  });
}
