import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button.tsx';
import { Modal } from '#ui/modal.tsx';

/**
 * Asks, before a changed text of a mandatory reading is saved, whether the people who confirmed it
 * must confirm again: `onAnswer(true)` clears their confirmations, `onAnswer(false)` keeps them.
 */
export function ReconfirmDialog({
  open,
  confirmations,
  onCancel,
  onAnswer,
}: {
  open: boolean;
  /** How many have confirmed the reading so far. */
  confirmations: number;
  onCancel: () => void;
  onAnswer: (reconfirm: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={t('admin.publicationsAdmin.form.reconfirmTitle')}
      description={t('admin.publicationsAdmin.form.reconfirmDescription', { count: confirmations })}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <Button variant="tertiary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button variant="secondary" onClick={() => onAnswer(false)}>
          {t('admin.publicationsAdmin.form.reconfirmNo')}
        </Button>
        <Button onClick={() => onAnswer(true)}>{t('admin.publicationsAdmin.form.reconfirmYes')}</Button>
      </div>
    </Modal>
  );
}
