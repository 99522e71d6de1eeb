import clsx from 'clsx';
import { useTranslation } from 'react-i18next';

/** The product's mark and name ("Elo"), shown on public pages and before a company logo loads. */
export function Brand({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={clsx('inline-flex items-center gap-2 text-xl font-bold text-slate-900', className)}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" className="fill-primary-600" />
        <path d="M10 9h12v3H13.5v2.5H21v3h-7.5V20H22v3H10z" className="fill-on-primary" />
      </svg>
      {t('brand.name')}
    </span>
  );
}
