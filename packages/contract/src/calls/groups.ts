import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { AdminPermission, MediaKind } from '../enums.ts';
import { limits } from '../limits.ts';
import {
  flagSchema,
  idSchema,
  idTextSchema,
  pageAnswer,
  pageRequest,
  personSummaryShape,
  required,
  tooLong,
  versaoSchema,
  versaoTextSchema,
} from '../wire.ts';

/**
 * Groups administration (issue 14), under ADMIN_GRUPOS: the groups (name, abbreviation, photo,
 * the default one), their members by hand with their roles, and their audiences by rule (everyone
 * of a unit, branch, sector or position, kept current as people join, move or leave).
 */

const groupsAdmin = { audience: 'admin', permission: AdminPermission.groups } as const;

/** The longest texts and lists of the groups administration. */
export const groupLimits = {
  nameMax: 120,
  /** Rules one group may have. */
  rulesMax: 50,
  /** People added or removed in one call. */
  membersPerCallMax: 1000,
} as const;

/** Words to find: a group's name or abbreviation, a person's name, e-mail or matricula. */
const busca = z.string().trim().max(200, tooLong).optional();

/** One group as the list and the form show it. */
export const grupoAdminSchema = z.object({
  idGrupo: z.number().int(),
  nome: z.string(),
  sigla: z.string(),
  urlFoto: z.string().nullable(),
  flPadrao: flagSchema,
  /** Active people in the group, by hand or by rule. */
  qtdMembros: z.number().int(),
  /** Posts published to the group (not deleted, drafts not counted). */
  qtdPublicacoes: z.number().int(),
  /** The group's version, to send back with the save (a stale one answers 409 REGISTRO_ALTERADO). */
  versao: versaoSchema,
});
export type GrupoAdmin = z.infer<typeof grupoAdminSchema>;

/** The company's groups by name (default first), with how many members and posts each has. */
export const consultaGruposAdmin = defineCall({
  name: 'consultaGruposAdmin',
  mode: 'read',
  ...groupsAdmin,
  input: z.object({ ...pageRequest(), busca }),
  output: z.object({ listGrupos: z.array(grupoAdminSchema), ...pageAnswer }),
});

/** One group, for its form and its members screen. */
export const consultaGrupoAdmin = defineCall({
  name: 'consultaGrupoAdmin',
  mode: 'read',
  ...groupsAdmin,
  input: z.object({ idGrupo: idSchema }),
  output: z.object({ grupo: grupoAdminSchema }),
});

/** The group form's text fields (spec section 5): name required, abbreviation 2 to 5 characters. */
export const grupoFormFields = {
  nome: z.string().trim().min(1, required).max(groupLimits.nameMax, tooLong),
  sigla: z
    .string()
    .trim()
    .min(1, required)
    .min(limits.groupAbbreviation.min, { error: 'validation.groupAbbreviationLength' })
    .max(limits.groupAbbreviation.max, { error: 'validation.groupAbbreviationLength' }),
  flPadrao: flagSchema.default('N'),
};

/** The group form's text fields as one schema (the web form validates with it). */
export const grupoFormSchema = z.object(grupoFormFields);

/**
 * Creates (no idGrupo) or edits a group (multipart: `idGrupo?`, `nome`, `sigla`, `foto?`,
 * `flRemoverFoto?`, `flPadrao`). The photo is a PNG or JPEG by content, exactly 260x260 (422 on
 * `foto`); a new photo replaces the old one only once stored; `flRemoverFoto` S without a new
 * photo clears the saved one (its file is removed after the commit). `flPadrao` S makes the group the company's one
 * default group (the previous default stops being it in the same transaction); the default group
 * cannot be made not default (choose another instead: 422 on flPadrao).
 */
