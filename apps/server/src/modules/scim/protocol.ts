import { errorStatus } from '@elo/contract/errors';
import SCIMMY from 'scimmy';
import { toAppError, translateFieldErrors } from '../../platform/http/error-handler.ts';
import { translatorFor } from '../../platform/i18n.ts';
import type { ScimRequest } from './model.ts';
import { createPerson, deactivatePerson, getPerson, listPeople, replacePerson } from './people.ts';
import { createGroup, deleteGroup, getGroup, listGroups, replaceGroup } from './provisioned-groups.ts';
import type { GroupLookup, PersonLookup } from './repo.ts';
import { presentScimGroup, presentScimUser, provisionedGroupOf, provisionedPersonOf } from './wire.ts';

/**
 * The SCIM protocol is SCIMMY's (RFC 7643 and 7644): it checks bodies against the schemas, parses
 * filters, applies PATCH operations, pages lists and answers the discovery endpoints. This file
 * gives it the portal's people and groups. SCIMMY keeps its resources and handlers per process,
 * so the handlers are declared once and every request hands its own company and dependencies in
 * as SCIMMY's `ctx`.
 */

/** The most results one list answers (the filter's `maxResults` in ServiceProviderConfig). */
export const scimMaxResults = 200;

/** A SCIM error as SCIMMY makes it. */
export type ScimError = InstanceType<typeof SCIMMY.Types.Error>;

/** A SCIM error with its status, its `scimType` (none for most statuses) and its words. */
export function scimError(status: number, scimType: string | null, detail: string): ScimError {
  // SCIMMY's typing asks a string, but RFC 7644 §3.12 gives most statuses no scimType, and SCIMMY leaves it out.
  return new SCIMMY.Types.Error(status, scimType as string, detail);
}

/** SCIM's `scimType` for a refusal of the portal's, by HTTP status. */
function scimTypeOf(status: number, uniqueness: boolean): string | null {
  if (uniqueness) return 'uniqueness';
  if (status === 400) return 'invalidValue';
  return null;
}

/**
 * Any failure as a SCIM error: the portal's refusals keep their status (422 field errors become
 * 400 invalidValue, an e-mail or matricula in use 409 uniqueness) with the message in the
 * request's language; anything unexpected is logged and answered 500 without its details.
 */
function scimErrorOf(error: unknown, request: ScimRequest): ScimError {
  if (error instanceof SCIMMY.Types.Error) return error;
  const known = toAppError(error);
  if (!known) {
    request.deps.log.error({ err: error }, 'scim request failed');
    return scimError(500, null, 'Internal error');
  }
  const t = translatorFor(request.language);
  if (known.fieldErrors) {
    const fields = translateFieldErrors(known.fieldErrors, t);
    const inUse = Object.values(known.fieldErrors)
      .flat()
      .some((message) => message === 'validation.emailInUse' || message === 'validation.matriculaInUse');
    const detail = Object.entries(fields)
      .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
      .join('; ');
    return scimError(inUse ? 409 : 400, scimTypeOf(400, inUse), detail);
  }
  const status = known.code === 'VALIDATION_FAILED' ? 400 : errorStatus[known.code];
  if (status >= 500) request.deps.log.error({ err: error }, 'scim request failed');
  return scimError(
    status,
    scimTypeOf(status, status === 409 && known.code === 'CONFLICT'),
    t(`errors.${known.code}`),
  );
}

/** Runs a handler, turning its failures into SCIM errors. */
async function guarded<T>(request: ScimRequest, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw scimErrorOf(error, request);
  }
}

/** A resource id as the portal's (a positive integer); anything else names nothing (404). */
function portalId(id: string): number {
  const value = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(value) || value <= 0 || value > 2_147_483_647)
    throw scimError(404, null, `Resource ${id} not found`);
  return value;
}

/** A filter's single `eq` on one attribute, which the database can answer directly. */
function singleEquality(
  filter: SCIMMY.Types.Filter | undefined,
): { attribute: string; value: unknown } | undefined {
  if (!filter || filter.length !== 1) return undefined;
  const entries = Object.entries(filter[0] as Record<string, unknown>);
  if (entries.length !== 1) return undefined;
  const [attribute, expression] = entries[0]!;
  if (!Array.isArray(expression) || String(expression[0]).toLowerCase() !== 'eq') return undefined;
  return { attribute: attribute.toLowerCase(), value: expression[1] };
}

/**
 * Lists through the database when the filter is the one identity providers send (`userName eq`,
 * `externalId eq`, `displayName eq`, `id eq`), else the company's whole list through SCIMMY's own
 * filter matching.
 */
async function filtered<R, S extends object, L extends object>(
  resource: SCIMMY.Types.Resource<never>,
  load: (lookup: L) => Promise<R[]>,
  present: (row: R) => S,
  lookupOf: (attribute: string, value: string) => L | undefined,
): Promise<S[]> {
  const single = singleEquality(resource.filter);
  const lookup =
    single && typeof single.value === 'string' ? lookupOf(single.attribute, single.value) : undefined;
  if (lookup) return (await load(lookup)).map(present);
  const all = (await load({} as L)).map(present);
  return resource.filter ? (resource.filter.match(all) as S[]) : all;
}

