import { TZDate } from '@date-fns/tz';
import type { TFunction } from 'i18next';
import { AuditAction } from '@elo/contract/calls/audit';
import { hrAttachmentTypes, hrLimits, TicketStatus, type TicketStatusValue } from '@elo/contract/calls/hr';
import { NotificationType } from '@elo/contract/enums';
import { hasVisibleText } from '@elo/contract/text';
import type { Logger } from '../../platform/logger.ts';
import type { Database } from '../../db/client.ts';
import { actorAt, type Actor } from '../../platform/auth/actor.ts';
import type { AdminStatuses } from '../../platform/auth/policy.ts';
import type { AuthSession } from '../../platform/auth/sessions.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { MailSender } from '../../platform/mail.ts';
import type { MediaReadAnswer } from '../../platform/storage/media-access.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { ExportTable } from '../../platform/table-file.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import {
  findTicketSubject,
  loadBusinessCalendar,
  businessMinutesBetween,
  type BusinessCalendar,
} from '../hr-settings/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { autoCloseCutoff, deadlinesAt, reopensAt, transition, warningDue } from './lifecycle.ts';
import { ticketUpdateEmail } from './messages.ts';
import {
  auditedTicket,
  mayRate,
  presentAdminMessage,
  presentAdminTicket,
  presentTicket,
  presentTicketSummary,
} from './presenter.ts';
import { loadHrActor } from './hr-actor.ts';
import { authorizeTicket, ticketRefusal } from './policy.ts';
import {
  claimSlaWarning,
  countOpenBySubject,
  countUnreadTickets,
  findAttachment,
  findEmployeeTicket,
  findMailFacts,
  findTicketById,
  findTicketRecord,
  insertMessage,
  insertTicket,
  listMessages,
  listReportTickets,
  listResolvedBefore,
  listResponsibleCandidates,
  listSlaWatched,
  listTicketWatchers,
  lockSubjectConfidentiality,
  lockTicket,
  nextProtocol,
  pageAdminTickets,
  pageEmployeeTickets,
  ticketRecordOf,
  updateTicket,
  type AdminTicketFilter,
  type AttachmentValues,
  type TicketValues,
} from './repo.ts';

/** The job that e-mails a requester that HR answered or moved their ticket. */
export const ticketMailJob = 'hr-ticket-mail';
/** The scan that warns HR at 75% of an SLA target and at its breach. */
export const slaScanJob = 'hr-ticket-sla-scan';
/** The scan that closes tickets resolved more than seven days ago. */
export const autoCloseJob = 'hr-ticket-auto-close';

declare module '../../platform/jobs.ts' {
  interface JobPayloads {
    [ticketMailJob]: { companyId: number; ticketId: number; kind: 'answer' | 'status' };
    [slaScanJob]: Record<string, never>;
    [autoCloseJob]: Record<string, never>;
  }
}

/** Who calls: their company and themselves. */
export interface TicketScope {
  companyId: number;
  userId: number;
}

/** An administrator who calls the HR portal: also their statuses, for the record rules (policy.ts). */
export interface HrScope extends TicketScope {
  adminPermissions: AdminStatuses;
}

/** The year of an instant on the company's clock (a ticket opened on 31 December at 22:00 is that year's). */
const yearIn = (instant: Date, timeZone: string) =>
  Number(new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(instant));

const allowedTypes = new Set<string>(hrAttachmentTypes);

/** What is wrong with a message's files: PDF, PNG or JPEG by content, 10 MB each. */
function attachmentProblems(files: UploadedFile[]): FieldMessage[] {
  const problems: FieldMessage[] = [];
  if (files.some((file) => !allowedTypes.has(file.mimeType))) problems.push('validation.hrAttachmentInvalid');
  if (files.some((file) => file.sizeBytes > hrLimits.attachmentBytesMax))
    problems.push({
      key: 'validation.hrAttachmentTooLarge',
      params: { max: hrLimits.attachmentBytesMax / 1024 / 1024 },
    });
  return problems;
}

const attachmentValues = (files: UploadedFile[]): AttachmentValues[] =>
  files.map((file) => ({
    storageKey: file.key,
    // The name is for display and the download only: never a path.
    fileName: (file.fileName || 'anexo').slice(0, 255),
    contentType: file.mimeType,
    sizeBytes: file.sizeBytes,
  }));

