import type { z } from 'zod';
import { AuditAction } from '@elo/contract/calls/audit';
import {
  announcementLimits,
  type AnnouncementStatusValue,
  type salvaComunicadoAdminInputSchema,
} from '@elo/contract/calls/announcements';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { auditedFields, presentAnnouncement, presentBanner } from './presenter.ts';
import {
  listActiveAnnouncementsForGroups,
  countAnnouncements,
  deleteAnnouncement,
  deleteAnnouncements,
  findAnnouncement,
  findCompanyGroupIds,
  insertAnnouncement,
  listAnnouncements,
  listGroupChoices,
  listVisibleAnnouncements,
  lockAnnouncement,
  lockGroupOnlyAnnouncements,
  lockOrder,
  recordInteraction,
  replaceAnnouncementGroups,
  updateAnnouncement,
  writeOrder,
} from './repo.ts';

/** Who calls: their company and themselves. */
export interface AnnouncementsScope {
  companyId: number;
  userId: number;
}

export type SaveAnnouncementInput = z.output<typeof salvaComunicadoAdminInputSchema>;

/** The image types an announcement takes, told from the bytes. */
const imageTypes = new Set(['image/png', 'image/jpeg']);

/** What is wrong with an announcement's image: its type (by content) or its size, 1920x1080 exactly. */
function imageProblems(file: UploadedFile): FieldMessage[] {
  if (!imageTypes.has(file.mimeType)) return ['validation.fileFormatInvalid'];
  const width = announcementLimits.imageWidth;
  const height = announcementLimits.imageHeight;
  if (file.width !== width || file.height !== height)
    return [{ key: 'validation.imageExactSize', params: { width, height } }];
  return [];
}

/**
 * The announcements a corporate TV screen of these groups shows now (everyone's and its groups'),
 * in the carousel's order, with their image keys.
 */
export async function listScreenAnnouncements(db: Database, companyId: number, groupIds: number[]) {
  const rows = await listActiveAnnouncementsForGroups(db, companyId, groupIds);
  return rows.map((row) => ({ id: row.id, imageKey: row.imageKey, description: row.description }));
}

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;

/**
 * HR announcements: the administration's list, form, order and deletion (each write audited in
 * its transaction), the carousel each employee sees, and their views and clicks.
 */
