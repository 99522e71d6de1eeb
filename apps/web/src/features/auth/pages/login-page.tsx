import type { loginInputSchema } from '@elo/contract/calls/login-input';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { homePath, paths, queryParams, safeReturnPath } from '#lib/paths.ts';
import { useLazyContractResolver } from '#lib/lazy-contract-resolver.ts';
import { useAlertStore } from '#lib/stores/alert-store.ts';
import { useSubmitFailure, type FormFields } from '#lib/submit-failure.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { PageHeadingWithIntro } from '#ui/page-heading.tsx';
import { LoginField, TextField } from '#ui/text-field.tsx';
import { textLinkClassName } from '#ui/text-link.ts';
import { LanguageLinks } from '../components/language-links.tsx';
import { useLogin } from '../hooks/use-login.ts';
import { passwordChangedAlertId } from '#lib/password-changed-alert.ts';
import { sessionExpiredAlertId } from '../session-expired-alert.ts';

type LoginForm = z.input<typeof loginInputSchema>;
const formFields: FormFields<LoginForm> = { fields: ['login', 'senha'] };
// The schema (and zod with it) loads when the form is first used, not with the page.
const loadLoginSchema = async () => (await import('@elo/contract/calls/login-input')).loginInputSchema;

/** The sign-in page (/): login by e-mail or matricula, and the ways to get a password. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const removeAlert = useAlertStore((state) => state.removeAlert);
  const { resolver, preload } = useLazyContractResolver(loadLoginSchema);
  const form = useForm<LoginForm>({ resolver, defaultValues: { login: '', senha: '' } });
  const { errors } = form.formState;
  const { failure, report, clear } = useSubmitFailure(form.setError, formFields, t('apiErrors.default'));
  const firstAccess = failure?.errorCode === 'FIRST_ACCESS_REQUIRED';

  const onSubmit = form.handleSubmit(async (values) => {
    clear();
    try {
      await login.mutateAsync(values);
      removeAlert(sessionExpiredAlertId);
      removeAlert(passwordChangedAlertId);
      // Sent here from a private page: back to it (only a page of this portal), else home.
      await navigate(safeReturnPath(searchParams.get(queryParams.returnTo)) ?? homePath, { replace: true });
    } catch (error) {
      report(error);
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <PageHeadingWithIntro title={t('auth.login.title')} intro={t('auth.login.subtitle')} />

      {failure && (failure.message || firstAccess) && (
        <Alert
          type="error"
          actions={
            firstAccess && (
              <Link to={paths.firstAccessStep1} className={textLinkClassName}>
                {t('auth.login.firstAccessAction')}
              </Link>
            )
          }
        >
          {failure.message}
        </Alert>
      )}

      <form
        noValidate
        onFocus={preload}
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
      >
        <LoginField
          label={t('auth.login.loginLabel')}
          hint={t('auth.login.loginHint')}
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
            <Link to={paths.firstAccessStep1} className={textLinkClassName}>
              {t('auth.login.firstAccess')}
            </Link>
          </li>
          <li>
            <Link to={paths.passwordRequestEmail} className={textLinkClassName}>
              {t('auth.login.forgotByEmail')}
            </Link>
          </li>
          <li>
            <Link to={paths.passwordRequestMatricula} className={textLinkClassName}>
              {t('auth.login.forgotByMatricula')}
            </Link>
          </li>
        </ul>
      </nav>

      <LanguageLinks />
    </div>
  );
}