const excerpt = (text: string) => {
  const plain = text.replace(/\s+/g, ' ').trim();
  return [...plain].length > 160 ? `${[...plain].slice(0, 159).join('')}…` : plain;
};

const statusLabels: Record<TicketStatusValue, string> = {
  ABERTO: 'Aberto',
  EM_ANDAMENTO: 'Em andamento',
  AGUARDANDO_COLABORADOR: 'Aguardando você',
  RESOLVIDO: 'Resolvido',
  FECHADO: 'Fechado',
};

/** The portal's page of a ticket for its requester, and HR's. */
export const requesterLink = (ticketId: number) => `/painel/fale-rh?idChamado=${ticketId}`;
export const hrPortalLink = (ticketId: number) => `/admin/portal-rh?idChamado=${ticketId}`;

/** The company's tickets not yet resolved or closed, per subject id (the settings screen's count). */
export async function countOpenTicketsBySubject(
  db: Database,
  companyId: number,
): Promise<Map<number, number>> {
  const rows = await countOpenBySubject(db, companyId);
  return new Map(rows.map((row) => [row.subject_id, row.total]));
}

/** The person's tickets with an HR message not read yet (sign-in and session calls). */
export function countTicketsWithUnreadMessage(db: Database, scope: TicketScope): Promise<number> {
  return countUnreadTickets(db, scope);
}

/** The median of some numbers (null for none). */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export type HrTicketsService = ReturnType<typeof createHrTicketsService>;

/**
 * HR tickets: the employee's "Fale com o RH" and the administration's HR portal. Every write is
 * one transaction with its audit entry; e-mails go through a job queued in it, and notifications
 * after the commit, so neither can undo or half-write a change.
 */
