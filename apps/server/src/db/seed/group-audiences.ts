import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MediaKind } from '@elo/contract/enums';
import type { Database } from '../client.ts';
import { catalogItems, groupAudienceRules, groupMembers, groups, users } from '../schema/all.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import { refreshRuleMembershipsOfGroup } from '../../modules/groups/service.ts';
import { renderGroupPhoto } from './images.ts';

/** The demo's group with an audience by rule: everyone of the Curitiba unit, plus people by hand. */
export const demoRuleGroup = {
  name: 'Unidade Curitiba',
  abbreviation: 'CWB',
  unit: 'Curitiba',
  /** Members by hand: a group administrator, a member, and one who is in by the rule too. */
  byHand: [
    { name: 'Gabriela Nunes', isAdmin: true, canPost: true },
    { name: 'Henrique Oliveira', isAdmin: false, canPost: true },
    { name: 'Eduarda Lima', isAdmin: false, canPost: false },
  ],
} as const;

/**
 * Seeds the demo company's group with a rule-based audience (issue 14); skipped when it exists.
 * Kept apart from the five demo groups so no one's groups the other tests rely on change.
 */
export async function seedGroupAudiences(deps: { db: Database; storage: MediaStorage }): Promise<boolean> {
  const { db, storage } = deps;
  const [master] = await db
    .select({ companyId: users.companyId })
    .from(users)
    .where(sql`lower(${users.email}) = 'admin@demo.elo'`);
  if (!master) return false;
  const { companyId } = master;
  const [existing] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.name, demoRuleGroup.name)));
  if (existing) return false;
  const [unit] = await db
    .select({ id: catalogItems.id })
    .from(catalogItems)
    .where(
      and(
        eq(catalogItems.companyId, companyId),
        eq(catalogItems.kind, 'UNIDADE'),
        eq(catalogItems.name, demoRuleGroup.unit),
      ),
    );
  if (!unit) return false;
  const photoKey = `${companyId}/${MediaKind.groups}/${randomUUID()}.png`;
  await storage.put(photoKey, await renderGroupPhoto('#0e7490', 'square'));
  const names = demoRuleGroup.byHand.map((person) => person.name);
  const people = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.name, names)));
  await db.transaction(async (tx) => {
    const [group] = await tx
      .insert(groups)
      .values({ companyId, name: demoRuleGroup.name, abbreviation: demoRuleGroup.abbreviation, photoKey })
      .returning({ id: groups.id });
    const groupId = group!.id;
    const members = demoRuleGroup.byHand.flatMap((spec) => {
      const person = people.find((row) => row.name === spec.name);
      return person
        ? [
            {
              companyId,
              groupId,
              userId: person.id,
              isAdmin: spec.isAdmin,
              canPost: spec.canPost,
              byHand: true,
            },
          ]
        : [];
    });
    if (members.length > 0) await tx.insert(groupMembers).values(members);
    await tx.insert(groupAudienceRules).values({ companyId, groupId, unitId: unit.id });
    await refreshRuleMembershipsOfGroup(tx, companyId, groupId);
  });
  return true;
}
