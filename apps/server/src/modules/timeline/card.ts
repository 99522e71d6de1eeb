/**
 * A timeline post in the domain's words: the card every viewer shares (cached by version) and the
 * part that is each viewer's own. The wire's shape (`Postagem`) is built from these in wire.ts.
 */

/** A person as a card shows them: a post's author or a comment's. */
export interface CardPerson {
  id: number;
  name: string;
  photoKey: string | null;
  jobTitle: string | null;
  sector: string | null;
}

/** A comment with its author. */
export interface PostComment {
  id: number;
  text: string;
  createdAt: Date;
  author: CardPerson;
}

/** A poll's option with its votes. */
export interface PollOption {
  id: number;
  label: string;
  votes: number;
}

/** A post's file: a picture or a video (with its thumbnail), by storage key. */
export interface CardMedia {
  key: string;
  mimeType: string;
  width: number | null;
  height: number | null;
  thumbnailKey: string | null;
}

/**
 * A post with everything every viewer sees of it: what differs per viewer (their reaction, vote,
 * save, confirmation) is a `Viewer`, so one card serves them all.
 */
export interface Card {
  id: number;
  /** Raised by every change to what the card shows: the cache's key. */
  version: number;
  type: number;
  text: string | null;
  backgroundColor: string | null;
  allowsComments: boolean;
  youtubeId: string | null;
  publishAt: Date;
  /** 'draft' or 'published' (a published post whose time is ahead is scheduled). */
  status: string;
  onWall: boolean;
  author: CardPerson;
  groups: { id: number; name: string; abbreviation: string }[];
  media: CardMedia | null;
  poll: PollOption[] | null;
  reactions: { gestureId: number; count: number }[];
  /** The comments shown (hidden ones only for the administration), of which `comments` are the newest. */
  commentTotal: number;
  comments: PostComment[];
  /** Its content changed after it was published. */
  edited: boolean;
  requiresReading: boolean;
  readingDeadline: Date | null;
}

/** One viewer's part of a post: their reaction, save, vote and reading confirmation. */
export interface Viewer {
  userId: number;
  gestureId: number | null;
  saved: boolean;
  votedOptionId: number | null;
  confirmed: boolean;
}

/** A post of a page: its id, its card's version and the viewer's part. */
export interface FeedEntry {
  id: number;
  version: number;
  viewer: Viewer;
}

/** A post as one viewer sees it. */
export interface Post {
  card: Card;
  viewer: Viewer;
}

/** A kind of reaction. */
export interface Gesture {
  id: number;
  code: string;
  svgPath: string;
}
