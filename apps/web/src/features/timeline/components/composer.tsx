import type { Grupo } from '@elo/contract/calls/auth';
import { Permission, PostType } from '@elo/contract/enums';
import clsx from 'clsx';
import { useEffect, useId, useReducer, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { onlineManager } from '@tanstack/react-query';
import { ApiError } from '#lib/api-client.ts';
import { clearDraft, draftKey, readDraft, useKeptDraft } from '#lib/offline/drafts.ts';
import { useKnownLoggedUser } from '#lib/session.ts';
import { useFunctionName } from '#lib/function-names.ts';
import { translateContractKey } from '#lib/i18n/i18n.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { buttonClassName, Button } from '#ui/button.tsx';
import { TitledSection } from '#ui/titled-section.tsx';
import { CharacterCount } from '#ui/character-count.tsx';
import {
  composerReducer,
  initialComposerState,
  type ComposerState,
  type SendMode,
} from '../composer-state.ts';
import { usePublishPost } from '../hooks/use-publish-post.ts';
import { backgroundColors } from '../post-colors.ts';
import {
  checkComposer,
  checkGroupCount,
  checkMediaFile,
  plainTextLength,
  toPublishInput,
  type RuleMessage,
} from '../post-rules.ts';
import { youTubeEmbedUrl } from '@elo/contract/youtube';
import { MediaPreview } from './composer-media.tsx';

/** What the file picker offers: pictures only (spec section 5, portal post upload). */
const acceptedFiles = 'image/png,image/jpeg,.png,.jpg,.jpeg';

/** Server messages of a failed publish, placed beside the part of the composer they are about. */
interface ServerProblems {
  text?: string;
  media?: string;
  groups?: string;
  other?: string;
}

function serverProblemsOf(error: unknown): ServerProblems {
  if (!(error instanceof ApiError)) return {};
  const problems: ServerProblems = {};
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (field === 'textoPublicacao') problems.text ??= message;
    else if (field === 'file') problems.media ??= message;
    else if (field === 'idsGrupos') problems.groups ??= message;
    else problems.other ??= message;
  }
  if (Object.keys(problems).length === 0 && error.message) problems.other = error.message;
  return problems;
}

const messageOf = (rule: RuleMessage | null | undefined): string | null =>
  rule ? translateContractKey(rule.key, rule.params) : null;

export interface ComposerProps {
  /** The user's text limit (maximoCaracteres), counted on plain text. */
  maxChars: number;
  /** The user's groups that allow posting, default first. */
  postableGroups: readonly Grupo[];
  /** The group a new post goes to unless the user picks others: the timeline's selected group. */
  defaultGroupId: number | null;
}

/** The parts of a post a server's reason may be about. */
interface SentParts {
  text: string;
  media: ComposerState['media'];
  groupIds: number[];
}

function sentParts(state: ComposerState): SentParts {
  return { text: state.text, media: state.media, groupIds: state.groupIds };
}

/** The server's reasons whose part of the post is still as it was sent; any change clears the rest. */
function stillStanding(answer: { problems: ServerProblems; about: SentParts } | null, state: ComposerState) {
  if (!answer) return {};
  const { problems, about } = answer;
  const same = {
    text: state.text === about.text,
    media: state.media === about.media,
    groups: state.groupIds === about.groupIds,
  };
  return {
    text: same.text ? problems.text : undefined,
    media: same.media ? problems.media : undefined,
    groups: same.groups ? problems.groups : undefined,
    other: Object.values(same).every(Boolean) ? problems.other : undefined,
  } satisfies ServerProblems;
}

/**
 * The portal's post composer: text with a live count, a picture, a YouTube link, a background
 * colour for text posts, 1 to 3 groups, comments on or off, and publish or save as draft. Its
 * type follows the state machine of spec section 4 (composer-state.ts). Videos and polls are
 * published by the administration: the portal's feed leaves polls out (idTipoIgnorar [7]).
 */
