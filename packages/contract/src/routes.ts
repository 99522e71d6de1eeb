import type { AccessMode, Audience } from './define-call.ts';
import { chatSocketPath } from './chat.ts';
import { notificationStreamPath } from './calls/notifications.ts';
import { tvEventsPath } from './calls/tv.ts';
import { AdminPermission, Permission, type AdminPermissionCode, type PermissionCode } from './enums.ts';

/**
 * How a declared route's caller shows who they are: the session cookie, a paired screen's bearer
 * token, the chat token of the socket's first frame, or a signed address (a screen's <img> sends
 * no header).
 */
export type RouteCredential = 'session' | 'device' | 'chat-token' | 'signed-address' | 'none';

/**
 * A GET route that is neither a call nor a download (files, event streams, the chat socket),
 * declared beside them so the server's one policy enforces its access and the authorization
 * matrix tries it as every role. `recordRule` names what decides, past the declared access, which
 * records the caller reaches (a file's owning module, the stream's own person or screen).
 */
export interface RouteDefinition {
  name: string;
  /** The path (a trailing `*` for the rest of the path). */
  path: string;
  /** `redirect`: a step of a browser's sign-in that answers only with a redirect. */
  kind: 'file' | 'stream' | 'socket' | 'redirect';
  audience: Audience;
  permission?: PermissionCode | AdminPermissionCode;
  mode: AccessMode;
  credential: RouteCredential;
  /** Another way in, for the same route: a corporate TV administrator previewing a screen's files. */
  alsoFor?: { audience: 'admin'; permission: AdminPermissionCode; mode: AccessMode; credential: 'session' };
  recordRule: string;
}

/** Declares a route; the identity function keeps the literal types. */
export function defineRoute<const R extends RouteDefinition>(definition: R): R {
  return definition;
}

/** Every GET route of the API that is not a download: each declared once, here. */
export const routes = {
  midia: defineRoute({
    name: 'midia',
    path: '/backend/midia/*',
    kind: 'file',
    audience: 'user',
    mode: 'read',
    credential: 'session',
    recordRule: 'the module owning the file kind grants it (platform/storage/media-access.ts)',
  }),
  midiaTv: defineRoute({
    name: 'midiaTv',
    path: '/backend/tv/midia/*',
    kind: 'file',
    audience: 'device',
    mode: 'read',
    credential: 'signed-address',
    alsoFor: {
      audience: 'admin',
      permission: AdminPermission.corporateTv,
      mode: 'read',
      credential: 'session',
    },
    recordRule: "a still-paired screen of the file's company, by the address's signature",
  }),
  eventosNotificacoes: defineRoute({
    name: 'eventosNotificacoes',
    path: notificationStreamPath,
    kind: 'stream',
    audience: 'user',
    mode: 'read',
    credential: 'session',
    recordRule: "only the session's own person's notifications",
  }),
  eventosTv: defineRoute({
    name: 'eventosTv',
    path: tvEventsPath,
    kind: 'stream',
    audience: 'device',
    mode: 'read',
    credential: 'device',
    recordRule: "only the screen's own company and its own revocation",
  }),
  socketChat: defineRoute({
    name: 'socketChat',
    path: chatSocketPath,
    kind: 'socket',
    audience: 'user',
    permission: Permission.chat,
    mode: 'write',
    credential: 'chat-token',
    recordRule: "only the rooms the person is a member of (chat service's membership checks)",
  }),
  inicioSso: defineRoute({
    name: 'inicioSso',
    path: '/backend/sso/:idEmpresa/inicio',
    kind: 'redirect',
    audience: 'public',
    mode: 'read',
    credential: 'none',
    recordRule: "sends the browser to the company's identity provider (or back to the login page)",
  }),
  retornoOidcSso: defineRoute({
    name: 'retornoOidcSso',
    path: '/backend/sso/oidc/retorno',
    kind: 'redirect',
    audience: 'public',
    mode: 'read',
    credential: 'none',
    recordRule: "the state of a sign-in this server started, then the provider's signed id token",
  }),
  metadadosSamlSso: defineRoute({
    name: 'metadadosSamlSso',
    path: '/backend/sso/:idEmpresa/saml/metadata.xml',
    kind: 'file',
    audience: 'public',
    mode: 'read',
    credential: 'none',
    recordRule: "the portal's public SAML service-provider metadata (addresses only, no secret)",
  }),
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routes;
