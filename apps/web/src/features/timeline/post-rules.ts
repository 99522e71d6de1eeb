import { toFlag } from '@elo/contract/wire';
import type { CallInput } from '@elo/contract/define-call';
import type { publicaPostagemTimeline } from '@elo/contract/calls/timeline';
import { PostType } from '@elo/contract/enums';
import type { ValidationKey } from '@elo/contract/i18n/catalogue';
import { limits } from '@elo/contract/limits';
import type { ComposerState, MediaKind, SendMode } from './composer-state.ts';

/** A message of the contract's catalogue with its values, translated where it is shown. */
export interface RuleMessage {
  key: ValidationKey;
  params?: { max: number };
}

const imageExtensions = new Set(['png', 'jpg', 'jpeg']);
const imageTypes = new Set(['image/png', 'image/jpeg', 'image/jpg']);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Checks a chosen file before any upload (spec section 5, portal post upload): 60 MB at most,
 * png, jpg or jpeg only (videos are published by the administration). The server checks the
 * bytes again; this only spares the user a useless upload.
 */
export function checkMediaFile(file: File): { kind: MediaKind } | { error: RuleMessage } {
  if (file.size > limits.mediaMaxBytes) return { error: { key: 'validation.fileTooLarge' } };
  const extension = extensionOf(file.name);
  // Some systems give no type for a file; the name then decides.
  const type = file.type.toLowerCase();
  if (imageExtensions.has(extension) && (type === '' || imageTypes.has(type))) return { kind: 'image' };
  return { error: { key: 'validation.fileFormatInvalid' } };
}

/**
 * The length of a post's text as the limit counts it: plain text, in characters as people see
 * them (an emoji counts once), not in UTF-16 units.
 */
export function plainTextLength(text: string): number {
  return Array.from(text).length;
}

/** The text-limit message when the text is over the user's maximoCaracteres, else null. */
export function checkTextLength(text: string, maxChars: number): RuleMessage | null {
  if (plainTextLength(text) <= maxChars) return null;
  return { key: 'validation.postTextTooLong', params: { max: maxChars } };
}

/** What is wrong with a post before it is sent, per part of the composer. */
export interface ComposerProblems {
  text?: RuleMessage;
  poll?: RuleMessage;
  groups?: RuleMessage;
  /** Nothing to publish at all. */
  content?: RuleMessage;
}

/** The group-count message while more than 3 groups are chosen, else null. */
export function checkGroupCount(groupIds: readonly number[]): RuleMessage | null {
  return groupIds.length > limits.maxGroupsPerPost ? { key: 'validation.tooManyGroups' } : null;
}

function filledOptions(options: readonly string[]): string[] {
  return options.map((label) => label.trim()).filter(Boolean);
}

/** Everything that keeps a post from being sent, by the same rules the server applies. */
export function checkComposer(
  state: ComposerState,
  rules: { maxChars: number; postableGroupIds: readonly number[] },
): ComposerProblems {
  const problems: ComposerProblems = {};
  const text = checkTextLength(state.text, rules.maxChars);
  if (text) problems.text = text;
  if (!state.text.trim() && !state.media) problems.content = { key: 'validation.postEmpty' };
  if (state.type === PostType.poll && filledOptions(state.pollOptions).length < 2) {
    problems.poll = { key: 'validation.pollNeedsOptions' };
  }
  const groups = checkGroupCount(state.groupIds);
  if (state.groupIds.length === 0) problems.groups = { key: 'validation.required' };
  else if (groups) problems.groups = groups;
  else if (state.groupIds.some((id) => !rules.postableGroupIds.includes(id))) {
    problems.groups = { key: 'validation.groupNotAllowed' };
  }
  return problems;
}

/** The call's fields plus the file, which travels beside them in the multipart body. */
export type PublishInput = CallInput<typeof publicaPostagemTimeline> & { file?: File };

/** The publicaPostagemTimeline fields of a post (the file makes the client send multipart). */
export function toPublishInput(state: ComposerState, mode: SendMode): PublishInput {
  return {
    textoPublicacao: state.text,
    flPermiteComentarios: toFlag(state.allowComments),
    idAppTipoMensagem: state.type,
    file: state.media?.file,
    urlYouTube: state.type === PostType.youtube ? state.youtube?.url : undefined,
    backgroundColor: state.type === PostType.text ? state.backgroundColor : undefined,
    flRascunho: toFlag(mode === 'draft'),
    idsGrupos: state.groupIds.join(','),
  };
}
