import type { TFunction } from 'i18next';
import { AuditAction } from '@elo/contract/calls/audit';
import type { MeusDados } from '@elo/contract/calls/my-account';
import {
  DeletionRequestStatus,
  SelfEditableField,
  type DeletionRequestStatusValue,
  type SelfEditableFieldValue,
} from '@elo/contract/calls/people';
import type { Database } from '../../db/client.ts';
import { actorAt, type Actor } from '../../platform/auth/actor.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { eraseEverywhere, type PersonalDataOwner } from '../../platform/personal-data.ts';
import { cropStoredImageToSquare, isSquareCroppable } from '../../platform/square-image.ts';
import { mediaUrl, type MediaStorage } from '../../platform/storage/media-storage.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import type { ChatService } from '../chat/service.ts';
import { refreshRuleMembershipsOf } from '../groups/service.ts';
import type { HrTicketsService } from '../hr-tickets/service.ts';
import type { SurveysService } from '../surveys/service.ts';
import type { TimelineService } from '../timeline/service.ts';
import { flag, presentAccount, presentExportProfile, presentRequest } from './presenter.ts';
import {
  deactivatePerson,
  findAccount,
  findOpenRequestOf,
  findRequest,
  insertRequest,
  listCelebrationsOn,
  listOwnGroups,
  pageRequests,
  removedPersonName,
  setRequestStatus,
  updateOwnProfile,
} from './repo.ts';

declare module '../../platform/jobs.ts' {
  interface JobPayloads {
    /** Erases the personal data of a person whose deletion an administrator forced. */
    'erase-account': { companyId: number; requestId: number; userId: number; actorUserId: number };
  }
}

/**
 * Today's birthdays and work anniversaries (the company's day, a `yyyy-MM-dd`) of the active people
 * who did not keep out of them in "Minha conta", by name, with their photo keys.
 */
export async function listCelebrations(db: Database, companyId: number, day: string) {
  const rows = await listCelebrationsOn(db, companyId, day);
  return rows.flatMap((row) => [
    ...(row.birthday
      ? [{ name: row.name, photoKey: row.photoKey, kind: 'birthday' as const, years: null }]
      : []),
    ...(row.years !== null && row.years > 0
      ? [{ name: row.name, photoKey: row.photoKey, kind: 'workAnniversary' as const, years: row.years }]
      : []),
  ]);
}

export interface MyAccountDeps {
  db: Database;
  storage: MediaStorage;
  sessions: SessionManager;
  jobs: JobQueue;
  timeline: Pick<TimelineService, 'listPersonData'>;
  chat: Pick<ChatService, 'listSentMessages'>;
  surveys: Pick<SurveysService, 'listNamedAnswers'>;
  /** Every module's personal data and its erasure (modules/personal-data-owners.ts). */
  personalData: readonly PersonalDataOwner[];
  /** Where a file the erasure could not remove is reported. */
  log: { warn: (details: object, message: string) => void };
  /** The person's HR tickets for the export (the HR tickets module reads them). */
  hrTickets?: Pick<HrTicketsService, 'listPersonData'>;
}

export type MyAccountService = ReturnType<typeof createMyAccountService>;

const userTarget = (id: number, name: string) => ({ type: 'user', id, name });
const requestTarget = (id: number, name: string) => ({ type: 'deletion_request', id, name });

/**
 * Each person's own data ("Minha conta": profile, photo, deletion request, the export of
 * everything held about them) and the administration of deletion requests, with the job that
 * erases a deleted person's data for good.
 */
