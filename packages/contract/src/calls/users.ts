import { z } from 'zod';
import { defineCall, defineDownload } from '../define-call.ts';
import { AdminPermission, LoginType, MediaKind } from '../enums.ts';
import { limits } from '../limits.ts';
import {
  flagSchema,
  idSchema,
  idTextSchema,
  pageAnswer,
  pageRequest,
  required,
  tooLong,
  versaoSchema,
} from '../wire.ts';
import { isoDateSchema, newPasswordSchema } from './account.ts';
import { peopleLimits } from './people-limits.ts';

/**
 * People administration (issue 13): users and deletion requests, under ADMIN_USUARIOS. The user
 * settings' catalogues are in `catalog.ts`, the bulk import in `user-import.ts`, administrators in
 * `administrators.ts`, each person's own data ("Minha conta") in `my-account.ts`.
 */

// What moved to the catalogues' and the import's files is still importable from here.

const users = { audience: 'admin', permission: AdminPermission.users } as const;

/** Words to find: name, e-mail or matricula, case and accents ignored. */
const busca = z.string().trim().max(200, tooLong).optional();

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

/** One row of the users table. */
export const usuarioAdminResumoSchema = z.object({
  idUsuario: z.number().int(),
  nome: z.string(),
  matricula: z.string().nullable(),
  email: z.string().nullable(),
  urlFoto: z.string().nullable(),
  unidade: z.string().nullable(),
  filial: z.string().nullable(),
  setor: z.string().nullable(),
  cargo: z.string().nullable(),
  flAtivo: flagSchema,
  /** ISO instant of the last sign-in or activity, null when never. */
  dtUltimoAcesso: z.string().nullable(),
});
export type UsuarioAdminResumo = z.infer<typeof usuarioAdminResumoSchema>;

/** The users list's filters, shared by the screen and its export. */
const userFilterFields = {
  busca,
  flAtivo: flagSchema.optional(),
  idUnidade: idSchema.optional(),
  idFilial: idSchema.optional(),
  idSetor: idSchema.optional(),
  idCargo: idSchema.optional(),
  idGrupo: idSchema.optional(),
};

/** The company's people (employees and administrators, not deleted ones), 100 a page by default. */
export const consultaUsuariosAdmin = defineCall({
  name: 'consultaUsuariosAdmin',
  mode: 'read',
  ...users,
  input: z.object({ ...pageRequest(limits.pageSize.userList, 100), ...userFilterFields }),
  output: z.object({ listUsuarios: z.array(usuarioAdminResumoSchema), ...pageAnswer }),
});

/** The filtered users list as a CSV or XLSX file (the filters as query parameters, ids as text). */
export const exportaUsuarios = defineDownload({
  name: 'exportaUsuarios',
  path: '/usuarios/exportacao.:formato',
  input: z.object({
    busca,
    flAtivo: flagSchema.optional(),
    idUnidade: idTextSchema.optional(),
    idFilial: idTextSchema.optional(),
    idSetor: idTextSchema.optional(),
    idCargo: idTextSchema.optional(),
    idGrupo: idTextSchema.optional(),
  }),
  ...users,
  mode: 'read',
  formats: ['csv', 'xlsx'] as const,
});

const loginTypeSchema = z.enum([LoginType.email, LoginType.matricula]);

/** A group's audience rule, by the names of what it sets (null: any). */
export const regraDoGrupoSchema = z.object({
  unidade: z.string().nullable(),
  filial: z.string().nullable(),
  setor: z.string().nullable(),
  cargo: z.string().nullable(),
});

/**
 * A group the person is in by one of its audience rules (issue 14): not the form's to change. The
 * person stays while a rule matches their unit, branch, sector and position; `regras` are the rules
 * that match them now.
 */
export const grupoPorRegraSchema = z.object({
  idGrupo: z.number().int(),
  nome: z.string(),
  regras: z.array(regraDoGrupoSchema),
});
export type GrupoPorRegra = z.infer<typeof grupoPorRegraSchema>;

