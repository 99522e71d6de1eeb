import { randomBytes } from 'node:crypto';
import type { PersonalDataOwner } from '../../platform/personal-data.ts';
import { clearDeletionRequestComments, deletePersonLinks, erasePersonRow } from './repo.ts';

/** A password hash no password ever matches (not an argon2 hash at all): the account never signs in again. */
const unusablePasswordHash = () => `!deleted:${randomBytes(24).toString('hex')}`;

/** The account: the person's row, their links to the company, and their deletion requests. */
export const accountPersonalData: PersonalDataOwner = {
  module: 'my-account',
  holds: [
    { table: 'group_members', column: 'user_id', fate: 'delete', why: 'memberships of groups go' },
    { table: 'user_permissions', column: 'user_id', fate: 'delete', why: 'employee permissions go' },
    { table: 'admin_permissions', column: 'user_id', fate: 'delete', why: 'administration statuses go' },
    { table: 'admin_ticket_subjects', column: 'user_id', fate: 'delete', why: 'HR ticket assignments go' },
    { table: 'admin_ticket_groups', column: 'user_id', fate: 'delete', why: 'HR ticket assignments go' },
    { table: 'sessions', column: 'user_id', fate: 'delete', why: 'sessions end and their rows go' },
    { table: 'account_tokens', column: 'user_id', fate: 'delete', why: 'password and first-access links go' },
    { table: 'sms_challenges', column: 'user_id', fate: 'delete', why: 'SMS codes go' },
    {
      table: 'account_deletion_requests',
      column: 'user_id',
      fate: 'keep',
      why: 'the proof that the erasure was asked for and done (LGPD art. 16 and 37): status and dates stay, the comment is emptied',
    },
    {
      table: 'account_deletion_requests',
      column: 'decided_by',
      fate: 'keep',
      why: 'who decided someone else’s request stays with that request, as its proof',
    },
  ],
  async erase(tx, person) {
    const erased = await erasePersonRow(tx, person, unusablePasswordHash());
    await deletePersonLinks(tx, person);
    await clearDeletionRequestComments(tx, person);
    return erased?.photoKey ? [erased.photoKey] : [];
  },
};
