import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { AdminPermission } from '../enums.ts';
import { flagSchema, idSchema, okSchema, required, versaoSchema } from '../wire.ts';
import { hrLimits } from './hr-limits.ts';

/**
 * HR settings (issue 16): the ticket subjects (the company's ASSUNTO_CHAMADO catalogue items) with
 * their confidentiality and SLA targets, the calendar of business hours and holidays, and HR's
 * canned answers, handled by the hr-settings module.
 */

const employee = { audience: 'user' } as const;
const hrPortal = { audience: 'admin', permission: AdminPermission.hrPortal } as const;

// ── Subjects ─────────────────────────────────────────────────────────────────────────────────

export const assuntoChamadoSchema = z.object({
  idAssunto: z.number().int(),
  nome: z.string(),
  flConfidencial: flagSchema,
});

/** The company's active subjects, for the employee's new ticket. */
export const consultaAssuntosChamado = defineCall({
  name: 'consultaAssuntosChamado',
  mode: 'read',
  ...employee,
  input: z.object({}),
  output: z.object({ listAssuntos: z.array(assuntoChamadoSchema) }),
});

// ── Canned answers ───────────────────────────────────────────────────────────────────────────

export const respostaProntaSchema = z.object({
  idResposta: z.number().int(),
  /** The subject it serves; null for every subject. */
  idAssunto: z.number().int().nullable(),
  titulo: z.string(),
  texto: z.string(),
});

export const consultaRespostasProntasAdmin = defineCall({
  name: 'consultaRespostasProntasAdmin',
  mode: 'read',
  ...hrPortal,
  /** With `idAssunto`: that subject's answers and those for every subject. */
  input: z.object({ idAssunto: idSchema.optional() }),
  output: z.object({ listRespostas: z.array(respostaProntaSchema) }),
});

export const salvaRespostaProntaAdmin = defineCall({
  name: 'salvaRespostaProntaAdmin',
  mode: 'write',
  ...hrPortal,
  input: z.object({
    idResposta: idSchema.optional(),
    idAssunto: idSchema.nullable().optional(),
    titulo: z.string().trim().min(1, required).max(hrLimits.cannedTitleMax, { error: 'validation.tooLong' }),
    texto: z.string().trim().min(1, required).max(hrLimits.cannedBodyMax, { error: 'validation.tooLong' }),
  }),
  output: z.object({ resposta: respostaProntaSchema }),
});

export const excluiRespostaProntaAdmin = defineCall({
  name: 'excluiRespostaProntaAdmin',
  mode: 'write',
  ...hrPortal,
  input: z.object({ idResposta: idSchema }),
  output: okSchema,
});

// ── Settings: subjects with SLA, calendar and holidays ───────────────────────────────────────

const slaHours = z
  .number({ error: 'validation.slaHoursInvalid' })
  .positive({ error: 'validation.slaHoursInvalid' })
  .max(hrLimits.slaHoursMax, { error: 'validation.slaHoursInvalid' })
  .nullable();

export const assuntoChamadoAdminSchema = z.object({
  idAssunto: z.number().int(),
  nome: z.string(),
  flAtivo: flagSchema,
  flConfidencial: flagSchema,
  /** SLA targets in business hours (null: none). */
  horasPrimeiraResposta: z.number().nullable(),
  horasSolucao: z.number().nullable(),
  /** Administrators assigned to the subject (administrator form). */
  qtdResponsaveis: z.number().int(),
  qtdChamadosAbertos: z.number().int(),
  /** The subject's version, to send back with the save (a stale one answers 409 REGISTRO_ALTERADO). */
  versao: versaoSchema,
});

export const calendarioRhSchema = z.object({
  /** Worked weekdays, 0 (Sunday) to 6 (Saturday). */
  diasUteis: z.array(z.number().int().min(0).max(6)),
  /** The working day, HH:mm in the company's time zone. */
  horaInicio: z.string(),
  horaFim: z.string(),
  fusoHorario: z.string(),
  flFeriadosNacionais: flagSchema,
  /** The calendar's version, to send back with the save (a stale one answers 409 REGISTRO_ALTERADO). */
  versao: versaoSchema,
});

