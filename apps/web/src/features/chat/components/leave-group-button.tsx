import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#lib/api.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { Button } from '#ui/button.tsx';
import { Modal } from '#ui/modal.tsx';

/** Leaves a group chat after a confirmation; its messages stay for the others. */
export function LeaveGroupButton({
  idSala,
  name,
  onLeft,
}: {
  idSala: number;
  name: string;
  onLeft: () => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const leave = useMutation({
    mutationFn: () => api.saiGrupoChat({ idSala }),
    onSuccess: () => {
      setConfirming(false);
      onLeft();
    },
    onError: (error) => showErrorToast(error),
  });
  return (
    <>
      <Button size="sm" variant="danger-tertiary" onClick={() => setConfirming(true)}>
        {t('portal.chat.leaveGroup')}
      </Button>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        size="sm"
        title={t('portal.chat.leaveGroupTitle', { name })}
        description={t('portal.chat.leaveGroupDescription')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" loading={leave.isPending} onClick={() => leave.mutate()}>
              {t('portal.chat.leaveGroup')}
            </Button>
          </>
        }
      />
    </>
  );
}
