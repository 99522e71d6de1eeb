import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { Audience, CallDefinition, CallOutput } from '@elo/contract/define-call';
import type { Language } from '@elo/contract/enums';
import { sessionHintCookie } from '@elo/contract/session-hint';
import { actorOf, type Actor } from '../auth/actor.ts';
import { authorize, authorizeDevice } from '../auth/policy.ts';
import type { AuthSession, SessionManager } from '../auth/sessions.ts';
import { languageFromHeader, translatorFor } from '../i18n.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { AppError } from './app-error.ts';
import { parseInput } from './parse-input.ts';
import { multipartParts, receiveMultipart, type UploadedFile } from './uploads.ts';

export const sessionCookieName = 'elo_session';

/** What a route handler gets besides its validated input, typed by the call's audience. */
export interface CallContext<A extends Audience = Audience> {
  request: FastifyRequest;
  reply: FastifyReply;
  language: Language;
  t: TFunction;
  /** The caller's session: always there for a user or admin call (the binder refuses one without). */
  session: SignedIn<A, AuthSession>;
  /** Files of a multipart call, already in storage (removed again if the call fails). */
  files: UploadedFile[];
  /** Who acts and from where, for the audit log: present whenever there is a session. */
  actor: SignedIn<A, Actor>;
  /** The device a 'device' call was made by (its bearer token), absent on every other call. */
  device: A extends 'device' ? Device : undefined;
}

/** What a call of audience A holds for sure: a session (and its actor) unless public or device. */
type SignedIn<A extends Audience, T> = A extends 'user' | 'admin' ? T : T | undefined;

/** A paired device (a corporate TV screen) as its bearer token identifies it. */
export interface Device {
  companyId: number;
  /** The screen the token is scoped to. */
  deviceId: number;
}

/**
 * Finds the device a bearer token belongs to (undefined for a missing, revoked or forged one). The
 * module owning devices injects it, as sessions are: platform knows no feature.
 */
export type DeviceResolver = (token: string, request: FastifyRequest) => Promise<Device | undefined>;

export type CallHandler<C extends CallDefinition> = (
  input: z.output<C['input']>,
  context: CallContext<C['audience']>,
) => Promise<CallOutput<C>>;

export interface BindDeps {
  sessions: SessionManager;
  /** Check every answer against the contract (tests): a mismatch is a server bug, answered 500. */
  validateOutput: boolean;
  /** Where multipart calls put their files. */
  storage: MediaStorage;
  /** Resolves bearer device tokens for the 'device' audience (none: every device call is refused). */
  devices?: DeviceResolver | undefined;
}

/**
 * Sets the httpOnly, SameSite=Lax session cookie (Secure when the request came over HTTPS) and
 * the page-readable hint that a session exists (no secret in it).
 */
export function setSessionCookie(reply: FastifyReply, opened: { token: string; expiresAt: Date }): void {
  const options = { path: '/', sameSite: 'lax', secure: 'auto', expires: opened.expiresAt } as const;
  void reply.setCookie(sessionCookieName, opened.token, { ...options, httpOnly: true });
  void reply.setCookie(sessionHintCookie, '1', { ...options, httpOnly: false });
}

/** Clears the session cookie and its hint (sign-out, or a session the server no longer knows). */
export function clearSessionCookies(reply: FastifyReply): void {
  void reply.clearCookie(sessionCookieName, { path: '/' });
  void reply.clearCookie(sessionHintCookie, { path: '/' });
}

/**
 * Resolves the session cookie of a request, if any. With the reply, a cookie whose session has
 * ended is cleared with its hint, so the page stops asking with it.
 */
export async function sessionOf(
  request: FastifyRequest,
  sessions: SessionManager,
  reply?: FastifyReply,
): Promise<AuthSession | undefined> {
  const token = request.cookies[sessionCookieName];
  if (!token) return undefined;
  const session = await sessions.resolve(token);
  if (!session && reply) clearSessionCookies(reply);
  return session;
}

/** The bearer token of a request's Authorization header, if it has one. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer ([A-Za-z0-9_-]{16,200})$/.exec(header.trim());
  return match?.[1];
}

/** The device of a request's bearer token, if it names a live one. */
export async function deviceOf(
  request: FastifyRequest,
  devices: DeviceResolver | undefined,
): Promise<Device | undefined> {
  const token = bearerTokenOf(request);
  if (!token || !devices) return undefined;
  return devices(token, request);
}

/**
 * Registers `POST /backend/<name>` for a contract call: session and permission checks, input
 * validation with translated 422 field messages, the handler, and the `{data}` envelope.
 */
export function bindCall<C extends CallDefinition>(
  app: FastifyInstance,
  deps: BindDeps,
  call: C,
  handler: CallHandler<C>,
): void {
  const multipart = call.multipart ? multipartParts(call) : undefined;
  app.post(`/backend/${call.name}`, async (request, reply) => {
    const language = languageFromHeader(request.headers['accept-language']);
    const t = translatorFor(language);
    const device =
      call.audience === 'device' ? authorizeDevice(call, await deviceOf(request, deps.devices)) : undefined;
    const session =
      call.audience === 'device'
        ? undefined
        : authorize(
            call,
            call.audience === 'public' ? undefined : await sessionOf(request, deps.sessions, reply),
          );
    if (session) await deps.sessions.noteLanguage(session, language);
    let body: unknown = request.body ?? {};
    let files: UploadedFile[] = [];
    if (multipart) {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      // Multipart calls are never public: the session names the company the files belong to.
      const received = await receiveMultipart(request, {
        storage: deps.storage,
        companyId: session!.companyId,
        kind: call.mediaKind === null ? null : (call.mediaKind ?? 'uploads'),
        maxFiles: call.maxFiles ?? 1,
        maxFileBytes: call.maxFileBytes,
        ...multipart,
      });
      body = received.fields;
      files = received.files;
    }
    let output: CallOutput<C>;
    try {
      const input = parseInput(call.input, body, language, t) as z.output<C['input']>;
      // The policy answered 401 above for a user or admin call without a session, and the device
      // check refused a device call without its device: the context holds what the audience says.
      const context = {
        request,
        reply,
        language,
        t,
        session,
        files,
        actor: session && actorOf(request, session),
        device,
      } as CallContext<C['audience']>;
      output = await handler(input, context);
    } catch (error) {
      await Promise.all(files.filter((file) => file.key).map((file) => deps.storage.remove(file.key)));
      throw error;
    }
    if (deps.validateOutput) {
      const checked = call.output.safeParse(output);
      if (!checked.success) {
        request.log.error(
          { issues: checked.error.issues, call: call.name },
          'answer does not match the contract',
        );
        throw new AppError('INTERNAL_ERROR');
      }
    }
    return { data: output };
  });
}
