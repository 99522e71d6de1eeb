import { LoginType } from '@elo/contract/enums';
import { generateToken } from '../../platform/auth/tokens.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import { provisionedPersonForm, provisioningScope } from '../users/module.ts';
import type { UserForm, UsersScope } from '../users/service.ts';
import type { ProvisionedPerson, ScimRequest } from './model.ts';
import { findPeople, setUserLink, type PersonLookup, type ScimPersonRow } from './repo.ts';

const scopeOf = (request: ScimRequest): UsersScope => provisioningScope(request.companyId);

/** The company's people matching the lookup (none of another company's, ever). */
export const listPeople = (request: ScimRequest, lookup: PersonLookup) =>
  findPeople(request.deps.db, request.companyId, lookup);

/** One person of the company, or 404. */
export async function getPerson(request: ScimRequest, userId: number): Promise<ScimPersonRow> {
  const [row] = await findPeople(request.deps.db, request.companyId, { id: userId });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** How the login decides the login type: an e-mail signs in by e-mail, anything else is a matricula. */
function loginFieldsOf(person: ProvisionedPerson, keptMatricula: string | null) {
  if (person.login.includes('@')) {
    return { loginType: LoginType.email, email: person.login, matricula: keptMatricula };
  }
  return { loginType: LoginType.matricula, email: person.email, matricula: person.login };
}

/**
 * Creates a person through the users area's own save (the portal's rules, unique e-mail and
 * matricula, the audit entry), with the identity provider's id beside them. Without a password
 * they get one nobody knows: they sign in by single sign-on, or through first access once an
 * administrator sends the invitation.
 */
export async function createPerson(request: ScimRequest, person: ProvisionedPerson): Promise<ScimPersonRow> {
  const { deps } = request;
  const userId = await deps.db.transaction(async (tx) => {
    const form = provisionedPersonForm({
      ...loginFieldsOf(person, null),
      name: person.name,
      mobilePhone: person.mobilePhone,
      active: person.active ?? true,
      password: person.password ?? generateToken(),
    });
    const saved = await deps.people.saveUser(scopeOf(request), form, request.actor, request.language, tx);
    if (person.externalId)
      await setUserLink(tx, { companyId: request.companyId, userId: saved.id }, person.externalId);
    return saved.id;
  });
  return getPerson(request, userId);
}

/**
 * Replaces what the identity provider manages of a person (login, name, e-mail, mobile, active,
 * its id), keeping what it does not (placement, dates, profile, groups by hand), through the users
 * area's own save: deactivating ends every session and chat socket of the person at once.
 */
export async function replacePerson(
  request: ScimRequest,
  userId: number,
  person: ProvisionedPerson,
): Promise<ScimPersonRow> {
  const { deps } = request;
  await deps.db.transaction(async (tx) => {
    const before = await deps.people.getUser({ companyId: request.companyId }, userId, tx);
    // The link first: the save ends sessions as its last step.
    await setUserLink(tx, { companyId: request.companyId, userId }, person.externalId);
    const form: UserForm = {
      id: userId,
      name: person.name,
      ...loginFieldsOf(person, before.matricula),
      mobilePhone: person.mobilePhone ?? before.mobilePhone,
      unitId: before.unitId,
      branchId: before.branchId,
      sectorId: before.sectorId,
      jobTitleId: before.jobTitleId,
      birthDate: before.birthDate,
      admissionDate: before.admissionDate,
      profileText: before.profileText,
      active: person.active ?? before.active,
      groupIds: before.groupIds,
      password: person.password ?? undefined,
      sendInvitation: false,
    };
    await deps.people.saveUser(scopeOf(request), form, request.actor, request.language, tx);
  });
  return getPerson(request, userId);
}

/**
 * A person deleted in the identity provider is deactivated, as the users area's "deactivate" does
 * (every session and chat socket ends at once); what they wrote stays, and an administrator may
 * still erase them. The master user is never deactivated this way.
 */
export async function deactivatePerson(request: ScimRequest, userId: number): Promise<void> {
  const { deps } = request;
  await getPerson(request, userId);
  if (userId === request.companyId) throw invalidFields({ active: ['validation.userMasterDeactivate'] });
  await deps.people.setUsersActive(scopeOf(request), [userId], false, request.actor);
}
