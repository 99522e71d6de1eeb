import { publicationLimits } from '@elo/contract/calls/publications';
import { useEffect, useRef } from 'react';
import { api } from '#lib/api.ts';

/** How long at least half of a card must stay on screen to count as seen. */
export const viewDwellMs = 1_000;
/** How often the seen posts are sent, at most. */
export const viewFlushMs = 4_000;

export interface ViewReporter {
  /** Counts a post as seen: queued once per page life, sent with the next batch. */
  report(idMensagem: number): void;
  /** Whether the post was already reported in this page's life. */
  has(idMensagem: number): boolean;
  /** Sends what is queued now (the page is being hidden or closed). */
  flush(options?: { keepalive?: boolean }): void;
}

/**
 * Collects the posts the person saw and sends them with `registraVisualizacoes` in batches (at
 * most the contract's batch size each), a few seconds after the first one queued and whenever the
 * page is hidden. A batch that fails is forgotten, so those posts may be reported again.
 */
export function createViewReporter(
  send: (ids: number[], options: { keepalive: boolean }) => Promise<unknown>,
  flushMs = viewFlushMs,
): ViewReporter {
  const reported = new Set<number>();
  let queued: number[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (options: { keepalive?: boolean } = {}) => {
    clearTimeout(timer);
    timer = undefined;
    while (queued.length > 0) {
      const batch = queued.slice(0, publicationLimits.viewsBatchMax);
      queued = queued.slice(batch.length);
      send(batch, { keepalive: options.keepalive ?? false }).catch(() => {
        for (const id of batch) reported.delete(id);
      });
    }
  };

  return {
    report(idMensagem) {
      if (reported.has(idMensagem)) return;
      reported.add(idMensagem);
      queued.push(idMensagem);
      timer ??= setTimeout(() => flush(), flushMs);
    },
    has: (idMensagem) => reported.has(idMensagem),
    flush,
  };
}

let pageReporter: ViewReporter | undefined;

/** The page's reporter: one per page life, flushed when the page is hidden or closed. */
export function viewReporter(): ViewReporter {
  if (pageReporter) return pageReporter;
  const reporter = createViewReporter((ids, options) =>
    api.registraVisualizacoes({ idsMensagens: ids }, { keepalive: options.keepalive }),
  );
  const leave = () => reporter.flush({ keepalive: true });
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leave();
  });
  pageReporter = reporter;
  return reporter;
}

/** For tests: starts a new page life (nothing reported yet). */
export function resetViewReporter(): void {
  pageReporter?.flush();
  pageReporter = undefined;
}

/**
 * Reports the post as seen once at least half of the element has stayed on screen for a second.
 * Returns the ref to put on the post's card.
 */
export function useViewReport<T extends Element>(idMensagem: number, enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    const reporter = viewReporter();
    if (reporter.has(idMensagem)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry && entry.isIntersecting && entry.intersectionRatio >= 0.5) {
          timer ??= setTimeout(() => {
            reporter.report(idMensagem);
            observer.disconnect();
          }, viewDwellMs);
        } else {
          clearTimeout(timer);
          timer = undefined;
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [idMensagem, enabled]);
  return ref;
}
