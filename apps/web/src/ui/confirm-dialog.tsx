import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The confirm button's words ('Excluir', 'Encerrar'); 'Confirmar' by default. */
  confirmLabel?: string;
  /** The cancel button's words; 'Cancelar' by default. */
  cancelLabel?: string;
  /** Red confirm button, for what cannot be undone. */
  variant?: 'primary' | 'danger';
  /**
   * The action. While its promise runs the confirm button shows it is busy; when it settles, the
   * dialog closes (a failure is the caller's to report, for example with a toast).
   */
  onConfirm: () => unknown;
  children?: ReactNode;
}

/**
 * Asks before an action. Focus starts inside and, when it closes, goes back to the control that
 * opened it (the Modal remembers it).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  variant = 'primary',
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } catch {
      // Reported by the caller; the dialog only has to close.
    } finally {
      setPending(false);
      onOpenChange(false);
    }
  };

  return (
    <Modal
      open={open}
      // Closing while the action runs would hide that it is still running.
      onOpenChange={(next) => (pending && !next ? undefined : onOpenChange(next))}
      size="sm"
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button variant={variant} loading={pending} onClick={() => void confirm()}>
            {confirmLabel ?? t('kit.confirm.confirm')}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