export const feriadoSchema = z.object({
  idFeriado: z.number().int().nullable(),
  /** YYYY-MM-DD. */
  data: z.string(),
  nome: z.string(),
  /** NACIONAL (from the holidays library, read-only) or EMPRESA (the company's own). */
  origem: z.enum(['NACIONAL', 'EMPRESA']),
  /**
   * A company holiday's version, to send back with its edit (a stale one answers 409
   * REGISTRO_ALTERADO); null for a national one, which is never edited.
   */
  versao: versaoSchema.nullable(),
});

/** The settings screen: subjects with confidentiality and SLA, the calendar, a year's holidays. */
export const consultaConfiguracoesRhAdmin = defineCall({
  name: 'consultaConfiguracoesRhAdmin',
  mode: 'read',
  ...hrPortal,
  input: z.object({ ano: z.number().int().min(2000).max(2100).optional() }),
  output: z.object({
    listAssuntos: z.array(assuntoChamadoAdminSchema),
    calendario: calendarioRhSchema,
    listFeriados: z.array(feriadoSchema),
  }),
});

/** Creates or edits a subject (an ASSUNTO_CHAMADO catalogue item) with its HR settings. */
export const salvaAssuntoChamadoAdmin = defineCall({
  name: 'salvaAssuntoChamadoAdmin',
  mode: 'write',
  ...hrPortal,
  input: z.object({
    idAssunto: idSchema.optional(),
    /** The versao read with the subject (edits only): a stale one answers 409 REGISTRO_ALTERADO. */
    versao: versaoSchema.optional(),
    nome: z.string().trim().min(1, required).max(hrLimits.subjectNameMax, { error: 'validation.tooLong' }),
    flAtivo: flagSchema.default('S'),
    flConfidencial: flagSchema.default('N'),
    horasPrimeiraResposta: slaHours.default(null),
    horasSolucao: slaHours.default(null),
  }),
  output: z.object({ assunto: assuntoChamadoAdminSchema }),
});

/** HH:mm, 00:00 to 23:59. */
const clockPattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = z
  .string({ error: 'validation.required' })
  .regex(clockPattern, { error: 'validation.timeInvalid' });

export const salvaCalendarioRhAdmin = defineCall({
  name: 'salvaCalendarioRhAdmin',
  mode: 'write',
  ...hrPortal,
  input: z
    .object({
      /** The versao read with the calendar: a stale one answers 409 REGISTRO_ALTERADO. */
      versao: versaoSchema.optional(),
      diasUteis: z
        .array(z.number().int().min(0).max(6), { error: 'validation.workingDaysInvalid' })
        .min(1, { error: 'validation.workingDaysInvalid' })
        .max(7, { error: 'validation.workingDaysInvalid' }),
      horaInicio: clock,
      horaFim: clock,
      flFeriadosNacionais: flagSchema,
    })
    // Compared only when both are clocks: a malformed one already has its own message.
    .refine(
      (value) =>
        !(clockPattern.test(value.horaInicio) && clockPattern.test(value.horaFim)) ||
        value.horaInicio < value.horaFim,
      {
        path: ['horaFim'],
        error: 'validation.workingHoursInvalid',
      },
    ),
  output: z.object({ calendario: calendarioRhSchema }),
});

export const salvaFeriadoAdmin = defineCall({
  name: 'salvaFeriadoAdmin',
  mode: 'write',
  ...hrPortal,
  input: z.object({
    idFeriado: idSchema.optional(),
    /** The versao read with the holiday (edits only): a stale one answers 409 REGISTRO_ALTERADO. */
    versao: versaoSchema.optional(),
    data: z.iso.date({ error: 'validation.invalidDate' }),
    nome: z.string().trim().min(1, required).max(hrLimits.holidayNameMax, { error: 'validation.tooLong' }),
  }),
  output: z.object({ feriado: feriadoSchema }),
});

export const excluiFeriadoAdmin = defineCall({
  name: 'excluiFeriadoAdmin',
  mode: 'write',
  ...hrPortal,
  input: z.object({ idFeriado: idSchema }),
  output: okSchema,
});