export function createMyAccountService(deps: MyAccountDeps) {
  const { db, storage } = deps;

  async function requireAccount(scope: TenantScope) {
    const row = await findAccount(db, scope);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function presentOwnAccount(scope: TenantScope) {
    const [row, request] = await Promise.all([requireAccount(scope), findOpenRequestOf(db, scope)]);
    return { conta: presentAccount(row, request) };
  }

  /** Refuses a change to a field the company does not let its people change themselves. */
  function requireEditable(editable: readonly string[], field: SelfEditableFieldValue) {
    if (!editable.includes(field)) throw new AppError('FORBIDDEN');
  }

  /** A request of the company still waiting for a decision, locked in the transaction. */
  async function requirePendingRequest(tx: Database, companyId: number, requestId: number) {
    const request = await findRequest(tx, companyId, requestId, { lock: true });
    if (!request) throw new AppError('NOT_FOUND');
    if (request.status !== DeletionRequestStatus.pending) throw new AppError('DELETION_REQUEST_CLOSED');
    return request;
  }

  async function presentRequestOf(companyId: number, requestId: number) {
    const row = await findRequest(db, companyId, requestId);
    return { solicitacao: presentRequest(row!) };
  }

  return {
    /** The caller's profile as the company keeps it, what they may change, and their open request. */
    account: presentOwnAccount,

    /** Changes the caller's own profile fields the company lets them change (another: 403). */
    async saveProfile(
      scope: TenantScope,
      actor: Actor,
      input: {
        textoPerfil?: string | null | undefined;
        celular?: string | null | undefined;
        flOcultaComemoracoesTv?: 'S' | 'N' | undefined;
      },
    ) {
      const row = await requireAccount(scope);
      const values: { profileText?: string | null; mobilePhone?: string | null; hideCelebrations?: boolean } =
        {};
      if (input.textoPerfil !== undefined) {
        requireEditable(row.selfEditableFields, SelfEditableField.profileText);
        values.profileText = input.textoPerfil;
      }
      if (input.celular !== undefined) {
        requireEditable(row.selfEditableFields, SelfEditableField.mobile);
        values.mobilePhone = input.celular;
      }
      // Keeping one's birthday off the TV is always the person's own choice.
      if (input.flOcultaComemoracoesTv !== undefined)
        values.hideCelebrations = input.flOcultaComemoracoesTv === 'S';
      const changes = changedFields(
        {
          textoPerfil: row.profileText,
          celular: row.mobilePhone,
          flOcultaComemoracoesTv: row.hideCelebrations ? 'S' : 'N',
        },
        {
          textoPerfil: values.profileText === undefined ? row.profileText : values.profileText,
          celular: values.mobilePhone === undefined ? row.mobilePhone : values.mobilePhone,
          flOcultaComemoracoesTv: (values.hideCelebrations ?? row.hideCelebrations) ? 'S' : 'N',
        },
      );
      if (Object.keys(changes).length > 0) {
        await db.transaction(async (tx) => {
          await updateOwnProfile(tx, scope, values);
          await recordAudit(tx, actor, {
            action: AuditAction.ownProfileUpdate,
            target: userTarget(row.id, row.name),
            changes,
          });
        });
      }
      return presentOwnAccount(scope);
    },

    /**
     * Sets the caller's photo (when the company lets them): the sniffed PNG or JPEG is cropped to
     * its centred square, and the previous photo's file is deleted once the change is committed.
     */
    async savePhoto(scope: TenantScope, actor: Actor, files: UploadedFile[]) {
      const row = await requireAccount(scope);
      requireEditable(row.selfEditableFields, SelfEditableField.photo);
      const file = files[0];
      if (!file) throw invalidFields({ file: ['validation.required'] });
      if (!isSquareCroppable(file)) throw invalidFields({ file: ['validation.fileFormatInvalid'] });
      await cropStoredImageToSquare(storage, file.key);
      await db.transaction(async (tx) => {
        await updateOwnProfile(tx, scope, { photoKey: file.key });
        await recordAudit(tx, actor, {
          action: AuditAction.ownPhotoUpdate,
          target: userTarget(row.id, row.name),
        });
      });
      if (row.photoKey) await storage.remove(row.photoKey);
      return { urlFoto: mediaUrl(file.key)! };
    },

    /** Asks the administration to delete the caller's account (409 when one is open already). */
    async requestDeletion(scope: TenantScope, actor: Actor, comment: string) {
      // The company's master user is the company (idUsuarioPai): their account is never deleted.
      if (scope.userId === scope.companyId) throw new AppError('DELETION_MASTER_REFUSED');
      const row = await requireAccount(scope);
      const created = await db.transaction(async (tx) => {
        const inserted = await insertRequest(tx, scope, comment);
        if (!inserted) throw new AppError('DELETION_REQUEST_OPEN');
        await recordAudit(tx, actor, {
          action: AuditAction.deletionRequestCreate,
          target: requestTarget(inserted.id, row.name),
        });
        return inserted;
      });
      return { idSolicitacao: created.id, status: created.status as DeletionRequestStatusValue };
    },

    /** Withdraws the caller's open request while no administrator has decided on it. */
    async withdrawDeletion(scope: TenantScope, actor: Actor) {
      const open = await findOpenRequestOf(db, scope);
      if (!open) throw new AppError('NOT_FOUND');
      await db.transaction(async (tx) => {
        const request = await requirePendingRequest(tx, scope.companyId, open.id);
        await setRequestStatus(tx, scope.companyId, request.id, {
          status: DeletionRequestStatus.cancelled,
          decidedBy: scope.userId,
          decided: true,
        });
        await recordAudit(tx, actor, {
          action: AuditAction.deletionRequestWithdraw,
          target: requestTarget(request.id, request.userName),
        });
      });
      return { ok: true as const };
    },

    /** A page of the company's deletion requests, newest first. */
    async listRequests(
      companyId: number,
      query: { page: number; pageSize: number; status?: DeletionRequestStatusValue | undefined },
    ) {
      const { rows, total } = await pageRequests(db, companyId, {
        status: query.status,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        listSolicitacoes: rows.map(presentRequest),
        idPaginaAtual: query.page,
        qtdRegistrosPorPagina: query.pageSize,
        qtdTotalRegistros: total,
      };
    },

    /** Cancels an open request (409 when it is no longer open). */
    async cancelRequest(actor: Actor, requestId: number) {
      await db.transaction(async (tx) => {
        const request = await requirePendingRequest(tx, actor.companyId, requestId);
        await setRequestStatus(tx, actor.companyId, request.id, {
          status: DeletionRequestStatus.cancelled,
          decidedBy: actor.userId,
          decided: true,
        });
        await recordAudit(tx, actor, {
          action: AuditAction.deletionRequestCancel,
          target: requestTarget(request.id, request.userName),
          changes: { status: { antes: request.status, depois: DeletionRequestStatus.cancelled } },
        });
      });
      return presentRequestOf(actor.companyId, requestId);
    },

    /**
     * Forces a deletion, in one transaction: the request turns EM_EXCLUSAO, the person is
     * deactivated, the erasure job is stored, and (last) every session of theirs ends, which
     * closes their chat sockets on every node at once. The job erases their data and turns the
     * request EXCLUIDA.
     */
    async forceDeletion(actor: Actor, requestId: number) {
      await db.transaction(async (tx) => {
        const request = await requirePendingRequest(tx, actor.companyId, requestId);
        if (request.userId === actor.companyId) throw new AppError('DELETION_MASTER_REFUSED');
        const person = { companyId: actor.companyId, userId: request.userId };
        await setRequestStatus(tx, actor.companyId, request.id, {
          status: DeletionRequestStatus.deleting,
          decidedBy: actor.userId,
          decided: true,
        });
        await deactivatePerson(tx, person);
        await recordAudit(tx, actor, {
          action: AuditAction.deletionRequestForce,
          target: requestTarget(request.id, request.userName),
          changes: { status: { antes: request.status, depois: DeletionRequestStatus.deleting } },
        });
        await deps.jobs.send(
          'erase-account',
          { ...person, requestId: request.id, actorUserId: actor.userId ?? person.userId },
          { transaction: tx },
        );
        await deps.sessions.endSessions(person, 'account_deleted', tx);
      });
      return presentRequestOf(actor.companyId, requestId);
    },

    /**
     * The erasure job: the person's photo file leaves storage, then in one transaction their row
     * loses every personal field, their memberships, permissions, sessions, notifications and
     * saved posts go, and the request turns EXCLUIDA with the audit entry. Safe to run again: a
     * finished request is left as it is, and each step finds nothing more to do.
     */
    async eraseAccount(job: { companyId: number; requestId: number; userId: number; actorUserId: number }) {
      const person = { companyId: job.companyId, userId: job.userId };
      const request = await findRequest(db, job.companyId, job.requestId);
      if (!request || request.status !== DeletionRequestStatus.deleting) return;
      // Every module's declared erasure in one transaction (modules/personal-data-owners.ts); the
      // files they let go leave storage once it has committed.
      const files = await db.transaction(async (tx) => {
        const locked = await findRequest(tx, job.companyId, job.requestId, { lock: true });
        if (locked?.status !== DeletionRequestStatus.deleting) return [];
        const released = await eraseEverywhere(tx, deps.personalData, person);
        // Nobody erased matches a group's rule any more: whatever held them in by rule goes too.
        await refreshRuleMembershipsOf(tx, job.companyId, [job.userId]);
        await setRequestStatus(tx, job.companyId, job.requestId, { status: DeletionRequestStatus.deleted });
        await recordAudit(tx, actorAt({ companyId: job.companyId, userId: job.actorUserId }, {}), {
          action: AuditAction.accountDeleted,
          target: userTarget(job.userId, removedPersonName),
        });
        return released;
      });
      for (const key of files) {
        // A file that cannot go now is only unreferenced: log it, the erasure itself is done.
        await storage
          .remove(key)
          .catch((error: unknown) => deps.log.warn({ err: error, key }, 'erased file not removed'));
      }
    },

    /** Everything the portal holds about the caller, as one JSON document (LGPD art. 18). */
    async exportPersonalData(scope: TenantScope, t: TFunction): Promise<MeusDados> {
      const [row, groups, timeline, messages, answers, tickets] = await Promise.all([
        requireAccount(scope),
        listOwnGroups(db, scope),
        deps.timeline.listPersonData(scope),
        deps.chat.listSentMessages(scope),
        deps.surveys.listNamedAnswers(scope),
        deps.hrTickets?.listPersonData(scope) ?? [],
      ]);
      return {
        dtGeracao: new Date().toISOString(),
        perfil: presentExportProfile(row),
        grupos: groups.map((group) => ({
          idGrupo: group.id,
          nome: group.name,
          flAdministrador: flag(group.isAdmin),
          flPermitePostar: flag(group.canPost),
        })),
        publicacoes: timeline.posts.map((post) => ({
          idMensagem: post.id,
          texto: post.text,
          status: post.status,
          dtPublicacao: post.publishAt.toISOString(),
          flExcluida: flag(post.deletedAt !== null),
        })),
        comentarios: timeline.comments.map((comment) => ({
          idComentario: comment.id,
          idMensagem: comment.postId,
          texto: comment.text,
          dtComentario: comment.createdAt.toISOString(),
          flExcluido: flag(comment.deletedAt !== null),
        })),
        reacoes: timeline.reactions.map((reaction) => ({
          idMensagem: reaction.postId,
          gesto: reaction.gesture,
          dtReacao: reaction.reactedAt.toISOString(),
        })),
        mensagensChat: messages.map((message) => ({
          idMensagemChat: message.id,
          idSala: message.roomId,
          texto: message.text,
          anexo: message.attachmentName,
          dtEnvio: message.createdAt.toISOString(),
          dtEdicao: message.editedAt?.toISOString() ?? null,
          flExcluida: flag(message.deletedAt !== null),
        })),
        respostasPesquisas: answers.map((application) => ({
          idPesquisa: application.surveyId,
          tituloPesquisa: application.title,
          dtInicioResposta: application.startedAt.toISOString(),
          dtFimResposta: application.finishedAt?.toISOString() ?? null,
          respostas: application.answers.map((answer) => ({
            pergunta: answer.question,
            resposta: answer.text,
          })),
        })),
        chamadosRH: { itens: tickets, observacao: t('myAccount.export.hrTicketsNote') },
      };
    },
  };
}

/** Registers the erasure job: retried with backoff, each run idempotent. */
export function registerAccountErasure(jobs: JobQueue, service: MyAccountService): void {
  jobs.register('erase-account', (job) => service.eraseAccount(job.data), {
    retryLimit: 10,
    expireInSeconds: 60 * 60,
  });
}
