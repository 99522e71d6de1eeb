import type { Postagem } from '@elo/contract/calls/timeline';
import { AdminPermission, NotificationType, PostType } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { hasVisibleText } from '@elo/contract/text';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { mayAccess, type Caller } from '../../platform/auth/policy.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { personalizeCard, presentCard, presentComment, presentPoll } from './presenter.ts';
import {
  deleteOwnComment,
  findMaxPostChars,
  findVisibleEntry,
  insertComment,
  insertPost,
  listGestures,
  listUserGroups,
  mayReadPostMedia,
  pageComments,
  loadCards,
  pageEntries,
  type PageEntry,
  setReaction,
  setSaved,
  setVote,
  countCompanyContent,
  listPersonTimelineData,
  deleteGroupOnlyPosts,
  bumpCardVersion,
  pendingReadingEntries,
  visiblePostSql,
} from './repo.ts';
import { findYouTubeLink, parseYouTubeId } from '@elo/contract/youtube';

const imageTypes = new Set(['image/png', 'image/jpeg']);

const graphemes = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });

/** Characters as people see them (an emoji counts once) of the plain text: tags do not count. */
const plainLength = (text: string) => [...graphemes.segment(text.replace(/<[^>]*>/g, ''))].length;

export interface PublishInput {
  textoPublicacao: string;
  flPermiteComentarios: 'S' | 'N';
  idAppTipoMensagem: number;
  urlYouTube?: string | undefined;
  backgroundColor?: string | undefined;
  flRascunho: 'S' | 'N';
  idsGrupos: number[];
}

export type TimelineService = ReturnType<typeof createTimelineService>;

