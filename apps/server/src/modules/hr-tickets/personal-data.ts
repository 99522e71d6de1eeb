import type { PersonalDataOwner } from '../../platform/personal-data.ts';
import { forgetHrRequester } from './repo/changes.ts';

/** HR tickets: what the person wrote goes; the tickets stay for HR's statistics, nameless. */
export const hrTicketsPersonalData: PersonalDataOwner = {
  module: 'hr-tickets',
  holds: [
    {
      table: 'hr_ticket_messages',
      column: 'author_id',
      fate: 'delete',
      why: 'the messages they wrote go, with their attachments (files deleted from storage); HR’s own messages stay on the ticket',
    },
    {
      table: 'hr_tickets',
      column: 'requester_id',
      fate: 'anonymise',
      why: 'the ticket stays for HR’s statistics (subject, dates, SLA, rating) as the erased person’s; the rating comment is emptied',
    },
    {
      table: 'hr_tickets',
      column: 'assignee_id',
      fate: 'keep',
      why: 'who in HR handled someone else’s ticket stays with that ticket',
    },
  ],
  erase: (tx, person) => forgetHrRequester(tx, person),
};
