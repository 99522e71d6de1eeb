import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import type { PublishInput } from '../post-rules.ts';
import { timelineKeys } from '../timeline-cache.ts';

/** Publishes a post or saves it as a draft; the lists reload to show it. */
export function usePublishPost() {
  const queryClient = useQueryClient();
  return useMutation({
    // The call is multipart in the contract, with or without a file (a text or poll post).
    mutationFn: (input: PublishInput) => api.publicaPostagemTimeline(input, { multipart: true }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: timelineKeys.feeds }),
        queryClient.invalidateQueries({ queryKey: timelineKeys.latest }),
      ]);
    },
  });
}