export function Composer({ maxChars, postableGroups, defaultGroupId }: ComposerProps) {
  const { t } = useTranslation();
  // Publishing is a portal function the company may name (PUBLICAR_TIMELINE_APP).
  const publishLabel = useFunctionName(Permission.publishTimeline, t('portal.timeline.composer.publish'));
  const ids = {
    heading: useId(),
    text: useId(),
    media: useId(),
    groups: useId(),
    comments: useId(),
  };
  const formRef = useRef<HTMLFormElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  // What was typed and not yet published stays on the device (a lost connection, a closed tab).
  const keptDraft = draftKey(useKnownLoggedUser()?.usuario.idUsuario, 'timeline');
  const [state, dispatch] = useReducer(composerReducer, defaultGroupId, (groupId) => ({
    ...initialComposerState(groupId),
    text: readDraft(keptDraft),
  }));
  useKeptDraft(keptDraft, state.text);
  const [attempted, setAttempted] = useState(false);
  const [mediaError, setMediaError] = useState<string | null>(null);
  // The server's reasons, with the parts of the post they were about: each shows until its part changes.
  const [serverAnswer, setServerAnswer] = useState<{ problems: ServerProblems; about: SentParts } | null>(
    null,
  );
  const publish = usePublishPost();
  const showToast = useToastStore((store) => store.showToast);

  useEffect(() => {
    dispatch({ type: 'defaultGroupOffered', idGrupo: defaultGroupId });
  }, [defaultGroupId]);

  const server = stillStanding(serverAnswer, state);
  const problems = checkComposer(state, {
    maxChars,
    postableGroupIds: postableGroups.map((group) => group.idGrupo),
  });
  // The text limit and the group count show while the user edits; the rest once they try to send.
  const textError =
    messageOf(problems.text) ?? (attempted ? messageOf(problems.content) : null) ?? server.text ?? null;
  const groupsError =
    messageOf(checkGroupCount(state.groupIds)) ??
    (attempted ? messageOf(problems.groups) : null) ??
    server.groups ??
    null;
  const fileError = mediaError ?? server.media ?? null;
  const length = plainTextLength(state.text);

  const focusFirstProblem = () => {
    if (problems.text || problems.content) return textRef.current?.focus();
    if (problems.groups) formRef.current?.querySelector<HTMLElement>('[data-group-option]')?.focus();
  };

  const send = (mode: SendMode) => {
    if (state.sending) return;
    setAttempted(true);
    setServerAnswer(null);
    if (Object.keys(problems).length > 0) return focusFirstProblem();
    // Without a connection nothing is sent: the text stays here and on the device until it can be.
    if (!onlineManager.isOnline()) {
      showToast({ type: 'error', message: t('portal.timeline.composer.keptOffline') });
      return;
    }
    const about = sentParts(state);
    dispatch({ type: 'sendStarted', mode });
    publish.mutate(toPublishInput(state, mode), {
      onSuccess: () => {
        clearDraft(keptDraft);
        dispatch({ type: 'sent' });
        setAttempted(false);
        setMediaError(null);
        showToast({ type: 'success', message: t('portal.timeline.composer.published') });
      },
      onError: (error) => {
        dispatch({ type: 'sendFailed' });
        setServerAnswer({ problems: serverProblemsOf(error), about });
        showToast({ type: 'error', message: t('portal.timeline.composer.publishFailed') });
      },
    });
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still reports a change.
    event.target.value = '';
    if (!file) return;
    const checked = checkMediaFile(file);
    if ('error' in checked) return setMediaError(messageOf(checked.error));
    setMediaError(null);
    dispatch({
      type: 'mediaChosen',
      media: { file, kind: checked.kind, previewUrl: URL.createObjectURL(file) },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send('publish');
  };

  const describedBy = (...parts: (string | false | null)[]) => parts.filter(Boolean).join(' ') || undefined;

  return (
    <TitledSection
      title={t('portal.timeline.composer.heading')}
      id={ids.heading}
      headingGap
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.text} className="text-sm font-medium text-slate-800">
            {t('portal.timeline.composer.textLabel')}
          </label>
          <textarea
            ref={textRef}
            id={ids.text}
            value={state.text}
            rows={4}
            placeholder={t('portal.timeline.composer.textPlaceholder')}
            onChange={(event) => dispatch({ type: 'textChanged', text: event.target.value })}
            aria-invalid={textError ? true : undefined}
            aria-describedby={describedBy(
              `${ids.text}-count`,
              `${ids.text}-hint`,
              textError && `${ids.text}-error`,
            )}
            className={clsx(
              'rounded-md border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-600',
              textError ? 'border-red-700' : 'border-slate-400',
            )}
          />
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <p id={`${ids.text}-hint`} className="text-slate-700">
              {t('portal.timeline.composer.youtubeHint')}
            </p>
            <CharacterCount id={`${ids.text}-count`} count={length} max={maxChars} />
          </div>
          {textError && (
            <p id={`${ids.text}-error`} className="text-sm text-red-700">
              {textError}
            </p>
          )}
        </div>

        {state.youtube && (
          <div className="aspect-video w-full max-w-xl overflow-hidden rounded-md bg-slate-900">
            <iframe
              src={youTubeEmbedUrl(state.youtube.videoId)}
              title={t('portal.timeline.composer.youtubePreview')}
              className="size-full"
              referrerPolicy="strict-origin-when-cross-origin"
              allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
            />
          </div>
        )}

        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <input
              id={ids.media}
              type="file"
              accept={acceptedFiles}
              onChange={chooseFile}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={describedBy(`${ids.media}-hint`, fileError && `${ids.media}-error`)}
              className="peer sr-only"
            />
            <label
              htmlFor={ids.media}
              className={buttonClassName({
                variant: 'secondary',
                size: 'sm',
                className:
                  'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-500',
              })}
            >
              {t('portal.timeline.composer.mediaLabel')}
            </label>
          </div>
          <p id={`${ids.media}-hint`} className="text-sm text-slate-700">
            {t('portal.timeline.composer.mediaHint')}
          </p>
          {fileError && (
            <p id={`${ids.media}-error`} role="alert" className="text-sm text-red-700">
              {fileError}
            </p>
          )}
          {state.media && <MediaPreview media={state.media} dispatch={dispatch} />}
        </div>

        {state.type === PostType.text && (
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-slate-800">
              {t('portal.timeline.composer.backgroundLegend')}
            </legend>
            <div className="flex flex-wrap gap-2">
              {backgroundColors.map((color) => (
                <label key={color.value} className="relative cursor-pointer">
                  <input
                    type="radio"
                    name={`${ids.text}-background`}
                    value={color.value}
                    checked={state.backgroundColor === color.value}
                    onChange={() => dispatch({ type: 'backgroundChosen', color: color.value })}
                    className="peer sr-only"
                  />
                  <span
                    aria-hidden="true"
                    className="block size-9 rounded-full border-2 border-slate-400 peer-checked:border-slate-900 peer-checked:ring-2 peer-checked:ring-slate-900 peer-checked:ring-offset-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-primary-500"
                    style={{ backgroundColor: color.value }}
                  />
                  <span className="sr-only">{t(`portal.timeline.composer.colors.${color.name}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}

        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={describedBy(`${ids.groups}-hint`, groupsError && `${ids.groups}-error`)}
        >
          <legend className="text-sm font-medium text-slate-800">
            {t('portal.timeline.composer.groupsLegend')}
          </legend>
          <p id={`${ids.groups}-hint`} className="text-sm text-slate-700">
            {t('portal.timeline.composer.groupsHint')}
          </p>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {postableGroups.map((group) => (
              <label key={group.idGrupo} className="inline-flex min-h-8 items-center gap-2 text-slate-900">
                <input
                  type="checkbox"
                  data-group-option
                  checked={state.groupIds.includes(group.idGrupo)}
                  onChange={() => dispatch({ type: 'groupToggled', idGrupo: group.idGrupo })}
                  className="size-4 accent-primary-600"
                />
                {group.nome}
              </label>
            ))}
          </div>
          {groupsError && (
            <p id={`${ids.groups}-error`} className="text-sm text-red-700">
              {groupsError}
            </p>
          )}
        </fieldset>

        <label htmlFor={ids.comments} className="inline-flex items-center gap-2 text-slate-900">
          <input
            id={ids.comments}
            type="checkbox"
            checked={state.allowComments}
            onChange={() => dispatch({ type: 'allowCommentsToggled' })}
            className="size-4 accent-primary-600"
          />
          {t('portal.timeline.composer.allowComments')}
        </label>

        {server.other && (
          <p role="alert" className="text-sm text-red-700">
            {server.other}
          </p>
        )}

        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="secondary"
            loading={state.sending === 'draft'}
            disabled={state.sending !== null}
            onClick={() => send('draft')}
          >
            {t('portal.timeline.composer.saveDraft')}
          </Button>
          <Button type="submit" loading={state.sending === 'publish'} disabled={state.sending !== null}>
            {publishLabel}
          </Button>
        </div>
      </form>
    </TitledSection>
  );
}
