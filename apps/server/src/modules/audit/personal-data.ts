import type { PersonalDataOwner } from '../../platform/personal-data.ts';

/** The audit log is append-only: who did what stays, as it was recorded. */
export const auditPersonalData: PersonalDataOwner = {
  module: 'audit',
  holds: [
    {
      table: 'audit_log',
      column: 'actor_user_id',
      fate: 'keep',
      why: 'the record of administration acts must not be rewritten (accountability, LGPD art. 16 I): entries keep the actor as recorded',
    },
  ],
  erase: async () => [],
};
