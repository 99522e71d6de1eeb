import { AuditAction } from '@elo/contract/calls/audit';
import { CatalogKind } from '@elo/contract/calls/catalog';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { requireGroup } from './authoring.ts';
import {
  bumpRulesVersion,
  countRuleMembers,
  findCatalogItems,
  listPlacementItems,
  listRules,
  replaceRules,
  syncRuleMembers,
  type RuleRow,
  type RuleValues,
} from './rules-repo.ts';
import { auditedRules } from './wire.ts';

/** The rules form: a group's whole list of rules, and the version it was read at. */
export interface RulesForm {
  groupId: number;
  /** A stale version (someone saved the rules since) saves nothing. */
  version?: number | undefined;
  rules: RuleValues[];
}

/** A catalogue item a rule may name. */
interface RuleOption {
  id: number;
  name: string;
  active: boolean;
}

/** What a rule may name, by kind. */
export interface RuleOptions {
  units: RuleOption[];
  branches: RuleOption[];
  sectors: RuleOption[];
  jobTitles: RuleOption[];
}

/** The catalogue kind each criterion of a rule points at. */
const ruleCriteria = [
  ['unitId', CatalogKind.unit],
  ['branchId', CatalogKind.branch],
  ['sectorId', CatalogKind.sector],
  ['jobTitleId', CatalogKind.jobTitle],
] as const;

/** The group's rules, and their version. */
export async function getRules(
  deps: { db: Database },
  companyId: number,
  groupId: number,
): Promise<{ rules: RuleRow[]; version: number }> {
  const group = await requireGroup(deps.db, companyId, groupId);
  return { rules: await listRules(deps.db, companyId, groupId), version: group.rulesVersion };
}

/** What a rule may name, by kind. */
export async function listRuleOptions(deps: { db: Database }, companyId: number): Promise<RuleOptions> {
  const items = await listPlacementItems(deps.db, companyId);
  const of = (kind: string) =>
    items
      .filter((item) => item.kind === kind)
      .map((item) => ({ id: item.id, name: item.name, active: item.active }));
  return {
    units: of(CatalogKind.unit),
    branches: of(CatalogKind.branch),
    sectors: of(CatalogKind.sector),
    jobTitles: of(CatalogKind.jobTitle),
  };
}

/**
 * Replaces the rules and brings the members by rule up to date in the same transaction. With a
 * stale version (someone saved the rules since this copy was read) it writes nothing. Answers the
 * rules after, how many people the group holds by rule, and the new version.
 */
export async function saveRules(deps: { db: Database }, input: RulesForm, actor: Actor) {
  const { companyId } = actor;
  // The same rule twice adds nothing.
  const unique = [...new Map(input.rules.map((rule) => [JSON.stringify(rule), rule])).values()];
  return deps.db.transaction(async (tx) => {
    const group = await requireGroup(tx, companyId, input.groupId, true);
    if (input.version !== undefined && input.version !== group.rulesVersion)
      throw new AppError('REGISTRO_ALTERADO');
    const wanted = unique
      .flatMap((rule) => ruleCriteria.map(([field]) => rule[field]))
      .filter((id): id is number => id !== null);
    const found = new Map(
      (await findCatalogItems(tx, companyId, wanted)).map((item) => [item.id, item.kind]),
    );
    const invalid = unique.some((rule) =>
      ruleCriteria.some(([field, kind]) => rule[field] !== null && found.get(rule[field]!) !== kind),
    );
    if (invalid) throw invalidFields({ regras: ['validation.groupRuleItemInvalid'] });
    const before = await listRules(tx, companyId, input.groupId);
    if (!(await bumpRulesVersion(tx, companyId, input.groupId, input.version)))
      throw new AppError('REGISTRO_ALTERADO');
    await replaceRules(tx, companyId, input.groupId, unique);
    await syncRuleMembers(tx, companyId, { groupId: input.groupId });
    const after = await listRules(tx, companyId, input.groupId);
    await recordAudit(tx, actor, {
      action: AuditAction.groupRulesUpdate,
      target: { type: 'group', id: group.id, name: group.name },
      changes: changedFields(auditedRules(before), auditedRules(after)),
    });
    return {
      rules: after,
      ruleMemberCount: await countRuleMembers(tx, companyId, input.groupId),
      version: (await requireGroup(tx, companyId, input.groupId)).rulesVersion,
    };
  });
}
