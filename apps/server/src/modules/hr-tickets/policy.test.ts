import { describe, expect, it } from 'vitest';
import { AdminPermission, type AdminPermissionCode } from '@elo/contract/enums';
import {
  authorizeSubject,
  authorizeTicket,
  type HrActor,
  type SubjectAction,
  type TicketAction,
  type TicketFileRecord,
  type TicketRecord,
} from './policy.ts';

// The confidential HR record rules, written out by hand as a table: actor × action × record →
// allowed ('allowed') or the refusal's code. Company 10's master is user 10. Subjects: 1 Férias,
// 2 Benefícios, 3 Denúncia (confidential), 4 Assédio (confidential). Group 50 is the plant's.

const company = 10;
const ferias = 1;
const beneficios = 2;
const denuncia = 3;
const assedio = 4;
const plant = 50;

const actorOf = (
  userId: number,
  statuses: Partial<Record<AdminPermissionCode, 'L' | 'E'>>,
  assigned: { subjects?: number[]; groups?: number[] } = {},
  companyId = company,
): HrActor => ({
  companyId,
  userId,
  isMaster: userId === companyId,
  adminPermissions: new Map(Object.entries(statuses) as [AdminPermissionCode, 'L' | 'E'][]),
  subjectIds: new Set(assigned.subjects ?? []),
  groupIds: new Set(assigned.groups ?? []),
});
const everything = Object.fromEntries(
  Object.values(AdminPermission).map((code) => [code, 'E' as const]),
) as Record<AdminPermissionCode, 'E'>;
const hrEdit = { [AdminPermission.hrPortal]: 'E' } as const;
const hrRead = { [AdminPermission.hrPortal]: 'L' } as const;

const actors = {
  /** The master, assigned nothing: every permission, no confidential ticket. */
  master: actorOf(company, everything),
  /** The master once assigned Denúncia. */
  masterOnDenuncia: actorOf(company, everything, { subjects: [denuncia] }),
  /** HR with nothing assigned: every ticket but the confidential ones (rh.admin@demo.elo). */
  hrAll: actorOf(20, hrEdit),
  hrFerias: actorOf(21, hrEdit, { subjects: [ferias] }),
  hrPlant: actorOf(22, hrEdit, { groups: [plant] }),
  hrDenuncia: actorOf(23, hrEdit, { subjects: [denuncia] }),
  hrDenunciaReader: actorOf(24, hrRead, { subjects: [denuncia] }),
  hrAssedio: actorOf(25, hrEdit, { subjects: [assedio] }),
  /** An auditor (ADMIN_AUDITORIA) outside HR, though once assigned Denúncia. */
  auditorAssignedOnly: actorOf(26, { [AdminPermission.audit]: 'L' }, { subjects: [denuncia] }),
  auditor: actorOf(27, { [AdminPermission.audit]: 'L' }),
  /** The requester, an employee. */
  requester: actorOf(40, {}),
  /** Another company's HR assigned the same subject ids. */
  otherCompanyHr: actorOf(90, hrEdit, { subjects: [ferias, denuncia] }, 11),
};

const ticket = (subjectId: number, circleSubjectId: number | null): TicketRecord => ({
  companyId: company,
  requesterId: 40,
  subjectId,
  circleSubjectId,
  requesterGroupIds: [plant],
});
const records = {
  feriasTicket: ticket(ferias, null),
  beneficiosTicket: ticket(beneficios, null),
  /** Opened under Denúncia while confidential. */
  complaint: ticket(denuncia, denuncia),
  /** The same complaint after Denúncia's flag was lifted: confidential for life. */
  complaintLifted: ticket(denuncia, denuncia),
  /** The complaint moved to Férias: still Denúncia's circle. */
  complaintMoved: ticket(ferias, denuncia),
  /** The complaint moved to Assédio, another confidential subject: still Denúncia's circle. */
  complaintMovedConfidential: ticket(assedio, denuncia),
  /** Opened under Férias, which was made confidential later (its current subject's circle). */
  feriasMadeConfidential: ticket(ferias, ferias),
};
const files = {
  complaintFile: { ...records.complaint, internalNote: false } satisfies TicketFileRecord,
  complaintNoteFile: { ...records.complaint, internalNote: true } satisfies TicketFileRecord,
  feriasNoteFile: { ...records.feriasTicket, internalNote: true } satisfies TicketFileRecord,
};
const allRecords = { ...records, ...files };

