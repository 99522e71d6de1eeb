import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { AdminPermission } from '../enums.ts';
import { flagSchema, idSchema, okSchema, required, tooLong } from '../wire.ts';
import { peopleLimits } from './people-limits.ts';

/**
 * The user settings (issue 13, under ADMIN_USUARIOS): the catalogues a person's record points at
 * (unit, branch, sector, job title; HR ticket subjects too) and which profile fields employees
 * may change themselves. The users' calls are in `people.ts`.
 */

const users = { audience: 'admin', permission: AdminPermission.users } as const;

/** The kinds of catalogue the user settings keep. */
export const CatalogKind = {
  unit: 'UNIDADE',
  branch: 'FILIAL',
  sector: 'SETOR',
  jobTitle: 'CARGO',
  ticketSubject: 'ASSUNTO_CHAMADO',
} as const;
export type CatalogKindValue = (typeof CatalogKind)[keyof typeof CatalogKind];
export const catalogKindSchema = z.enum([
  CatalogKind.unit,
  CatalogKind.branch,
  CatalogKind.sector,
  CatalogKind.jobTitle,
  CatalogKind.ticketSubject,
]);

/** Profile fields the company may let employees change themselves on "Minha conta". */
export const SelfEditableField = { profileText: 'TEXTO_PERFIL', photo: 'FOTO', mobile: 'CELULAR' } as const;
export type SelfEditableFieldValue = (typeof SelfEditableField)[keyof typeof SelfEditableField];
export const selfEditableFieldSchema = z.enum([
  SelfEditableField.profileText,
  SelfEditableField.photo,
  SelfEditableField.mobile,
]);

/** One item of a catalogue as its table lists it. */
export const itemCatalogoSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  flAtivo: flagSchema,
  /** People pointing at it (0 for ticket subjects: see the HR portal). */
  qtdUsuarios: z.number().int(),
});
export type ItemCatalogo = z.infer<typeof itemCatalogoSchema>;

/** A catalogue's items, by name (active and inactive). Any administrator who edits people reads them. */
export const consultaCatalogoAdmin = defineCall({
  name: 'consultaCatalogoAdmin',
  mode: 'read',
  ...users,
  input: z.object({ tipo: catalogKindSchema }),
  output: z.object({ listItens: z.array(itemCatalogoSchema) }),
});

/** Creates or renames/(de)activates an item; names are unique per kind, case ignored (422 on nome). */
export const salvaItemCatalogoAdmin = defineCall({
  name: 'salvaItemCatalogoAdmin',
  mode: 'write',
  ...users,
  input: z.object({
    tipo: catalogKindSchema,
    id: idSchema.optional(),
    nome: z.string().trim().min(1, required).max(peopleLimits.catalogNameMax, tooLong),
    flAtivo: flagSchema.default('S'),
  }),
  output: z.object({ item: itemCatalogoSchema }),
});

/** Deletes an item no one uses; one in use answers 409 CATALOG_ITEM_IN_USE (deactivate it instead). */
export const excluiItemCatalogoAdmin = defineCall({
  name: 'excluiItemCatalogoAdmin',
  mode: 'write',
  ...users,
  input: z.object({ tipo: catalogKindSchema, id: idSchema }),
  output: okSchema,
});

/** Which profile fields employees may change themselves on "Minha conta". */
export const consultaConfiguracoesUsuarioAdmin = defineCall({
  name: 'consultaConfiguracoesUsuarioAdmin',
  mode: 'read',
  ...users,
  input: z.object({}),
  output: z.object({ camposEditaveis: z.array(selfEditableFieldSchema) }),
});

export const salvaConfiguracoesUsuarioAdmin = defineCall({
  name: 'salvaConfiguracoesUsuarioAdmin',
  mode: 'write',
  ...users,
  input: z.object({ camposEditaveis: z.array(selfEditableFieldSchema).max(3) }),
  output: z.object({ camposEditaveis: z.array(selfEditableFieldSchema) }),
});
