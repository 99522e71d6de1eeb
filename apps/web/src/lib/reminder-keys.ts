/**
 * The cache keys of the person's reminders: the reminders page lists them, and the bell (which
 * snoozes one from its notification) refreshes them, without either feature importing the other.
 */
export const reminderKeys = {
  all: ['reminders'] as const,
  list: (query: object) => ['reminders', 'list', query] as const,
};
