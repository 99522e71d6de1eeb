import { ChatFileType, type MensagemChat } from '@elo/contract/chat';
import { isAllowedChatLink } from '@elo/contract/chat-links';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../chat-format.ts';
import type { PendingMessage } from '../chat-state.ts';
import { AudioPlayer } from './audio-player.tsx';
import { FileIcon, MoreIcon, TicksIcon } from './chat-icons.tsx';
import { MessageText } from './message-text.tsx';

const menuItemClass =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-primary-50 data-[highlighted]:text-slate-900';

function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function Ticks({ status }: { status: 'pending' | 'sent' | 'read' }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center" data-status={status}>
      <TicksIcon status={status} />
      <span className="sr-only">{t(`portal.chat.status.${status}`)}</span>
    </span>
  );
}

function Attachment({ message }: { message: MensagemChat }) {
  const { t } = useTranslation();
  if (!message.urlArquivo || message.idTipoArquivo === null) return null;
  const name = message.nomeArquivo ?? '';
  if (message.idTipoArquivo === ChatFileType.audio) {
    return (
      <AudioPlayer
        src={message.urlArquivo}
        duration={message.duracao ?? 0}
        samples={message.audioSamples ?? []}
      />
    );
  }
  if (message.idTipoArquivo === ChatFileType.image) {
    return (
      <a href={message.urlArquivo} target="_blank" rel="noopener noreferrer" className="block">
        <img
          src={message.urlThumbNail ?? message.urlArquivo}
          alt={t('portal.chat.attachment.imageAlt', { name: message.nomeUsuario, file: name })}
          className="max-h-64 max-w-full rounded-md object-contain"
        />
      </a>
    );
  }
  return (
    <a
      href={message.urlArquivo}
      target="_blank"
      rel="noopener noreferrer"
      className="flex items-center gap-2 rounded-md border border-current/30 px-3 py-2 underline-offset-2 hover:underline"
    >
      <FileIcon />
      <span className="flex flex-col">
        <span className="font-medium">{t('portal.chat.attachment.open', { name })}</span>
        <span className="text-xs">{formatSize(message.tamanhoArquivo)}</span>
      </span>
    </a>
  );
}

function LinkPreview({ message }: { message: MensagemChat }) {
  const { t } = useTranslation();
  const preview = message.dadosLinkMetadata;
  if (!preview || !isAllowedChatLink(preview.url) || (!preview.titulo && !preview.descricao)) return null;
  return (
    <a
      href={preview.url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${t('portal.chat.linkPreview')}: ${preview.titulo ?? preview.url}`}
      className="mt-2 flex gap-3 rounded-md border border-slate-200 bg-white p-2 text-slate-900 hover:bg-slate-50"
    >
      {preview.urlImagem && (
        <img src={preview.urlImagem} alt="" className="size-14 shrink-0 rounded object-cover" />
      )}
      <span className="flex min-w-0 flex-col">
        {preview.titulo && <span className="truncate text-sm font-semibold">{preview.titulo}</span>}
        {preview.descricao && (
          <span className="line-clamp-2 text-xs text-slate-700">{preview.descricao}</span>
        )}
      </span>
    </a>
  );
}

/** One message of the open conversation: text, attachment, preview, time, ticks and its actions. */
export function MessageItem({
  message,
  me,
  showAuthor,
  mentionNames,
  onEdit,
  onDelete,
}: {
  message: MensagemChat;
  me: number;
  showAuthor: boolean;
  mentionNames: (ids: readonly number[]) => string[];
  onEdit: (message: MensagemChat) => void;
  onDelete: (message: MensagemChat, forEveryone: boolean) => void;
}) {
  const { t } = useTranslation();
  const mine = message.idUsuario === me;
  const deleted = message.flExcluirDefinitivo === 'S';
  const canEdit = mine && !deleted && message.idTipoArquivo !== ChatFileType.audio && message.mensagem !== '';
  return (
    <li
      className={clsx('group flex', mine ? 'justify-end' : 'justify-start')}
      data-message-id={message.idMensagem}
    >
      <div className={clsx('flex max-w-[85%] items-start gap-1', mine && 'flex-row-reverse')}>
        <article
          aria-label={mine ? t('portal.chat.you') : message.nomeUsuario}
          className={clsx(
            'rounded-lg px-3 py-2 shadow-sm',
            mine ? 'bg-primary-600 text-on-primary' : 'border border-slate-200 bg-white text-slate-900',
            deleted && 'italic',
          )}
        >
          {showAuthor && !mine && (
            <p className="text-xs font-semibold text-primary-ink">{message.nomeUsuario}</p>
          )}
          {deleted ? (
            <p>{t('portal.chat.deleted')}</p>
          ) : (
            <div className="flex flex-col gap-1">
              <Attachment message={message} />
              {message.mensagem && (
                <MessageText
                  text={message.mensagem}
                  mentionedNames={mentionNames(message.idUsuariosMencionados)}
                />
              )}
              <LinkPreview message={message} />
            </div>
          )}
          <p className="mt-1 flex items-center justify-end gap-1 text-xs">
            {message.dtEdicao && !deleted && <span>{t('portal.chat.edited')}</span>}
            <time dateTime={message.dtEnvio}>{formatTime(message.dtEnvio)}</time>
            {mine && !deleted && <Ticks status={message.flLida === 'S' ? 'read' : 'sent'} />}
          </p>
        </article>
        {!deleted && (
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger
              aria-label={t('portal.chat.actions')}
              className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <MoreIcon />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align={mine ? 'end' : 'start'}
                sideOffset={4}
                className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
              >
                {canEdit && (
                  <DropdownMenu.Item className={menuItemClass} onSelect={() => onEdit(message)}>
                    {t('portal.chat.edit')}
                  </DropdownMenu.Item>
                )}
                {mine && (
                  <DropdownMenu.Item className={menuItemClass} onSelect={() => onDelete(message, true)}>
                    {t('portal.chat.deleteForAll')}
                  </DropdownMenu.Item>
                )}
                <DropdownMenu.Item className={menuItemClass} onSelect={() => onDelete(message, false)}>
                  {t('portal.chat.deleteForMe')}
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        )}
      </div>
    </li>
  );
}

/** A message on its way (or waiting for the connection), shown with the clock tick. */
export function PendingItem({ pending }: { pending: PendingMessage }) {
  const { t } = useTranslation();
  return (
    <li className="flex justify-end" data-pending="true">
      <article
        aria-label={t('portal.chat.you')}
        className="max-w-[85%] rounded-lg bg-primary-600 px-3 py-2 text-on-primary opacity-80 shadow-sm"
      >
        {pending.nomeArquivo && <p className="text-sm font-medium">{pending.nomeArquivo}</p>}
        {pending.mensagem && <p className="break-words whitespace-pre-wrap">{pending.mensagem}</p>}
        <p className="mt-1 flex items-center justify-end gap-1 text-xs">
          <time dateTime={pending.dtEnvio}>{formatTime(pending.dtEnvio)}</time>
          <Ticks status="pending" />
        </p>
      </article>
    </li>
  );
}
