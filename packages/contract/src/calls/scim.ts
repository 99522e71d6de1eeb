import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { AdminPermission } from '../enums.ts';
import { flagSchema, okSchema } from '../wire.ts';

/**
 * SCIM 2.0 provisioning (issue 31; RFC 7643 and 7644): an identity provider (Entra ID, Okta,
 * Google Workspace, Keycloak) creates, changes, deactivates and deletes the company's people and
 * groups at `<PUBLIC_URL>/scim/v2/Users` and `/Groups`, authenticated by the company's bearer
 * token. The token is made here, shown once, and stored hashed; making a new one revokes the old.
 * Who signs in and as whom is decided here, so these calls need the app's settings and the
 * administrators' area both (the master holds every permission).
 */

const provisioning = {
  audience: 'admin',
  permission: AdminPermission.appSettings,
  alsoPermission: AdminPermission.administrators,
} as const;

/** The path the SCIM service answers under (append it to the portal's public address). */
export const scimBasePath = '/scim/v2';

/** The company's provisioning: where the identity provider calls, and whether a token is live. */
export const provisionamentoScimSchema = z.object({
  /** The SCIM base URL to paste into the identity provider ("Tenant URL", "Base URL"). */
  urlBase: z.string(),
  flTokenAtivo: flagSchema,
  /** When the live token was made, ISO 8601; null without one. */
  dtCriacaoToken: z.string().nullable(),
  /** When the identity provider last called with it, ISO 8601; null when never. */
  dtUltimoUsoToken: z.string().nullable(),
});
export type ProvisionamentoScim = z.infer<typeof provisionamentoScimSchema>;

/** The company's SCIM base URL and its token's state (never the token). */
export const consultaProvisionamentoScimAdmin = defineCall({
  name: 'consultaProvisionamentoScimAdmin',
  mode: 'read',
  ...provisioning,
  input: z.object({}),
  output: provisionamentoScimSchema,
});

/**
 * Makes the company's SCIM token and answers it once (it is stored hashed and cannot be shown
 * again); a token made before stops working at once.
 */
export const geraTokenScimAdmin = defineCall({
  name: 'geraTokenScimAdmin',
  mode: 'write',
  ...provisioning,
  input: z.object({}),
  output: provisionamentoScimSchema.extend({ token: z.string() }),
});

/** Ends the company's SCIM token: the identity provider's next call answers 401. */
export const revogaTokenScimAdmin = defineCall({
  name: 'revogaTokenScimAdmin',
  mode: 'write',
  ...provisioning,
  input: z.object({}),
  output: okSchema,
});
