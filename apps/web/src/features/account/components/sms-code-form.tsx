import { limits } from '@elo/contract/limits';
import { smsCodeSchema } from '@elo/contract/calls/account';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContractResolver } from '#lib/contract-resolver.ts';
import { useSubmitFailure, type FormFields } from '#lib/submit-failure.ts';
import { Button } from '#ui/button.tsx';
import type { FirstAccessFlow } from '../first-access-flow.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { useCheckFirstAccessCode, useSendFirstAccessCode } from '../hooks/use-first-access.ts';
import { SmsCodeField } from './access-fields.tsx';
import type { SentCode } from './code-destination-forms.tsx';
import { FirstAccessStep } from './first-access-step.tsx';

/** How long before a code may be sent again; the server refuses an earlier resend (429). */
export const smsResendDelaySeconds = limits.smsResendSeconds;

const schema = z.object({ codigoSms: smsCodeSchema });
type CodeForm = z.input<typeof schema>;
const formFields: FormFields<CodeForm> = { fields: ['codigoSms'] };

export interface SmsCodeFormProps {
  flow: FirstAccessFlow;
  sent: SentCode;
  /** Why the code was refused at the last step (expired meanwhile), shown beside the field. */
  refusal?: string;
  onChecked: (codigoSms: string) => void;
}

/** Step 2: the code sent by SMS is typed and checked; it can be sent again after a minute. */
export function SmsCodeForm({ flow, sent, refusal, onChecked }: SmsCodeFormProps) {
  const { t } = useTranslation();
  const checkCode = useCheckFirstAccessCode(flow);
  const sendCode = useSendFirstAccessCode(flow);
  const countdown = useCountdown(smsResendDelaySeconds);
  const [celularMascarado, setCelularMascarado] = useState(sent.celularMascarado);
  const [resent, setResent] = useState(false);
  const resolver = useContractResolver(schema);
  const form = useForm<CodeForm>({ resolver, defaultValues: { codigoSms: '' } });
  const { failure, report, clear } = useSubmitFailure(form.setError, formFields, t('apiErrors.default'));
  const { setError, setFocus } = form;

  // The previous step's button is gone: the code field takes the focus (with the refusal, if any).
  useEffect(() => {
    if (refusal) setError('codigoSms', { type: 'server', message: refusal }, { shouldFocus: true });
    else setFocus('codigoSms');
  }, [refusal, setError, setFocus]);

  const onSubmit = form.handleSubmit(async ({ codigoSms }) => {
    clear();
    try {
      await checkCode.mutateAsync({ destination: sent.destination, codigoSms });
      onChecked(codigoSms);
    } catch (error) {
      report(error);
    }
  });

  const resend = async () => {
    clear();
    try {
      setCelularMascarado(await sendCode.mutateAsync(sent.destination));
      setResent(true);
      countdown.restart(smsResendDelaySeconds);
    } catch (error) {
      const left = report(error);
      if (left?.retryAfter) countdown.restart(left.retryAfter);
    }
  };

  return (
    <FirstAccessStep
      heading={t('auth.firstAccessPhone.codeHeading')}
      intro={
        <p role="status">
          {resent
            ? t('auth.firstAccessPhone.codeResent', { celularMascarado })
            : t('auth.firstAccessPhone.codeSent', { celularMascarado })}
        </p>
      }
      failure={failure}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <SmsCodeField error={form.formState.errors.codigoSms?.message} {...form.register('codigoSms')} />
        <Button type="submit" size="lg" loading={form.formState.isSubmitting} className="mt-2 w-full">
          {t('auth.firstAccessPhone.validateCode')}
        </Button>
      </form>
      <div className="flex flex-col items-start gap-1">
        <Button
          variant="tertiary"
          disabled={countdown.secondsLeft > 0}
          loading={sendCode.isPending}
          onClick={() => void resend()}
        >
          {t('auth.firstAccessPhone.resendCode')}
        </Button>
        {countdown.secondsLeft > 0 && (
          <p className="text-sm text-slate-600">
            {t('auth.firstAccessPhone.resendIn', { count: countdown.secondsLeft })}
          </p>
        )}
      </div>
    </FirstAccessStep>
  );
}