/** Everything the user form edits, as stored. */
export const usuarioAdminSchema = z.object({
  idUsuario: z.number().int(),
  nome: z.string(),
  tipoLogin: loginTypeSchema,
  email: z.string().nullable(),
  matricula: z.string().nullable(),
  celular: z.string().nullable(),
  idUnidade: z.number().int().nullable(),
  idFilial: z.number().int().nullable(),
  idSetor: z.number().int().nullable(),
  idCargo: z.number().int().nullable(),
  /** yyyy-MM-dd. */
  dtNascimento: z.string().nullable(),
  dtAdmissao: z.string().nullable(),
  textoPerfil: z.string().nullable(),
  urlFoto: z.string().nullable(),
  /** The groups the person is in by hand: what the form chooses and sends back. */
  idsGrupos: z.array(z.number().int()),
  /** The groups the person is in by rule, shown apart; never sent back. */
  listGruposPorRegra: z.array(grupoPorRegraSchema),
  flAtivo: flagSchema,
  /** Still holds the provisional password (first access not done). */
  flPrimeiroAcessoPendente: flagSchema,
  flAdministrador: flagSchema,
  dtUltimoAcesso: z.string().nullable(),
  dtCriacao: z.string(),
  /** The record's version, to send back with the save (a stale one answers 409 REGISTRO_ALTERADO). */
  versao: versaoSchema,
});
export type UsuarioAdmin = z.infer<typeof usuarioAdminSchema>;

