import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { AdminPermission } from '../enums.ts';
import { flagSchema, idSchema, okSchema, required, versaoSchema } from '../wire.ts';

/**
 * Corporate TV (issue 17): screens the administration declares and pairs by a one-time code, and
 * the screen's own calls. No employee session is ever left on a screen:
 *
 * - Pairing: the screen at /tv asks `solicitaCodigoTv` (public) for a 6-character code and gets
 *   with it an httpOnly cookie `elo_tv_pedido` (path /backend). It polls `consultaPareamentoTv`
 *   with the code; once an administrator called `pareiaTelaTvAdmin` with that code, the first poll
 *   from the browser holding the cookie gets `tokenTela` (once, never again). The screen keeps the
 *   token (e.g. localStorage) and sends it as `Authorization: Bearer <tokenTela>`.
 * - Content: `consultaConteudoTv` (audience 'device') with the bearer token only; a session cookie
 *   never grants it and the token grants no other call. 401 `TV_NAO_AUTORIZADA` means the token
 *   is missing, revoked, replaced or forged: the screen shows it is no longer authorised and goes
 *   back to pairing.
 * - Live refresh: `GET tvEventsPath` with the same bearer header and `Accept: text/event-stream`:
 *   event `conteudo` (refetch consultaConteudoTv; also sent once as soon as the stream opens, so a
 *   reconnecting screen catches up), event `revogada` (the stream then ends; reconnecting answers
 *   401 TV_NAO_AUTORIZADA), each with data `{"evento": <name>}`, and a comment ping every 25 s.
 *   The browser's EventSource cannot send headers: read it with fetch() and a stream reader (an
 *   SSE parser such as eventsource-parser).
 * - Media: every URL in the slides and `empresa.urlLogo` is a signed address under
 *   `/backend/tv/midia/...?tela=..&exp=..&sig=..` that a plain <img src> (or the service worker)
 *   fetches without any header or cookie. Addresses stay the same for a day-long window (so the
 *   service worker's cache keeps working offline) and stop working when they expire or the screen
 *   is revoked. Never rewrite or shorten them.
 */

const tv = { audience: 'admin', permission: AdminPermission.corporateTv } as const;

/** Limits of a screen's settings and of pairing codes. */
export const tvLimits = {
  secondsPerSlideMin: 8,
  secondsPerSlideMax: 15,
  postsMin: 1,
  postsMax: 10,
  nameMax: 80,
  /** Groups one screen may show publications of. */
  groupsMax: 100,
  /** The pairing code's length and alphabet: no 0/O, no 1/I, so it reads well from a distance. */
  codeLength: 6,
  codeAlphabet: '23456789ABCDEFGHJKLMNPQRSTUVWXYZ',
  /** How long a pairing code stays valid. */
  codeValidHours: 24,
  /** A screen is online when it made contact this recently (or holds the event stream open). */
  onlineWithinSeconds: 120,
  /** Seconds between the stream's keep-alive comments. */
  eventsPingSeconds: 25,
} as const;

/** The address of the screen's live event stream (GET, bearer token). */
export const tvEventsPath = '/backend/tv/eventos';

/** The names of the stream's events. */
export const TvEvent = { content: 'conteudo', revoked: 'revogada' } as const;

/** The name of the cookie that ties a pairing code to the browser that asked for it. */
export const tvRequestCookie = 'elo_tv_pedido';

/** A pairing code as typed: trimmed and upper-cased, then checked against the alphabet. */
export const tvCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, required)
  .max(32, { error: 'validation.tvCodeFormat' })
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z.string().regex(new RegExp(`^[${tvLimits.codeAlphabet}]{${tvLimits.codeLength}}$`), {
      error: 'validation.tvCodeFormat',
    }),
  );

/** One screen in the administration's list. */
export const telaTvSchema = z.object({
  idTela: z.number().int(),
  nome: z.string(),
  /** The groups whose publications it shows (with the wall's); empty: the wall only. */
  idsGrupos: z.array(z.number().int()),
  segundosPorSlide: z.number().int(),
  flComunicados: flagSchema,
  flPublicacoes: flagSchema,
  qtdPublicacoes: z.number().int(),
  flAniversariantes: flagSchema,
  /** Whether a device holds a valid token for it. */
  flPareada: flagSchema,
  /** The screen's last contact (content fetched or stream open), ISO 8601; null when never. */
  dtUltimoContato: z.string().nullable(),
  flOnline: flagSchema,
  /** The screen's version, to send back with the save (a stale one answers 409 REGISTRO_ALTERADO). */
  versao: versaoSchema,
});
export type TelaTv = z.infer<typeof telaTvSchema>;

/** An announcement on the screen: the carousel's image. */
export const slideComunicadoSchema = z.object({
  tipo: z.literal('comunicado'),
  idComunicado: z.number().int(),
  urlImagem: z.string(),
  /** What the image shows (alternative text). */
  descricao: z.string().nullable(),
});

/** A published publication on the screen. */
export const slidePublicacaoSchema = z.object({
  tipo: z.literal('publicacao'),
  idPostagem: z.number().int(),
  texto: z.string(),
  urlImagem: z.string().nullable(),
  /** A video's still (the screen shows the still, never plays the video). */
  urlMiniaturaVideo: z.string().nullable(),
  nomeAutor: z.string(),
  urlFotoAutor: z.string().nullable(),
  dtPublicacao: z.string(),
});

/** Today's birthdays and work anniversaries (people who did not opt out). */
export const slideAniversariantesSchema = z.object({
  tipo: z.literal('aniversariantes'),
  listPessoas: z.array(
    z.object({
      nome: z.string(),
      urlFoto: z.string().nullable(),
      tipo: z.enum(['aniversario', 'tempoDeCasa']),
      /** Years in the company for a work anniversary; null for a birthday. */
      qtdAnos: z.number().int().nullable(),
    }),
  ),
});

