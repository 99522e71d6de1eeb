import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '#lib/paths.ts';
import type { SubmitFailure } from '#lib/submit-failure.ts';
import { TitledSection } from '#ui/titled-section.tsx';
import { AccessFailureAlert } from './access-failure-alert.tsx';

export interface FirstAccessStepProps {
  heading: string;
  intro?: ReactNode;
  /** The step's failure that belongs to no field; a refused token offers to start again. */
  failure: SubmitFailure | null;
  children: ReactNode;
}

/** One part of step 2 (confirm the mobile, type the code, choose the password) under the page's h1. */
export function FirstAccessStep({ heading, intro, failure, children }: FirstAccessStepProps) {
  const { t } = useTranslation();
  return (
    <TitledSection title={heading} className="flex flex-col gap-4">
      {intro && <div className="text-slate-700">{intro}</div>}
      <AccessFailureAlert
        failure={failure}
        restart={{ to: paths.firstAccessStep1, label: t('auth.firstAccessPhone.startAgain') }}
      />
      {children}
    </TitledSection>
  );
}
