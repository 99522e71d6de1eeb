import { salvaMinhaConta, type MinhaConta } from '@elo/contract/calls/my-account';
import { peopleLimits } from '@elo/contract/calls/people-limits';
import { SelfEditableField } from '@elo/contract/calls/catalog';
import type { CallInput } from '@elo/contract/define-call';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractResolver } from '#lib/contract-resolver.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { reportSubmitError, type SubmitFailure } from '#lib/submit-failure.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { Field, fieldControlClassName } from '#ui/field.tsx';
import { TextField } from '#ui/text-field.tsx';
import { useSaveMyAccount } from '../hooks/use-my-account.ts';

type ProfileValues = CallInput<typeof salvaMinhaConta>;

/** The profile fields the company lets the person change themselves: profile text and mobile. */
export function ProfileForm({ account }: { account: MinhaConta }) {
  const { t } = useTranslation();
  const save = useSaveMyAccount();
  const showToast = useToastStore((store) => store.showToast);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const editsText = account.camposEditaveis.includes(SelfEditableField.profileText);
  const editsMobile = account.camposEditaveis.includes(SelfEditableField.mobile);
  const form = useForm<ProfileValues>({
    resolver: useContractResolver(salvaMinhaConta.input),
    defaultValues: {
      ...(editsText ? { textoPerfil: account.textoPerfil ?? '' } : {}),
      ...(editsMobile ? { celular: account.celular ?? '' } : {}),
    },
  });
  const errors = form.formState.errors;
  if (!editsText && !editsMobile) return null;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(values);
      showToast({ type: 'success', message: t('portal.myAccount.saved') });
    } catch (error) {
      setFailure(
        reportSubmitError({
          error,
          setError: form.setError,
          fallback: t('apiErrors.default'),
          form: { fields: ['textoPerfil', 'celular'] },
        }),
      );
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {failure?.message && <Alert type="error">{failure.message}</Alert>}
      {editsText && (
        <Field
          label={t('portal.myAccount.fields.profileText')}
          hint={t('portal.myAccount.profileTextHint', { max: peopleLimits.profileTextMax })}
          error={errors.textoPerfil?.message}
        >
          {(control) => (
            <textarea
              {...control}
              {...form.register('textoPerfil')}
              rows={4}
              maxLength={peopleLimits.profileTextMax}
              className={fieldControlClassName(errors.textoPerfil?.message)}
            />
          )}
        </Field>
      )}
      {editsMobile && (
        <TextField
          label={t('portal.myAccount.fields.mobile')}
          hint={t('portal.myAccount.mobileHint')}
          type="tel"
          autoComplete="tel"
          error={errors.celular?.message}
          {...form.register('celular')}
        />
      )}
      <div>
        <Button type="submit" loading={save.isPending}>
          {t('portal.myAccount.save')}
        </Button>
      </div>
    </form>
  );
}
