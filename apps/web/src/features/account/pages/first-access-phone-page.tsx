import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '#lib/paths.ts';
import '#lib/i18n/access-texts.ts';
import { PageHeading } from '#ui/page-heading.tsx';
import { BackToLoginLink } from '../components/back-to-login-link.tsx';
import { ConfirmPhoneForm, RegisterPhoneForm, type SentCode } from '../components/code-destination-forms.tsx';
import { FirstAccessPasswordForm } from '../components/first-access-password-form.tsx';
import { SmsCodeForm } from '../components/sms-code-form.tsx';
import { clearFirstAccessFlow, flowMissingState, readFirstAccessFlow } from '../first-access-flow.ts';

/** Where the user is in step 2. */
type Progress =
  | { step: 'destination' }
  | { step: 'code'; sent: SentCode; refusal?: string }
  | { step: 'password'; sent: SentCode; codigoSms: string };

/**
 * /primeiro-acesso-2: the mobile (confirmed by its last digits, or registered), the SMS code,
 * then the new password, which signs the user in. Without step 1's data it sends the user there.
 */
export function FirstAccessPhonePage() {
  const { t } = useTranslation();
  // Read once: a refused token clears the stored flow, and the page must still say so.
  const [flow] = useState(readFirstAccessFlow);
  const [progress, setProgress] = useState<Progress>({ step: 'destination' });
  if (!flow) return <Navigate to={paths.firstAccessStep1} replace state={flowMissingState} />;

  const onSent = (sent: SentCode) => setProgress({ step: 'code', sent });
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={t('auth.firstAccessPhone.title')} />
      {progress.step === 'destination' &&
        (flow.flNumeroCadastrado === 'S' ? (
          <ConfirmPhoneForm flow={flow} onSent={onSent} />
        ) : (
          <RegisterPhoneForm flow={flow} onSent={onSent} />
        ))}
      {progress.step === 'code' && (
        <SmsCodeForm
          flow={flow}
          sent={progress.sent}
          refusal={progress.refusal}
          onChecked={(codigoSms) => setProgress({ step: 'password', sent: progress.sent, codigoSms })}
        />
      )}
      {progress.step === 'password' && (
        <FirstAccessPasswordForm
          flow={flow}
          codigoSms={progress.codigoSms}
          onCodeRefused={(refusal) => setProgress({ step: 'code', sent: progress.sent, refusal })}
        />
      )}
      {/* Leaving is abandoning: the provisional password is not kept for later. */}
      <BackToLoginLink onClick={clearFirstAccessFlow} />
    </div>
  );
}
