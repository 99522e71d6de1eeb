import type { PersonalDataOwner } from '../../platform/personal-data.ts';
import { deletePersonReminders } from './repo.ts';

/** Reminders are the person's alone: they all go, and none fires again. */
export const remindersPersonalData: PersonalDataOwner = {
  module: 'reminders',
  holds: [
    { table: 'reminders', column: 'user_id', fate: 'delete', why: 'every reminder goes and never fires' },
  ],
  async erase(tx, person) {
    await deletePersonReminders(tx, person);
    return [];
  },
};
