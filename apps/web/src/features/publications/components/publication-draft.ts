import { toFlag } from '@elo/contract/wire';
import {
  PublicationAction,
  publicationLimits,
  type PublicacaoAdmin,
  type SalvaPublicacaoAdminInput,
} from '@elo/contract/calls/publications';
import { limits } from '@elo/contract/limits';
import { readingDeadlineProblem } from '@elo/contract/publication-schedule';
import { i18n, translateContractKey } from '#lib/i18n/i18n.ts';
import type { ChosenMedia } from './media-field.tsx';
import { checkScheduleTime, toCompanyIso } from './schedule-time.ts';

// The publish screen's draft: its starting values, its checks before sending (the contract's rules,
// so that the server's answer holds no surprise) and the call's input it becomes.

/** What the publish screen's buttons ask: publish now, schedule, or keep as a draft. */
export type PublicationFormAction = (typeof PublicationAction)[keyof typeof PublicationAction];

/** What the publish screen holds while it is being filled in. */
export interface PublicationDraft {
  text: string;
  /** A new file chosen now. */
  media: ChosenMedia | null;
  /** The saved file was removed (and no new one replaces it). */
  savedMediaRemoved: boolean;
  groupIds: number[];
  wall: boolean;
  allowComments: boolean;
  mandatoryReading: boolean;
  readingDeadline: string | null;
  /** Days between reminders, as typed; empty for none. */
  reminderDays: string;
  scheduleAt: string | null;
}

/** The form's starting values: the publication's, or an empty one with comments allowed. */
export function draftOf(publication: PublicacaoAdmin | null): PublicationDraft {
  return {
    text: publication?.texto ?? '',
    media: null,
    savedMediaRemoved: false,
    groupIds: publication?.grupos.map((group) => group.idGrupo) ?? [],
    wall: publication?.flMural === 'S',
    allowComments: publication ? publication.flPermiteComentarios === 'S' : true,
    mandatoryReading: publication?.flLeituraObrigatoria === 'S',
    readingDeadline: publication?.dtLimiteLeitura ?? null,
    reminderDays: publication?.diasLembreteLeitura ? String(publication.diasLembreteLeitura) : '',
    scheduleAt: publication?.dtAgendamento ?? null,
  };
}

/** Whether the draft still has a file: a new one, or the saved one kept. */
function hasMedia(draft: PublicationDraft, publication: PublicacaoAdmin | null): boolean {
  return Boolean(draft.media) || (Boolean(publication?.urlMidia) && !draft.savedMediaRemoved);
}

/**
 * The draft's problems by wire field, in the spec's words, before anything is sent (spec section
 * 5: content, at most 3 groups, groups or the wall; a schedule ahead). The server checks again.
 */
export function checkDraft(
  draft: PublicationDraft,
  action: PublicationFormAction,
  publication: PublicacaoAdmin | null,
  now = new Date(),
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.text.trim() && !hasMedia(draft, publication)) {
    errors.texto = i18n.t('admin.publicationsAdmin.form.needsContent');
  }
  if (!draft.wall && draft.groupIds.length > limits.maxGroupsPerPost) {
    errors.idsGrupos = translateContractKey('validation.tooManyGroups');
  } else if (!draft.wall && draft.groupIds.length === 0) {
    errors.idsGrupos = translateContractKey('validation.groupsOrWall');
  }
  if (action === PublicationAction.schedule) {
    const problem = checkScheduleTime(draft.scheduleAt, now);
    if (problem) errors.dtAgendamento = problem;
  }
  if (draft.mandatoryReading) {
    // The deadline comes after the publication goes out: now, or its schedule.
    const goesOut =
      action === PublicationAction.schedule && draft.scheduleAt ? new Date(draft.scheduleAt) : now;
    const late = draft.readingDeadline
      ? readingDeadlineProblem(new Date(draft.readingDeadline), goesOut)
      : null;
    if (late) errors.dtLimiteLeitura = translateContractKey(late.key, late.params);
    const days = draft.reminderDays.trim();
    if (
      days &&
      !(
        /^\d+$/.test(days) &&
        Number(days) >= publicationLimits.reminderDaysMin &&
        Number(days) <= publicationLimits.reminderDaysMax
      )
    ) {
      errors.diasLembreteLeitura = translateContractKey('validation.reminderDaysInvalid');
    }
  }
  return errors;
}

/**
 * The call's input for a draft: the file only when a new one was chosen, dates with the company's
 * offset, and (editing) the versao read with the publication, so that a stale copy is refused.
 */
export function inputOf(
  draft: PublicationDraft,
  action: PublicationFormAction,
  idPublicacao: number | null,
  reconfirm: boolean,
  versao?: number,
): SalvaPublicacaoAdminInput {
  const days = draft.reminderDays.trim();
  return {
    ...(idPublicacao !== null ? { idPublicacao: String(idPublicacao) } : {}),
    ...(idPublicacao !== null && versao !== undefined ? { versao: String(versao) } : {}),
    texto: draft.text,
    ...(draft.media ? { arquivo: draft.media.file } : {}),
    ...(draft.media?.thumbnail ? { thumbnail: draft.media.thumbnail } : {}),
    flManterArquivo: toFlag(!(draft.savedMediaRemoved && !draft.media)),
    flPermiteComentarios: toFlag(draft.allowComments),
    // The wall reaches the whole company: groups chosen before it was ticked do not go.
    idsGrupos: draft.wall ? '' : draft.groupIds.join(','),
    flMural: toFlag(draft.wall),
    acao: action,
    ...(action === PublicationAction.schedule && draft.scheduleAt
      ? { dtAgendamento: toCompanyIso(draft.scheduleAt) }
      : {}),
    flLeituraObrigatoria: toFlag(draft.mandatoryReading),
    ...(draft.mandatoryReading && draft.readingDeadline
      ? { dtLimiteLeitura: toCompanyIso(draft.readingDeadline) }
      : {}),
    ...(draft.mandatoryReading && days ? { diasLembreteLeitura: Number(days) } : {}),
    flReconfirmarLeitura: toFlag(reconfirm),
  };
}

/** The server's field names the form shows beside a field (the thumbnail belongs to the file). */
export const fieldOf: Record<string, string> = {
  texto: 'texto',
  arquivo: 'arquivo',
  thumbnail: 'arquivo',
  idsGrupos: 'idsGrupos',
  flMural: 'idsGrupos',
  dtAgendamento: 'dtAgendamento',
  dtLimiteLeitura: 'dtLimiteLeitura',
  diasLembreteLeitura: 'diasLembreteLeitura',
  flPermiteComentarios: 'flPermiteComentarios',
};
