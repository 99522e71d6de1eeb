import { z } from 'zod';
import { hexColorPattern, shadeSteps } from '../color-scale.ts';
import { defineCall } from '../define-call.ts';
import {
  AdminPermission,
  functionNameLanguages,
  MediaKind,
  Permission,
  type PermissionCode,
} from '../enums.ts';
import { limits } from '../limits.ts';
import { flagSchema, versaoSchema, versaoTextSchema } from '../wire.ts';

/**
 * App settings (issue 14, `/admin/configuracoes-app`, ADMIN_CONFIGURACOES_APP): the company's
 * logo, main colour (from which the 10-shade scale is derived), its two text colours, and the
 * company's own names for the portal's functions (spec sections 3 and 5).
 *
 * Function names per language (issue 29): beside its default name (`nome`, shown in Portuguese and
 * in any language without its own), a function may carry `nomesPorIdioma: {en?, es?}`, its name in
 * English and in Spanish. A language name needs the default name beside it; each has the default
 * name's limit (16 characters once trimmed); an empty one means "use the default name".
 */

const appSettings = { audience: 'admin', permission: AdminPermission.appSettings } as const;

/** The logo's rules: PNG or JPEG (checked by content), its weight and its size in pixels. */
export const logoRules = {
  extensions: ['png', 'jpg', 'jpeg'],
  mimeTypes: ['image/png', 'image/jpeg'],
  maxBytes: 2 * 1024 * 1024,
  /** Each side at least this many pixels (smaller is blurred in the header). */
  minSidePx: 32,
  /** Each side at most this many pixels (the header shows it 32 pixels high). */
  maxSidePx: 2048,
} as const;

/** The portal functions a company may name: each is an employee permission the portal shows. */
export const nameableFunctions = [Permission.chat, Permission.surveys, Permission.publishTimeline] as const;

/** A colour as #rrggbb (any case; kept in lower case). */
export const corSchema = z
  .string()
  .trim()
  .regex(hexColorPattern, { error: 'validation.colorInvalid' })
  .transform((value) => value.toLowerCase());

const nomeSchema = z.string().trim().max(limits.functionNameMax, { error: 'validation.functionNameMax' });

/** A function's names by language (`{en?, es?}`); a language left out or '' shows the default name. */
export const nomesPorIdiomaSchema = z.object({ en: nomeSchema.optional(), es: nomeSchema.optional() });
export type NomesPorIdioma = z.output<typeof nomesPorIdiomaSchema>;

/**
 * One function's name; an empty name means the portal's default label. `nomesPorIdioma` gives its
 * name in English and Spanish (left out: none); a language name without a default name is refused
 * on `nome` ('validation.functionNameDefaultRequired').
 */
export const nomeFuncaoSchema = z
  .object({
    permissao: z.enum(nameableFunctions, { error: 'validation.functionUnknown' }),
    nome: nomeSchema,
    nomesPorIdioma: nomesPorIdiomaSchema.optional(),
  })
  .check((ctx) => {
    const { nome, nomesPorIdioma } = ctx.value;
    if (nome === '' && functionNameLanguages.some((language) => (nomesPorIdioma?.[language] ?? '') !== '')) {
      ctx.issues.push({
        code: 'custom',
        input: nome,
        path: ['nome'],
        message: 'validation.functionNameDefaultRequired',
      });
    }
  });
export type NomeFuncao = z.output<typeof nomeFuncaoSchema>;

/** The whole list of names, at most one per function. */
export const nomesFuncoesSchema = z
  .array(nomeFuncaoSchema)
  .max(nameableFunctions.length * 4)
  .check((ctx) => {
    const seen = new Set<PermissionCode>();
    ctx.value.forEach((item, index) => {
      if (seen.has(item.permissao)) {
        ctx.issues.push({
          code: 'custom',
          input: item.permissao,
          path: [index, 'permissao'],
          message: 'validation.functionRepeated',
        });
      }
      seen.add(item.permissao);
    });
  });

/** A JSON text field of a multipart body, read as JSON and then checked by `schema`. */
function jsonField<Schema extends z.ZodType>(schema: Schema) {
  return z
    .string()
    .max(20_000, { error: 'validation.tooLong' })
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.issues.push({ code: 'custom', input: text, message: 'validation.valueInvalid' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

const hex = z.string();

/** The settings as stored, with the colour scale derived from the main colour. */
export const configuracoesAppSchema = z.object({
  urlLogo: z.string().nullable(),
  corPrincipal: hex,
  corFontePrimaria: hex,
  corFonteSecundaria: hex,
  /**
   * Only the functions the company named; the others show the portal's default label.
   * `nomesPorIdioma` holds only the languages given a name of their own.
   */
  nomesFuncoes: z.array(
    z.object({
      permissao: z.string(),
      nome: z.string(),
      nomesPorIdioma: z.object({ en: z.string().optional(), es: z.string().optional() }),
    }),
  ),
  /** The 10 shades by step ("50" … "900"); the main colour is step 600. */
  escalaCores: z.object(
    Object.fromEntries(shadeSteps.map((shade) => [String(shade), hex])) as Record<
      `${(typeof shadeSteps)[number]}`,
      typeof hex
    >,
  ),
  /** The colour of each interaction state: main 600, hover 500, active 400, focus 500. */
  coresEstados: z.object({ principal: hex, hover: hex, ativo: hex, foco: hex }),
  /** The settings' version, to send back with the save (a stale one answers 409 REGISTRO_ALTERADO). */
  versao: versaoSchema,
});
export type ConfiguracoesApp = z.infer<typeof configuracoesAppSchema>;

export const consultaConfiguracoesAppAdmin = defineCall({
  name: 'consultaConfiguracoesAppAdmin',
  mode: 'read',
  ...appSettings,
  input: z.object({}),
  output: z.object({ configuracoes: configuracoesAppSchema }),
});

/**
 * Saves the settings (multipart): the three colours, `nomesFuncoes` as a JSON text of
 * `[{permissao, nome, nomesPorIdioma?: {en?, es?}}]` (the whole list: a function left out or named
 * '' goes back to its default label, a language left out or '' to the default name; the field
 * left out keeps the names as they are), and an optional `logo` (PNG or JPEG by
 * content, `logoRules`). The old logo is kept until the new one is stored and saved.
 * `flRemoverLogo` 'S' removes the saved logo (its file goes once the save is done); a `logo` sent
 * with it takes its place.
 */
export const salvaConfiguracoesAppAdmin = defineCall({
  name: 'salvaConfiguracoesAppAdmin',
  mode: 'write',
  ...appSettings,
  multipart: true,
  mediaKind: MediaKind.branding,
  input: z.object({
    logo: z.custom<Blob>().optional(),
    flRemoverLogo: flagSchema.optional(),
    corPrincipal: corSchema,
    corFontePrimaria: corSchema,
    corFonteSecundaria: corSchema,
    nomesFuncoes: jsonField(nomesFuncoesSchema).optional(),
    /** The versao read with the settings: a stale one answers 409 REGISTRO_ALTERADO. */
    versao: versaoTextSchema.optional(),
  }),
  output: z.object({ configuracoes: configuracoesAppSchema }),
});
