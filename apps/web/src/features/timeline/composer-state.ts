import { PostType, type PostTypeId } from '@elo/contract/enums';
import { findYouTubeLink, type YouTubeLink } from '@elo/contract/youtube';

/** Which kind of file a post carries. */
export type MediaKind = 'image' | 'video';

/** The file chosen for a post, with what the composer shows of it. */
export interface ComposerMedia {
  file: File;
  kind: MediaKind;
  /** An object URL of the file, for the preview. */
  previewUrl: string;
  /** For a video: the frame taken at 1.5 s, once the browser has drawn it. */
  thumbnailUrl: string | null;
}

/** What is being sent: the two loading flags of the portal composer (spec section 4). */
export type SendMode = 'publish' | 'draft';

/** The white background text posts start with (spec section 9). */
export const defaultBackgroundColor = '#ffffff';

/** The most options a poll takes (the contract's limit). */
export const maxPollOptions = 10;

export interface ComposerState {
  text: string;
  type: PostTypeId;
  /** Poll option labels, in order; empty unless the post is a poll. */
  pollOptions: string[];
  /** The embedded video; only while the post is a YouTube post. */
  youtube: YouTubeLink | null;
  /** The chosen image or video; only while the post is one. */
  media: ComposerMedia | null;
  backgroundColor: string;
  groupIds: number[];
  /** The user picked groups themselves, so a change of the timeline's group no longer resets them. */
  groupsTouched: boolean;
  allowComments: boolean;
  sending: SendMode | null;
}

export type ComposerAction =
  | { type: 'textChanged'; text: string }
  | { type: 'mediaChosen'; media: Omit<ComposerMedia, 'thumbnailUrl'> }
  | { type: 'videoThumbnailTaken'; previewUrl: string; thumbnailUrl: string }
  | { type: 'mediaRemoved' }
  | { type: 'pollStarted' }
  | { type: 'pollOptionAdded' }
  | { type: 'pollOptionChanged'; index: number; label: string }
  | { type: 'pollOptionRemoved'; index: number }
  | { type: 'pollRemoved' }
  | { type: 'backgroundChosen'; color: string }
  | { type: 'groupToggled'; idGrupo: number }
  | { type: 'defaultGroupOffered'; idGrupo: number | null }
  | { type: 'allowCommentsToggled' }
  | { type: 'sendStarted'; mode: SendMode }
  | { type: 'sendFailed' }
  | { type: 'sent' };

/** An empty composer posting to the given group. */
export function initialComposerState(defaultGroupId: number | null): ComposerState {
  return {
    text: '',
    type: PostType.text,
    pollOptions: [],
    youtube: null,
    media: null,
    backgroundColor: defaultBackgroundColor,
    groupIds: defaultGroupId === null ? [] : [defaultGroupId],
    groupsTouched: false,
    allowComments: true,
    sending: null,
  };
}

/**
 * Moves the post to another type, dropping what only the old type carried: any non-poll type
 * clears the options, a non-youtube type removes the embedded frame, and a type without a file
 * lets go of the chosen media (a post has one medium).
 */
function withType(state: ComposerState, type: PostTypeId): ComposerState {
  const next: ComposerState = { ...state, type };
  if (type !== PostType.poll) next.pollOptions = [];
  if (type !== PostType.youtube) next.youtube = null;
  if (type !== PostType.image && type !== PostType.video) next.media = null;
  return next;
}

/**
 * The type the text alone gives once no media or poll is chosen: youtube when it holds a
 * YouTube link, otherwise text.
 */
function withTextType(state: ComposerState): ComposerState {
  const link = findYouTubeLink(state.text);
  if (!link) return withType(state, PostType.text);
  return { ...withType(state, PostType.youtube), youtube: link };
}

const textDrivenTypes: readonly PostTypeId[] = [PostType.text, PostType.youtube];

/**
 * The portal composer's state machine (spec section 4, "Post types by media"). A YouTube link in
 * the text switches a text post to youtube and back; an image, video or poll the user chose
 * explicitly wins over a link in the text, which then stays plain text.
 */
export function composerReducer(state: ComposerState, action: ComposerAction): ComposerState {
  switch (action.type) {
    case 'textChanged': {
      const next = { ...state, text: action.text };
      return textDrivenTypes.includes(state.type) ? withTextType(next) : next;
    }
    case 'mediaChosen': {
      const type = action.media.kind === 'image' ? PostType.image : PostType.video;
      return { ...withType(state, type), media: { ...action.media, thumbnailUrl: null } };
    }
    case 'videoThumbnailTaken':
      // A thumbnail of a file the user has since replaced is no longer wanted.
      if (state.media?.previewUrl !== action.previewUrl) return state;
      return { ...state, media: { ...state.media, thumbnailUrl: action.thumbnailUrl } };
    case 'mediaRemoved':
      return withTextType({ ...state, media: null });
    case 'pollStarted':
      if (state.type === PostType.poll) return state;
      return { ...withType(state, PostType.poll), pollOptions: [''] };
    case 'pollOptionAdded':
      if (state.type !== PostType.poll || state.pollOptions.length >= maxPollOptions) return state;
      return { ...state, pollOptions: [...state.pollOptions, ''] };
    case 'pollOptionChanged':
      return {
        ...state,
        pollOptions: state.pollOptions.map((label, index) => (index === action.index ? action.label : label)),
      };
    case 'pollOptionRemoved': {
      const pollOptions = state.pollOptions.filter((_, index) => index !== action.index);
      if (pollOptions.length > 0) return { ...state, pollOptions };
      return withTextType({ ...state, pollOptions });
    }
    case 'pollRemoved':
      return withTextType(state);
    case 'backgroundChosen':
      return { ...state, backgroundColor: action.color };
    case 'groupToggled': {
      const chosen = state.groupIds.includes(action.idGrupo);
      const groupIds = chosen
        ? state.groupIds.filter((id) => id !== action.idGrupo)
        : [...state.groupIds, action.idGrupo];
      return { ...state, groupIds, groupsTouched: true };
    }
    case 'defaultGroupOffered':
      if (state.groupsTouched) return state;
      return { ...state, groupIds: action.idGrupo === null ? [] : [action.idGrupo] };
    case 'allowCommentsToggled':
      return { ...state, allowComments: !state.allowComments };
    case 'sendStarted':
      return { ...state, sending: action.mode };
    case 'sendFailed':
      return { ...state, sending: null };
    case 'sent':
      // The next post starts empty but goes to the same groups.
      return { ...initialComposerState(null), groupIds: state.groupIds, groupsTouched: state.groupsTouched };
  }
}
