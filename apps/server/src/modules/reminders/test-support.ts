import { expect } from 'vitest';
import type { Lembrete } from '@elo/contract/calls/reminders';
import type { Notificacao } from '@elo/contract/calls/notifications';
import type { TestApp } from '../../test/harness.ts';

/** An instant `seconds` from now, as the form sends it. */
export const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1_000).toISOString();

/** Saves a reminder as `cookie`'s person (one-off, no e-mail, tomorrow unless told) and answers it. */
export async function savedReminder(
  t: TestApp,
  cookie: string,
  fields: Record<string, unknown> = {},
  language?: string,
): Promise<Lembrete> {
  const response = await t.call(
    'salvaLembrete',
    {
      titulo: 'Enviar o relatório',
      dtLembrete: inSeconds(86_400),
      recorrencia: 'NENHUMA',
      flEmail: 'N',
      ...fields,
    },
    { cookie, language },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.lembrete as Lembrete;
}

/** Every reminder of `cookie`'s person, upcoming then past (or one situation). */
export async function listedReminders(t: TestApp, cookie: string, situacao?: string): Promise<Lembrete[]> {
  const response = await t.call(
    'consultaLembretes',
    { idPaginaAtual: 1, qtdRegistrosPorPagina: 50, ...(situacao ? { situacao } : {}) },
    { cookie },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.listLembretes as Lembrete[];
}

/** The bell's reminder notifications of `cookie`'s person about one reminder. */
export async function reminderNotifications(
  t: TestApp,
  cookie: string,
  idLembrete: number,
): Promise<Notificacao[]> {
  const response = await t.call(
    'consultaNotificacoes',
    { idPaginaAtual: 1, qtdRegistrosPorPagina: 50 },
    { cookie },
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.listNotificacoes as Notificacao[]).filter(
    (item) => item.tipo === 'LEMBRETE' && item.link === `/painel/exemplo/lembrete?idLembrete=${idLembrete}`,
  );
}

/** The fire jobs waiting in the queue for a reminder, by the instant each waits for. */
export async function queuedFires(t: TestApp, idLembrete: number): Promise<string[]> {
  const result = (await t.database.executeSql(
    "select singleton_key from pgboss.job where name = 'reminder-due' and state = 'created' and singleton_key like $1 order by start_after",
    [`${idLembrete}@%`],
  )) as { rows: { singleton_key: string }[] };
  return result.rows.map((row) => row.singleton_key.slice(row.singleton_key.indexOf('@') + 1));
}

/** After the fires came, a few more polls of every queue find nothing more to do. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 3_000));

export const waitLong = { timeout: 20_000, interval: 200 };
