import type { RegistroAuditoria } from '@elo/contract/calls/audit';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { Modal } from '#ui/modal.tsx';
import { useActionLabel } from '../hooks/use-action-label.ts';

/** A changed field's value as text: a dash for none, a list of names joined, JSON for objects. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  return JSON.stringify(value);
}

/** One entry in full: who, from where, the target, and each changed field before and after. */
export function AuditEntryDialog({
  entry,
  onClose,
}: {
  entry: RegistroAuditoria | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const actionLabel = useActionLabel();
  const facts = entry
    ? [
        [t('admin.audit.columns.date'), formatDateTime(entry.dtRegistro, language)],
        [t('admin.audit.columns.action'), actionLabel(entry.acao)],
        [t('admin.audit.columns.author'), entry.nomeAutor ?? t('admin.audit.noAuthor')],
        [
          t('admin.audit.columns.target'),
          [entry.nomeTipoAlvo, entry.nomeAlvo].filter(Boolean).join(' ') || '—',
        ],
        [t('admin.audit.columns.address'), entry.ip ?? '—'],
        [t('admin.audit.userAgent'), entry.userAgent ?? '—'],
      ]
    : [];
  return (
    <Modal
      open={entry !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.audit.detailsTitle')}
      size="lg"
    >
      {entry && (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-slate-800">{label}</dt>
                <dd className="mb-2 break-words text-slate-700 sm:mb-0">{value}</dd>
              </div>
            ))}
          </dl>
          {entry.alteracoes.length === 0 ? (
            <p className="text-slate-700">{t('admin.audit.noChanges')}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('admin.audit.detailsTitle')}</caption>
                <thead className="border-b border-slate-300 text-slate-900">
                  <tr>
                    <th scope="col" className="px-2 py-2">
                      {t('admin.audit.field')}
                    </th>
                    <th scope="col" className="px-2 py-2">
                      {t('admin.audit.before')}
                    </th>
                    <th scope="col" className="px-2 py-2">
                      {t('admin.audit.after')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {entry.alteracoes.map((change) => (
                    <tr key={change.campo} className="border-b border-slate-200 align-top">
                      <th scope="row" className="px-2 py-2 font-medium text-slate-900">
                        {change.nomeCampo}
                      </th>
                      <td className="px-2 py-2 break-words text-slate-700">{valueText(change.antes)}</td>
                      <td className="px-2 py-2 break-words text-slate-700">{valueText(change.depois)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
