import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyIfHidden } from './incoming-alert.ts';

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
}

afterEach(() => {
  setHidden(false);
  vi.unstubAllGlobals();
});

describe('desktop notification of a new message', () => {
  it('is shown only when the tab is hidden and permission was granted', () => {
    const shown: { title: string; options: NotificationOptions }[] = [];
    class FakeNotification {
      static permission: NotificationPermission = 'granted';
      constructor(title: string, options: NotificationOptions) {
        shown.push({ title, options });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);

    setHidden(false);
    expect(notifyIfHidden('Carlos no chat', 'Oi', 'elo-chat-1')).toBe(false);
    setHidden(true);
    FakeNotification.permission = 'default';
    expect(notifyIfHidden('Carlos no chat', 'Oi', 'elo-chat-1')).toBe(false);
    FakeNotification.permission = 'granted';
    expect(notifyIfHidden('Carlos no chat', 'Oi', 'elo-chat-1')).toBe(true);
    expect(shown).toEqual([{ title: 'Carlos no chat', options: { body: 'Oi', tag: 'elo-chat-1' } }]);
  });
});
