import { loginInputSchema } from '@elo/contract/calls/auth';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { homePath, paths } from '#app/paths.ts';
import { ApiError, errorMessageOf } from '#lib/api-client.ts';
import { contractResolver } from '#lib/contract-resolver.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { useAlertStore } from '#lib/stores/alert-store.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { TextField } from '#ui/text-field.tsx';
import { LanguageLinks } from '../components/language-links.tsx';
import { useLogin } from '../hooks/use-login.ts';
import { sessionExpiredAlertId } from '../session-expired-alert.ts';

type LoginForm = z.input<typeof loginInputSchema>;
const formFields: readonly string[] = ['login', 'senha'] satisfies (keyof LoginForm)[];

const linkClass = 'text-primary-ink underline underline-offset-2 hover:no-underline';

/** The sign-in page (/): login by e-mail or matricula, and the ways to get a password. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const removeAlert = useAlertStore((state) => state.removeAlert);
  const [failure, setFailure] = useState<{ message: string; firstAccess: boolean } | null>(null);
  // The resolver words messages in the page's language, so it follows a language switch.
  const language = currentLanguage();
  const resolver = useMemo(() => contractResolver(loginInputSchema, language), [language]);
  const form = useForm<LoginForm>({ resolver, defaultValues: { login: '', senha: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login.mutateAsync(values);
      removeAlert(sessionExpiredAlertId);
      await navigate(homePath, { replace: true });
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? Object.entries(error.fieldErrors) : [];
      const onForm = fieldErrors.filter(([field]) => formFields.includes(field));
      for (const [field, message] of onForm) form.setError(field as keyof LoginForm, { message });
      if (onForm.length > 0 && onForm.length === fieldErrors.length) return;
      setFailure({
        message: errorMessageOf(error, t('apiErrors.default')),
        firstAccess: error instanceof ApiError && error.errorCode === 'FIRST_ACCESS_REQUIRED',
      });
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageHeading title={t('auth.login.title')} />
        <p className="-mt-4 text-slate-700">{t('auth.login.subtitle')}</p>
      </div>

      {failure && (failure.message || failure.firstAccess) && (
        <Alert
          type="error"
          actions={
            failure.firstAccess && (
              <Link to={paths.firstAccessStep1} className={linkClass}>
                {t('auth.login.firstAccessAction')}
              </Link>
            )
          }
        >
          {failure.message}
        </Alert>
      )}

      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <TextField
          label={t('auth.login.loginLabel')}
          hint={t('auth.login.loginHint')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.login?.message}
          {...form.register('login')}
        />
        <TextField
          label={t('auth.login.passwordLabel')}
          type="password"
          autoComplete="current-password"
          error={errors.senha?.message}
          {...form.register('senha')}
        />
        <Button type="submit" size="lg" loading={form.formState.isSubmitting} className="mt-2 w-full">
          {form.formState.isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
      </form>

      <nav aria-label={t('auth.login.helpNav')}>
        <ul className="flex flex-col gap-2 text-sm">
          <li>
            <Link to={paths.firstAccessStep1} className={linkClass}>
              {t('auth.login.firstAccess')}
            </Link>
          </li>
          <li>
            <Link to={paths.passwordRequestEmail} className={linkClass}>
              {t('auth.login.forgotByEmail')}
            </Link>
          </li>
          <li>
            <Link to={paths.passwordRequestMatricula} className={linkClass}>
              {t('auth.login.forgotByMatricula')}
            </Link>
          </li>
        </ul>
      </nav>

      <LanguageLinks />
    </div>
  );
}
