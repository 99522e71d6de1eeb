import { ChatFileType } from '@elo/contract/chat';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../chat-format.ts';

/** What a message or a conversation's last message holds, as the list and notifications say it. */
export interface PreviewSource {
  mensagem: string | null;
  idTipoArquivo: number | null;
  duracao: number | null;
  flExcluirDefinitivo: 'S' | 'N';
}

/** A one-line description of a message: its text, else what it carries. */
export function describeMessage(source: PreviewSource, t: TFunction): string {
  if (source.flExcluirDefinitivo === 'S') return t('portal.chat.preview.deleted');
  if (source.mensagem) return source.mensagem;
  switch (source.idTipoArquivo) {
    case ChatFileType.image:
      return t('portal.chat.preview.image');
    case ChatFileType.pdf:
      return t('portal.chat.preview.pdf');
    case ChatFileType.audio:
      return t('portal.chat.preview.audio', { duration: formatDuration(source.duracao ?? 0) });
    case ChatFileType.file:
      return t('portal.chat.preview.file');
    default:
      return t('portal.chat.preview.none');
  }
}

/** describeMessage in the page's language. */
export function useMessagePreview() {
  const { t } = useTranslation();
  return useCallback((source: PreviewSource) => describeMessage(source, t), [t]);
}
