import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { flagSchema, idSchema, okSchema, pagedList, pageRequest, required } from '../wire.ts';

/**
 * Personal reminders (issue 16, /painel/exemplo/lembrete): each signed-in person keeps their own;
 * at its time a reminder becomes a notification (and an e-mail when asked), and a recurring one
 * comes back daily, weekly or monthly in America/Sao_Paulo. No employee permission governs the
 * page (spec section 2 names none), so any signed-in person may use it.
 */

const own = { audience: 'user' } as const;

export const reminderLimits = {
  titleMax: 120,
  descriptionMax: 1_000,
  /** A page of the list. */
  pageSize: 10,
  pageSizeMax: 50,
} as const;

export const ReminderRecurrence = {
  none: 'NENHUMA',
  daily: 'DIARIA',
  weekly: 'SEMANAL',
  monthly: 'MENSAL',
} as const;
export const reminderRecurrenceSchema = z.enum(
  [ReminderRecurrence.none, ReminderRecurrence.daily, ReminderRecurrence.weekly, ReminderRecurrence.monthly],
  { error: 'validation.recurrenceInvalid' },
);
export type ReminderRecurrenceValue = z.infer<typeof reminderRecurrenceSchema>;

/** How long a reminder may be put off from its notification: 10 minutes, an hour, a day. */
export const reminderSnoozeMinutes = [10, 60, 1_440] as const;

/** Which reminders a page lists: those still to come, or those done or over. */
export const ReminderSituation = { upcoming: 'PROXIMOS', past: 'PASSADOS' } as const;
export const reminderSituationSchema = z.enum([ReminderSituation.upcoming, ReminderSituation.past]);
export type ReminderSituationValue = z.infer<typeof reminderSituationSchema>;

/** One reminder as the page shows it. */
export const lembreteSchema = z.object({
  idLembrete: z.number().int(),
  titulo: z.string(),
  descricao: z.string().nullable(),
  /** The time the person set (the first occurrence of a recurring one). */
  dtLembrete: z.string(),
  recorrencia: reminderRecurrenceSchema,
  flEmail: flagSchema,
  flConcluido: flagSchema,
  /** The next time it fires; null once a one-off fired or the reminder is concluded. */
  dtProximaOcorrencia: z.string().nullable(),
  /** The last time it fired; null before the first. */
  dtUltimaOcorrencia: z.string().nullable(),
});
export type Lembrete = z.infer<typeof lembreteSchema>;

/** An instant as the form sends it (ISO 8601 with its offset). */
const instant = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, required)
  .pipe(z.iso.datetime({ offset: true, error: 'validation.invalidDate' }));

/** The caller's reminders: upcoming first (soonest first), then past (latest first), or one of the two. */
export const consultaLembretes = defineCall({
  name: 'consultaLembretes',
  mode: 'read',
  ...own,
  input: z.object({
    ...pageRequest(reminderLimits.pageSize, reminderLimits.pageSizeMax),
    situacao: reminderSituationSchema.optional(),
  }),
  output: pagedList('listLembretes', lembreteSchema),
});

/**
 * The reminder form: creates (no idLembrete) or edits one of the caller's. The time must be
 * ahead of now when it is new or changed; saving a concluded reminder with a new time opens it again.
 */
export const salvaLembreteInputSchema = z.object({
  idLembrete: idSchema.optional(),
  titulo: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, required)
    .max(reminderLimits.titleMax, { error: 'validation.tooLong' }),
  descricao: z
    .string()
    .trim()
    .max(reminderLimits.descriptionMax, { error: 'validation.tooLong' })
    .optional()
    .nullable()
    .transform((value) => value || null),
  dtLembrete: instant,
  recorrencia: reminderRecurrenceSchema,
  flEmail: flagSchema.default('N'),
});
export type SalvaLembreteInput = z.input<typeof salvaLembreteInputSchema>;

export const salvaLembrete = defineCall({
  name: 'salvaLembrete',
  mode: 'write',
  ...own,
  input: salvaLembreteInputSchema,
  output: z.object({ lembrete: lembreteSchema }),
});

/** Marks one of the caller's reminders done: it fires no more. */
export const concluiLembrete = defineCall({
  name: 'concluiLembrete',
  mode: 'write',
  ...own,
  input: z.object({ idLembrete: idSchema }),
  output: z.object({ lembrete: lembreteSchema }),
});

/** Deletes one of the caller's reminders (a fire already scheduled does nothing). */
export const excluiLembrete = defineCall({
  name: 'excluiLembrete',
  mode: 'write',
  ...own,
  input: z.object({ idLembrete: idSchema }),
  output: okSchema,
});

/** Puts one of the caller's reminders off by 10, 60 or 1440 minutes from now (from the bell). */
export const adiaLembrete = defineCall({
  name: 'adiaLembrete',
  mode: 'write',
  ...own,
  input: z.object({
    idLembrete: idSchema,
    minutos: z
      .number({ error: 'validation.snoozeInvalid' })
      .refine((value) => (reminderSnoozeMinutes as readonly number[]).includes(value), {
        error: 'validation.snoozeInvalid',
      }),
  }),
  output: z.object({ lembrete: lembreteSchema }),
});

/** The portal path of a reminder, the link of its notification (the bell reads the id back). */
export function reminderLink(idLembrete: number): string {
  return `/painel/exemplo/lembrete?idLembrete=${idLembrete}`;
}

/** The reminder id of a notification's link made by `reminderLink`, or null for any other link. */
export function reminderIdFromLink(link: string | null | undefined): number | null {
  const match = /^\/painel\/exemplo\/lembrete\?idLembrete=(\d{1,10})$/.exec(link ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  return idSchema.safeParse(id).success ? id : null;
}
