// Lints as: apps/server/src/modules/reminders/service.ts
// Breaks: @typescript-eslint/no-restricted-imports "The wire stays at the edge"
import type { Lembrete } from '@elo/contract/calls/reminders';

export function probe(reminder: Lembrete): string {
  return reminder.titulo;
}
