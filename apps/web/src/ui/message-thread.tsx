import clsx from 'clsx';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { AttachmentLinks, type AttachmentLink } from './attachment-links.tsx';

/** Where a message stands and how it is marked: the reader's own side, the other side, or a note apart. */
export type ThreadMessageTone = 'mine' | 'theirs' | 'note';

/** One message of a thread, as the thread shows it. */
export interface ThreadMessage {
  id: number;
  /** What the message is (whose, or a note): names its article and, with `showKind`, its tag. */
  kind: string;
  /** Who wrote it, as the reader should see it. */
  author: string;
  /** When it was sent (ISO 8601). */
  sentAt: string;
  text: string;
  attachments: readonly AttachmentLink[];
  tone: ThreadMessageTone;
}

const toneClasses: Record<ThreadMessageTone, string> = {
  mine: 'self-end border-primary-200 bg-primary-50',
  theirs: 'self-start border-slate-300 bg-white',
  note: 'self-end border-dashed border-amber-700 bg-amber-50',
};

/**
 * A conversation as a list of messages, each an article named by its kind saying who wrote it and
 * when, its text as typed (never HTML) and its attachments; the reader's own on the other side.
 */
export function MessageThread({
  label,
  messages,
  showKind = false,
  wide = false,
}: {
  /** The list's accessible name. */
  label: string;
  messages: readonly ThreadMessage[];
  /** Whether each message carries its kind as a tag before the author (a note's stands out). */
  showKind?: boolean;
  /** Lets a message take a little more of the width (a page rather than a side panel). */
  wide?: boolean;
}) {
  const language = currentLanguage();
  return (
    <ol aria-label={label} className="flex flex-col gap-3">
      {messages.map((message) => (
        <li
          key={message.id}
          className={clsx(
            'rounded-lg border px-4 py-3',
            wide ? 'max-w-[min(44rem,100%)]' : 'max-w-[min(40rem,100%)]',
            toneClasses[message.tone],
          )}
        >
          <article aria-label={message.kind}>
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              {showKind && (
                <span
                  className={clsx(
                    'rounded px-1.5 text-xs font-semibold uppercase',
                    message.tone === 'note' ? 'bg-amber-800 text-white' : 'bg-slate-200 text-slate-800',
                  )}
                >
                  {message.kind}
                </span>
              )}
              <span className="font-semibold text-slate-900">{message.author}</span>
              <time dateTime={message.sentAt} className="text-xs text-slate-600">
                {formatDateTime(message.sentAt, language)}
              </time>
            </p>
            <p className="mt-1 break-words whitespace-pre-wrap text-slate-900">{message.text}</p>
            <AttachmentLinks attachments={message.attachments} />
          </article>
        </li>
      ))}
    </ol>
  );
}
