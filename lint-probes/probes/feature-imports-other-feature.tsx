// Lints as: apps/web/src/features/hr-tickets/admin/pages/probe-page.tsx
// Breaks: import-x/no-restricted-paths "Features must not import each other"
import { useReminderList } from '../../../reminders/hooks/use-reminders.ts';

export function ProbePage() {
  useReminderList({ situacao: undefined, idPaginaAtual: 1 } as never);
  return null;
}
