import { solicitaTrocaDeSenha } from '@elo/contract/calls/account';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { paths } from '#lib/paths.ts';
import '#lib/i18n/access-texts.ts';
import { useContractResolver } from '#lib/contract-resolver.ts';
import { useSubmitFailure, type FormFields } from '#lib/submit-failure.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { PageHeadingWithIntro } from '#ui/page-heading.tsx';
import { LoginField } from '#ui/text-field.tsx';
import { textLinkClassName } from '#ui/text-link.ts';
import { AccessFailureAlert } from '../components/access-failure-alert.tsx';
import { BackToLoginLink } from '../components/back-to-login-link.tsx';
import { useRequestPasswordChange } from '../hooks/use-password-reset.ts';

// The contract's login, which must be an e-mail here: the link goes to the login e-mail.
const schema = z.object({
  login: z.pipe(solicitaTrocaDeSenha.input.shape.login, z.email({ error: 'validation.email' })),
});
type EmailRequestForm = z.input<typeof schema>;
const formFields: FormFields<EmailRequestForm> = { fields: ['login'] };

/**
 * /solicitar-senha-email: asks for a reset link by e-mail. The answer is the same whether the
 * e-mail is registered or not, and so is the confirmation shown.
 */
export function PasswordRequestEmailPage() {
  const { t } = useTranslation();
  const requestChange = useRequestPasswordChange();
  const [sent, setSent] = useState(false);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const resolver = useContractResolver(schema);
  const form = useForm<EmailRequestForm>({ resolver, defaultValues: { login: '' } });
  const { failure, report, clear } = useSubmitFailure(form.setError, formFields, t('apiErrors.default'));

  // The form is gone: the confirmation takes the focus so it is read at once.
  useEffect(() => {
    if (sent) confirmationRef.current?.focus();
  }, [sent]);

  const onSubmit = form.handleSubmit(async ({ login }) => {
    clear();
    try {
      await requestChange.mutateAsync({ login });
      setSent(true);
    } catch (error) {
      report(error);
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <PageHeadingWithIntro
        title={t('auth.passwordByEmail.title')}
        intro={sent ? undefined : t('auth.passwordByEmail.intro')}
      />

      {sent ? (
        <div ref={confirmationRef} tabIndex={-1} className="outline-none">
          <Alert type="success" title={t('auth.passwordByEmail.sent')}>
            {t('auth.passwordByEmail.sentHint')}
          </Alert>
        </div>
      ) : (
        <>
          <AccessFailureAlert
            failure={failure}
            restart={{ to: paths.passwordRequestEmail, label: t('auth.passwordReset.requestLinkAgain') }}
          />
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
            <LoginField
              label={t('auth.passwordByEmail.emailLabel')}
              hint={t('auth.passwordByEmail.emailHint')}
              type="email"
              error={form.formState.errors.login?.message}
              {...form.register('login')}
            />
            <Button type="submit" size="lg" loading={form.formState.isSubmitting} className="mt-2 w-full">
              {t('auth.passwordByEmail.submit')}
            </Button>
          </form>
          <p className="text-sm text-slate-700">
            {t('auth.passwordByEmail.otherWayQuestion')}{' '}
            <Link to={paths.passwordRequestMatricula} className={textLinkClassName}>
              {t('auth.passwordByEmail.otherWayLink')}
            </Link>
          </p>
        </>
      )}

      <BackToLoginLink />
    </div>
  );
}
