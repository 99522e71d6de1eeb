import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '#ui/text-field.tsx';

type FieldProps = Omit<TextFieldProps, 'label' | 'hint'>;

/** The six-digit code sent by SMS; phones offer it from the message (one-time-code). */
export function SmsCodeField(props: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.access.smsCodeLabel')}
      hint={t('auth.access.smsCodeHint')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...props}
    />
  );
}

/** The last four digits of the mobile on file. */
export function LastDigitsField(props: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.access.lastDigitsLabel')}
      hint={t('auth.access.lastDigitsHint')}
      inputMode="numeric"
      autoComplete="off"
      maxLength={4}
      {...props}
    />
  );
}

/** A new password and its confirmation; password managers offer to generate and keep it. */
export function NewPasswordFields({
  password,
  confirmation,
}: {
  password: FieldProps;
  confirmation: FieldProps;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('auth.access.newPasswordLabel')}
        hint={t('auth.access.newPasswordHint')}
        type="password"
        autoComplete="new-password"
        {...password}
      />
      <TextField
        label={t('auth.access.confirmPasswordLabel')}
        hint={t('auth.access.confirmPasswordHint')}
        type="password"
        autoComplete="new-password"
        {...confirmation}
      />
    </>
  );
}
