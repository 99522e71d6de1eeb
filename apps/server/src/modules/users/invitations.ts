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
import { languageOrDefault, translatorFor } from '../../platform/i18n.ts';
import type { MailSender } from '../../platform/mail.ts';
import type { SmsSender } from '../../platform/sms.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import { recordAudit } from '../audit/service.ts';
import { invitationEmail } from './messages.ts';
import { findCompany, findInvitees, setProvisionalPassword, type Invitee } from './repo.ts';
import { auditedInvitation } from './wire.ts';

declare module '../../platform/jobs.ts' {
  interface JobPayloads {
    /**
     * Sets a new random provisional password for a person whose first access is pending and
     * sends them the invitation (by e-mail, or by SMS to someone without an e-mail when
     * `smsWithoutEmail`). The password is made inside the job: never in the payload.
     */
    'send-first-access-invitation': {
      companyId: number;
      userId: number;
      actor: { userId: number | null; ip: string | null; userAgent: string | null };
      language: Language;
      /** Absent in jobs queued before invitations could go by SMS: e-mail only. */
      smsWithoutEmail?: boolean;
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

/** How an invitation reaches a person: their e-mail, or an SMS to their mobile. */
export type InvitationChannel = 'email' | 'sms';

/**
 * How this person may be invited now, or why they may not: by e-mail when they have one; without
 * one, by SMS to their mobile when the administrator asked for it (`smsWithoutEmail`).
 */
export function invitationRoute(
  person: Invitee,
  smsWithoutEmail: boolean,
): { channel: InvitationChannel } | { reason: InvitationSkipReasonValue } {
  if (!person.firstAccessPending) return { reason: InvitationSkipReason.firstAccessDone };
  if (!person.active) return { reason: InvitationSkipReason.inactive };
  if (!person.email && !smsWithoutEmail) return { reason: InvitationSkipReason.noEmail };
  if (!person.email && !person.mobilePhone) return { reason: InvitationSkipReason.noEmailNorMobile };
  if (!person.birthDate) return { reason: InvitationSkipReason.noBirthDate };
  return { channel: person.email ? 'email' : 'sms' };
}

export interface InvitationsDeps extends InvitationMailDeps {
  db: Database;
  sms: SmsSender;
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
  smsWithoutEmail?: boolean;
};

export type InvitationsService = ReturnType<typeof createInvitationsService>;

/**
 * First-access invitations in bulk (for people the import created, whose provisional password
 * nobody knows): the call queues one job per eligible person and answers at once; each job sets
 * a new random provisional password and sends it by e-mail, or by SMS to someone without one.
 */
export function createInvitationsService(deps: InvitationsDeps) {
  return { ...deps, deliver: (job: InvitationJob) => deliver(deps, job) };
}

/**
 * Queues the invitation of each eligible person of the selection (with `smsWithoutEmail`, by SMS
 * for those without an e-mail); answers how many were queued by e-mail and by SMS and who was
 * skipped and why. Another company's (or a deleted) id answers 404 and nothing is queued.
 */
export async function queueInvitations(
  invitations: InvitationsService,
  scope: { companyId: number },
  request: { userIds: number[]; smsWithoutEmail: boolean },
  actor: Actor,
  language: Language,
): Promise<{ byEmail: number; bySms: number; skipped: SkippedInvitee[] }> {
  const ids = [...new Set(request.userIds)];
  return invitations.db.transaction(async (tx) => {
    const people = await findInvitees(tx, scope.companyId, ids);
    if (people.length !== ids.length) throw new AppError('NOT_FOUND');
    const skipped: SkippedInvitee[] = [];
    const queued = { email: 0, sms: 0 };
    for (const person of people) {
      const route = invitationRoute(person, request.smsWithoutEmail);
      if ('reason' in route) {
        skipped.push({ userId: person.id, name: person.name, reason: route.reason });
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
          smsWithoutEmail: request.smsWithoutEmail,
        },
        { transaction: tx, singletonKey: `${scope.companyId}:${person.id}` },
      );
      queued[route.channel] += 1;
    }
    return { byEmail: queued.email, bySms: queued.sms, skipped };
  });
}

/**
 * The job: a new random provisional password, its hash stored, the audit entry and the e-mail or
 * SMS, in one transaction (the message last). A mail server or SMS provider that refuses it rolls
 * all back and the job is retried, with another password (the first was never delivered). Someone
 * no longer eligible (first access done, deactivated, deleted meanwhile) is left alone. The
 * channel is decided again here: who got an e-mail meanwhile gets the e-mail.
 */
async function deliver(deps: InvitationsDeps, job: InvitationJob) {
  const password = randomProvisionalPassword();
  const passwordHash = await deps.hasher.hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const [person] = await findInvitees(tx, job.companyId, [job.userId], { lock: true });
    if (!person) return;
    const route = invitationRoute(person, job.smsWithoutEmail ?? false);
    if ('reason' in route) return;
    await setProvisionalPassword(tx, job.companyId, person.id, passwordHash);
    await recordAudit(tx, actorAt({ companyId: job.companyId, userId: job.actor.userId }, job.actor), {
      action: AuditAction.userInvite,
      target: { type: 'user', id: person.id, name: person.name },
      changes: auditedInvitation(route.channel),
    });
    const login = person.loginType === LoginType.matricula ? person.matricula! : person.email!;
    if (route.channel === 'sms') {
      await sendInvitationSms(deps, tx, job.companyId, { phone: person.mobilePhone!, login }, password, {
        // Written in the person's language when they ever used the portal, else the administrator's.
        language: person.language ? languageOrDefault(person.language) : job.language,
      });
      return;
    }
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

/**
 * Texts the first-access invitation (company, login, provisional password, link to first access)
 * to a mobile. Throws DeliveryError when the SMS provider refuses it.
 */
async function sendInvitationSms(
  deps: InvitationsDeps,
  within: Database,
  companyId: number,
  person: { phone: string; login: string },
  provisionalPassword: string,
  options: { language: Language },
) {
  const company = await findCompany(within, companyId);
  const text = translatorFor(options.language)('usersAdmin.invitationSms', {
    company: company?.name ?? 'Elo',
    login: person.login,
    password: provisionalPassword,
    link: `${deps.publicUrl}/primeiro-acesso-1`,
  });
  await deps.sms.send({ to: person.phone, text });
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
