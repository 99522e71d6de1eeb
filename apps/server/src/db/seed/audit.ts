import { AuditAction } from '@elo/contract/calls/audit';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { auditLog, surveys, users } from '../schema/all.ts';

/**
 * A few days of the demo company's audit log, so the Auditoria screen has something to show on a
 * fresh install: sign-ins, a refused one, and survey writes with their before/after. Runs only
 * while the company's log is empty.
 */
export async function seedAudit(deps: { db: Database }): Promise<boolean> {
  const { db } = deps;
  const person = async (email: string) =>
    (
      await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
    )[0];
  const master = await person('admin@demo.elo');
  const maria = await person('maria.silva@demo.elo');
  if (!master || !maria) return false;
  const companyId = master.companyId;
  const [existing] = await db
    .select({ total: count() })
    .from(auditLog)
    .where(eq(auditLog.companyId, companyId));
  if ((existing?.total ?? 0) > 0) return false;
  const [survey] = await db
    .select({ id: surveys.id, title: surveys.title })
    .from(surveys)
    .where(and(eq(surveys.companyId, companyId), eq(surveys.status, 'published')))
    .limit(1);

  const hour = 3_600_000;
  const now = Date.now();
  const browser = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
  const byMaster = {
    companyId,
    actorUserId: master.id,
    actorName: master.name,
    ip: '203.0.113.10',
    userAgent: browser,
  };
  const masterTarget = { targetType: 'user', targetId: String(master.id), targetName: master.name };
  await db.insert(auditLog).values([
    { ...byMaster, ...masterTarget, action: AuditAction.signIn, createdAt: new Date(now - 50 * hour) },
    ...(survey
      ? [
          {
            ...byMaster,
            action: AuditAction.surveyUpdate,
            targetType: 'survey',
            targetId: String(survey.id),
            targetName: survey.title,
            changes: { descricao: { antes: null, depois: 'Sua opinião ajuda a melhorar o dia a dia.' } },
            createdAt: new Date(now - 49 * hour),
          },
          {
            ...byMaster,
            action: AuditAction.surveyPublish,
            targetType: 'survey',
            targetId: String(survey.id),
            targetName: survey.title,
            changes: { status: { antes: 'draft', depois: 'published' } },
            createdAt: new Date(now - 48 * hour),
          },
        ]
      : []),
    {
      companyId,
      actorUserId: null,
      actorName: null,
      action: AuditAction.signInFailed,
      targetType: 'user',
      targetId: String(maria.id),
      targetName: maria.name,
      ip: '198.51.100.23',
      userAgent: browser,
      createdAt: new Date(now - 26 * hour),
    },
    {
      companyId,
      actorUserId: maria.id,
      actorName: maria.name,
      action: AuditAction.signIn,
      targetType: 'user',
      targetId: String(maria.id),
      targetName: maria.name,
      ip: '198.51.100.23',
      userAgent: browser,
      createdAt: new Date(now - 25 * hour),
    },
  ]);
  return true;
}
