import type { Database } from '../../db/client.ts';
import type { AuditMasking } from '../audit/service.ts';
import { loadHrActor } from './hr-actor.ts';
import { ticketRefusal } from './policy.ts';
import { listConfidentialTickets } from './repo/visibility.ts';

/**
 * The fields of a ticket's audit entries that name nobody and carry no text: a masked entry keeps
 * their values. Any other field (a file's name, anything added later) shows '***'.
 */
const keptFields = new Set([
  'idAssunto',
  'status',
  'qtdAnexos',
  'idResponsavel',
  'dtLimitePrimeiraResposta',
  'dtLimiteSolucao',
  'nota',
]);

/**
 * The audit log's rule for HR tickets: the entries about a confidential ticket show masked (their
 * author 'Confidencial', no address or browser, no field naming the requester or carrying text) to
 * a reader who may not `seeInAudit` it (policy.ts): anyone not assigned to its circle's subject.
 */
export function confidentialTicketsInAudit(db: Database): AuditMasking {
  return {
    targetType: 'hr_ticket',
    keptFields,
    async maskedTargets(reader) {
      const tickets = await listConfidentialTickets(db, reader.companyId);
      if (tickets.length === 0) return [];
      const actor = await loadHrActor(db, reader);
      return tickets
        .filter(
          (ticket) =>
            ticketRefusal(actor, 'seeInAudit', {
              companyId: reader.companyId,
              requesterId: ticket.requesterId,
              subjectId: ticket.subjectId,
              circleSubjectId: ticket.circleSubjectId,
              // A confidential ticket is never seen through a group: the rule does not read them.
              requesterGroupIds: [],
            }) !== null,
        )
        .map((ticket) => String(ticket.id));
    },
  };
}
