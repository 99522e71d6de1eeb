import { primeiroAcesso } from '@elo/contract/calls/account';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '#lib/paths.ts';
import '#lib/i18n/access-texts.ts';
import { useContractResolver } from '#lib/contract-resolver.ts';
import { calendarDayToMoment, momentToCalendarDay } from '#lib/date-input.ts';
import { useSubmitFailure, type FormFields } from '#lib/submit-failure.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { DateField } from '#ui/date-field.tsx';
import { PageHeadingWithIntro } from '#ui/page-heading.tsx';
import { LoginField, TextField } from '#ui/text-field.tsx';
import { AccessFailureAlert } from '../components/access-failure-alert.tsx';
import { BackToLoginLink } from '../components/back-to-login-link.tsx';
import { cameWithoutFlow, clearFirstAccessFlow, saveFirstAccessFlow } from '../first-access-flow.ts';
import { useStartFirstAccess } from '../hooks/use-first-access.ts';

const schema = primeiroAcesso.input;
type FirstAccessForm = z.input<typeof schema>;
const formFields: FormFields<FirstAccessForm> = { fields: ['login', 'senha', 'dtNascimento'] };

/**
 * /primeiro-acesso-1: login, provisional password and birth date. The server's provisional
 * token and what step 2 needs are kept for this tab only, then step 2 opens.
 */
export function FirstAccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const startFirstAccess = useStartFirstAccess();
  const resolver = useContractResolver(schema);
  const form = useForm<FirstAccessForm>({
    resolver,
    defaultValues: { login: '', senha: '', dtNascimento: '' },
  });
  const { errors } = form.formState;
  const { failure, report, clear } = useSubmitFailure(form.setError, formFields, t('apiErrors.default'));

  // A flow starts here: whatever an earlier, abandoned one left (its provisional password) goes.
  useEffect(() => {
    clearFirstAccessFlow();
  }, []);

  const onSubmit = form.handleSubmit(async (values) => {
    clear();
    try {
      const answer = await startFirstAccess.mutateAsync(values);
      saveFirstAccessFlow({
        login: values.login,
        senhaProvisoria: values.senha,
        tokenJwtProvisorio: answer.tokenJwtProvisorio,
        flNumeroCadastrado: answer.flNumeroCadastrado,
        dtNascimento: values.dtNascimento,
      });
      await navigate(paths.firstAccessStep2);
    } catch (error) {
      report(error);
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <PageHeadingWithIntro title={t('auth.firstAccess.title')} intro={t('auth.firstAccess.intro')} />

      {cameWithoutFlow(location.state) && !failure && (
        <Alert type="info">{t('auth.firstAccess.flowMissing')}</Alert>
      )}
      <AccessFailureAlert
        failure={failure}
        restart={{ to: paths.firstAccessStep1, label: t('auth.firstAccessPhone.startAgain') }}
      />

      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <LoginField
          label={t('auth.firstAccess.loginLabel')}
          hint={t('auth.firstAccess.loginHint')}
          error={errors.login?.message}
          {...form.register('login')}
        />
        <TextField
          label={t('auth.firstAccess.provisionalPasswordLabel')}
          hint={t('auth.firstAccess.provisionalPasswordHint')}
          type="password"
          autoComplete="current-password"
          error={errors.senha?.message}
          {...form.register('senha')}
        />
        {/* Typed through the spec's ##/##/#### mask (or picked), in the portal's language. */}
        <Controller
          control={form.control}
          name="dtNascimento"
          render={({ field }) => (
            <DateField
              label={t('auth.firstAccess.birthDateLabel')}
              hint={t('auth.firstAccess.birthDateHint')}
              error={errors.dtNascimento?.message}
              name={field.name}
              ref={field.ref}
              value={calendarDayToMoment(field.value)}
              onChange={(moment) => field.onChange(momentToCalendarDay(moment) ?? '')}
              onBlur={field.onBlur}
            />
          )}
        />
        <Button type="submit" size="lg" loading={form.formState.isSubmitting} className="mt-2 w-full">
          {t('auth.firstAccess.submit')}
        </Button>
      </form>

      <BackToLoginLink />
    </div>
  );
}
