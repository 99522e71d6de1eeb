import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { EmailDigest, NotificationType } from '../enums.ts';
import { flagSchema, idSchema, pageAnswer, pageRequest, okSchema } from '../wire.ts';

/** The live stream of a person's new notifications (server-sent events, one per new item). */
export const notificationStreamPath = '/backend/notificacoes/eventos';

export const tipoNotificacaoSchema = z.enum([
  NotificationType.surveyPublished,
  NotificationType.postComment,
  NotificationType.readingReminder,
  NotificationType.moderation,
  NotificationType.publicationPublished,
  NotificationType.hrTicketAnswer,
  NotificationType.hrTicketSla,
  NotificationType.hrTicketAssigned,
  NotificationType.reminder,
]);

/**
 * One entry of the bell: a notification, or several of one kind about one item grouped while
 * unread (three comments on a post: one entry, its texts the newest one's). Marking it read marks
 * them all.
 */
export const notificacaoSchema = z.object({
  /** The entry's id (its first notification's). */
  idNotificacao: z.number().int(),
  tipo: tipoNotificacaoSchema,
  titulo: z.string(),
  texto: z.string(),
  /** A path of the portal that shows what it is about. */
  link: z.string().nullable(),
  /** When its newest notification came. */
  dtCriacao: z.string(),
  flLida: flagSchema,
  /** How many notifications it groups (1: a single one). */
  qtdAgrupadas: z.number().int().min(1),
  /** How many different people did what it tells (0 for notifications nobody in particular did). */
  qtdPessoas: z.number().int().min(0),
  /** The first of those people's names, newest first ('Carlos e mais 2 comentaram…'). */
  nomes: z.array(z.string()),
});
export type Notificacao = z.infer<typeof notificacaoSchema>;

/** The kinds of event the stream sends (the SSE `event` field). */
export const NotificationStreamEvent = {
  /** First event of every connection: the unread count now (a reconnected tab catches up). */
  ready: 'pronto',
  /** A new notification for this person. */
  created: 'notificacao',
  /** Some or all were marked read (in this tab or another). */
  read: 'lidas',
} as const;

/** The data of every stream event: the unread count after it, and what changed. */
export const notificationStreamDataSchema = z.object({
  qtdNaoLidas: z.number().int(),
  notificacao: notificacaoSchema.optional(),
  /** With `lidas`: the ids marked read, or none when all were. */
  idsNotificacoes: z.array(z.number().int()).optional(),
});
export type NotificationStreamData = z.infer<typeof notificationStreamDataSchema>;

/** The caller's notifications, newest first, with how many are unread. */
export const consultaNotificacoes = defineCall({
  name: 'consultaNotificacoes',
  mode: 'read',
  audience: 'user',
  input: z.object(pageRequest(10, 50)),
  output: z.object({
    listNotificacoes: z.array(notificacaoSchema),
    ...pageAnswer,
    qtdNaoLidas: z.number().int(),
  }),
});

/** Marks some of the caller's notifications read, or all of them with `todas: 'S'`. */
export const marcaNotificacoesLidas = defineCall({
  name: 'marcaNotificacoesLidas',
  mode: 'write',
  audience: 'user',
  input: z.union([
    z.object({ idsNotificacoes: z.array(idSchema).min(1).max(200) }),
    z.object({ todas: z.literal('S') }),
  ]),
  output: z.object({ qtdNaoLidas: z.number().int() }),
});

/** A person's choice for one kind of notification. */
export const preferenciaNotificacaoSchema = z.object({
  tipo: tipoNotificacaoSchema,
  /** Shown in the app (the bell) or not. */
  flNoApp: flagSchema,
  email: z.enum([EmailDigest.none, EmailDigest.daily, EmailDigest.weekly]),
  /** Pushed to the person's registered devices too (issue 30); on unless they turned it off. */
  flPush: flagSchema.default('S'),
});
export type PreferenciaNotificacao = z.infer<typeof preferenciaNotificacaoSchema>;

/** The caller's choices for every kind of notification (defaults where they chose nothing). */
export const consultaPreferenciasNotificacao = defineCall({
  name: 'consultaPreferenciasNotificacao',
  mode: 'read',
  audience: 'user',
  input: z.object({}),
  output: z.object({ listPreferencias: z.array(preferenciaNotificacaoSchema) }),
});

/** Saves the caller's choices (kinds not named keep theirs). */
export const salvaPreferenciasNotificacao = defineCall({
  name: 'salvaPreferenciasNotificacao',
  mode: 'write',
  audience: 'user',
  input: z.object({ listPreferencias: z.array(preferenciaNotificacaoSchema).min(1).max(20) }),
  output: okSchema,
});
