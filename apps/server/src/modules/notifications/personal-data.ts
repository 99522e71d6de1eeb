import type { PersonalDataOwner } from '../../platform/personal-data.ts';
import { deletePersonNotifications, forgetActor } from './repo.ts';

/** Notifications are the person's alone: they go, with their preferences. */
export const notificationsPersonalData: PersonalDataOwner = {
  module: 'notifications',
  holds: [
    { table: 'notifications', column: 'user_id', fate: 'delete', why: 'every notification of theirs goes' },
    { table: 'notification_preferences', column: 'user_id', fate: 'delete', why: 'their preferences go' },
    {
      table: 'notifications',
      column: 'actor_user_id',
      fate: 'anonymise',
      why: "others' notifications of what they did stay, without naming them",
    },
  ],
  async erase(tx, person) {
    await deletePersonNotifications(tx, person);
    await forgetActor(tx, person);
    return [];
  },
};
