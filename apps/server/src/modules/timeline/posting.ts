import { PostType } from '@elo/contract/enums';
import { hasVisibleText } from '@elo/contract/text';
import { findYouTubeLink, parseYouTubeId } from '@elo/contract/youtube';
import { invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import { postMediaOf, type UploadedFile } from '../../platform/http/uploads.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import type { Post } from './card.ts';
import { getPost, type FeedDeps } from './feed.ts';
import { findMaxPostChars, insertPost, listUserGroups } from './posts-repo.ts';

/** A post from the portal's composer, as the person wrote it. */
export interface NewPost {
  type: number;
  text: string;
  allowsComments: boolean;
  /** A YouTube post's address (else the first YouTube link of the text). */
  youtubeUrl?: string | undefined;
  /** A text post's background colour (white when none). */
  backgroundColor?: string | undefined;
  draft: boolean;
  groupIds: number[];
}

const imageTypes = new Set(['image/png', 'image/jpeg']);

const graphemes = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });

/** Characters as people see them (an emoji counts once) of the plain text: tags do not count. */
const plainLength = (text: string) => [...graphemes.segment(text.replace(/<[^>]*>/g, ''))].length;

/**
 * Publishes (or drafts) a post from the portal after every rule of the spec: groups the user
 * may post in (1 to 3), text within the company's limit, a picture checked by its content, a
 * YouTube id. Text, picture and YouTube posts only: polls and videos are the administration's.
 */
export async function publishPost(
  deps: FeedDeps,
  scope: TenantScope,
  input: NewPost,
  files: UploadedFile[],
): Promise<Post> {
  const { db } = deps;
  const file = files.find((entry) => entry.field === 'file');
  const type = input.type;
  const text = input.text.trim();
  const errors: Record<string, FieldMessage[]> = {};
  const fail = (field: string, message: FieldMessage) =>
    (errors[field] = [...(errors[field] ?? []), message]);

  const groups = await listUserGroups(db, scope);
  if (input.groupIds.some((id) => !groups.some((group) => group.groupId === id && group.canPost))) {
    fail('idsGrupos', 'validation.groupNotAllowed');
  }
  const maxChars = await findMaxPostChars(db, scope.companyId);
  if (plainLength(text) > maxChars)
    fail('textoPublicacao', { key: 'validation.postTextTooLong', params: { max: maxChars } });

  let youtubeId: string | null = null;
  if (type === PostType.youtube) {
    youtubeId = input.youtubeUrl
      ? parseYouTubeId(input.youtubeUrl)
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
        allowComments: input.allowsComments,
        youtubeId,
        status: input.draft ? 'draft' : 'published',
      },
      groupIds: input.groupIds,
      media: file ? postMediaOf(file) : undefined,
      pollLabels: [],
    }),
  );
  return getPost(deps, scope, postId);
}