/** Posts, comments, reactions, saves, polls, gestos and banners. */
export function createTimelineService(deps: {
  db: Database;
  cardCacheSize: number;
  /** Tells a post's author about a comment. */
  notifications: Pick<NotificationsService, 'notify'>;
}) {
  const { db } = deps;

  /**
   * Cards as every viewer sees them, under (post id, version): any change to what a card shows
   * raises the post's version in the same transaction, so a cached card is never stale, on any
   * node. Author names and photos are the exception, refreshed when the entry expires.
   */
  const cardCache =
    deps.cardCacheSize > 0
      ? new LRUCache<string, Postagem>({ max: deps.cardCacheSize, ttl: 60_000 })
      : undefined;
  const cacheKey = (id: number, version: number) => `${id}:${version}`;

  /** The cards of these entries, in their order, each with the viewer's part. */
  async function cardsOf(scope: TenantScope, entries: PageEntry[]): Promise<Postagem[]> {
    const found = new Map<number, Postagem>();
    const missing: number[] = [];
    for (const entry of entries) {
      const card = cardCache?.get(cacheKey(entry.id, entry.version));
      if (card) found.set(entry.id, card);
      else missing.push(entry.id);
    }
    for (const row of await loadCards(db, scope, missing, limits.pageSize.comments)) {
      const card = presentCard(row);
      cardCache?.set(cacheKey(row.id, row.version), card);
      found.set(row.id, card);
    }
    return entries.flatMap((entry) => {
      const card = found.get(entry.id);
      return card ? [personalizeCard(card, entry, scope.userId)] : [];
    });
  }

  async function presentOne(scope: TenantScope, postId: number) {
    const entry = await findVisibleEntry(db, scope, postId);
    const [card] = entry ? await cardsOf(scope, [entry]) : [];
    if (!card) throw new AppError('NOT_FOUND');
    return card;
  }

  /** The post, when the user may see it; else 404 (whether it exists or not). */
  async function requireVisiblePost(scope: TenantScope, postId: number) {
    const post = await findVisibleEntry(db, scope, postId);
    if (!post) throw new AppError('NOT_FOUND');
    return post;
  }

  return {
    /**
     * Cards of these posts of the company for the administration's timeline, in the order given:
     * hidden comments included, so they are loaded afresh (never from or into the shared cache),
     * with no viewer's part (no reaction, save or vote of the moderator's).
     */
    async adminCards(scope: TenantScope, postIds: number[]): Promise<Postagem[]> {
      const rows = await loadCards(db, scope, postIds, limits.pageSize.comments, { includeHidden: true });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return postIds.flatMap((id) => {
        const row = byId.get(id);
        if (!row) return [];
        const entry = {
          id,
          version: row.version,
          my_gesture: null,
          saved: false,
          my_vote: null,
          confirmed: false,
        };
        return [personalizeCard(presentCard(row), entry, scope.userId)];
      });
    },

    /** Raises a post's card version in the caller's transaction (a moderator hid or deleted something). */
    bumpCardVersion: (tx: Database, scope: TenantScope, postId: number) => bumpCardVersion(tx, scope, postId),

    /** The company's published posts and comments, for the administration's figures. */
    countContent: (companyId: number) => countCompanyContent(db, companyId),
    /** A page of the timeline: the requested groups the user is in (all of them when none), and the wall. */
    async listTimeline(
      scope: TenantScope,
      query: { page: number; pageSize: number; groupIds: number[]; ignoreTypes: number[] },
    ) {
      const { entries, total } = await pageEntries(db, {
        scope,
        groupIds: query.groupIds,
        ignoreTypes: query.ignoreTypes,
        page: query.page,
        pageSize: query.pageSize,
      });
      return {
        listPostagens: await cardsOf(scope, entries),
        idPaginaAtual: query.page,
        qtdRegistrosPorPagina: query.pageSize,
        qtdTotalRegistros: total,
      };
    },

    /**
     * The timeline's rule for whether the person sees post `p`, as a condition for another
     * module's statement on `posts p` (reach counts views and confirmations only of posts seen).
     */
    visiblePostCondition: (scope: TenantScope) => visiblePostSql(scope),

    /** The person's unconfirmed mandatory readings as cards, newest first (pinned above the feed). */
    async listPendingReadings(scope: TenantScope) {
      return { listPostagens: await cardsOf(scope, await pendingReadingEntries(db, scope, 50)) };
    },

    async getPost(scope: TenantScope, postId: number) {
      return { postagem: await presentOne(scope, postId) };
    },

    /**
     * The media route's rule for post files: whoever can see the post (its groups' members or
     * everyone for the wall, once published and due), its author, and publication administrators.
     */
    mayReadMedia(reader: TenantScope & Caller, key: string): Promise<boolean> {
      return mayReadPostMedia(db, reader, {
        key,
        everyPost: mayAccess(reader, AdminPermission.publications),
      });
    },

    /**
     * Publishes (or drafts) a post from the portal after every rule of the spec: groups the user
     * may post in (1 to 3), text within the company's limit, a picture checked by its content, a
     * YouTube id. Text, picture and YouTube posts only: polls and videos are the administration's.
     */
    async publish(scope: TenantScope, input: PublishInput, files: UploadedFile[]) {
      const file = files.find((entry) => entry.field === 'file');
      const type = input.idAppTipoMensagem;
      const text = input.textoPublicacao.trim();
      const errors: Record<string, FieldMessage[]> = {};
      const fail = (field: string, message: FieldMessage) =>
        (errors[field] = [...(errors[field] ?? []), message]);

      const groups = await listUserGroups(db, scope);
      if (input.idsGrupos.some((id) => !groups.some((group) => group.groupId === id && group.canPost))) {
        fail('idsGrupos', 'validation.groupNotAllowed');
      }
      const maxChars = await findMaxPostChars(db, scope.companyId);
      if (plainLength(text) > maxChars)
        fail('textoPublicacao', { key: 'validation.postTextTooLong', params: { max: maxChars } });

      let youtubeId: string | null = null;
      if (type === PostType.youtube) {
        youtubeId = input.urlYouTube
          ? parseYouTubeId(input.urlYouTube)
          : (findYouTubeLink(text)?.videoId ?? null);
        if (!youtubeId) fail('urlYouTube', 'validation.youtubeInvalid');
      }
      // A portal post carries at most one PNG or JPEG picture (spec section 5, portal post
      // upload): any other file, and a video post, is answered on the file in the spec's words.
      // Videos are published by the administration.
      if (type === PostType.video || (file && (type !== PostType.image || !imageTypes.has(file.mimeType))))
        fail('file', 'validation.fileFormatInvalid');
      else if (type === PostType.image && !file) fail('file', 'validation.postEmpty');
      // Text made only of invisible characters (zero-width spaces) counts as empty.
      if (type === PostType.text && !hasVisibleText(text)) fail('textoPublicacao', 'validation.postEmpty');
      if (Object.keys(errors).length > 0) throw invalidFields(errors);

      const postId = await db.transaction((tx) =>
        insertPost(tx, {
          scope,
          post: {
            type,
            text: text || null,
            backgroundColor: type === PostType.text ? (input.backgroundColor ?? '#ffffff') : null,
            allowComments: input.flPermiteComentarios === 'S',
            youtubeId,
            status: input.flRascunho === 'S' ? 'draft' : 'published',
          },
          groupIds: input.idsGrupos,
          media: file
            ? {
                storageKey: file.key,
                mimeType: file.mimeType,
                sizeBytes: file.sizeBytes,
                width: file.width,
                height: file.height,
              }
            : undefined,
          pollLabels: [],
        }),
      );
      return { postagem: await presentOne(scope, postId) };
    },

    async listComments(scope: TenantScope, query: { postId: number; page: number; pageSize: number }) {
      await requireVisiblePost(scope, query.postId);
      const { rows, total } = await pageComments(db, scope, query);
      return {
        listComentarios: rows.map((row) => presentComment(row, scope.userId)),
        idPaginaAtual: query.page,
        qtdRegistrosPorPagina: query.pageSize,
        qtdTotalRegistros: total,
      };
    },

    async addComment(scope: TenantScope, input: { postId: number; text: string }) {
      // The visibility check, the comment and the card's new version are one statement.
      const added = await insertComment(db, scope, input);
      if (!added) throw new AppError('NOT_FOUND');
      const { comment } = added;
      if (!comment) throw invalidFields({ texto: ['validation.commentsClosed'] });
      if (added.postAuthorId !== scope.userId) {
        await deps.notifications.notify({
          companyId: scope.companyId,
          userIds: [added.postAuthorId],
          type: NotificationType.postComment,
          title: `${comment.author_name} comentou a sua publicação`,
          body: [...input.text].length > 200 ? `${[...input.text].slice(0, 199).join('')}…` : input.text,
          link: `/painel/publicacao/${input.postId}`,
        });
      }
      return { comentario: presentComment(comment, scope.userId) };
    },

    async deleteComment(scope: TenantScope, commentId: number) {
      if (!(await deleteOwnComment(db, scope, commentId))) throw new AppError('NOT_FOUND');
      return { ok: true as const };
    },

    async react(scope: TenantScope, input: { postId: number; gestureId: number | null }) {
      // The visibility and gesture checks, the reaction and the card's new version are one statement.
      const { visible, gestureFound } = await setReaction(db, scope, input.postId, input.gestureId);
      if (!visible) throw new AppError('NOT_FOUND');
      if (!gestureFound) throw invalidFields({ idGesto: ['validation.required'] });
      const post = await presentOne(scope, input.postId);
      return { reacoes: post.reacoes, qtdReacoes: post.qtdReacoes, idGestoUsuario: post.idGestoUsuario };
    },

    async save(scope: TenantScope, input: { postId: number; saved: boolean }) {
      await requireVisiblePost(scope, input.postId);
      await setSaved(db, scope, input.postId, input.saved);
      return { flSalva: input.saved ? ('S' as const) : ('N' as const) };
    },

    async vote(scope: TenantScope, input: { postId: number; optionId: number }) {
      // The visibility and option checks, the vote and the card's new version are one statement.
      if (!(await setVote(db, scope, input.postId, input.optionId))) throw new AppError('NOT_FOUND');
      const post = await presentOne(scope, input.postId);
      return { enquete: post.enquete ?? presentPoll([], null) };
    },

    async listGestures() {
      return {
        listGestos: (await listGestures(db)).map((row) => ({
          idGesto: row.id,
          codigo: row.code,
          pathSvg: row.svgPath,
        })),
      };
    },

    /** The posts, comments and reactions of one person, for their personal data export. */
    listPersonData: (scope: TenantScope) => listPersonTimelineData(db, scope),

    /**
     * For a group being deleted, in the caller's transaction: soft-deletes the company's posts
     * published only to that group and not on the wall; answers their ids.
     */
    deleteGroupPosts: (tx: Database, companyId: number, groupId: number) =>
      deleteGroupOnlyPosts(tx, companyId, groupId),
  };
}
