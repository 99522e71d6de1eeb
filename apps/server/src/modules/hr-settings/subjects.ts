import { AuditAction } from '@elo/contract/calls/audit';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { CatalogKind } from '@elo/contract/calls/catalog';
import { changedFields, recordAudit } from '../audit/service.ts';
import { saveCatalogItem } from '../catalog/service.ts';
import { loadHrActor } from '../hr-tickets/hr-actor.ts';
import { authorizeSubject } from '../hr-tickets/policy.ts';
import type { AdminSubject, HrSettingsModule, HrSettingsScope, SubjectForm } from './model.ts';
import { auditedSubjectSettings } from './presenter.ts';
import { countSubjectAssignees, listSubjectRows, lockSubject, upsertSubjectSettings } from './repo.ts';
import type { TicketSubject } from './ticket-subject.ts';

/** A subject of the company (an ASSUNTO_CHAMADO catalogue item) with its HR settings; null when it is not the company's. */
export async function findTicketSubject(
  db: Database,
  companyId: number,
  subjectId: number,
): Promise<TicketSubject | null> {
  const [row] = await listSubjectRows(db, companyId, subjectId);
  return row ?? null;
}

/** Every ticket subject of the company with its settings (for lists, the report and visibility). */
export async function listTicketSubjects(db: Database, companyId: number): Promise<TicketSubject[]> {
  return listSubjectRows(db, companyId);
}

/** The company's active subjects, for the employee's new ticket. */
export async function activeSubjects(
  module: HrSettingsModule,
  scope: { companyId: number },
): Promise<TicketSubject[]> {
  const subjects = await listTicketSubjects(module.db, scope.companyId);
  return subjects.filter((subject) => subject.active);
}

/** The company's subjects (or only one) with their counts, as the settings screen shows them. */
export async function adminSubjects(
  module: HrSettingsModule,
  companyId: number,
  only?: number,
): Promise<AdminSubject[]> {
  const { db } = module;
  const subjects =
    only === undefined ? await listTicketSubjects(db, companyId) : await listSubjectRows(db, companyId, only);
  const assignees = await countSubjectAssignees(db, companyId);
  const open = module.countOpenTicketsBySubject
    ? await module.countOpenTicketsBySubject(db, companyId)
    : new Map<number, number>();
  return subjects.map((subject) => ({
    ...subject,
    assignees: assignees.get(subject.id) ?? 0,
    openTickets: open.get(subject.id) ?? 0,
  }));
}

const subjectTarget = (id: number, name: string) => ({ type: 'hr_subject', id, name });

/**
 * Creates or edits a subject (the catalogue item through the catalog module) with its HR
 * settings. Changing an existing subject's confidentiality is for the administrators assigned
 * to it (policy.ts of the HR tickets); the change is audited with the rest. With a stale
 * version (someone saved the subject since this copy was read) it writes nothing.
 */
export async function saveSubject(
  module: HrSettingsModule,
  scope: HrSettingsScope,
  form: SubjectForm,
  actor: Actor,
): Promise<AdminSubject> {
  const id = await module.db.transaction(async (tx) => {
    const locked = form.id === undefined ? undefined : await lockSubject(tx, scope.companyId, form.id);
    if (locked && form.version !== undefined && form.version !== locked.version)
      throw new AppError('REGISTRO_ALTERADO');
    const before = form.id === undefined ? null : await findTicketSubject(tx, scope.companyId, form.id);
    if (form.id !== undefined && !before) throw new AppError('NOT_FOUND');
    if (before && before.confidential !== form.confidential)
      authorizeSubject(await loadHrActor(tx, scope), 'changeConfidentiality', {
        companyId: scope.companyId,
        subjectId: before.id,
      });
    const item = await saveCatalogItem(
      tx,
      scope.companyId,
      {
        kind: CatalogKind.ticketSubject,
        id: form.id,
        name: form.name,
        active: form.active,
        version: form.version,
      },
      actor,
    );
    const settings = {
      confidential: form.confidential,
      firstResponseMinutes: form.firstResponseMinutes,
      resolutionMinutes: form.resolutionMinutes,
    };
    await upsertSubjectSettings(tx, scope.companyId, item.id, settings);
    const changes = changedFields(before && auditedSubjectSettings(before), auditedSubjectSettings(settings));
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, actor, {
        action: AuditAction.hrSubjectSettingsUpdate,
        target: subjectTarget(item.id, item.name),
        changes,
      });
    }
    return item.id;
  });
  const [subject] = await adminSubjects(module, scope.companyId, id);
  return subject!;
}
