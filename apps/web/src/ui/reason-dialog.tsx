import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '#lib/api-client.ts';
import { translateContractKey } from '#lib/i18n/i18n.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Field, fieldControlClassName } from './field.tsx';
import { Modal } from './modal.tsx';

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The confirm button's words ('Ocultar', 'Excluir'); 'Confirmar' by default. */
  confirmLabel?: string;
  /** Red confirm button, for what cannot be undone. */
  variant?: 'primary' | 'danger';
  /** Whether the reason must be written (true by default); when false it is optional. */
  reasonRequired?: boolean;
  /** The field's label; 'Motivo' by default. */
  reasonLabel?: string;
  /** A hint under the field (who will read the reason). */
  reasonHint?: string;
  /** The longest reason taken, in characters (500 by default: the moderation calls' limit). */
  maxLength?: number;
  /**
   * The action, with the reason as typed (trimmed). While it runs the confirm button is busy; when
   * it succeeds the dialog closes, and when it fails the dialog stays open with the error's
   * message, the reason kept, so the person may try again or cancel.
   */
  onConfirm: (reason: string) => unknown;
}

/**
 * Asks for a reason before an action (hide or delete a post or a comment, and anything else that
 * is kept with its why): a title, an optional description, the reason field, cancel and confirm.
 * An empty required reason is refused in the field, before anything is sent.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  variant = 'primary',
  reasonRequired = true,
  reasonLabel,
  reasonHint,
  maxLength = 500,
  onConfirm,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // A dialog opened again starts empty.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      setReason('');
      setFieldError(undefined);
      setFailure(null);
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (reasonRequired && text === '') return setFieldError(translateContractKey('validation.required'));
    if ([...text].length > maxLength)
      return setFieldError(translateContractKey('validation.tooLong', { max: maxLength }));
    setFieldError(undefined);
    setFailure(null);
    setPending(true);
    try {
      await onConfirm(text);
      onOpenChange(false);
    } catch (error) {
      setFailure(errorMessageOf(error, t('apiErrors.default')));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open={open}
      // Closing while the action runs would hide that it is still running.
      onOpenChange={(next) => (pending && !next ? undefined : onOpenChange(next))}
      size="md"
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} variant={variant} loading={pending}>
            {confirmLabel ?? t('kit.confirm.confirm')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => void submit(event)}
        className="mt-4 flex flex-col gap-3"
      >
        {failure && <Alert type="error">{failure}</Alert>}
        <Field
          label={reasonLabel ?? t('kit.reason.label')}
          hint={reasonHint}
          error={fieldError}
          required={reasonRequired}
        >
          {(control) => (
            <textarea
              {...control}
              required={reasonRequired}
              rows={4}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className={fieldControlClassName(fieldError, 'resize-y')}
            />
          )}
        </Field>
      </form>
    </Modal>
  );
}
