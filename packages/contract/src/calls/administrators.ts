import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import {
  AdminPermission,
  AdminPermissionStatus,
  adminPermissionCodes,
  type AdminPermissionCode,
} from '../enums.ts';
import {
  flagSchema,
  idSchema,
  okSchema,
  pageAnswer,
  pageRequest,
  personSummaryShape,
  required,
  tooLong,
  versaoSchema,
} from '../wire.ts';
import { newPasswordSchema } from './account.ts';
import { peopleLimits } from './people-limits.ts';

/**
 * The administrators (issue 13, permission ADMIN_ADMINISTRADORES): people who may enter the
 * administration, each with a status per administrator permission (N, L, E), approved or not,
 * and the HR ticket subjects and groups assigned to them.
 */

const administrators = { audience: 'admin', permission: AdminPermission.administrators } as const;

export const adminPermissionCodeSchema = z.enum(
  adminPermissionCodes as [AdminPermissionCode, ...AdminPermissionCode[]],
);
export const adminPermissionStatusSchema = z.enum([
  AdminPermissionStatus.none,
  AdminPermissionStatus.read,
  AdminPermissionStatus.edit,
]);
export const permissaoAdminSchema = z.object({
  permissao: adminPermissionCodeSchema,
  status: adminPermissionStatusSchema,
});

/** One row of the administrators table. */
export const administradorResumoSchema = z.object({
  idUsuario: z.number().int(),
  nome: z.string(),
  login: z.string(),
  email: z.string().nullable(),
  urlFoto: z.string().nullable(),
  flAprovado: flagSchema,
  flAtivo: flagSchema,
  /** The company's master user: holds every permission and cannot be removed. */
  flMaster: flagSchema,
  /** How many permissions at L and at E. */
  qtdPermissoesLeitura: z.number().int(),
  qtdPermissoesEdicao: z.number().int(),
  dtUltimoAcesso: z.string().nullable(),
});
export type AdministradorResumo = z.infer<typeof administradorResumoSchema>;

export const consultaAdministradoresAdmin = defineCall({
  name: 'consultaAdministradoresAdmin',
  mode: 'read',
  ...administrators,
  input: z.object({ ...pageRequest(), busca: z.string().trim().max(200, tooLong).optional() }),
  output: z.object({ listAdministradores: z.array(administradorResumoSchema), ...pageAnswer }),
});

/** Everything the administrator form edits: every permission is listed, N included. */
export const administradorSchema = administradorResumoSchema.extend({
  permissoesAdmin: z.array(permissaoAdminSchema),
  idsAssuntosChamado: z.array(z.number().int()),
  idsGruposChamado: z.array(z.number().int()),
  /** The person's version (the users form's too), to send back with the save: a stale one answers 409 REGISTRO_ALTERADO. */
  versao: versaoSchema,
});
export type Administrador = z.infer<typeof administradorSchema>;

export const consultaAdministradorAdmin = defineCall({
  name: 'consultaAdministradorAdmin',
  mode: 'read',
  ...administrators,
  input: z.object({ idUsuario: idSchema }),
  output: z.object({ administrador: administradorSchema }),
});

/**
 * Creates an administrator (a new person, or an existing user promoted: `idUsuario` of someone who
 * is not yet one) or edits one. `login` is what they sign in with: their e-mail, or else their
 * matricula. Spec section 5: name, login and e-mail required, a password when creating a new
 * person. Permissions not listed are N. The master user's permissions cannot be lowered, and the
 * company always keeps one approved administrator who edits administrators (422 on permissoesAdmin).
 */
export const salvaAdministradorAdminInputSchema = z
  .object({
    idUsuario: idSchema.optional(),
    /** The versao read with the administrator (edits only): a stale one answers 409 REGISTRO_ALTERADO. */
    versao: versaoSchema.optional(),
    /** S when `idUsuario` names an employee to promote (their password stays theirs). */
    flPromover: flagSchema.default('N'),
    nome: z.string().trim().min(1, required).max(peopleLimits.nameMax, tooLong),
    login: z.string().trim().min(1, required).max(peopleLimits.emailMax, tooLong),
    email: z
      .string()
      .trim()
      .min(1, required)
      .max(peopleLimits.emailMax, tooLong)
      .pipe(z.email({ error: 'validation.email' })),
    senha: newPasswordSchema.optional(),
    flAprovado: flagSchema,
    permissoesAdmin: z.array(permissaoAdminSchema).max(adminPermissionCodes.length),
    idsAssuntosChamado: z.array(idSchema).max(500).default([]),
    idsGruposChamado: z.array(idSchema).max(500).default([]),
  })
  .check((ctx) => {
    const value = ctx.value;
    if (value.idUsuario === undefined && !value.senha) {
      ctx.issues.push({ code: 'custom', input: undefined, path: ['senha'], message: 'validation.required' });
    }
  });
export type SalvaAdministradorAdminInput = z.input<typeof salvaAdministradorAdminInputSchema>;

export const salvaAdministradorAdmin = defineCall({
  name: 'salvaAdministradorAdmin',
  mode: 'write',
  ...administrators,
  input: salvaAdministradorAdminInputSchema,
  output: z.object({ administrador: administradorSchema }),
});

/**
 * Removes an administrator: the person stays as an employee with their employee permissions. The
 * master user cannot be removed, nor the last approved administrator who edits administrators
 * (409 ADMIN_REMOVAL_REFUSED with the reason).
 */
export const removeAdministradorAdmin = defineCall({
  name: 'removeAdministradorAdmin',
  mode: 'write',
  ...administrators,
  input: z.object({ idUsuario: idSchema }),
  output: okSchema,
});

/** Employees who are not administrators yet, to promote (name, e-mail or matricula). */
export const consultaCandidatosAdministradorAdmin = defineCall({
  name: 'consultaCandidatosAdministradorAdmin',
  mode: 'read',
  ...administrators,
  input: z.object({ busca: z.string().trim().max(200, tooLong).default('') }),
  output: z.object({
    listUsuarios: z.array(z.object(personSummaryShape)),
  }),
});

/** What the administrator form offers to assign: the HR ticket subjects and the groups. */
export const consultaOpcoesAdministradorAdmin = defineCall({
  name: 'consultaOpcoesAdministradorAdmin',
  mode: 'read',
  ...administrators,
  input: z.object({}),
  output: z.object({
    listAssuntos: z.array(z.object({ id: z.number().int(), nome: z.string(), flAtivo: flagSchema })),
    listGrupos: z.array(z.object({ idGrupo: z.number().int(), nome: z.string() })),
  }),
});
