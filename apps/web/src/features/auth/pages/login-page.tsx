import type { loginInputSchema } from '@elo/contract/calls/login-input';
import { passwordAccessParam, passwordAccessValue, ssoErrorParam } from '@elo/contract/sso-params';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { quietApi } from '#lib/api.ts';
import { leavePageFor } from '#lib/leave-page.ts';
import { homePath, paths, queryParams, safeReturnPath } from '#lib/paths.ts';
import { useLazyContractResolver } from '#lib/lazy-contract-resolver.ts';
import { useAlertStore } from '#lib/stores/alert-store.ts';
import { useSubmitFailure, type FormFields } from '#lib/submit-failure.ts';
import { Alert } from '#ui/alert.tsx';
import { Button, buttonClassName } from '#ui/button.tsx';
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

/** What the login page knows of a typed e-mail's company: it signs in through its identity provider. */
interface SsoOffer {
  urlInicio: string;
  onlySso: boolean;
}

/**
 * Single sign-on on the login page: once an e-mail is typed, asks whether its domain's company
 * signs in through its identity provider; with SSO only, goes straight there (but with
 * `?acesso=senha`, the break-glass administrators' way in). A failed sign-in's code, sent back in
 * `?erroSso=`, is shown in words (the contract's texts load only then).
 */
function useSsoOffer(searchParams: URLSearchParams) {
  const [offer, setOffer] = useState<SsoOffer | null>(null);
  const [errorShown, setErrorShown] = useState(false);
  const asked = useRef('');
  const ssoError = searchParams.get(ssoErrorParam);
  const keepPassword = searchParams.get(passwordAccessParam) === passwordAccessValue;
  useEffect(() => {
    if (!ssoError) return;
    void import('#lib/i18n/contract-texts.ts').then(() => setErrorShown(true));
  }, [ssoError]);
  const redirecting = Boolean(offer?.onlySso && !keepPassword);
  useEffect(() => {
    if (redirecting && offer) leavePageFor(offer.urlInicio);
  }, [redirecting, offer]);
  const check = (login: string) => {
    const typed = login.trim();
    if (!typed.includes('@') || typed === asked.current) return;
    asked.current = typed;
    quietApi.consultaSsoLogin({ login: typed }).then(
      (answer) =>
        setOffer(
          answer.flSso === 'S' && answer.urlInicio
            ? { urlInicio: answer.urlInicio, onlySso: answer.flSomenteSso === 'S' }
            : null,
        ),
      // Without an answer the password form stays as it is.
      () => setOffer(null),
    );
  };
  return { offer, redirecting, check, ssoError: errorShown ? ssoError : null };
}

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
  const sso = useSsoOffer(searchParams);

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

      {sso.ssoError && (
        <Alert type="error">
          {/* The code comes from the address: an unknown one reads as the general failure. */}
          {t(sso.ssoError as 'SSO_SIGN_IN_FAILED', {
            ns: 'errors',
            defaultValue: t('SSO_SIGN_IN_FAILED', { ns: 'errors' }),
          })}
        </Alert>
      )}

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
          {...form.register('login', { onBlur: (event) => sso.check(String(event.target.value)) })}
        />
        {sso.offer && (
          <div className="flex flex-col gap-2 rounded-md border border-primary-200 bg-primary-50 p-3">
            <p className="text-sm text-slate-800">{t('auth.login.ssoOfferHint')}</p>
            <a
              href={sso.offer.urlInicio}
              className={buttonClassName({ variant: 'primary', className: 'w-full' })}
            >
              {t('auth.login.ssoOffer')}
            </a>
            {sso.redirecting && (
              <p role="status" className="text-sm text-slate-700">
                {t('auth.login.ssoRedirecting')}
              </p>
            )}
          </div>
        )}
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
