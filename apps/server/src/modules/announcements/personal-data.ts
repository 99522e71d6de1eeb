import type { PersonalDataOwner } from '../../platform/personal-data.ts';

/** Announcements: a person's views and clicks stay in the counts, pointing at the erased person. */
export const announcementsPersonalData: PersonalDataOwner = {
  module: 'announcements',
  holds: [
    {
      table: 'announcement_interactions',
      column: 'user_id',
      fate: 'anonymise',
      why: 'a view or click stays so the announcement’s counts stay right; it points at the erased person',
    },
  ],
  erase: async () => [],
};