export function createAnnouncementsService(deps: {
  db: Database;
  storage: MediaStorage;
  /** Tells whoever shows the company's announcements elsewhere (the corporate TV) that they changed. */
  onContentChanged?: ((companyId: number) => void) | undefined;
}) {
  const { db } = deps;

  async function requireAnnouncement(within: Database, scope: AnnouncementsScope, id: number) {
    const row = await findAnnouncement(within, scope.companyId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function interact(scope: AnnouncementsScope, announcementId: number, kind: 'view' | 'click') {
    const counted = await recordInteraction(db, { ...scope, announcementId, kind });
    if (!counted) throw new AppError('NOT_FOUND');
    return { ok: true as const };
  }

  return {
    /** A page of the company's announcements in the carousel's order, with views and clicks. */
    async list(
      scope: AnnouncementsScope,
      status: AnnouncementStatusValue | undefined,
      page: { number: number; size: number },
    ) {
      const [rows, total] = await Promise.all([
        listAnnouncements(db, scope.companyId, status, {
          limit: page.size,
          offset: (page.number - 1) * page.size,
        }),
        countAnnouncements(db, scope.companyId, status),
      ]);
      return {
        listComunicados: rows.map(presentAnnouncement),
        idPaginaAtual: page.number,
        qtdRegistrosPorPagina: page.size,
        qtdTotalRegistros: total,
      };
    },

    /** The company's groups, for the list and the form. */
    async groups(scope: AnnouncementsScope) {
      return { listGrupos: await listGroupChoices(db, scope.companyId) };
    },

    /**
     * Creates (image required, last in the order) or edits an announcement. Everything is checked
     * before anything is written; a new image replaces the old one only once the change commits,
     * and the old file is removed after that.
     */
    async save(scope: AnnouncementsScope, input: SaveAnnouncementInput, files: UploadedFile[], actor: Actor) {
      const creating = input.idComunicado === undefined;
      const file = files.find((entry) => entry.field === 'imagem');
      const errors: Record<string, FieldMessage[]> = {};
      if (file) {
        const problems = imageProblems(file);
        if (problems.length > 0) errors.imagem = problems;
      } else if (creating) {
        errors.imagem = ['validation.required'];
      }
      const groupIds = [...new Set(input.idsGrupos)];
      const { saved, replaced } = await db.transaction(async (tx) => {
        const locked = creating
          ? undefined
          : await lockAnnouncement(tx, scope.companyId, input.idComunicado!);
        if (!creating && !locked) throw new AppError('NOT_FOUND');
        // A stale versao (someone saved it since this copy was read) writes nothing.
        if (locked && input.versao !== undefined && input.versao !== locked.version)
          throw new AppError('REGISTRO_ALTERADO');
        const found = await findCompanyGroupIds(tx, scope.companyId, groupIds);
        if (found.length !== groupIds.length) errors.idsGrupos = ['validation.groupsInvalid'];
        if (Object.keys(errors).length > 0) throw invalidFields(errors);
        const before = locked ? await requireAnnouncement(tx, scope, locked.id) : null;
        const values = {
          imageKey: file?.key ?? locked!.imageKey,
          description: input.descricao,
          link: input.link,
          startsAt: new Date(input.dtInicio),
          endsAt: new Date(input.dtFim),
        };
        let id: number;
        if (creating) {
          id = await insertAnnouncement(tx, scope.companyId, values);
        } else {
          id = locked!.id;
          if (!(await updateAnnouncement(tx, scope.companyId, id, values, input.versao)))
            throw new AppError('REGISTRO_ALTERADO');
        }
        await replaceAnnouncementGroups(tx, scope.companyId, id, groupIds);
        const after = await requireAnnouncement(tx, scope, id);
        await recordAudit(tx, actor, {
          action: creating ? AuditAction.announcementCreate : AuditAction.announcementUpdate,
          target: { type: 'announcement', id, name: after.description },
          changes: changedFields(auditedFields(before), auditedFields(after)),
        });
        return { saved: after, replaced: file && locked ? locked.imageKey : null };
      });
      if (replaced) await deps.storage.remove(replaced).catch(() => undefined);
      deps.onContentChanged?.(scope.companyId);
      return { comunicado: presentAnnouncement(saved) };
    },

    /** Deletes an announcement, then its image. */
    async remove(scope: AnnouncementsScope, announcementId: number, actor: Actor) {
      const imageKey = await db.transaction(async (tx) => {
        const locked = await lockAnnouncement(tx, scope.companyId, announcementId);
        if (!locked) throw new AppError('NOT_FOUND');
        const before = await requireAnnouncement(tx, scope, announcementId);
        await deleteAnnouncement(tx, scope.companyId, announcementId);
        await recordAudit(tx, actor, {
          action: AuditAction.announcementDelete,
          target: { type: 'announcement', id: announcementId, name: before.description },
          changes: changedFields(auditedFields(before), null),
        });
        return locked.imageKey;
      });
      await deps.storage.remove(imageKey).catch(() => undefined);
      deps.onContentChanged?.(scope.companyId);
      return { ok: true as const };
    },

    /**
     * For a group being deleted, in the caller's transaction: deletes the company's announcements
     * for that group and no other, each audited as an administrator's deletion. Answers their
     * image keys, for the caller to remove once committed.
     */
    async deleteGroupAnnouncements(tx: Database, companyId: number, groupId: number, actor: Actor) {
      const doomed = await lockGroupOnlyAnnouncements(tx, companyId, groupId);
      await deleteAnnouncements(
        tx,
        companyId,
        doomed.map((row) => row.id),
      );
      for (const before of doomed) {
        await recordAudit(tx, actor, {
          action: AuditAction.announcementDelete,
          target: { type: 'announcement', id: before.id, name: before.description },
          changes: changedFields(auditedFields(before), null),
        });
      }
      return doomed.map((row) => row.imageKey);
    },

    /**
     * Reorders announcements: those sent take, in the order sent, the places they held among
     * themselves; the rest keep theirs. Any id not of the company: 404, nothing changed.
     */
    async reorder(scope: AnnouncementsScope, announcementIds: number[], actor: Actor) {
      const ids = [...new Set(announcementIds)];
      if (ids.length !== announcementIds.length)
        throw invalidFields({ idsComunicados: ['validation.valueInvalid'] });
      await db.transaction(async (tx) => {
        const current = await lockOrder(tx, scope.companyId);
        const sent = new Set(ids);
        if (ids.some((id) => !current.includes(id))) throw new AppError('NOT_FOUND');
        const before = current.filter((id) => sent.has(id));
        const queue = [...ids];
        const next = current.map((id) => (sent.has(id) ? queue.shift()! : id));
        await writeOrder(tx, scope.companyId, next);
        await recordAudit(tx, actor, {
          action: AuditAction.announcementReorder,
          target: { type: 'announcement', id: ids[0]! },
          changes: changedFields({ ordem: before }, { ordem: ids }),
        });
      });
      deps.onContentChanged?.(scope.companyId);
      return { ok: true as const };
    },

    /** The announcements the person sees in their carousel now (consultaBannersPortal). */
    async listBanners(scope: AnnouncementsScope) {
      const rows = await listVisibleAnnouncements(db, scope.companyId, scope.userId);
      return { listBanners: rows.map(presentBanner) };
    },

    /** Counts a view of an announcement the person sees now (once a day). */
    recordView: (scope: AnnouncementsScope, announcementId: number) =>
      interact(scope, announcementId, 'view'),

    /** Counts a click on an announcement the person sees now (once a day). */
    recordClick: (scope: AnnouncementsScope, announcementId: number) =>
      interact(scope, announcementId, 'click'),
  };
}