export const consultaUsuarioAdmin = defineCall({
  name: 'consultaUsuarioAdmin',
  mode: 'read',
  ...users,
  input: z.object({ idUsuario: idSchema }),
  output: z.object({ usuario: usuarioAdminSchema }),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/** An e-mail, or nothing (an empty text is nothing). */
const optionalEmail = z
  .string()
  .trim()
  .max(peopleLimits.emailMax, tooLong)
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.email({ error: 'validation.email' }).nullable());

/** A calendar day that exists, yyyy-MM-dd. */
const optionalDay = isoDateSchema.nullish().transform((value) => value ?? null);

/** The fields a person's record has in the user form (create and edit alike). */
export const personFields = {
  nome: z.string().trim().min(1, required).max(peopleLimits.nameMax, tooLong),
  email: optionalEmail,
  matricula: optionalText(peopleLimits.matriculaMax),
  celular: z
    .string()
    .trim()
    .max(peopleLimits.mobileMax, tooLong)
    .nullish()
    .transform((value) => (value ? value.replace(/\D/g, '') || null : null))
    .pipe(
      z
        .string()
        .regex(/^\d{10,15}$/, { error: 'validation.phoneInvalid' })
        .nullable(),
    ),
  idUnidade: idSchema.nullish().transform((value) => value ?? null),
  idFilial: idSchema.nullish().transform((value) => value ?? null),
  idSetor: idSchema.nullish().transform((value) => value ?? null),
  idCargo: idSchema.nullish().transform((value) => value ?? null),
  dtAdmissao: optionalDay,
  textoPerfil: optionalText(peopleLimits.profileTextMax),
};

/**
 * The user form's body: create (no idUsuario) or edit. Spec section 5: name required, a valid
 * e-mail, a password on create, the e-mail when signing in by e-mail and the matricula when by
 * matricula; e-mail and matricula unique (the server answers 422 on the field). A refused save
 * answers 422 with the general message and the field map. A created user holds `senha` as a
 * provisional password and goes through first access; `flEnviarConvite` S e-mails the invitation.
 */
export const salvaUsuarioAdminInputSchema = z
  .object({
    idUsuario: idSchema.optional(),
    /** The versao read with the record (edits only): a stale one answers 409 REGISTRO_ALTERADO. */
    versao: versaoSchema.optional(),
    ...personFields,
    tipoLogin: loginTypeSchema,
    senha: newPasswordSchema.optional(),
    dtNascimento: isoDateSchema,
    /**
     * The groups the person is in by hand (and the company's default group, always). A group the
     * person is in only by one of its rules is not the form's: naming it answers 422 on idsGrupos.
     */
    idsGrupos: z.array(idSchema).max(500).default([]),
    flAtivo: flagSchema.default('S'),
    flEnviarConvite: flagSchema.default('N'),
  })
  .check((ctx) => {
    const value = ctx.value;
    const issue = (path: string, message: string) =>
      ctx.issues.push({ code: 'custom', input: undefined, path: [path], message });
    if (value.idUsuario === undefined && !value.senha) issue('senha', 'validation.required');
    if (value.tipoLogin === LoginType.email && !value.email) issue('email', 'validation.required');
    if (value.tipoLogin === LoginType.matricula && !value.matricula)
      issue('matricula', 'validation.required');
    if (value.flEnviarConvite === 'S' && !value.email) issue('email', 'validation.required');
  });
export type SalvaUsuarioAdminInput = z.input<typeof salvaUsuarioAdminInputSchema>;

export const salvaUsuarioAdmin = defineCall({
  name: 'salvaUsuarioAdmin',
  mode: 'write',
  ...users,
  input: salvaUsuarioAdminInputSchema,
  output: z.object({ usuario: usuarioAdminSchema }),
});

/**
 * A person's photo (multipart: text field `idUsuario`, one `file`, png or jpg/jpeg checked by
 * content): cropped to a centred square and stored; answers the photo's address.
 */
export const enviaFotoUsuarioAdmin = defineCall({
  name: 'enviaFotoUsuarioAdmin',
  mode: 'write',
  ...users,
  multipart: true,
  mediaKind: MediaKind.avatars,
  input: z.object({ idUsuario: idTextSchema, file: z.custom<Blob>().optional() }),
  output: z.object({ urlFoto: z.string() }),
});

/**
 * Activates or deactivates people (one or the table's selection). Deactivating ends all their
 * sessions and chat sockets at once; nothing they wrote is lost. The master user cannot be
 * deactivated, nor can the caller deactivate themselves (422 on idsUsuarios).
 */
export const alteraSituacaoUsuariosAdmin = defineCall({
  name: 'alteraSituacaoUsuariosAdmin',
  mode: 'write',
  ...users,
  input: z.object({ idsUsuarios: z.array(idSchema).min(1, required).max(1000), flAtivo: flagSchema }),
  output: z.object({ qtdAlterados: z.number().int() }),
});

/** Why a person got no first-access invitation from `enviaConvitesUsuariosAdmin`. */
export const InvitationSkipReason = {
  /** No e-mail on file: the invitation has nowhere to go. */
  noEmail: 'SEM_EMAIL',
  /** Deactivated: they could not sign in anyway. */
  inactive: 'INATIVO',
  /** They already chose their own password. */
  firstAccessDone: 'PRIMEIRO_ACESSO_FEITO',
  /** No birth date on file: first access asks for it, so it could never be completed. */
  noBirthDate: 'SEM_DATA_NASCIMENTO',
  /** Asked to send by SMS to those without an e-mail, but there is no mobile on file either. */
  noEmailNorMobile: 'SEM_EMAIL_NEM_CELULAR',
} as const;
export type InvitationSkipReasonValue = (typeof InvitationSkipReason)[keyof typeof InvitationSkipReason];
export const invitationSkipReasonSchema = z.enum([
  InvitationSkipReason.noEmail,
  InvitationSkipReason.inactive,
  InvitationSkipReason.firstAccessDone,
  InvitationSkipReason.noBirthDate,
  InvitationSkipReason.noEmailNorMobile,
]);

/**
 * Sends the first-access invitation to people (the table's selection), for those created by the
 * bulk import whose provisional password nobody knows. Each eligible person (active, with a birth
 * date, first access pending) gets a job in the queue that sets a new random provisional password
 * and sends the invitation: by e-mail to those with one; with `flSmsSemEmail` S, by SMS to those
 * without an e-mail who have a mobile (people who sign in by matricula). The call answers at once
 * with how many were queued (in all, by e-mail and by SMS) and who was skipped and why. Another
 * company's id answers 404 and queues nothing.
 */
export const enviaConvitesUsuariosAdmin = defineCall({
  name: 'enviaConvitesUsuariosAdmin',
  mode: 'write',
  ...users,
  input: z.object({
    idsUsuarios: z.array(idSchema).min(1, required).max(1000),
    /** S: who has no e-mail gets the invitation by SMS on their mobile. N (the default): e-mail only. */
    flSmsSemEmail: flagSchema.optional(),
  }),
  output: z.object({
    qtdEnviados: z.number().int(),
    qtdEnviadosEmail: z.number().int(),
    qtdEnviadosSms: z.number().int(),
    listIgnorados: z.array(
      z.object({ idUsuario: z.number().int(), nome: z.string(), motivo: invitationSkipReasonSchema }),
    ),
  }),
});

/** The company's groups, for the users list's filter and the user form (any users administrator). */
export const consultaGruposUsuarioAdmin = defineCall({
  name: 'consultaGruposUsuarioAdmin',
  mode: 'read',
  ...users,
  input: z.object({}),
  output: z.object({ listGrupos: z.array(z.object({ idGrupo: z.number().int(), nome: z.string() })) }),
});

/**
 * Ends every session and chat socket of a person, without deactivating them; an administrator
 * naming themselves keeps the session they are using.
 */
export const encerraSessoesUsuarioAdmin = defineCall({
  name: 'encerraSessoesUsuarioAdmin',
  mode: 'write',
  ...users,
  input: z.object({ idUsuario: idSchema }),
  output: z.object({ qtdSessoesEncerradas: z.number().int() }),
});
