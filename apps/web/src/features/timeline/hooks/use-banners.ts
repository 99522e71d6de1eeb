import { useQuery } from '@tanstack/react-query';
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
