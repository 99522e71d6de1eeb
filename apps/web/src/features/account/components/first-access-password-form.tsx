import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { homePath } from '#lib/paths.ts';
import { ApiError } from '#lib/api-client.ts';
import { useContractResolver } from '#lib/contract-resolver.ts';
import { useSubmitFailure, type FormFields } from '#lib/submit-failure.ts';
import type { FirstAccessFlow } from '../first-access-flow.ts';
import { useFinishFirstAccess } from '../hooks/use-first-access.ts';
import { newPasswordFormSchema } from '../new-password-schema.ts';
import { NewPasswordFields } from './access-fields.tsx';
import { FirstAccessStep } from './first-access-step.tsx';

type PasswordForm = z.input<ReturnType<typeof newPasswordFormSchema<Record<never, never>>>>;
// The server names the field senhaNova; the form shares its fields with the reset page.
const formFields: FormFields<PasswordForm> = {
  fields: ['senha', 'confirmacaoSenha'],
  aliases: { senhaNova: 'senha' },
};

export interface FirstAccessPasswordFormProps {
  flow: FirstAccessFlow;
  codigoSms: string;
  /** The server refused the code (it expired meanwhile): back to the code, with its message. */
  onCodeRefused: (message: string) => void;
}

/** The end of step 2: the new password, checked by the policy, then the user is signed in. */
export function FirstAccessPasswordForm({ flow, codigoSms, onCodeRefused }: FirstAccessPasswordFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const finish = useFinishFirstAccess(flow);
  const schema = useMemo(
    () => newPasswordFormSchema({ login: flow.login, birthDate: flow.dtNascimento }, {}),
    [flow],
  );
  const resolver = useContractResolver(schema);
  const form = useForm<PasswordForm>({ resolver, defaultValues: { senha: '', confirmacaoSenha: '' } });
  const { errors } = form.formState;
  const { failure, report, clear } = useSubmitFailure(form.setError, formFields, t('apiErrors.default'));
  const { setFocus } = form;

  useEffect(() => {
    setFocus('senha');
  }, [setFocus]);

  const onSubmit = form.handleSubmit(async ({ senha }) => {
    clear();
    try {
      await finish.mutateAsync({ senhaNova: senha, codigoSms });
      await navigate(homePath, { replace: true });
    } catch (error) {
      const codeRefusal = error instanceof ApiError ? error.fieldErrors.codigoSms : undefined;
      if (codeRefusal) onCodeRefused(codeRefusal);
      else report(error);
    }
  });

  return (
    <FirstAccessStep
      heading={t('auth.firstAccessPhone.passwordHeading')}
      intro={<p>{t('auth.firstAccessPhone.passwordIntro')}</p>}
      failure={failure}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <NewPasswordFields
          password={{ error: errors.senha?.message, ...form.register('senha') }}
          confirmation={{ error: errors.confirmacaoSenha?.message, ...form.register('confirmacaoSenha') }}
          saving={form.formState.isSubmitting}
        />
      </form>
    </FirstAccessStep>
  );
}
