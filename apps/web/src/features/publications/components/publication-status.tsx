import type { PublicacaoAdmin } from '@elo/contract/calls/publications';
import { PublicationStatus } from '@elo/contract/enums';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';

const statusClasses: Record<PublicacaoAdmin['status'], string> = {
  [PublicationStatus.scheduled]: 'bg-sky-100 text-sky-900',
  [PublicationStatus.published]: 'bg-emerald-100 text-emerald-900',
  [PublicationStatus.draft]: 'bg-slate-200 text-slate-800',
};

/** The status label in the interface's language (the wire keeps the spec's Portuguese words). */
export function useStatusLabel() {
  const { t } = useTranslation();
  return (status: PublicacaoAdmin['status']) => t(`admin.publicationsAdmin.status.${status}`);
}

/** A publication's status with its date: when it goes out (Agendado), went out, or was last saved. */
export function PublicationStatusBadge({ publication }: { publication: PublicacaoAdmin }) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const language = currentLanguage();
  const when = publication.dtAgendamento ?? publication.dtPublicacao;
  return (
    <span className="flex flex-col items-start gap-1">
      <span
        className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', statusClasses[publication.status])}
      >
        {label(publication.status)}
      </span>
      <span className="text-xs text-slate-700">
        {t(`admin.publicationsAdmin.statusDate.${publication.status}`, {
          date: formatDateTime(when, language),
        })}
      </span>
    </span>
  );
}
