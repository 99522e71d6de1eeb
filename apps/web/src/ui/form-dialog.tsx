import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Modal, type ModalSize } from './modal.tsx';
import { Spinner } from './spinner.tsx';

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
  /** The form's submit handler (react-hook-form's handleSubmit). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void> | void;
  /** The submit button's word. */
  submitLabel: string;
  /** Whether the form is being sent (the submit button shows it). */
  submitting: boolean;
  /** The title of the alert above the fields when a submit failed. */
  failureTitle: string;
  /** What failed that no field shows; the alert shows while there is one. */
  failureMessage?: string;
  /** While set, a spinner saying it stands in for the fields (what they need is loading). */
  loadingLabel?: string;
  /** The fields. */
  children: ReactNode;
}

/**
 * A dialog around one form: Cancel and the submit button at the bottom, the failure alert above the
 * fields; a click outside does not close it, so nothing typed is lost.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  size,
  onSubmit,
  submitLabel,
  submitting,
  failureTitle,
  failureMessage,
  loadingLabel,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size={size}
      closeOnOutsideClick={false}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={submitting}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {loadingLabel ? (
        <Spinner label={loadingLabel} />
      ) : (
        <form
          id={formId}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="flex flex-col gap-4"
        >
          {failureMessage && (
            <Alert type="error" title={failureTitle}>
              {failureMessage}
            </Alert>
          )}
          {children}
        </form>
      )}
    </Modal>
  );
}
