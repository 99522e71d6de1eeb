import { useTranslation } from 'react-i18next';
import { formatFileSize } from './file-field.tsx';

/** One file to download: its name, its address, its size in bytes. */
export interface AttachmentLink {
  id: number;
  name: string;
  url: string;
  size: number;
}

/** A message's attachments as download links with their size (nothing when there are none). */
export function AttachmentLinks({ attachments }: { attachments: readonly AttachmentLink[] }) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <ul aria-label={t('kit.attachments.heading')} className="mt-2 flex flex-col gap-1">
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          <a
            href={attachment.url}
            download={attachment.name}
            className="text-sm break-all text-primary-ink underline underline-offset-2"
          >
            {attachment.name}
          </a>{' '}
          <span className="text-xs text-slate-600">({formatFileSize(attachment.size)})</span>
        </li>
      ))}
    </ul>
  );
}
