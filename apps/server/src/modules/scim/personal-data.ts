import type { PersonalDataOwner } from '../../platform/personal-data.ts';
import { deleteUserLink } from './repo.ts';

/** A person's id in the identity provider goes with their erasure. */
export const scimPersonalData: PersonalDataOwner = {
  module: 'scim',
  holds: [
    {
      table: 'scim_user_links',
      column: 'user_id',
      fate: 'delete',
      why: "their identity provider's id is forgotten",
    },
  ],
  async erase(tx, person) {
    await deleteUserLink(tx, person);
    return [];
  },
};
