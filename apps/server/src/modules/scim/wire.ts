import { newPasswordSchema } from '@elo/contract/calls/account';
import { personFields } from '@elo/contract/calls/users';
import type { ProvisionamentoScim } from '@elo/contract/calls/scim';
import { LoginType } from '@elo/contract/enums';
import { z } from 'zod';
import { invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import { toFlag, toWireDateOrNull } from '../../platform/http/wire.ts';
import type { ProvisionedGroup, ProvisionedPerson } from './model.ts';
import type { ScimGroupRow, ScimPersonRow } from './repo.ts';
import type { Provisioning } from './tokens.ts';

/** The card's answer: the base URL to paste into the identity provider, and the token's state. */
export const presentProvisioning = (baseUrl: string, provisioning: Provisioning): ProvisionamentoScim => ({
  urlBase: baseUrl,
  flTokenAtivo: toFlag(provisioning.tokenCreatedAt !== null),
  dtCriacaoToken: toWireDateOrNull(provisioning.tokenCreatedAt),
  dtUltimoUsoToken: toWireDateOrNull(provisioning.tokenLastUsedAt),
});

/** The longest login (an e-mail's limit), provider's id and group name the portal keeps. */
const loginMax = 254;
const externalIdMax = 500;
const groupNameMax = 120;

/** SCIM's multi-valued attribute entry (emails, phoneNumbers, members, groups). */
interface MultiValue {
  value?: unknown;
  type?: unknown;
  primary?: unknown;
  display?: unknown;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The primary entry of a multi-valued attribute, else the one of the type, else the first. */
function chosenValue(entries: unknown, preferredType: string): string | undefined {
  if (!Array.isArray(entries)) return undefined;
  const list = entries as MultiValue[];
  const chosen =
    list.find((entry) => entry.primary === true) ??
    list.find((entry) => entry.type === preferredType) ??
    list[0];
  return text(chosen?.value);
}

/** The portal's own rules for what provisioning sets (spec section 5, the user form's). */
const personRules = z.object({
  nome: personFields.nome,
  email: personFields.email,
  matricula: personFields.matricula,
  celular: personFields.celular,
});

/** Field names of the portal's rules → the SCIM attributes they come from, for the error's words. */
const scimAttributeOf: Record<string, string> = {
  nome: 'name',
  email: 'emails',
  matricula: 'userName',
  celular: 'phoneNumbers',
  senha: 'password',
};

/** Issues of a zod parse as the portal's field errors, named by their SCIM attributes. */
function fieldErrorsOf(issues: z.core.$ZodIssue[]): Record<string, FieldMessage[]> {
  const errors: Record<string, FieldMessage[]> = {};
  for (const issue of issues) {
    const field = scimAttributeOf[String(issue.path[0])] ?? String(issue.path[0]);
    // A length's limit fills the message's placeholder ('no máximo {{max}} caracteres').
    const limit =
      issue.code === 'too_big'
        ? { max: Number(issue.maximum) }
        : issue.code === 'too_small'
          ? { min: Number(issue.minimum) }
          : undefined;
    (errors[field] ??= []).push(limit ? { key: issue.message, params: limit } : issue.message);
  }
  return errors;
}

/**
 * A SCIM User (already checked against RFC 7643's schema by SCIMMY) as the portal's person, held
 * to the user form's rules: a name (displayName, name.formatted or given and family names), a
 * valid e-mail, a login (userName: an e-mail, or a matricula), a valid mobile. 422 with the
 * fields otherwise (SCIM's 400 invalidValue).
 */
export function provisionedPersonOf(user: Record<string, unknown>): ProvisionedPerson {
  const name = user.name as { formatted?: unknown; givenName?: unknown; familyName?: unknown } | undefined;
  const fullName =
    text(user.displayName) ??
    text(name?.formatted) ??
    text([text(name?.givenName), text(name?.familyName)].filter(Boolean).join(' ')) ??
    '';
  const login = text(user.userName) ?? '';
  const byEmail = login.includes('@');
  const email = byEmail ? login : (chosenValue(user.emails, 'work') ?? null);
  const parsed = personRules.safeParse({
    nome: fullName,
    email,
    matricula: byEmail ? null : login,
    celular: chosenValue(user.phoneNumbers, 'mobile') ?? null,
  });
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
  if (!login) errors.userName = ['validation.required'];
  if (login.length > loginMax) errors.userName = [{ key: 'validation.tooLong', params: { max: loginMax } }];
  const password = text(user.password) ?? null;
  if (password !== null) {
    const checked = newPasswordSchema.safeParse(password);
    if (!checked.success)
      Object.assign(errors, fieldErrorsOf(checked.error.issues.map((i) => ({ ...i, path: ['senha'] }))));
  }
  if (!parsed.success || Object.keys(errors).length > 0) throw invalidFields(errors);
  const externalId = text(user.externalId) ?? null;
  if (externalId && externalId.length > externalIdMax)
    throw invalidFields({ externalId: [{ key: 'validation.tooLong', params: { max: externalIdMax } }] });
  return {
    login: parsed.data.email && byEmail ? parsed.data.email : login,
    name: parsed.data.nome,
    email: parsed.data.email,
    mobilePhone: parsed.data.celular,
    active: typeof user.active === 'boolean' ? user.active : undefined,
    externalId,
    password,
  };
}

/** A person as a SCIM User (SCIMMY adds `schemas` and `meta.location`). */
export function presentScimUser(row: ScimPersonRow) {
  const login = row.loginType === LoginType.matricula ? row.matricula : row.email;
  return {
    id: String(row.id),
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: login ?? String(row.id),
    displayName: row.name,
    name: { formatted: row.name },
    ...(row.email ? { emails: [{ value: row.email, type: 'work', primary: true }] } : {}),
    ...(row.mobilePhone ? { phoneNumbers: [{ value: row.mobilePhone, type: 'mobile' }] } : {}),
    active: row.active,
    groups: row.groups.map((group) => ({ value: String(group.id), display: group.name })),
    meta: { created: row.createdAt },
  };
}

/** A SCIM Group as the portal's group: its name (the group form's rule), its id in the provider, its members. */
export function provisionedGroupOf(group: Record<string, unknown>): ProvisionedGroup {
  const name = text(group.displayName) ?? '';
  const parsed = z
    .string()
    .min(1, { error: 'validation.required' })
    .max(groupNameMax, { error: 'validation.tooLong' })
    .safeParse(name);
  if (!parsed.success)
    throw invalidFields({ displayName: Object.values(fieldErrorsOf(parsed.error.issues)).flat() });
  const externalId = text(group.externalId) ?? null;
  if (externalId && externalId.length > externalIdMax)
    throw invalidFields({ externalId: [{ key: 'validation.tooLong', params: { max: externalIdMax } }] });
  let memberIds: number[] | undefined;
  if (Array.isArray(group.members)) {
    memberIds = [];
    for (const member of group.members as MultiValue[]) {
      const id = Number(text(member.value));
      if (!Number.isSafeInteger(id) || id <= 0)
        throw invalidFields({ members: ['validation.groupMembersInvalid'] });
      memberIds.push(id);
    }
  }
  return { name: parsed.data, externalId, memberIds };
}

/** A group as a SCIM Group. */
export function presentScimGroup(row: ScimGroupRow) {
  return {
    id: String(row.id),
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.name,
    members: row.members.map((member) => ({ value: String(member.id), display: member.name, type: 'User' })),
    meta: { created: row.createdAt },
  };
}
