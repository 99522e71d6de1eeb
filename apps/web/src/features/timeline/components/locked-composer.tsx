import { useTranslation } from 'react-i18next';
import { TitledSection } from '#ui/titled-section.tsx';

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width={28} height={28} aria-hidden="true" focusable="false" className="shrink-0">
      <rect x="4" y="10" width="16" height="11" rx="2" fill="none" stroke="currentColor" strokeWidth={2} />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth={2} />
    </svg>
  );
}

/**
 * What a user who may not publish here sees in the composer's place: the locked overlay of spec
 * section 6, over an outline of the composer that cannot be reached.
 */
export function LockedComposer() {
  const { t } = useTranslation();
  return (
    <TitledSection
      title={t('portal.timeline.composer.heading')}
      headingGap
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="relative">
        <div aria-hidden="true" className="h-28 rounded-md border border-slate-300 bg-slate-50" />
        <div className="absolute inset-0 flex items-center justify-center gap-3 rounded-md bg-white/85 p-4 text-center text-slate-900">
          <LockIcon />
          <p className="max-w-md font-medium">{t('portal.timeline.composer.locked')}</p>
        </div>
      </div>
    </TitledSection>
  );
}
