import { randomInt } from 'node:crypto';
import { AuditAction } from '@elo/contract/calls/audit';
import { InvitationSkipReason, type InvitationSkipReasonValue } from '@elo/contract/calls/users';
import { LoginType, type Language } from '@elo/contract/enums';
import { passwordProblems } from '@elo/contract/password-policy';
import type { Database } from '../../db/client.ts';
import { actorAt, type Actor } from '../../platform/auth/actor.ts';
import type { PasswordHasher } from '../../platform/auth/password.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { MailSender } from '../../platform/mail.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import { recordAudit } from '../audit/service.ts';
import { invitationEmail } from './messages.ts';
import { findCompany, findInvitees, setProvisionalPassword, type Invitee } from './repo.ts';
import { auditedPasswordChange } from './wire.ts';

declare module '../../platform/jobs.ts' {
  interface JobPayloads {
    /**
     * Sets a new random provisional password for a person whose first access is pending and
     * e-mails them the invitation. The password is made inside the job: never in the payload.
     */
    'send-first-access-invitation': {
      companyId: number;
      userId: number;
      actor: { userId: number | null; ip: string | null; userAgent: string | null };
      language: Language;
    };
  }
}

/** What the invitation e-mail needs besides the message itself. */
export interface InvitationMailDeps {
  storage: MediaStorage;
  mail: MailSender;
  publicUrl: string;
}

/**
 * E-mails the first-access invitation (login, provisional password, link to first access, the
 * company's name and logo). Throws DeliveryError when the mail server refuses it.
 */
export async function sendInvitationEmail(
  deps: InvitationMailDeps,
  within: Database,
  companyId: number,
  person: { name: string; email: string; login: string },
  provisionalPassword: string | null,
  language: Language,
) {
  const company = await findCompany(within, companyId);
  const logo = company?.logoKey ? await deps.storage.read(company.logoKey).catch(() => null) : null;
  const message = invitationEmail({
    language,
    personName: person.name,
    companyName: company?.name ?? '',
    login: person.login,
    provisionalPassword,
    link: `${deps.publicUrl}/primeiro-acesso-1`,
    logoCid: logo ? 'logo-empresa' : null,
  });
  await deps.mail.send({
    to: person.email,
    ...message,
    inlineImages: logo ? [{ cid: 'logo-empresa', filename: 'logo.png', content: logo }] : [],
  });
}

// Letters and digits a person reads without doubt (no 0/O, 1/l/I).
const passwordAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const passwordLength = 12;

/**
 * A random provisional password (12 characters, about 70 bits) that meets the password policy
 * of the contract: upper and lower case letters and digits, never a common one.
 */
export function randomProvisionalPassword(): string {
  for (;;) {
    const password = Array.from(
      { length: passwordLength },
      () => passwordAlphabet[randomInt(passwordAlphabet.length)],
    ).join('');
    const mixed = /[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password);
    if (mixed && passwordProblems({ password }).length === 0) return password;
  }
}

/** Why this person may not be invited now, or null when they may. */
export function invitationSkipReason(person: Invitee): InvitationSkipReasonValue | null {
  if (!person.firstAccessPending) return InvitationSkipReason.firstAccessDone;
  if (!person.active) return InvitationSkipReason.inactive;
  if (!person.email) return InvitationSkipReason.noEmail;
  if (!person.birthDate) return InvitationSkipReason.noBirthDate;
  return null;
}

export interface InvitationsDeps extends InvitationMailDeps {
  db: Database;
  hasher: PasswordHasher;
  jobs: JobQueue;
}

/** Who was not invited, and why. */
export interface SkippedInvitee {
  userId: number;
  name: string;
  reason: InvitationSkipReasonValue;
}

/** The payload of an invitation's job: who, for whom, and in which language. */
type InvitationJob = {
  companyId: number;
  userId: number;
  actor: { userId: number | null; ip: string | null; userAgent: string | null };
  language: Language;
};

export type InvitationsService = ReturnType<typeof createInvitationsService>;

/**
 * First-access invitations in bulk (for people the import created, whose provisional password
 * nobody knows): the call queues one job per eligible person and answers at once; each job sets
 * a new random provisional password and e-mails it.
 */
export function createInvitationsService(deps: InvitationsDeps) {
  return { ...deps, deliver: (job: InvitationJob) => deliver(deps, job) };
}

/**
 * Queues the invitation of each eligible person of the selection; answers how many were queued
 * and who was skipped and why. Another company's (or a deleted) id answers 404 and nothing is
 * queued.
 */
export async function queueInvitations(
  invitations: InvitationsService,
  scope: { companyId: number },
  userIds: number[],
  actor: Actor,
  language: Language,
): Promise<{ queued: number; skipped: SkippedInvitee[] }> {
  const ids = [...new Set(userIds)];
  return invitations.db.transaction(async (tx) => {
    const people = await findInvitees(tx, scope.companyId, ids);
    if (people.length !== ids.length) throw new AppError('NOT_FOUND');
    const skipped: SkippedInvitee[] = [];
    let queued = 0;
    for (const person of people) {
      const reason = invitationSkipReason(person);
      if (reason) {
        skipped.push({ userId: person.id, name: person.name, reason });
        continue;
      }
      // A person whose invitation is still waiting in the queue is not queued twice.
      await invitations.jobs.send(
        'send-first-access-invitation',
        {
          companyId: scope.companyId,
          userId: person.id,
          actor: { userId: actor.userId, ip: actor.ip, userAgent: actor.userAgent },
          language,
        },
        { transaction: tx, singletonKey: `${scope.companyId}:${person.id}` },
      );
      queued += 1;
    }
    return { queued, skipped };
  });
}

/**
 * The job: a new random provisional password, its hash stored, the audit entry and the e-mail,
 * in one transaction (the e-mail last). A mail server that refuses it rolls all back and the job
 * is retried, with another password (the first was never delivered). Someone no longer eligible
 * (first access done, deactivated, deleted meanwhile) is left alone.
 */
async function deliver(deps: InvitationsDeps, job: InvitationJob) {
  const password = randomProvisionalPassword();
  const passwordHash = await deps.hasher.hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const [person] = await findInvitees(tx, job.companyId, [job.userId], { lock: true });
    if (!person || invitationSkipReason(person) !== null) return;
    await setProvisionalPassword(tx, job.companyId, person.id, passwordHash);
    await recordAudit(tx, actorAt({ companyId: job.companyId, userId: job.actor.userId }, job.actor), {
      action: AuditAction.userInvite,
      target: { type: 'user', id: person.id, name: person.name },
      changes: auditedPasswordChange(),
    });
    const login = person.loginType === LoginType.matricula ? person.matricula! : person.email!;
    await sendInvitationEmail(
      deps,
      tx,
      job.companyId,
      { name: person.name, email: person.email!, login },
      password,
      job.language,
    );
  });
}

/** Registers the invitations' queue: one waiting job per person at most, retried with backoff. */
export function registerInvitations(jobs: JobQueue, service: InvitationsService): void {
  jobs.register('send-first-access-invitation', (job) => service.deliver(job.data), {
    policy: 'short',
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 5 * 60,
  });
}