type Row = [keyof typeof actors, TicketAction, keyof typeof allRecords, string];
const ticketTable: Row[] = [
  // view: by subject, by the requester's group, everything with nothing assigned; never a confidential one that way.
  ['hrAll', 'view', 'feriasTicket', 'allowed'],
  ['hrAll', 'view', 'complaint', 'NOT_FOUND'],
  ['hrAll', 'view', 'complaintLifted', 'NOT_FOUND'],
  ['hrAll', 'view', 'complaintMoved', 'NOT_FOUND'],
  ['hrFerias', 'view', 'feriasTicket', 'allowed'],
  ['hrFerias', 'view', 'beneficiosTicket', 'NOT_FOUND'],
  ['hrFerias', 'view', 'complaintMoved', 'NOT_FOUND'],
  ['hrFerias', 'view', 'feriasMadeConfidential', 'allowed'],
  ['hrPlant', 'view', 'beneficiosTicket', 'allowed'],
  ['hrPlant', 'view', 'complaint', 'NOT_FOUND'],
  ['hrPlant', 'view', 'feriasMadeConfidential', 'NOT_FOUND'],
  ['hrDenuncia', 'view', 'complaint', 'allowed'],
  ['hrDenuncia', 'view', 'complaintLifted', 'allowed'],
  ['hrDenuncia', 'view', 'complaintMoved', 'allowed'],
  ['hrDenuncia', 'view', 'complaintMovedConfidential', 'allowed'],
  ['hrDenuncia', 'view', 'feriasTicket', 'NOT_FOUND'],
  ['hrAssedio', 'view', 'complaintMovedConfidential', 'NOT_FOUND'],
  ['hrDenunciaReader', 'view', 'complaint', 'allowed'],
  ['master', 'view', 'feriasTicket', 'allowed'],
  ['master', 'view', 'complaint', 'NOT_FOUND'],
  ['masterOnDenuncia', 'view', 'complaint', 'allowed'],
  ['auditorAssignedOnly', 'view', 'complaint', 'NOT_FOUND'],
  ['requester', 'view', 'complaint', 'NOT_FOUND'],
  ['otherCompanyHr', 'view', 'feriasTicket', 'NOT_FOUND'],
  ['otherCompanyHr', 'view', 'complaint', 'NOT_FOUND'],
  // reply: as view, and the permission at E.
  ['hrDenuncia', 'reply', 'complaintLifted', 'allowed'],
  ['hrDenunciaReader', 'reply', 'complaint', 'FORBIDDEN'],
  ['hrAll', 'reply', 'complaintLifted', 'NOT_FOUND'],
  ['hrFerias', 'reply', 'complaintMoved', 'NOT_FOUND'],
  ['hrFerias', 'reply', 'feriasTicket', 'allowed'],
  ['master', 'reply', 'complaint', 'NOT_FOUND'],
  // downloadAttachment: the requester (not an internal note's file), or as view.
  ['requester', 'downloadAttachment', 'complaintFile', 'allowed'],
  ['requester', 'downloadAttachment', 'complaintNoteFile', 'NOT_FOUND'],
  ['hrDenuncia', 'downloadAttachment', 'complaintNoteFile', 'allowed'],
  ['hrAll', 'downloadAttachment', 'complaintFile', 'NOT_FOUND'],
  ['hrFerias', 'downloadAttachment', 'feriasNoteFile', 'allowed'],
  ['hrPlant', 'downloadAttachment', 'feriasNoteFile', 'allowed'],
  ['master', 'downloadAttachment', 'complaintFile', 'NOT_FOUND'],
  ['otherCompanyHr', 'downloadAttachment', 'complaintFile', 'NOT_FOUND'],
  // seeInAudit: anyone for a ticket that is not confidential; a confidential one only as view.
  ['auditor', 'seeInAudit', 'feriasTicket', 'allowed'],
  ['auditor', 'seeInAudit', 'complaint', 'FORBIDDEN'],
  ['auditor', 'seeInAudit', 'complaintLifted', 'FORBIDDEN'],
  ['auditorAssignedOnly', 'seeInAudit', 'complaint', 'FORBIDDEN'],
  ['master', 'seeInAudit', 'complaint', 'FORBIDDEN'],
  ['master', 'seeInAudit', 'feriasTicket', 'allowed'],
  ['masterOnDenuncia', 'seeInAudit', 'complaint', 'allowed'],
  ['hrDenuncia', 'seeInAudit', 'complaintMoved', 'allowed'],
  ['hrFerias', 'seeInAudit', 'complaintMoved', 'FORBIDDEN'],
  ['hrFerias', 'seeInAudit', 'feriasMadeConfidential', 'allowed'],
  ['requester', 'seeInAudit', 'complaint', 'FORBIDDEN'],
  ['otherCompanyHr', 'seeInAudit', 'feriasTicket', 'FORBIDDEN'],
];

type SubjectRow = [keyof typeof actors, SubjectAction, number, string];
const subjectTable: SubjectRow[] = [
  // Only an administrator assigned to the subject, at E, changes its confidentiality.
  ['hrDenuncia', 'changeConfidentiality', denuncia, 'allowed'],
  ['hrAll', 'changeConfidentiality', denuncia, 'SUBJECT_CONFIDENTIALITY_FORBIDDEN'],
  ['hrFerias', 'changeConfidentiality', denuncia, 'SUBJECT_CONFIDENTIALITY_FORBIDDEN'],
  ['hrFerias', 'changeConfidentiality', ferias, 'allowed'],
  ['hrPlant', 'changeConfidentiality', ferias, 'SUBJECT_CONFIDENTIALITY_FORBIDDEN'],
  ['hrDenunciaReader', 'changeConfidentiality', denuncia, 'SUBJECT_CONFIDENTIALITY_FORBIDDEN'],
  ['master', 'changeConfidentiality', denuncia, 'SUBJECT_CONFIDENTIALITY_FORBIDDEN'],
  ['masterOnDenuncia', 'changeConfidentiality', denuncia, 'allowed'],
  ['auditorAssignedOnly', 'changeConfidentiality', denuncia, 'SUBJECT_CONFIDENTIALITY_FORBIDDEN'],
  ['otherCompanyHr', 'changeConfidentiality', denuncia, 'SUBJECT_CONFIDENTIALITY_FORBIDDEN'],
];

/** The code a rule throws, or 'allowed'. */
function outcome(decide: () => void): string {
  try {
    decide();
    return 'allowed';
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe('who in HR may do what to which ticket (confidential HR)', () => {
  it.each(ticketTable)('%s %s %s → %s', (actor, action, record, expected) => {
    expect(outcome(() => authorizeTicket(actors[actor], action, allRecords[record]))).toBe(expected);
  });
});

describe('who may change a subject’s confidentiality', () => {
  it.each(subjectTable)('%s %s of subject %i → %s', (actor, action, subjectId, expected) => {
    expect(outcome(() => authorizeSubject(actors[actor], action, { companyId: company, subjectId }))).toBe(
      expected,
    );
  });
});
