import { solicitaTrocaDeSenha } from '@elo/contract/calls/account';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths, queryParams, smsChannel } from '#lib/paths.ts';
import '#lib/i18n/access-texts.ts';
import { ApiError } from '#lib/api-client.ts';
import { useContractResolver } from '#lib/contract-resolver.ts';
import { useSubmitFailure, type FormFields } from '#lib/submit-failure.ts';
import { Button } from '#ui/button.tsx';
import { PageHeadingWithIntro } from '#ui/page-heading.tsx';
import { LoginField } from '#ui/text-field.tsx';
import { textLinkClassName } from '#ui/text-link.ts';
import { AccessFailureAlert } from '../components/access-failure-alert.tsx';
import { LastDigitsField } from '../components/access-fields.tsx';
import { BackToLoginLink } from '../components/back-to-login-link.tsx';
import { useRequestPasswordChange } from '../hooks/use-password-reset.ts';

// By matricula the last digits are not optional: they choose the SMS way.
const schema = solicitaTrocaDeSenha.input.required({ ultimosDigitosCelular: true });
type MatriculaRequestForm = z.input<typeof schema>;
const formFields: FormFields<MatriculaRequestForm> = { fields: ['login', 'ultimosDigitosCelular'] };

/**
 * /solicitar-senha-matricula: matricula and the mobile's last digits. The server always answers
 * a token (a decoy when the data did not match, so nobody learns which matriculas exist), and
 * the reset page asks for the SMS code with the new password.
 */
export function PasswordRequestMatriculaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requestChange = useRequestPasswordChange();
  const resolver = useContractResolver(schema);
  const form = useForm<MatriculaRequestForm>({
    resolver,
    defaultValues: { login: '', ultimosDigitosCelular: '' },
  });
  const { errors } = form.formState;
  const { failure, report, clear } = useSubmitFailure(form.setError, formFields, t('apiErrors.default'));

  const onSubmit = form.handleSubmit(async (values) => {
    clear();
    try {
      const { tokenRecuperacao: token } = await requestChange.mutateAsync(values);
      if (!token) throw new ApiError({ message: t('apiErrors.default') });
      const resetPath = generatePath(paths.passwordReset, { token });
      await navigate(`${resetPath}?${new URLSearchParams({ [queryParams.channel]: smsChannel })}`);
    } catch (error) {
      report(error);
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <PageHeadingWithIntro
        title={t('auth.passwordByMatricula.title')}
        intro={t('auth.passwordByMatricula.intro')}
      />

      <AccessFailureAlert
        failure={failure}
        restart={{ to: paths.passwordRequestMatricula, label: t('auth.passwordReset.requestCodeAgain') }}
      />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <LoginField
          label={t('auth.passwordByMatricula.matriculaLabel')}
          hint={t('auth.passwordByMatricula.matriculaHint')}
          error={errors.login?.message}
          {...form.register('login')}
        />
        <LastDigitsField
          error={errors.ultimosDigitosCelular?.message}
          {...form.register('ultimosDigitosCelular')}
        />
        <Button type="submit" size="lg" loading={form.formState.isSubmitting} className="mt-2 w-full">
          {t('auth.passwordByMatricula.submit')}
        </Button>
      </form>
      <p className="text-sm text-slate-700">
        {t('auth.passwordByMatricula.otherWayQuestion')}{' '}
        <Link to={paths.passwordRequestEmail} className={textLinkClassName}>
          {t('auth.passwordByMatricula.otherWayLink')}
        </Link>
      </p>

      <BackToLoginLink />
    </div>
  );
}
