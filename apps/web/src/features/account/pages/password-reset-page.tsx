import { resetaSenhaComToken } from '@elo/contract/calls/account';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { paths, queryParams, smsChannel } from '#lib/paths.ts';
import '#lib/i18n/access-texts.ts';
import { useContractResolver } from '#lib/contract-resolver.ts';
import { useAlertStore } from '#lib/stores/alert-store.ts';
import { useSubmitFailure, type FormFields } from '#lib/submit-failure.ts';
import { Alert } from '#ui/alert.tsx';
import { PageHeadingWithIntro } from '#ui/page-heading.tsx';
import { textLinkClassName } from '#ui/text-link.ts';
import { AccessFailureAlert } from '../components/access-failure-alert.tsx';
import { NewPasswordFields, SmsCodeField } from '../components/access-fields.tsx';
import { BackToLoginLink } from '../components/back-to-login-link.tsx';
import { useResetPassword } from '../hooks/use-password-reset.ts';
import { newPasswordFormSchema } from '../new-password-schema.ts';
import { passwordChangedAlertId } from '#lib/password-changed-alert.ts';

// The code is optional as in the contract: the field exists (and must be filled) only by SMS.
// Nobody is known on this page, so the policy checks length and common passwords; the server
// also compares with the login and birth date.
const schema = newPasswordFormSchema({}, { codigoSms: resetaSenhaComToken.input.shape.codigoSms });
type ResetForm = z.input<typeof schema>;
const formFields: FormFields<ResetForm> = { fields: ['codigoSms', 'senha', 'confirmacaoSenha'] };

/**
 * /resetarsenha/{token}: the new password with the token of the e-mail's link, or (with
 * ?canal=sms, after the request by matricula) with the SMS code too. Success goes to login.
 */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const bySms = searchParams.get(queryParams.channel) === smsChannel;
  const resetPassword = useResetPassword();
  const addAlert = useAlertStore((state) => state.addAlert);
  const resolver = useContractResolver(schema);
  const form = useForm<ResetForm>({ resolver, defaultValues: { senha: '', confirmacaoSenha: '' } });
  const { errors } = form.formState;
  const { failure, report, clear } = useSubmitFailure(form.setError, formFields, t('apiErrors.default'));
  const requestAgain = bySms
    ? { to: paths.passwordRequestMatricula, label: t('auth.passwordReset.requestCodeAgain') }
    : { to: paths.passwordRequestEmail, label: t('auth.passwordReset.requestLinkAgain') };

  const onSubmit = form.handleSubmit(async ({ codigoSms, senha }) => {
    clear();
    try {
      await resetPassword.mutateAsync({ token, senha, codigoSms: bySms ? codigoSms : undefined });
      addAlert({ id: passwordChangedAlertId, type: 'success', message: t('auth.passwordReset.changed') });
      // Replacing the entry keeps the spent token out of the history.
      await navigate(paths.login, { replace: true });
    } catch (error) {
      report(error);
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <PageHeadingWithIntro title={t('auth.passwordReset.title')} intro={t('auth.passwordReset.intro')} />

      {bySms && <Alert type="info">{t('auth.passwordReset.smsSent')}</Alert>}
      <AccessFailureAlert failure={failure} restart={requestAgain} />

      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        {bySms && <SmsCodeField error={errors.codigoSms?.message} {...form.register('codigoSms')} />}
        <NewPasswordFields
          password={{ error: errors.senha?.message, ...form.register('senha') }}
          confirmation={{ error: errors.confirmacaoSenha?.message, ...form.register('confirmacaoSenha') }}
          saving={form.formState.isSubmitting}
        />
      </form>
      {bySms && failure?.errorCode !== 'TOKEN_INVALID' && (
        <p className="text-sm text-slate-700">
          {t('auth.passwordReset.noCode')}{' '}
          <Link to={paths.passwordRequestMatricula} className={textLinkClassName}>
            {t('auth.passwordReset.requestCodeAgain')}
          </Link>
        </p>
      )}

      <BackToLoginLink />
    </div>
  );
}