let declared = false;

/** Declares the portal's User and Group to SCIMMY (once per process) and what the service supports. */
export function declareScimResources(baseUrl: string): void {
  SCIMMY.Resources.User.basepath(baseUrl);
  SCIMMY.Resources.Group.basepath(baseUrl);
  if (declared) return;
  declared = true;
  SCIMMY.Config.set({
    patch: true,
    filter: { supported: true, maxResults: scimMaxResults },
    bulk: false,
    changePassword: false,
    sort: true,
    etag: false,
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: "The company's SCIM token, made in the portal's app settings (Provisionamento SCIM).",
        primary: true,
      },
    ],
  });
  SCIMMY.Resources.declare(SCIMMY.Resources.User, {
    // Entra ID and Okta send the enterprise extension; its attributes are accepted and not kept.
    extensions: [{ schema: SCIMMY.Schemas.EnterpriseUser, required: false }],
  });
  SCIMMY.Resources.declare(SCIMMY.Resources.Group);

  SCIMMY.Resources.User.egress((resource, ctx: ScimRequest) =>
    guarded(ctx, async () => {
      if (resource.id) return presentScimUser(await getPerson(ctx, portalId(resource.id)));
      return filtered(
        resource as never,
        (lookup: PersonLookup) => listPeople(ctx, lookup),
        presentScimUser,
        (attribute, value): PersonLookup | undefined => {
          if (attribute === 'username') return { login: value };
          if (attribute === 'externalid') return { externalId: value };
          if (attribute === 'id') return { id: /^\d{1,9}$/.test(value) ? Number(value) : -1 };
          return undefined;
        },
      );
    }),
  );
  SCIMMY.Resources.User.ingress((resource, instance, ctx: ScimRequest) =>
    guarded(ctx, async () => {
      const person = provisionedPersonOf(instance as unknown as Record<string, unknown>);
      const row = resource.id
        ? await replacePerson(ctx, portalId(resource.id), person)
        : await createPerson(ctx, person);
      return presentScimUser(row);
    }),
  );
  SCIMMY.Resources.User.degress((resource, ctx: ScimRequest) =>
    guarded(ctx, async () => {
      await deactivatePerson(ctx, portalId(resource.id!));
    }),
  );

  SCIMMY.Resources.Group.egress((resource, ctx: ScimRequest) =>
    guarded(ctx, async () => {
      if (resource.id) return presentScimGroup(await getGroup(ctx, portalId(resource.id)));
      return filtered(
        resource as never,
        (lookup: GroupLookup) => listGroups(ctx, lookup),
        presentScimGroup,
        (attribute, value): GroupLookup | undefined => {
          if (attribute === 'displayname') return { name: value };
          if (attribute === 'externalid') return { externalId: value };
          if (attribute === 'id') return { id: /^\d{1,9}$/.test(value) ? Number(value) : -1 };
          return undefined;
        },
      );
    }),
  );
  SCIMMY.Resources.Group.ingress((resource, instance, ctx: ScimRequest) =>
    guarded(ctx, async () => {
      const group = provisionedGroupOf(instance as unknown as Record<string, unknown>);
      const row = resource.id
        ? await replaceGroup(ctx, portalId(resource.id), group)
        : await createGroup(ctx, group);
      return presentScimGroup(row);
    }),
  );
  SCIMMY.Resources.Group.degress((resource, ctx: ScimRequest) =>
    guarded(ctx, async () => {
      await deleteGroup(ctx, portalId(resource.id!));
    }),
  );
}

/**
 * Entra ID sends booleans as strings in PATCH ("False"): read them as the booleans they mean
 * before SCIMMY checks the types, for the one boolean attribute the portal keeps (`active`).
 */
export function normalizedPatch(body: unknown): unknown {
  if (
    typeof body !== 'object' ||
    body === null ||
    !Array.isArray((body as { Operations?: unknown }).Operations)
  )
    return body;
  const asBoolean = (value: unknown) =>
    typeof value === 'string' && /^(true|false)$/i.test(value) ? value.toLowerCase() === 'true' : value;
  const operations = (body as { Operations: unknown[] }).Operations.map((operation) => {
    if (typeof operation !== 'object' || operation === null) return operation;
    const { path, value } = operation as { path?: unknown; value?: unknown };
    if (typeof path === 'string' && path.toLowerCase() === 'active')
      return { ...operation, value: asBoolean(value) };
    if (path === undefined && typeof value === 'object' && value !== null && 'active' in value)
      return { ...operation, value: { ...value, active: asBoolean((value as { active: unknown }).active) } };
    return operation;
  });
  return { ...body, Operations: operations };
}

export { SCIMMY };
