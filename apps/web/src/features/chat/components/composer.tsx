import { clearDraft, readDraft, useKeptDraft } from '#lib/offline/drafts.ts';
import { limits } from '@elo/contract/limits';
import clsx from 'clsx';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button.tsx';
import { CloseIcon } from '#ui/icons.tsx';
import { formatDuration } from '../chat-format.ts';
import type { OutgoingAttachment } from '../chat-controller.ts';
import { useAudioRecorder } from '../hooks/use-audio-recorder.ts';
import {
  insertMention,
  matchCandidates,
  mentionAt,
  mentionedIds,
  type MentionCandidate,
} from '../mention-query.ts';
import { AttachIcon, RecordIcon } from './chat-icons.tsx';
import { WaveformBars } from './waveform-bars.tsx';

/** What the composer hands over when the user sends. */
export interface ComposedMessage {
  mensagem: string;
  idUsuariosMencionados: number[];
  attachment?: OutgoingAttachment;
}

const iconButton =
  'flex size-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50';

/**
 * Writes a message: text with @mentions (a list to pick from while typing), a file (button,
 * paste, or dropped on the conversation), or a recorded audio. Also edits an own message.
 */
export function Composer({
  candidates,
  file,
  onFileChange,
  editingText,
  draftKey,
  onSend,
  onSaveEdit,
  onCancelEdit,
}: {
  candidates: readonly MentionCandidate[];
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The text of the message being edited; undefined when writing a new one. */
  editingText?: string;
  /** Where a new message's text is kept on the device until it is sent (lib/offline/drafts.ts). */
  draftKey?: string | null;
  onSend: (message: ComposedMessage) => void;
  onSaveEdit: (text: string) => void;
  onCancelEdit: () => void;
}) {
  const { t } = useTranslation();
  const textareaId = useId();
  const hintId = useId();
  const listId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const placeCaret = useRef<number | null>(null);
  const editing = editingText !== undefined;
  const [text, setText] = useState(() => editingText ?? readDraft(draftKey ?? null));
  useKeptDraft(editing ? null : (draftKey ?? null), text);
  const [caret, setCaret] = useState(0);
  const [chosen, setChosen] = useState<MentionCandidate[]>([]);
  const [highlighted, setHighlighted] = useState(0);
  const [mentionsClosed, setMentionsClosed] = useState(false);
  const recorder = useAudioRecorder();

  const mention = mentionsClosed ? null : mentionAt(text, caret);
  const options = mention ? matchCandidates(candidates, mention.query) : [];
  const listOpen = options.length > 0;
  const active = listOpen ? Math.min(highlighted, options.length - 1) : -1;
  const recorded = recorder.state.status === 'recorded' ? recorder.state.audio : null;
  const recording = recorder.state.status === 'recording' ? recorder.state : null;
  const canSend = editing
    ? text.trim().length > 0
    : text.trim().length > 0 || file !== null || recorded !== null;

  const updateText = (value: string, position: number) => {
    setText(value);
    setCaret(position);
    setMentionsClosed(false);
    setHighlighted(0);
  };

  const pick = (person: MentionCandidate) => {
    if (!mention) return;
    const result = insertMention(text, mention, person.nome);
    setChosen((current) => [...current.filter((item) => item.idUsuario !== person.idUsuario), person]);
    placeCaret.current = result.caret;
    updateText(result.text, result.caret);
  };

  // After a mention is picked, the caret goes right after it in the same commit as the new text,
  // so a key typed at once lands there (a later frame could move the caret behind that key).
  useLayoutEffect(() => {
    const caret = placeCaret.current;
    if (caret === null || !textarea.current) return;
    placeCaret.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(caret, caret);
  });

  const submit = () => {
    if (!canSend) return;
    if (editing) {
      onSaveEdit(text.trim());
      return;
    }
    const message: ComposedMessage = {
      mensagem: text.trim(),
      idUsuariosMencionados: mentionedIds(text, chosen),
    };
    if (recorded) {
      const extension = recorded.blob.type.includes('ogg')
        ? 'ogg'
        : recorded.blob.type.includes('mp4')
          ? 'm4a'
          : 'webm';
      message.attachment = {
        file: recorded.blob,
        name: `audio.${extension}`,
        audio: { duracao: Math.round(recorded.duracao * 10) / 10, audioSamples: recorded.audioSamples },
      };
    } else if (file) {
      message.attachment = { file, name: file.name };
    }
    onSend(message);
    clearDraft(draftKey ?? null);
    setText('');
    setCaret(0);
    setChosen([]);
    onFileChange(null);
    if (recorded) recorder.discard();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (listOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlighted((active + step + options.length) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const person = options[active];
        if (person) {
          event.preventDefault();
          pick(person);
          return;
        }
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setMentionsClosed(true);
        return;
      }
    }
    if (event.key === 'Escape' && editing) {
      event.preventDefault();
      onCancelEdit();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="border-t border-slate-200 bg-white p-3">
      {editing && (
        <div className="mb-2 flex items-center justify-between rounded-md bg-primary-50 px-3 py-1 text-sm text-slate-900">
          <span>{t('portal.chat.composer.editing')}</span>
          <button
            type="button"
            onClick={onCancelEdit}
            className="rounded px-2 py-1 font-medium text-primary-ink hover:underline"
          >
            {t('portal.chat.composer.cancelEdit')}
          </button>
        </div>
      )}
      {file && !editing && (
        <div className="mb-2 flex items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-1 text-sm text-slate-900">
          <span className="truncate">{file.name}</span>
          <button
            type="button"
            onClick={() => onFileChange(null)}
            aria-label={t('portal.chat.composer.removeAttachment', { name: file.name })}
            className="rounded p-1 text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon width={16} height={16} />
          </button>
        </div>
      )}
      {recorded && (
        <div className="mb-2 flex items-center gap-2 rounded-md border border-slate-200 px-3 py-1 text-sm text-primary-ink">
          <span className="sr-only">
            {t('portal.chat.composer.audioReady', { duration: formatDuration(recorded.duracao) })}
          </span>
          <WaveformBars samples={recorded.audioSamples} progress={1} />
          <span aria-hidden="true" className="text-slate-900 tabular-nums">
            {formatDuration(recorded.duracao)}
          </span>
          <button
            type="button"
            onClick={recorder.discard}
            aria-label={t('portal.chat.composer.discardAudio')}
            className="ml-auto rounded p-1 text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon width={16} height={16} />
          </button>
        </div>
      )}
      {recorder.state.status === 'failed' && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {recorder.state.reason === 'denied'
            ? t('portal.chat.composer.micDenied')
            : t('portal.chat.composer.recordingUnsupported')}
        </p>
      )}
      <div className="relative flex items-end gap-2">
        {!editing && (
          <>
            <button
              type="button"
              className={iconButton}
              aria-label={t('portal.chat.composer.attach')}
              onClick={() => fileInput.current?.click()}
              disabled={recording !== null}
            >
              <AttachIcon />
            </button>
            <input
              ref={fileInput}
              type="file"
              hidden
              aria-label={t('portal.chat.composer.attach')}
              onChange={(event) => {
                const chosenFile = event.target.files?.[0] ?? null;
                event.target.value = '';
                if (chosenFile) onFileChange(chosenFile);
              }}
            />
          </>
        )}
        <div className="relative flex-1">
          <label htmlFor={textareaId} className="sr-only">
            {t('portal.chat.composer.label')}
          </label>
          <textarea
            ref={textarea}
            id={textareaId}
            rows={1}
            value={text}
            maxLength={limits.chat.messageMaxChars}
            placeholder={t('portal.chat.composer.placeholder')}
            aria-describedby={hintId}
            aria-autocomplete="list"
            aria-controls={listOpen ? listId : undefined}
            aria-activedescendant={listOpen ? `${listId}-${active}` : undefined}
            onChange={(event) => updateText(event.target.value, event.target.selectionStart)}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            onPaste={(event) => {
              const pasted = event.clipboardData.files[0];
              if (pasted && !editing) {
                event.preventDefault();
                onFileChange(pasted);
              }
            }}
            className="max-h-40 min-h-10 w-full resize-none rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-600"
          />
          <p id={hintId} className="sr-only">
            {t('portal.chat.composer.hint')}
          </p>
          {listOpen && (
            <ul
              id={listId}
              role="listbox"
              aria-label={t('portal.chat.composer.mentionList')}
              className="absolute bottom-full left-0 z-20 mb-1 max-h-60 w-72 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg"
            >
              {options.map((person, index) => (
                <li
                  key={person.idUsuario}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(person);
                  }}
                  className={clsx(
                    'cursor-pointer rounded px-3 py-2 text-sm text-slate-900',
                    index === active && 'bg-primary-50',
                  )}
                >
                  {person.nome}
                </li>
              ))}
            </ul>
          )}
        </div>
        {!editing && !recorded && (
          <button
            type="button"
            className={clsx(iconButton, recording && 'bg-red-50 text-red-700')}
            aria-label={
              recording ? t('portal.chat.composer.stopRecording') : t('portal.chat.composer.record')
            }
            aria-pressed={recording !== null}
            onClick={() => (recording ? recorder.stop() : void recorder.start())}
          >
            <RecordIcon recording={recording !== null} />
          </button>
        )}
        <Button onClick={submit} disabled={!canSend}>
          {editing ? t('portal.chat.composer.saveEdit') : t('portal.chat.composer.send')}
        </Button>
      </div>
      {recording && (
        <p role="status" className="mt-1 text-sm text-red-700">
          {t('portal.chat.composer.recording', { duration: formatDuration(recording.elapsed) })}
        </p>
      )}
    </div>
  );
}