export function createHrTicketsService(deps: {
  db: Database;
  jobs: JobQueue;
  notifications: Pick<NotificationsService, 'notify'>;
  mail: MailSender;
  publicUrl: string;
  log: Logger;
  /** The clock (tests move it). */
  now?: () => Date;
}) {
  const { db } = deps;
  const clock = deps.now ?? (() => new Date());

  /** Calendars loaded once per company per call or scan. */
  function calendars() {
    const loaded = new Map<number, Promise<BusinessCalendar>>();
    return (companyId: number) => {
      let calendar = loaded.get(companyId);
      if (!calendar) {
        calendar = loadBusinessCalendar(db, companyId);
        loaded.set(companyId, calendar);
      }
      return calendar;
    };
  }

  async function employeeTicket(scope: TicketScope, ticketId: number) {
    const row = await findEmployeeTicket(db, scope, ticketId);
    if (!row) throw new AppError('NOT_FOUND');
    return presentTicket(row, await listMessages(db, ticketId, { internal: false }));
  }

  /** A ticket of the company as HR's screens show it, whoever asks (after the record rules said yes). */
  async function ticketRow(within: Database, companyId: number, ticketId: number) {
    const row = await findTicketById(within, companyId, ticketId, clock());
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** A ticket the administrator may see (policy.ts, `view`); 404 for any other, as for one that does not exist. */
  async function adminTicket(scope: HrScope, ticketId: number) {
    const [row, actor] = await Promise.all([
      ticketRow(db, scope.companyId, ticketId),
      loadHrActor(db, scope),
    ]);
    authorizeTicket(actor, 'view', ticketRecordOf(row));
    return row;
  }

  /** Locks a ticket the administrator may act on (policy.ts, `reply`); 404 for one they may not see. */
  async function lockVisible(tx: Database, scope: HrScope, ticketId: number) {
    const locked = await lockTicket(tx, scope.companyId, ticketId);
    const record = locked && (await findTicketRecord(tx, scope.companyId, ticketId));
    if (!locked || !record) throw new AppError('NOT_FOUND');
    authorizeTicket(await loadHrActor(tx, scope), 'reply', record);
    return locked;
  }

  /** Tells the requester (bell, live) that HR answered or moved their ticket. */
  async function tellRequester(
    ticket: { companyId: number; id: number; protocol: string; requesterId: number },
    what: { answer: string | null; status: TicketStatusValue | null },
  ) {
    await deps.notifications.notify({
      companyId: ticket.companyId,
      userIds: [ticket.requesterId],
      type: NotificationType.hrTicketAnswer,
      title:
        what.answer !== null
          ? `O RH respondeu ao chamado ${ticket.protocol}`
          : `Chamado ${ticket.protocol}: ${statusLabels[what.status!]}`,
      body: what.answer !== null ? excerpt(what.answer) : `Situação: ${statusLabels[what.status!]}`,
      link: requesterLink(ticket.id),
    });
  }

  async function queueMail(
    tx: Database,
    ticket: { companyId: number; id: number },
    kind: 'answer' | 'status',
  ) {
    await deps.jobs.send(
      ticketMailJob,
      { companyId: ticket.companyId, ticketId: ticket.id, kind },
      { transaction: tx },
    );
  }

  const auditTarget = (ticket: { id: number; protocol: string }) => ({
    type: 'hr_ticket',
    id: ticket.id,
    name: ticket.protocol,
  });

  return {
    // ── The employee's side ─────────────────────────────────────────────────────────────────

    /**
     * Opens a ticket: an active subject of the company, a message with visible text and up to five
     * PDF or image files (the binder removes the files again when anything here refuses).
     */
    async open(
      scope: TicketScope,
      input: { idAssunto: number; mensagem: string },
      files: UploadedFile[],
      actor: Actor,
    ) {
      const errors: Record<string, FieldMessage[]> = {};
      const subject = await findTicketSubject(db, scope.companyId, input.idAssunto);
      if (!subject || !subject.active) errors.idAssunto = ['validation.ticketSubjectInvalid'];
      if (!hasVisibleText(input.mensagem)) errors.mensagem = ['validation.required'];
      const fileProblems = attachmentProblems(files);
      if (fileProblems.length > 0) errors.anexos = fileProblems;
      if (Object.keys(errors).length > 0) throw invalidFields(errors);

      const now = clock();
      const calendar = await loadBusinessCalendar(db, scope.companyId);
      const due = deadlinesAt(calendar, now, subject!);
      const text = input.mensagem.trim();
      return db.transaction(async (tx) => {
        // Opened under a confidential subject, it stays confidential for life (policy.ts).
        const confidential = await lockSubjectConfidentiality(tx, subject!.id);
        const protocol = await nextProtocol(tx, scope.companyId, yearIn(now, calendar.timeZone));
        const ticketId = await insertTicket(tx, {
          companyId: scope.companyId,
          protocol,
          requesterId: scope.userId,
          subjectId: subject!.id,
          confidentialSubjectId: confidential ? subject!.id : null,
          openedAt: now,
          lastMessageAt: now,
          requesterReadAt: now,
          ...due,
        });
        await insertMessage(tx, {
          companyId: scope.companyId,
          ticketId,
          authorId: scope.userId,
          fromHr: false,
          internal: false,
          body: text,
          createdAt: now,
          attachments: attachmentValues(files),
        });
        await recordAudit(tx, actor, {
          action: AuditAction.hrTicketOpen,
          target: auditTarget({ id: ticketId, protocol }),
          changes: changedFields(null, {
            idAssunto: subject!.id,
            status: TicketStatus.open,
            qtdAnexos: files.length,
          }),
        });
        return { idChamado: ticketId, protocolo: protocol };
      });
    },

    /** The person's tickets, the latest message first. */
    async list(
      scope: TicketScope,
      filter: { status?: string | undefined },
      page: { number: number; size: number },
    ) {
      const { rows, total } = await pageEmployeeTickets(db, scope, {
        status: filter.status,
        limit: page.size,
        offset: (page.number - 1) * page.size,
      });
      return {
        listChamados: rows.map(presentTicketSummary),
        idPaginaAtual: page.number,
        qtdRegistrosPorPagina: page.size,
        qtdTotalRegistros: total,
      };
    },

    /** One of the person's tickets with its messages; HR's messages are read from now on. */
    async show(scope: TicketScope, ticketId: number) {
      const row = await findEmployeeTicket(db, scope, ticketId);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.unread) await updateTicket(db, scope.companyId, ticketId, { requesterReadAt: clock() });
      return { chamado: await employeeTicket(scope, ticketId) };
    },

    /**
     * The person writes on their ticket. One waiting for them goes back to HR (its SLA clock runs
     * again); a resolved one reopens within seven days of its resolution; a closed one refuses.
     */
    async write(
      scope: TicketScope,
      input: { idChamado: number; mensagem: string },
      files: UploadedFile[],
      actor: Actor,
    ) {
      const errors: Record<string, FieldMessage[]> = {};
      if (!hasVisibleText(input.mensagem)) errors.mensagem = ['validation.required'];
      const fileProblems = attachmentProblems(files);
      if (fileProblems.length > 0) errors.anexos = fileProblems;
      const now = clock();
      const calendar = await loadBusinessCalendar(db, scope.companyId);
      await db.transaction(async (tx) => {
        const locked = await lockTicket(tx, scope.companyId, input.idChamado);
        if (!locked || locked.requesterId !== scope.userId) throw new AppError('NOT_FOUND');
        if (Object.keys(errors).length > 0) throw invalidFields(errors);
        const reopening = locked.status === TicketStatus.resolved;
        if (
          locked.status === TicketStatus.closed ||
          (reopening && (!locked.resolvedAt || !reopensAt(new Date(locked.resolvedAt), now)))
        )
          throw new AppError('TICKET_CLOSED');
        const back =
          locked.status === TicketStatus.waitingEmployee || reopening
            ? transition(
                locked,
                locked.firstResponseAt ? TicketStatus.inProgress : TicketStatus.open,
                now,
                calendar,
              )
            : {};
        await insertMessage(tx, {
          companyId: scope.companyId,
          ticketId: locked.id,
          authorId: scope.userId,
          fromHr: false,
          internal: false,
          body: input.mensagem.trim(),
          createdAt: now,
          attachments: attachmentValues(files),
        });
        await updateTicket(tx, scope.companyId, locked.id, {
          ...back,
          lastMessageAt: now,
          requesterReadAt: now,
        });
        await recordAudit(tx, actor, {
          action: AuditAction.hrTicketMessage,
          target: auditTarget(locked),
          changes: changedFields(
            { status: locked.status },
            { status: back.status ?? locked.status, qtdAnexos: files.length },
          ),
        });
      });
      return { chamado: await employeeTicket(scope, input.idChamado) };
    },

    /** The person rates their resolved ticket, once. */
    async rate(
      scope: TicketScope,
      input: { idChamado: number; nota: number; comentario?: string | undefined },
      actor: Actor,
    ) {
      await db.transaction(async (tx) => {
        const locked = await lockTicket(tx, scope.companyId, input.idChamado);
        if (!locked || locked.requesterId !== scope.userId) throw new AppError('NOT_FOUND');
        if (locked.rating !== null) throw new AppError('TICKET_ALREADY_RATED');
        if (!mayRate({ status: locked.status, resolved_at: locked.resolvedAt, rating: locked.rating }))
          throw new AppError('TICKET_NOT_RESOLVED');
        const comment = input.comentario?.trim() || null;
        await updateTicket(tx, scope.companyId, locked.id, {
          rating: input.nota,
          ratingComment: comment,
          ratedAt: clock(),
        });
        await recordAudit(tx, actor, {
          action: AuditAction.hrTicketRate,
          target: auditTarget(locked),
          changes: changedFields({ nota: null }, { nota: input.nota }),
        });
      });
      return { chamado: await employeeTicket(scope, input.idChamado) };
    },

    // ── The HR portal ───────────────────────────────────────────────────────────────────────

    /** The tickets the administrator sees, filtered, the latest message first. */
    async adminList(scope: HrScope, filter: AdminTicketFilter, page: { number: number; size: number }) {
      const { rows, total } = await pageAdminTickets(db, {
        companyId: scope.companyId,
        adminId: scope.userId,
        filter,
        page: { limit: page.size, offset: (page.number - 1) * page.size },
        now: clock(),
      });
      return {
        listChamados: rows.map(presentAdminTicket),
        idPaginaAtual: page.number,
        qtdRegistrosPorPagina: page.size,
        qtdTotalRegistros: total,
      };
    },

    /** A ticket with every message, internal notes included; reading a confidential one is audited. */
    async adminShow(scope: HrScope, ticketId: number, actor: Actor) {
      const row = await adminTicket(scope, ticketId);
      if (row.confidential)
        await db.transaction((tx) =>
          recordAudit(tx, actor, {
            action: AuditAction.hrTicketConfidentialRead,
            target: auditTarget(row),
            changes: {},
          }),
        );
      const messages = await listMessages(db, ticketId, { internal: true });
      return { chamado: presentAdminTicket(row), mensagens: messages.map(presentAdminMessage) };
    },

    /**
     * HR writes on a ticket. An internal note changes nothing the employee sees and tells nobody.
     * A public answer is the first response the first time, moves an open ticket to in progress
     * (unless another status was picked) and tells the requester in the bell and by e-mail.
     */
    async adminAnswer(
      scope: HrScope,
      input: {
        idChamado: number;
        mensagem: string;
        flNotaInterna: 'S' | 'N';
        status?: TicketStatusValue | undefined;
      },
      files: UploadedFile[],
      actor: Actor,
    ) {
      const errors: Record<string, FieldMessage[]> = {};
      if (!hasVisibleText(input.mensagem)) errors.mensagem = ['validation.required'];
      const fileProblems = attachmentProblems(files);
      if (fileProblems.length > 0) errors.anexos = fileProblems;
      const internal = input.flNotaInterna === 'S';
      const now = clock();
      const calendar = await loadBusinessCalendar(db, scope.companyId);
      const text = input.mensagem.trim();
      const done = await db.transaction(async (tx) => {
        const locked = await lockVisible(tx, scope, input.idChamado);
        if (Object.keys(errors).length > 0) throw invalidFields(errors);
        const before = auditedTicket(await ticketRow(tx, scope.companyId, locked.id));
        const next =
          input.status ??
          (!internal && locked.status === TicketStatus.open ? TicketStatus.inProgress : locked.status);
        const values: TicketValues = internal
          ? {}
          : { lastMessageAt: now, lastHrMessageAt: now, firstResponseAt: locked.firstResponseAt ?? now };
        Object.assign(
          values,
          transition(
            { ...locked, firstResponseAt: values.firstResponseAt ?? locked.firstResponseAt },
            next,
            now,
            calendar,
          ),
        );
        await insertMessage(tx, {
          companyId: scope.companyId,
          ticketId: locked.id,
          authorId: scope.userId,
          fromHr: true,
          internal,
          body: text,
          createdAt: now,
          attachments: attachmentValues(files),
        });
        await updateTicket(tx, scope.companyId, locked.id, values);
        await recordAudit(tx, actor, {
          action: internal ? AuditAction.hrTicketNote : AuditAction.hrTicketAnswer,
          target: auditTarget(locked),
          changes: changedFields(before, auditedTicket(await ticketRow(tx, scope.companyId, locked.id))),
        });
        if (!internal) await queueMail(tx, locked, 'answer');
        else if (values.status) await queueMail(tx, locked, 'status');
        return { locked, status: (values.status as TicketStatusValue | undefined) ?? null };
      });
      if (!internal || done.status)
        await tellRequester(done.locked, { answer: internal ? null : text, status: done.status });
      return { chamado: presentAdminTicket(await adminTicket(scope, input.idChamado)) };
    },

    /** Makes an administrator who holds ADMIN_PORTAL_RH and sees the ticket responsible for it. */
    async adminAssign(
      scope: HrScope,
      input: { idChamado: number; idUsuarioResponsavel: number },
      actor: Actor,
    ) {
      const locked = await db.transaction(async (tx) => {
        const ticket = await lockVisible(tx, scope, input.idChamado);
        const candidates = await listResponsibleCandidates(tx, scope.companyId, ticket.id);
        if (!candidates.some((candidate) => candidate.id === input.idUsuarioResponsavel))
          throw invalidFields({ idUsuarioResponsavel: ['validation.ticketAssigneeInvalid'] });
        if (ticket.assigneeId === input.idUsuarioResponsavel) return null;
        await updateTicket(tx, scope.companyId, ticket.id, { assigneeId: input.idUsuarioResponsavel });
        await recordAudit(tx, actor, {
          action: AuditAction.hrTicketAssign,
          target: auditTarget(ticket),
          changes: changedFields(
            { idResponsavel: ticket.assigneeId },
            { idResponsavel: input.idUsuarioResponsavel },
          ),
        });
        return ticket;
      });
      if (locked && input.idUsuarioResponsavel !== scope.userId)
        await deps.notifications.notify({
          companyId: scope.companyId,
          userIds: [input.idUsuarioResponsavel],
          type: NotificationType.hrTicketAssigned,
          title: `Chamado ${locked.protocol} atribuído a você`,
          body: 'Você é o responsável por este chamado no Portal do RH.',
          link: hrPortalLink(locked.id),
        });
      return { chamado: presentAdminTicket(await adminTicket(scope, input.idChamado)) };
    },

    /** Moves a ticket to another status; the requester is told in the bell and by e-mail. */
    async adminChangeStatus(
      scope: HrScope,
      input: { idChamado: number; status: TicketStatusValue },
      actor: Actor,
    ) {
      const now = clock();
      const calendar = await loadBusinessCalendar(db, scope.companyId);
      const moved = await db.transaction(async (tx) => {
        const locked = await lockVisible(tx, scope, input.idChamado);
        const values = transition(locked, input.status, now, calendar);
        if (values.status === undefined) return null;
        const before = auditedTicket(await ticketRow(tx, scope.companyId, locked.id));
        await updateTicket(tx, scope.companyId, locked.id, values);
        await recordAudit(tx, actor, {
          action: AuditAction.hrTicketStatus,
          target: auditTarget(locked),
          changes: changedFields(before, auditedTicket(await ticketRow(tx, scope.companyId, locked.id))),
        });
        await queueMail(tx, locked, 'status');
        return locked;
      });
      if (moved) await tellRequester(moved, { answer: null, status: input.status });
      return { chamado: presentAdminTicket(await adminTicket(scope, input.idChamado)) };
    },

    /** Who a ticket can be given to (everyone holding the permission when no ticket is named). */
    async adminResponsibles(scope: HrScope, ticketId: number | undefined) {
      if (ticketId !== undefined) await adminTicket(scope, ticketId);
      const rows = await listResponsibleCandidates(db, scope.companyId, ticketId ?? null);
      return {
        listResponsaveis: rows.map((row) => ({
          idUsuario: row.id,
          nome: row.name,
          urlFoto: mediaUrl(row.photo_key),
        })),
      };
    },

    // ── The SLA report ─────────────────────────────────────────────────────────────────────

    /**
     * Per subject, the tickets opened in a month (on the company's clock) that the administrator
     * sees: how many, the median business minutes to the first response, the share within SLA
     * (both targets met or not yet missed, over the tickets with a target) and the satisfaction.
     */
    async report(scope: HrScope, month: string) {
      const calendar = await loadBusinessCalendar(db, scope.companyId);
      const [year, monthNumber] = month.split('-').map(Number) as [number, number];
      const from = startOfMonthIn(year, monthNumber, calendar.timeZone);
      const to = startOfMonthIn(
        monthNumber === 12 ? year + 1 : year,
        monthNumber === 12 ? 1 : monthNumber + 1,
        calendar.timeZone,
      );
      const rows = await listReportTickets(db, {
        companyId: scope.companyId,
        adminId: scope.userId,
        from,
        to,
        now: clock(),
      });
      const bySubject = new Map<number, { name: string; rows: typeof rows }>();
      for (const row of rows) {
        const entry = bySubject.get(row.subject_id) ?? { name: row.subject_name, rows: [] };
        entry.rows.push(row);
        bySubject.set(row.subject_id, entry);
      }
      const listLinhas = [...bySubject].map(([subjectId, { name, rows: tickets }]) => {
        const firstResponses = tickets
          .filter((ticket) => ticket.first_response_at !== null)
          .map((ticket) =>
            businessMinutesBetween(calendar, new Date(ticket.opened_at), new Date(ticket.first_response_at!)),
          );
        const withTarget = tickets.filter(
          (ticket) => ticket.first_response_due !== null || ticket.resolution_due !== null,
        );
        const ratings = tickets.flatMap((ticket) => (ticket.rating === null ? [] : [ticket.rating]));
        return {
          idAssunto: subjectId,
          assunto: name,
          qtdChamados: tickets.length,
          medianaPrimeiraRespostaMinutos: median(firstResponses),
          percentualNoSla:
            withTarget.length === 0
              ? null
              : round1((100 * withTarget.filter((ticket) => !ticket.overdue).length) / withTarget.length),
          satisfacaoMedia:
            ratings.length === 0 ? null : round1(ratings.reduce((a, b) => a + b, 0) / ratings.length),
          qtdAvaliacoes: ratings.length,
        };
      });
      return { mes: month, listLinhas };
    },

    /** The SLA report as a table to download. */
    async reportTable(scope: HrScope, month: string, t: TFunction): Promise<ExportTable> {
      const { listLinhas } = await this.report(scope, month);
      const number = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));
      return {
        title: t('hrTickets.report.title', { mes: month }),
        header: [
          t('hrTickets.report.subject'),
          t('hrTickets.report.tickets'),
          t('hrTickets.report.medianFirstResponse'),
          t('hrTickets.report.withinSla'),
          t('hrTickets.report.satisfaction'),
          t('hrTickets.report.ratings'),
        ],
        lines: listLinhas.map((line) => [
          line.assunto,
          String(line.qtdChamados),
          number(line.medianaPrimeiraRespostaMinutos),
          number(line.percentualNoSla),
          number(line.satisfacaoMedia),
          String(line.qtdAvaliacoes),
        ]),
      };
    },

    // ── Files ──────────────────────────────────────────────────────────────────────────────

    /**
     * Who may read a ticket's file (policy.ts, `downloadAttachment`): its requester (not an
     * internal note's), and the administrators of the HR portal who may see the ticket; a
     * confidential ticket's file read by HR is audited. Offered under the name it was sent with.
     */
    async mayReadMedia(reader: AuthSession, key: string): Promise<MediaReadAnswer> {
      const file = await findAttachment(db, reader.companyId, key);
      if (!file) return false;
      const record = { ...ticketRecordOf(file), internalNote: file.internal };
      if (ticketRefusal(await loadHrActor(db, reader), 'downloadAttachment', record)) return false;
      const answer = { fileName: file.file_name };
      if (file.requester_id === reader.userId && !file.internal) return answer;
      if (record.circleSubjectId !== null)
        await db.transaction((tx) =>
          recordAudit(tx, actorAt(reader, {}), {
            action: AuditAction.hrTicketAttachmentRead,
            target: { type: 'hr_ticket', id: file.ticket_id, name: file.protocol },
            changes: { anexo: { antes: null, depois: file.file_name } },
          }),
        );
      return answer;
    },

    // ── Jobs ───────────────────────────────────────────────────────────────────────────────

    /** E-mails the requester that HR answered or moved their ticket (nothing for no address). */
    async sendTicketMail(data: { companyId: number; ticketId: number; kind: 'answer' | 'status' }) {
      const facts = await findMailFacts(db, data.companyId, data.ticketId);
      if (!facts || !facts.requester_email || !facts.requester_active) return;
      const message = ticketUpdateEmail({
        language: 'pt-BR',
        kind: data.kind,
        personName: facts.requester_name,
        companyName: facts.company_name,
        protocol: facts.protocol,
        subjectName: facts.subject_name,
        status: facts.status,
        link: `${deps.publicUrl.replace(/\/$/, '')}/appportal?idChamado=${data.ticketId}`,
      });
      await deps.mail.send({ to: facts.requester_email, ...message });
    },

    /**
     * The SLA scan: for each running ticket, each target's warning at 75% and at breach, once
     * (claimed on the row, so a second run or another node sends nothing twice). The responsible
     * administrator is told; with nobody responsible, every administrator who could take it.
     */
    async scanSla(): Promise<number> {
      const now = clock();
      const calendarOf = calendars();
      let sent = 0;
      for (const ticket of await listSlaWatched(db)) {
        const calendar = await calendarOf(ticket.company_id);
        const targets = [
          {
            target: 'firstResponse' as const,
            label: 'primeira resposta',
            due: ticket.first_response_at === null ? ticket.first_response_due : null,
            warnedAt: ticket.first_response_warned_at,
            minutes: ticket.first_response_minutes,
          },
          {
            target: 'resolution' as const,
            label: 'solução',
            due: ticket.resolution_due,
            warnedAt: ticket.resolution_warned_at,
            minutes: ticket.resolution_minutes,
          },
        ];
        for (const entry of targets) {
          if (entry.due === null) continue;
          const stage = warningDue(calendar, {
            due: new Date(entry.due),
            targetMinutes: entry.minutes,
            warnedAt: entry.warnedAt === null ? null : new Date(entry.warnedAt),
            now,
          });
          if (!stage) continue;
          if (!(await claimSlaWarning(db, { ticketId: ticket.id, target: entry.target, stage, at: now })))
            continue;
          // Only those who may see the ticket now are told (a confidential one's circle only): the
          // responsible administrator while they still may, else every one who could take it.
          const watchers = await listTicketWatchers(db, ticket.company_id, ticket.id);
          const userIds =
            ticket.assignee_id !== null && watchers.includes(ticket.assignee_id)
              ? [ticket.assignee_id]
              : watchers;
          await deps.notifications.notify({
            companyId: ticket.company_id,
            userIds,
            type: NotificationType.hrTicketSla,
            title:
              stage === 'breach'
                ? `Chamado ${ticket.protocol}: prazo de ${entry.label} estourado`
                : `Chamado ${ticket.protocol}: 75% do prazo de ${entry.label}`,
            body: `Prazo: ${new Date(entry.due).toLocaleString('pt-BR', { timeZone: calendar.timeZone })}`,
            link: hrPortalLink(ticket.id),
          });
          sent += 1;
        }
      }
      return sent;
    },

    /** Closes the tickets resolved more than seven days ago with no word since, each audited as the system. */
    async closeResolved(): Promise<number> {
      const now = clock();
      const calendarOf = calendars();
      let closed = 0;
      for (const candidate of await listResolvedBefore(db, autoCloseCutoff(now))) {
        const calendar = await calendarOf(candidate.companyId);
        const done = await db.transaction(async (tx) => {
          const locked = await lockTicket(tx, candidate.companyId, candidate.id);
          // Reopened or closed since the list was read (another node, the requester).
          if (!locked || locked.status !== TicketStatus.resolved) return false;
          if (locked.resolvedAt && reopensAt(new Date(locked.resolvedAt), now)) return false;
          await updateTicket(
            tx,
            locked.companyId,
            locked.id,
            transition(locked, TicketStatus.closed, now, calendar),
          );
          await recordAudit(tx, actorAt({ companyId: locked.companyId, userId: null }, {}), {
            action: AuditAction.hrTicketAutoClose,
            target: auditTarget(locked),
            changes: changedFields({ status: TicketStatus.resolved }, { status: TicketStatus.closed }),
          });
          return true;
        });
        if (done) closed += 1;
      }
      return closed;
    },

    /**
     * The person's own tickets for their data export (LGPD): each with the messages they see in the
     * portal; HR's internal notes are HR's records, not the person's.
     */
    async listPersonData(scope: TicketScope): Promise<Record<string, unknown>[]> {
      const { rows } = await pageEmployeeTickets(db, scope, { limit: 100_000, offset: 0 });
      const tickets: Record<string, unknown>[] = [];
      for (const row of rows) {
        const { mensagens, ...ticket } = presentTicket(
          row,
          await listMessages(db, row.id, { internal: false }),
        );
        tickets.push({
          ...ticket,
          mensagens: mensagens.map((message) => ({
            flRh: message.flRh,
            texto: message.texto,
            anexos: message.anexos.map((file) => file.nome),
            dtEnvio: message.dtEnvio,
          })),
        });
      }
      return tickets;
    },

    /** The ticket as HR sees it whatever the administrator (tests, jobs). */
    findTicket: (companyId: number, ticketId: number) => findTicketById(db, companyId, ticketId, clock()),
  };
}

/** The first instant of a month (1 to 12) on a time zone's clock. */
function startOfMonthIn(year: number, month: number, timeZone: string): Date {
  return new Date(new TZDate(year, month - 1, 1, timeZone).getTime());
}

/** Registers the e-mail job and the two scans (every minute for the SLA, hourly for the closing). */
export function registerHrTicketJobs(jobs: JobQueue, service: HrTicketsService, log: Logger) {
  jobs.register(ticketMailJob, (job) => service.sendTicketMail(job.data), { retryLimit: 5 });
  jobs.register(
    slaScanJob,
    async () => {
      const sent = await service.scanSla();
      if (sent > 0) log.info({ sent }, 'HR ticket SLA warnings sent');
    },
    { policy: 'singleton', retryLimit: 2, expireInSeconds: 5 * 60 },
  );
  jobs.register(
    autoCloseJob,
    async () => {
      const closed = await service.closeResolved();
      if (closed > 0) log.info({ closed }, 'resolved HR tickets closed');
    },
    { policy: 'singleton', retryLimit: 2, expireInSeconds: 10 * 60 },
  );
  void jobs.schedule(slaScanJob, '* * * * *', {});
  void jobs.schedule(autoCloseJob, '7 * * * *', {});
}
