import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '#lib/api.ts';
import { timelineKeys } from '../timeline-cache.ts';

const bannersFreshMs = 5 * 60 * 1000;

/** The announcements whose dates include now (consultaBannersPortal). */
export function useBanners() {
  return useQuery({
    queryKey: timelineKeys.banners,
    queryFn: ({ signal }) => api.consultaBannersPortal({}, { signal }),
    // Announcements change a few times a day; the timeline and the dashboard share one answer.
    staleTime: bannersFreshMs,
    select: (answer) => answer.listBanners,
  });
}

/** The views and clicks this page load has counted already ('view:12'), whatever screen showed them. */
const sentThisLoad = new Set<string>();

/**
 * Counts views and clicks of the carousel's announcements (registraVisualizacaoComunicado,
 * registraCliqueComunicado): each once per page load, the server keeps one a person a day. A
 * count that fails is not worth telling the reader about (and may be sent again).
 */
export function useBannerInteractions() {
  const send = useCallback((kind: 'view' | 'click', idComunicado: number) => {
    const key = `${kind}:${idComunicado}`;
    if (sentThisLoad.has(key)) return;
    sentThisLoad.add(key);
    const counted =
      kind === 'view'
        ? api.registraVisualizacaoComunicado({ idComunicado })
        : api.registraCliqueComunicado({ idComunicado });
    counted.catch(() => sentThisLoad.delete(key));
  }, []);
  return {
    seen: useCallback((id: number) => send('view', id), [send]),
    clicked: useCallback((id: number) => send('click', id), [send]),
  };
}
