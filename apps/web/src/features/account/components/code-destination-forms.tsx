import {
  cadastraNumeroTelefoneDeslogado,
  confirmaNumeroTelefoneDeslogado,
} from '@elo/contract/calls/account';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useContractResolver } from '#lib/contract-resolver.ts';
import { useSubmitFailure, type FormFields } from '#lib/submit-failure.ts';
import { Button } from '#ui/button.tsx';
import { TextField } from '#ui/text-field.tsx';
import type { FirstAccessFlow } from '../first-access-flow.ts';
import { useSendFirstAccessCode, type CodeDestination } from '../hooks/use-first-access.ts';
import { LastDigitsField } from './access-fields.tsx';
import { FirstAccessStep } from './first-access-step.tsx';

/** Where the code went: what to send again, and the masked number to show. */
export interface SentCode {
  destination: CodeDestination;
  celularMascarado: string;
}

interface CodeDestinationFormProps {
  flow: FirstAccessFlow;
  onSent: (sent: SentCode) => void;
}

const confirmSchema = confirmaNumeroTelefoneDeslogado.input.pick({ ultimosDigitosCelular: true });
type ConfirmForm = z.input<typeof confirmSchema>;
const confirmFields: FormFields<ConfirmForm> = { fields: ['ultimosDigitosCelular'] };

const registerSchema = cadastraNumeroTelefoneDeslogado.input.pick({ ddi: true, numeroTelefoneNovo: true });
type RegisterForm = z.input<typeof registerSchema>;
const registerFields: FormFields<RegisterForm> = { fields: ['ddi', 'numeroTelefoneNovo'] };

/** People type numbers with spaces, dashes, brackets and a plus sign; the server wants digits. */
const digitsOnly = (value: unknown) => (typeof value === 'string' ? value.replace(/\D/g, '') : value);

/**
 * Sends the code to a destination and hands over where it went; a failure lands beside the
 * fields or in the alert, as the form's submit-failure reporter decides.
 */
function useSendCodeTo(
  flow: FirstAccessFlow,
  onSent: (sent: SentCode) => void,
  reporter: Pick<ReturnType<typeof useSubmitFailure>, 'failure' | 'report' | 'clear'>,
) {
  const sendCode = useSendFirstAccessCode(flow);
  const send = async (destination: CodeDestination) => {
    reporter.clear();
    try {
      onSent({ destination, celularMascarado: await sendCode.mutateAsync(destination) });
    } catch (error) {
      reporter.report(error);
    }
  };
  return { failure: reporter.failure, send };
}

/** Step 2 with a mobile on file: its last four digits are confirmed and the code goes to it. */
export function ConfirmPhoneForm({ flow, onSent }: CodeDestinationFormProps) {
  const { t } = useTranslation();
  const resolver = useContractResolver(confirmSchema);
  const form = useForm<ConfirmForm>({ resolver, defaultValues: { ultimosDigitosCelular: '' } });
  const { failure, send } = useSendCodeTo(
    flow,
    onSent,
    useSubmitFailure(form.setError, confirmFields, t('apiErrors.default')),
  );
  const onSubmit = form.handleSubmit(send);

  return (
    <FirstAccessStep
      heading={t('auth.firstAccessPhone.confirmHeading')}
      intro={t('auth.firstAccessPhone.confirmIntro')}
      failure={failure}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <LastDigitsField
          error={form.formState.errors.ultimosDigitosCelular?.message}
          {...form.register('ultimosDigitosCelular')}
        />
        <Button type="submit" size="lg" loading={form.formState.isSubmitting} className="mt-2 w-full">
          {t('auth.firstAccessPhone.confirm')}
        </Button>
      </form>
    </FirstAccessStep>
  );
}

/** Step 2 without a mobile on file: the user gives one and the code goes to it. */
export function RegisterPhoneForm({ flow, onSent }: CodeDestinationFormProps) {
  const { t } = useTranslation();
  const resolver = useContractResolver(registerSchema);
  const form = useForm<RegisterForm>({ resolver, defaultValues: { ddi: '55', numeroTelefoneNovo: '' } });
  const { errors } = form.formState;
  const { failure, send } = useSendCodeTo(
    flow,
    onSent,
    useSubmitFailure(form.setError, registerFields, t('apiErrors.default')),
  );
  const onSubmit = form.handleSubmit(send);

  return (
    <FirstAccessStep
      heading={t('auth.firstAccessPhone.registerHeading')}
      intro={t('auth.firstAccessPhone.registerIntro')}
      failure={failure}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <TextField
          label={t('auth.firstAccessPhone.ddiLabel')}
          hint={t('auth.firstAccessPhone.ddiHint')}
          inputMode="numeric"
          autoComplete="tel-country-code"
          maxLength={4}
          error={errors.ddi?.message}
          {...form.register('ddi', { setValueAs: digitsOnly })}
        />
        <TextField
          label={t('auth.firstAccessPhone.phoneLabel')}
          hint={t('auth.firstAccessPhone.phoneHint')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          error={errors.numeroTelefoneNovo?.message}
          {...form.register('numeroTelefoneNovo', { setValueAs: digitsOnly })}
        />
        <Button type="submit" size="lg" loading={form.formState.isSubmitting} className="mt-2 w-full">
          {t('auth.firstAccessPhone.sendCode')}
        </Button>
      </form>
    </FirstAccessStep>
  );
}