export const slideTvSchema = z.discriminatedUnion('tipo', [
  slideComunicadoSchema,
  slidePublicacaoSchema,
  slideAniversariantesSchema,
]);
export type SlideTv = z.infer<typeof slideTvSchema>;

/** What a screen rotates, in order. */
export const conteudoTvSchema = z.object({
  tela: z.object({ nome: z.string(), segundosPorSlide: z.number().int() }),
  empresa: z.object({ nome: z.string(), urlLogo: z.string().nullable(), corPrincipal: z.string() }),
  slides: z.array(slideTvSchema),
  /** When the server made this answer, ISO 8601. */
  dtGeracao: z.string(),
});
export type ConteudoTv = z.infer<typeof conteudoTvSchema>;

/** The company's screens, by name. */
export const consultaTelasTvAdmin = defineCall({
  name: 'consultaTelasTvAdmin',
  mode: 'read',
  ...tv,
  input: z.object({}),
  output: z.object({ listTelas: z.array(telaTvSchema) }),
});

/** The company's groups, for the screen form's choice and the list's names (any TV administrator). */
export const consultaGruposTvAdmin = defineCall({
  name: 'consultaGruposTvAdmin',
  mode: 'read',
  ...tv,
  input: z.object({}),
  output: z.object({ listGrupos: z.array(z.object({ idGrupo: z.number().int(), nome: z.string() })) }),
});

const tvFlag = z.enum(['S', 'N'], { error: 'validation.valueInvalid' });

/** The screen form: create (no idTela) or edit. */
export const salvaTelaTvAdminInputSchema = z.object({
  idTela: idSchema.optional(),
  /** The versao read with the screen (edits only): a stale one answers 409 REGISTRO_ALTERADO. */
  versao: versaoSchema.optional(),
  nome: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, required)
    .max(tvLimits.nameMax, { error: 'validation.tooLong' }),
  idsGrupos: z
    .array(idSchema, { error: 'validation.groupsInvalid' })
    .max(tvLimits.groupsMax, { error: 'validation.groupsInvalid' }),
  segundosPorSlide: z
    .number({ error: 'validation.tvSecondsRange' })
    .int({ error: 'validation.tvSecondsRange' })
    .min(tvLimits.secondsPerSlideMin, { error: 'validation.tvSecondsRange' })
    .max(tvLimits.secondsPerSlideMax, { error: 'validation.tvSecondsRange' }),
  flComunicados: tvFlag,
  flPublicacoes: tvFlag,
  qtdPublicacoes: z
    .number({ error: 'validation.tvPostsRange' })
    .int({ error: 'validation.tvPostsRange' })
    .min(tvLimits.postsMin, { error: 'validation.tvPostsRange' })
    .max(tvLimits.postsMax, { error: 'validation.tvPostsRange' }),
  flAniversariantes: tvFlag,
});
export type SalvaTelaTvAdminInput = z.input<typeof salvaTelaTvAdminInputSchema>;

export const salvaTelaTvAdmin = defineCall({
  name: 'salvaTelaTvAdmin',
  mode: 'write',
  ...tv,
  input: salvaTelaTvAdminInputSchema,
  output: z.object({ idTela: z.number().int() }),
});

/** Deletes a screen; a device paired to it is no longer authorised. */
export const excluiTelaTvAdmin = defineCall({
  name: 'excluiTelaTvAdmin',
  mode: 'write',
  ...tv,
  input: z.object({ idTela: idSchema }),
  output: okSchema,
});

/** Binds the screen to the device showing this code (a token held before stops working). */
export const pareiaTelaTvAdmin = defineCall({
  name: 'pareiaTelaTvAdmin',
  mode: 'write',
  ...tv,
  input: z.object({ idTela: idSchema, codigo: tvCodeSchema }),
  output: okSchema,
});

/** Unbinds the screen: its device is told it is no longer authorised. */
export const revogaTelaTvAdmin = defineCall({
  name: 'revogaTelaTvAdmin',
  mode: 'write',
  ...tv,
  input: z.object({ idTela: idSchema }),
  output: okSchema,
});

/** What the screen would rotate now (the administration's preview). */
export const consultaConteudoTelaTvAdmin = defineCall({
  name: 'consultaConteudoTelaTvAdmin',
  mode: 'read',
  ...tv,
  input: z.object({ idTela: idSchema }),
  output: conteudoTvSchema,
});

/** A fresh pairing code for the screen asking (and the `elo_tv_pedido` cookie). */
export const solicitaCodigoTv = defineCall({
  name: 'solicitaCodigoTv',
  mode: 'write',
  audience: 'public',
  input: z.object({}),
  output: z.object({ codigo: z.string(), dtExpiracao: z.string() }),
});

/**
 * Whether the code was paired: 'N' and null until then; 'S' and the device token once, to the
 * browser holding the request cookie. An expired, used or unknown code, or a missing or wrong
 * cookie, all answer 404 TV_CODIGO_INVALIDO.
 */
export const consultaPareamentoTv = defineCall({
  name: 'consultaPareamentoTv',
  mode: 'write',
  audience: 'public',
  input: z.object({ codigo: tvCodeSchema }),
  output: z.object({ flPareada: flagSchema, tokenTela: z.string().nullable() }),
});

/** The paired screen's content (bearer device token only). */
export const consultaConteudoTv = defineCall({
  name: 'consultaConteudoTv',
  mode: 'read',
  audience: 'device',
  input: z.object({}),
  output: conteudoTvSchema,
});
