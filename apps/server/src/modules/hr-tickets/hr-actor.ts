import type { Database } from '../../db/client.ts';
import type { AdminStatuses } from '../../platform/auth/policy.ts';
import { recordActorOf } from '../../platform/auth/record-policy.ts';
import type { HrActor } from './policy.ts';
import { listAssignments } from './repo/visibility.ts';

/** A signed-in person as the HR record rules see them: their statuses and their HR assignments. */
export async function loadHrActor(
  db: Database,
  person: { companyId: number; userId: number; adminPermissions: AdminStatuses },
): Promise<HrActor> {
  const assigned = await listAssignments(db, person.companyId, person.userId);
  return {
    ...recordActorOf(person),
    subjectIds: new Set(assigned.subjectIds),
    groupIds: new Set(assigned.groupIds),
  };
}