export const salvaGrupoAdmin = defineCall({
  name: 'salvaGrupoAdmin',
  mode: 'write',
  ...groupsAdmin,
  multipart: true,
  mediaKind: MediaKind.groups,
  input: z.object({
    idGrupo: idTextSchema.optional(),
    /** The versao read with the group (edits only): a stale one answers 409 REGISTRO_ALTERADO. */
    versao: versaoTextSchema.optional(),
    ...grupoFormFields,
    foto: z.custom<Blob>().optional(),
    /** S removes the saved photo (ignored when a new `foto` comes with it). */
    flRemoverFoto: flagSchema.optional(),
  }),
  output: z.object({ grupo: grupoAdminSchema }),
});

/**
 * Deletes a group that is not the default (409 GROUP_DEFAULT_UNDELETABLE). Posts published only
 * to it are deleted; posts also in other groups (or on the wall) stay there; announcements only
 * for it are deleted (with no group left they would reach everyone); surveys lose it from their
 * audience. Chats are rooms of their own and are not touched (docs/groups-branding-announcements.md).
 */
export const excluiGrupoAdmin = defineCall({
  name: 'excluiGrupoAdmin',
  mode: 'write',
  ...groupsAdmin,
  input: z.object({ idGrupo: idSchema }),
  output: z.object({
    qtdPublicacoesExcluidas: z.number().int(),
    qtdComunicadosExcluidos: z.number().int(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

/** One member of a group, and how they are in it: by hand, by rule or both. */
export const membroGrupoSchema = z.object({
  ...personSummaryShape,
  flAtivo: flagSchema,
  flPermitePostar: flagSchema,
  flAdministrador: flagSchema,
  /** Added by an administrator (or by joining the default group). */
  flManual: flagSchema,
  /** In by one of the group's audience rules. */
  flPorRegra: flagSchema,
});
export type MembroGrupo = z.infer<typeof membroGrupoSchema>;

/** A group's members by name, with their roles and how they are in it. */
export const consultaMembrosGrupoAdmin = defineCall({
  name: 'consultaMembrosGrupoAdmin',
  mode: 'read',
  ...groupsAdmin,
  input: z.object({ idGrupo: idSchema, ...pageRequest(), busca }),
  output: z.object({ listMembros: z.array(membroGrupoSchema), ...pageAnswer }),
});

/** People of the company not yet in the group by hand, matching the words (at most 20), to add. */
export const consultaCandidatosMembroGrupoAdmin = defineCall({
  name: 'consultaCandidatosMembroGrupoAdmin',
  mode: 'read',
  ...groupsAdmin,
  input: z.object({ idGrupo: idSchema, busca }),
  output: z.object({
    listUsuarios: z.array(
      z.object({
        ...personSummaryShape,
        /** Already in the group by one of its rules. */
        flPorRegra: flagSchema,
      }),
    ),
  }),
});

const memberIds = z.array(idSchema).min(1, required).max(groupLimits.membersPerCallMax);

/**
 * Adds people to the group by hand with these roles (people already in it by hand take the roles;
 * people in it by rule become members by hand too). Someone who is not the company's: 422.
 */
export const adicionaMembrosGrupoAdmin = defineCall({
  name: 'adicionaMembrosGrupoAdmin',
  mode: 'write',
  ...groupsAdmin,
  input: z.object({
    idGrupo: idSchema,
    idsUsuarios: memberIds,
    flPermitePostar: flagSchema,
    flAdministrador: flagSchema,
  }),
  output: z.object({ qtdAdicionados: z.number().int() }),
});

/** Changes a member's roles in the group (whether by hand or by rule). */
export const alteraMembroGrupoAdmin = defineCall({
  name: 'alteraMembroGrupoAdmin',
  mode: 'write',
  ...groupsAdmin,
  input: z.object({
    idGrupo: idSchema,
    idUsuario: idSchema,
    flPermitePostar: flagSchema,
    flAdministrador: flagSchema,
  }),
  output: z.object({ membro: membroGrupoSchema }),
});

/**
 * Removes people from the group by hand. Someone also in it by one of its rules stays, by rule
 * (`qtdMantidosPorRegra`), until the rule or their placement changes.
 */
export const removeMembrosGrupoAdmin = defineCall({
  name: 'removeMembrosGrupoAdmin',
  mode: 'write',
  ...groupsAdmin,
  input: z.object({ idGrupo: idSchema, idsUsuarios: memberIds }),
  output: z.object({ qtdRemovidos: z.number().int(), qtdMantidosPorRegra: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Audience rules
// ---------------------------------------------------------------------------------------------

/** One rule: everyone matching every criterion it sets (at least one). */
export const regraGrupoSchema = z.object({
  idRegra: z.number().int(),
  idUnidade: z.number().int().nullable(),
  unidade: z.string().nullable(),
  idFilial: z.number().int().nullable(),
  filial: z.string().nullable(),
  idSetor: z.number().int().nullable(),
  setor: z.string().nullable(),
  idCargo: z.number().int().nullable(),
  cargo: z.string().nullable(),
  /** Active people the rule matches now. */
  qtdPessoas: z.number().int(),
});
export type RegraGrupo = z.infer<typeof regraGrupoSchema>;

/** A group's audience rules. */
export const consultaRegrasGrupoAdmin = defineCall({
  name: 'consultaRegrasGrupoAdmin',
  mode: 'read',
  ...groupsAdmin,
  input: z.object({ idGrupo: idSchema }),
  output: z.object({
    regras: z.array(regraGrupoSchema),
    /**
     * The rules' version (the group's own `versao` does not cover them: they are saved apart), to
     * send back with salvaRegrasGrupoAdmin (a stale one answers 409 REGISTRO_ALTERADO).
     */
    versao: versaoSchema,
  }),
});

const itemOption = z.object({ id: z.number().int(), nome: z.string(), flAtivo: flagSchema });

/** What a rule may name: the company's units, branches, sectors and positions, by name. */
export const consultaOpcoesRegrasGrupoAdmin = defineCall({
  name: 'consultaOpcoesRegrasGrupoAdmin',
  mode: 'read',
  ...groupsAdmin,
  input: z.object({}),
  output: z.object({
    listUnidades: z.array(itemOption),
    listFiliais: z.array(itemOption),
    listSetores: z.array(itemOption),
    listCargos: z.array(itemOption),
  }),
});

/** A rule as the editor sends it: at least one criterion (422 `regras` otherwise). */
export const regraGrupoInputSchema = z.object({
  idUnidade: idSchema.nullish(),
  idFilial: idSchema.nullish(),
  idSetor: idSchema.nullish(),
  idCargo: idSchema.nullish(),
});

/**
 * Replaces the group's rules, and its members by rule with them in the same transaction: people
 * the rules now match join by rule, people no rule matches any more leave (unless also in by
 * hand). Items that are not the company's, or of the wrong kind: 422 on `regras`.
 */
export const salvaRegrasGrupoAdmin = defineCall({
  name: 'salvaRegrasGrupoAdmin',
  mode: 'write',
  ...groupsAdmin,
  input: z.object({
    idGrupo: idSchema,
    /** The versao read with the rules: a stale one answers 409 REGISTRO_ALTERADO. */
    versao: versaoSchema.optional(),
    regras: z
      .array(regraGrupoInputSchema)
      .max(groupLimits.rulesMax)
      .check((ctx) => {
        ctx.value.forEach((rule, index) => {
          if (!rule.idUnidade && !rule.idFilial && !rule.idSetor && !rule.idCargo) {
            ctx.issues.push({
              code: 'custom',
              input: rule,
              path: [index],
              message: 'validation.groupRuleEmpty',
            });
          }
        });
      }),
  }),
  output: z.object({
    regras: z.array(regraGrupoSchema),
    qtdMembrosPorRegra: z.number().int(),
    versao: versaoSchema,
  }),
});
