import type { PersonalDataOwner } from '../../platform/personal-data.ts';
import { deletePersonDevices } from './repo.ts';

/** A person's devices go: nothing is pushed to them again. */
export const pushPersonalData: PersonalDataOwner = {
  module: 'push',
  holds: [
    {
      table: 'push_devices',
      column: 'user_id',
      fate: 'delete',
      why: 'their devices are forgotten and receive nothing',
    },
  ],
  async erase(tx, person) {
    await deletePersonDevices(tx, person);
    return [];
  },
};
