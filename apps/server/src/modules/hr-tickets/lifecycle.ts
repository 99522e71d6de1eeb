import { TicketStatus, type TicketStatusValue } from '@elo/contract/calls/hr-tickets';
import { hrLimits } from '@elo/contract/calls/hr-limits';
import { addBusinessMinutes, businessMinutesBetween, type BusinessCalendar } from '../hr-settings/service.ts';
import type { LockedTicket, TicketValues } from './ticket.ts';

/*
 * A ticket's statuses and its SLA clock, without I/O: what changes when a ticket moves from one
 * status to another (docs/hr-contact.md has the picture).
 */

const dayMs = 86_400_000;

/** The statuses in which HR still owes something: the SLA clock runs (or is paused) in them. */
export const openStatuses: readonly TicketStatusValue[] = [
  TicketStatus.open,
  TicketStatus.inProgress,
  TicketStatus.waitingEmployee,
];

/** A subject's SLA targets in business minutes (null: none). */
export interface SlaTargets {
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
}

/** The deadlines of a ticket opened at `openedAt`: each target counted in business minutes. */
export function deadlinesAt(calendar: BusinessCalendar, openedAt: Date, targets: SlaTargets) {
  return {
    firstResponseDue:
      targets.firstResponseMinutes === null
        ? null
        : addBusinessMinutes(calendar, openedAt, targets.firstResponseMinutes),
    resolutionDue:
      targets.resolutionMinutes === null
        ? null
        : addBusinessMinutes(calendar, openedAt, targets.resolutionMinutes),
  };
}

/**
 * What a ticket's row becomes when it moves to `next` at `now`. Leaving AGUARDANDO_COLABORADOR
 * stops the pause: its business minutes are added to `paused_minutes` and push the resolution
 * deadline, and the first-response one while HR has not answered yet. RESOLVIDO stamps the
 * resolution; FECHADO the closing (keeping a resolution, so a resolved-then-closed ticket can be
 * rated); any open status clears both (a reopened ticket).
 */
export function transition(
  ticket: Pick<
    LockedTicket,
    | 'status'
    | 'pausedAt'
    | 'pausedMinutes'
    | 'firstResponseAt'
    | 'firstResponseDue'
    | 'resolutionDue'
    | 'resolvedAt'
  >,
  next: TicketStatusValue,
  now: Date,
  calendar: BusinessCalendar,
): TicketValues {
  if (ticket.status === next) return {};
  const values: TicketValues = { status: next };
  if (ticket.status === TicketStatus.waitingEmployee && ticket.pausedAt) {
    const paused = businessMinutesBetween(calendar, new Date(ticket.pausedAt), now);
    values.pausedAt = null;
    values.pausedMinutes = ticket.pausedMinutes + paused;
    if (paused > 0) {
      if (ticket.resolutionDue)
        values.resolutionDue = addBusinessMinutes(calendar, new Date(ticket.resolutionDue), paused);
      if (ticket.firstResponseDue && !ticket.firstResponseAt)
        values.firstResponseDue = addBusinessMinutes(calendar, new Date(ticket.firstResponseDue), paused);
    }
  }
  if (next === TicketStatus.waitingEmployee) values.pausedAt = now;
  if (next === TicketStatus.resolved) {
    values.resolvedAt = now;
    values.closedAt = null;
  } else if (next === TicketStatus.closed) {
    values.closedAt = now;
  } else {
    values.resolvedAt = null;
    values.closedAt = null;
  }
  return values;
}

/** Whether the requester may rate: resolved (or closed after a resolution) and not rated yet. */
export function mayRate(ticket: {
  status: TicketStatusValue;
  resolvedAt: Date | null;
  rating: number | null;
}) {
  return (
    ticket.rating === null &&
    ticket.resolvedAt !== null &&
    (ticket.status === TicketStatus.resolved || ticket.status === TicketStatus.closed)
  );
}

/** Whether a resolved ticket still reopens when its requester writes (within hrLimits.reopenDays). */
export function reopensAt(resolvedAt: Date, now: Date): boolean {
  return now.getTime() - resolvedAt.getTime() <= hrLimits.reopenDays * dayMs;
}

/** The instant before which resolved tickets close by themselves at `now`. */
export function autoCloseCutoff(now: Date): Date {
  return new Date(now.getTime() - hrLimits.reopenDays * dayMs);
}

/**
 * Which warning of a target is due at `now`, if any: `breach` once the deadline passed (unless
 * warned since it), `warning` once a quarter of the target or less is left in business minutes
 * (unless warned at all).
 */
export function warningDue(
  calendar: BusinessCalendar,
  options: { due: Date; targetMinutes: number | null; warnedAt: Date | null; now: Date },
): 'warning' | 'breach' | null {
  const { due, warnedAt, now } = options;
  if (now.getTime() >= due.getTime()) return !warnedAt || warnedAt < due ? 'breach' : null;
  if (warnedAt || options.targetMinutes === null) return null;
  const left = businessMinutesBetween(calendar, now, due);
  return left <= options.targetMinutes * (1 - hrLimits.slaWarningShare) ? 'warning' : null;
}
