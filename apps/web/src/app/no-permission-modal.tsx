import { useTranslation } from 'react-i18next';
import { usePermissionStore } from '#lib/stores/permission-store.ts';
import { Button } from '#ui/button.tsx';
import { Modal } from '#ui/modal.tsx';

/** The modal a missing permission opens (spec section 2, Guards). */
export function NoPermissionModal() {
  const { t } = useTranslation();
  const isOpen = usePermissionStore((state) => state.isModalOpen);
  const link = usePermissionStore((state) => state.link);
  const closeModal = usePermissionStore((state) => state.closeModal);
  return (
    <Modal
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) closeModal();
      }}
      size="sm"
      title={t('guard.noPermissionTitle')}
      description={t('guard.noPermissionDescription')}
      footer={
        <Button onClick={closeModal} autoFocus>
          {t('common.understood')}
        </Button>
      }
    >
      {link && (
        <p className="mt-3">
          <a href={link} className="text-primary-ink underline underline-offset-2">
            {t('guard.noPermissionLink')}
          </a>
        </p>
      )}
    </Modal>
  );
}
