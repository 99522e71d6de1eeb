import { MediaKind } from '@elo/contract/enums';
import type { SQL } from 'drizzle-orm';
import type { AuditMasking } from '../audit/service.ts';
import { defineModule } from '../../platform/modules.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { confidentialTicketsInAudit } from './audit-masking.ts';
import { hrTicketsDownloadHandlers, hrTicketsHandlers } from './routes.ts';
import {
  countOpenTicketsBySubject,
  countTicketsWithUnreadMessage,
  createHrTicketsService,
  ownTicketCondition,
  registerHrTicketJobs,
  type HrTicketsService,
} from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    'hr-tickets': {
      service: HrTicketsService;
      /** A person's count of tickets with an answer not read yet (the signed-in user's badge). */
      countUnreadTickets: (scope: TenantScope) => Promise<number>;
      countOpenTicketsBySubject: typeof countOpenTicketsBySubject;
      /** The person's own tickets, as a condition on `hr_tickets t` (the portal's search). */
      ownTicketCondition: (scope: TenantScope) => SQL;
      /** Entries about confidential tickets show masked to readers the ticket policy keeps out. */
      auditMasking: AuditMasking;
    };
  }
}

/** HR contact: tickets, their messages and deadlines, for employees and the HR portal. */
export const hrTicketsModule = defineModule({
  name: 'hr-tickets',
  needs: ['notifications'],
  build: ({ db, jobs, mail, config, log, mediaAccess }, use) => {
    const hrTickets = createHrTicketsService({
      db,
      jobs,
      notifications: use('notifications'),
      mail,
      publicUrl: config.PUBLIC_URL,
      log,
    });
    registerHrTicketJobs(jobs, hrTickets, log);
    mediaAccess.own(MediaKind.hr, hrTickets.mayReadMedia);
    return {
      exports: {
        service: hrTickets,
        countUnreadTickets: (scope) => countTicketsWithUnreadMessage(db, scope),
        countOpenTicketsBySubject,
        ownTicketCondition,
        auditMasking: confidentialTicketsInAudit(db),
      },
      handlers: hrTicketsHandlers({ hrTickets }),
      downloads: hrTicketsDownloadHandlers({ hrTickets }),
    };
  },
});
