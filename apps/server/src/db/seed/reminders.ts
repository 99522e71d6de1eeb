import { TZDate } from '@date-fns/tz';
import { addDays, set } from 'date-fns';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { reminders, users } from '../schema/all.ts';

/**
 * Seeds Maria's reminders once (nothing happens when she has any): a daily one at 09:00 (São
 * Paulo) from tomorrow, by e-mail too, and a one-off of last week already fired and concluded.
 * Written directly, without a job (the queue starts after the seed): the reminders' sweep queues
 * the daily one's fire a minute or so before its time.
 */
export async function seedReminders(deps: { db: Database }): Promise<boolean> {
  const { db } = deps;
  const [maria] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(sql`lower(${users.email}) = 'maria.silva@demo.elo'`);
  if (!maria) return false;
  const [existing] = await db
    .select({ total: count() })
    .from(reminders)
    .where(eq(reminders.userId, maria.id));
  if ((existing?.total ?? 0) > 0) return false;
  const today = new TZDate(Date.now(), 'America/Sao_Paulo');
  const at = (days: number, hours: number) =>
    new Date(set(addDays(today, days), { hours, minutes: 0, seconds: 0, milliseconds: 0 }).getTime());
  const daily = at(1, 9);
  const lastWeek = at(-7, 14);
  await db.insert(reminders).values([
    {
      companyId: maria.companyId,
      userId: maria.id,
      title: 'Conferir a agenda do dia',
      description: 'Olhar as reuniões e as entregas de hoje.',
      remindAt: daily,
      recurrence: 'DIARIA',
      email: true,
      nextAt: daily,
    },
    {
      companyId: maria.companyId,
      userId: maria.id,
      title: 'Enviar o relatório mensal',
      description: null,
      remindAt: lastWeek,
      recurrence: 'NENHUMA',
      done: true,
      nextAt: null,
      lastFiredAt: lastWeek,
    },
  ]);
  return true;
}
