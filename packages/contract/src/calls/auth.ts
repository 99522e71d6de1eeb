import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import {
  adminPermissionCodes,
  adminPermissionStatuses,
  LoginType,
  type AdminPermissionCode,
  type AdminPermissionStatusValue,
} from '../enums.ts';
import { loginInputSchema } from './login-input.ts';
import { flagSchema } from '../wire.ts';

export { loginInputSchema };

/** The signed-in user as the web shows it (spec section 3, Logged user). */
export const usuarioSchema = z.object({
  idUsuario: z.number().int(),
  /** The company id; the master user's idUsuario equals it. */
  idUsuarioPai: z.number().int(),
  nome: z.string(),
  email: z.string().nullable(),
  matricula: z.string().nullable(),
  tipoLogin: z.enum([LoginType.email, LoginType.matricula]),
  urlFoto: z.string().nullable(),
  textoPerfil: z.string().nullable(),
  unidade: z.string().nullable(),
  filial: z.string().nullable(),
  setor: z.string().nullable(),
  cargo: z.string().nullable(),
  flAdministrador: z.boolean(),
  /** False for an administrator not yet approved: the administration shows them why it stays closed. */
  flAdministradorAprovado: z.boolean(),
});
export type Usuario = z.infer<typeof usuarioSchema>;

/** The company's branding, applied as the theme once the user is known (spec section 3, App settings). */
export const empresaSchema = z.object({
  idEmpresa: z.number().int(),
  nome: z.string(),
  urlLogo: z.string().nullable(),
  /** Main colour as #rrggbb; the 10-shade scale is derived from it. */
  corPrincipal: z.string(),
  corFontePrimaria: z.string(),
  corFonteSecundaria: z.string(),
});
export type Empresa = z.infer<typeof empresaSchema>;

/** A group the user belongs to (spec section 3, Group). */
export const grupoSchema = z.object({
  idGrupo: z.number().int(),
  nome: z.string(),
  sigla: z.string(),
  urlFoto: z.string().nullable(),
  flPadrao: flagSchema,
});
export type Grupo = z.infer<typeof grupoSchema>;

/**
 * A permission shortcut: the company's own name (atalho) for a permission, and (issue 29) its names
 * in English and Spanish when the company gave them (`atalhosPorIdioma: {en?, es?}`, left out when
 * it gave none). The portal shows the current language's name, else `atalho`.
 */
export const atalhoPermissaoSchema = z.object({
  permissao: z.string(),
  atalho: z.string(),
  atalhosPorIdioma: z.object({ en: z.string().optional(), es: z.string().optional() }).optional(),
});

/** An administrator's status for one administration permission (N none, L read, E read and edit). */
export const permissaoAdminSchema = z.object({
  permissao: z.enum(adminPermissionCodes as [AdminPermissionCode, ...AdminPermissionCode[]]),
  status: z.enum(adminPermissionStatuses as [AdminPermissionStatusValue, ...AdminPermissionStatusValue[]]),
});
export type PermissaoAdmin = z.infer<typeof permissaoAdminSchema>;

const permissionsPayload = {
  permissoes: z.array(z.string()),
  /** Every administration permission with the caller's status; empty for a non-administrator. */
  permissoesAdmin: z.array(permissaoAdminSchema),
  atalhosPermissoes: z.array(atalhoPermissaoSchema),
  idsGruposAdm: z.array(z.number().int()),
  idsGruposPermitePostar: z.array(z.number().int()),
  maximoCaracteres: z.number().int(),
};

const loggedUserPayload = {
  usuario: usuarioSchema,
  empresa: empresaSchema,
  listGrupo: z.array(grupoSchema),
  qtdChamadosComMensagemNaoLida: z.number().int(),
  ...permissionsPayload,
};

export const doLogin = defineCall({
  name: 'doLogin',
  mode: 'write',
  audience: 'public',
  input: loginInputSchema,
  /** No chat token for a user without the chat permission: the portal then opens no chat socket. */
  output: z.object({ ...loggedUserPayload, tokenChat: z.string().nullable() }),
});

export const doLogout = defineCall({
  name: 'doLogout',
  mode: 'write',
  audience: 'public',
  input: z.object({}),
  /**
   * `urlSaidaIdp`: after a single sign-on, the identity provider's sign-out address (RP-initiated
   * logout), for the page to go to so the provider's session ends too.
   */
  output: z.object({ ok: z.literal(true), urlSaidaIdp: z.string().optional() }),
});

export const recuperaDadosUsuarioLogado = defineCall({
  name: 'recuperaDadosUsuarioLogado',
  mode: 'read',
  audience: 'user',
  input: z.object({}),
  output: z.object(loggedUserPayload),
});

export const recuperaPermissoesUsuario = defineCall({
  name: 'recuperaPermissoesUsuario',
  mode: 'read',
  audience: 'user',
  input: z.object({}),
  output: z.object(permissionsPayload),
});

export type LoggedUser = z.infer<typeof recuperaDadosUsuarioLogado.output>;
