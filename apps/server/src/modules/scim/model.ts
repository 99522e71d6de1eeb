import type { Language } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Logger } from '../../platform/logger.ts';
import type { GroupsEditing } from '../groups/module.ts';
import type { PeopleEditing } from '../users/module.ts';

/** What provisioning needs: the database, and the users' and groups' own ways of changing records. */
export interface ScimDeps {
  db: Database;
  people: PeopleEditing;
  groups: GroupsEditing;
  log: Logger;
}

/** One provisioning request: the token's company, the identity provider as the audit's author, its language. */
export interface ScimRequest {
  deps: ScimDeps;
  companyId: number;
  actor: Actor;
  language: Language;
}

/** A person as the identity provider sends them (SCIM's attributes, already read). */
export interface ProvisionedPerson {
  /** SCIM `userName`: the sign-in login (an e-mail, or a matricula when it has no '@'). */
  login: string;
  name: string;
  /** The primary work e-mail, when sent. */
  email: string | null;
  mobilePhone: string | null;
  /** Absent: unchanged on an update, active on a create. */
  active: boolean | undefined;
  externalId: string | null;
  /** A password the identity provider sets, if any (most sign people in by single sign-on). */
  password: string | null;
}

/** A group as the identity provider sends it. */
export interface ProvisionedGroup {
  name: string;
  externalId: string | null;
  /** The members' portal ids (SCIM `members[].value`); undefined when not sent. */
  memberIds: number[] | undefined;
}
