import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button.tsx';
import { TextField, type TextFieldProps } from '#ui/text-field.tsx';

type FieldProps = Omit<TextFieldProps, 'label' | 'hint'>;

/** A short code typed in digits, named by the access texts' `<texts>Label` and `<texts>Hint`. */
function DigitsField({
  texts,
  autoComplete,
  maxLength,
  ...props
}: FieldProps & { texts: 'smsCode' | 'lastDigits'; autoComplete: string; maxLength: number }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t(`auth.access.${texts}Label`)}
      hint={t(`auth.access.${texts}Hint`)}
      inputMode="numeric"
      autoComplete={autoComplete}
      maxLength={maxLength}
      {...props}
    />
  );
}

/** The six-digit code sent by SMS; phones offer it from the message (one-time-code). */
export function SmsCodeField(props: FieldProps) {
  return <DigitsField texts="smsCode" autoComplete="one-time-code" maxLength={6} {...props} />;
}

/** The last four digits of the mobile on file. */
export function LastDigitsField(props: FieldProps) {
  return <DigitsField texts="lastDigits" autoComplete="off" maxLength={4} {...props} />;
}

/**
 * A new password and its confirmation, then the button that saves it; password managers offer to
 * generate and keep it.
 */
export function NewPasswordFields({
  password,
  confirmation,
  saving,
}: {
  password: FieldProps;
  confirmation: FieldProps;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const fields = [
    { texts: 'newPassword', props: password },
    { texts: 'confirmPassword', props: confirmation },
  ] as const;
  return (
    <>
      {fields.map(({ texts, props }) => (
        <TextField
          key={texts}
          label={t(`auth.access.${texts}Label`)}
          hint={t(`auth.access.${texts}Hint`)}
          type="password"
          autoComplete="new-password"
          {...props}
        />
      ))}
      <Button type="submit" size="lg" loading={saving} className="mt-2 w-full">
        {t('auth.access.saveNewPassword')}
      </Button>
    </>
  );
}
