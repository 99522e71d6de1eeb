import type { PublicationStatus } from '@elo/contract/enums';

/** A publication's status as the list names it: Agendado, Publicado or Rascunho. */
export type PublicationStatusValue = (typeof PublicationStatus)[keyof typeof PublicationStatus];

/**
 * A publication in the domain's words: an administration's timeline post as its list, screens
 * and audit entries see it. The wire's shape (`PublicacaoAdmin`) is built from it in wire.ts.
 */
export interface Publication {
  id: number;
  type: number;
  text: string | null;
  /** 'draft' or 'published' (a published one whose time is ahead is scheduled). */
  status: string;
  publishAt: Date;
  onWall: boolean;
  allowsComments: boolean;
  youtubeId: string | null;
  editedAt: Date | null;
  hiddenAt: Date | null;
  requiresReading: boolean;
  readingDeadline: Date | null;
  readingReminderDays: number | null;
  author: { id: number; name: string; photoKey: string | null };
  groups: { id: number; name: string; abbreviation: string }[];
  mediaKey: string | null;
  mediaType: string | null;
  thumbnailKey: string | null;
  commentCount: number;
  reactionCount: number;
  viewCount: number;
  /** The publication form's version (posts.edit_version): a stale one saves nothing. */
  editVersion: number;
}

/** What the administration's list filters by. */
export interface PublicationFilter {
  status?: PublicationStatusValue | undefined;
  search?: string | undefined;
  groupId?: number | undefined;
}

/** A post's text as plain words: its tags dropped, its whitespace collapsed. */
export const plainText = (text: string | null) =>
  (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The start of a post's plain text, for a notification's body and an audit entry's name. */
export const excerpt = (text: string | null) => {
  const plain = plainText(text);
  return [...plain].length > 200 ? `${[...plain].slice(0, 199).join('')}…` : plain;
};
