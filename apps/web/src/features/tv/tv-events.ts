import { TvEvent, tvEventsPath } from '@elo/contract/calls/tv';
import { createParser } from 'eventsource-parser';

/** What the event stream tells the screen. */
export interface TvEventHandlers {
  /** New content was published for this screen: fetch it now. */
  onContent: () => void;
  /** The screen was revoked (the stream said so, or the server refused the token). */
  onRevoked: () => void;
  /** The stream is open (true) or down (false), to show the offline mark. */
  onConnectionChange?: (connected: boolean) => void;
}

/** Waits before the nth reconnection: 1 s, 2 s, 4 s … up to 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
}

/**
 * Listens to the screen's Server-Sent Events (`GET /backend/tv/eventos` with the device token).
 * The browser's EventSource cannot send the token's header, so the stream is read with fetch()
 * and parsed by eventsource-parser; a dropped stream reconnects with a growing delay. Returns
 * the function that stops listening.
 */
export function listenToTvEvents(getToken: () => string | null, handlers: TvEventHandlers): () => void {
  const stop = new AbortController();
  let attempt = 0;

  const connectOnce = async (): Promise<'revoked' | 'ended'> => {
    const token = getToken();
    if (!token) return 'revoked';
    const response = await fetch(tvEventsPath, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
      credentials: 'omit',
      cache: 'no-store',
      signal: stop.signal,
    });
    if (response.status === 401) return 'revoked';
    if (!response.ok || !response.body) return 'ended';
    attempt = 0;
    handlers.onConnectionChange?.(true);
    let revoked = false;
    const parser = createParser({
      onEvent: (message) => {
        if (message.event === TvEvent.content) handlers.onContent();
        if (message.event === TvEvent.revoked) revoked = true;
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
      if (revoked) {
        await reader.cancel();
        break;
      }
    }
    return revoked ? 'revoked' : 'ended';
  };

  void (async () => {
    while (!stop.signal.aborted) {
      let outcome: 'revoked' | 'ended' = 'ended';
      try {
        outcome = await connectOnce();
      } catch {
        // The network dropped or the page is leaving: try again below unless stopped.
      }
      if (stop.signal.aborted) return;
      if (outcome === 'revoked') {
        handlers.onRevoked();
        return;
      }
      handlers.onConnectionChange?.(false);
      // The delay grows while the server stays away; the network coming back cuts it short.
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          window.removeEventListener('online', done);
          stop.signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, reconnectDelayMs(attempt++));
        window.addEventListener('online', done);
        stop.signal.addEventListener('abort', done);
      });
    }
  })();

  return () => stop.abort();
}
