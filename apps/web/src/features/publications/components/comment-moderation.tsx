import { publicationLimits } from '@elo/contract/calls/publications';
import { ModerationAction } from '@elo/contract/calls/moderation';
import { AdminPermission } from '@elo/contract/enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminAccess } from '#lib/admin-access.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Button } from '#ui/button.tsx';
import { ReasonDialog } from '#ui/reason-dialog.tsx';
import { useModerateComment } from '../hooks/use-publications.ts';
import type { Interacao } from './interactions-tab.tsx';

type Action = (typeof ModerationAction)[keyof typeof ModerationAction];

/**
 * Hide, show again or delete one comment of the comments tab (moderaComentarioAdmin): hiding and
 * deleting ask for the reason, which the audit log keeps and the author is told.
 */
export function CommentModeration({ row }: { row: Interacao }) {
  const { t } = useTranslation();
  const { canEdit } = useAdminAccess(AdminPermission.publications);
  const showToast = useToastStore((state) => state.showToast);
  const moderate = useModerateComment();
  const [asking, setAsking] = useState<Action | null>(null);
  const comment = row.comentario;
  if (!canEdit || !comment) return null;
  const author = row.usuario.nome;
  const hidden = comment.flOculto === 'S';

  const run = async (acao: Action, motivo: string) => {
    await moderate.mutateAsync({ idComentario: comment.idComentario, acao, motivo });
    showToast({ type: 'success', message: t(`admin.publicationsAdmin.moderation.done.${acao}`) });
  };

  return (
    <>
      {hidden ? (
        <Button
          size="sm"
          variant="secondary"
          loading={moderate.isPending}
          aria-label={t('admin.publicationsAdmin.moderation.showOf', { name: author })}
          onClick={() =>
            void run(ModerationAction.show, '').catch((failure: unknown) => showErrorToast(failure))
          }
        >
          {t('admin.publicationsAdmin.moderation.show')}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('admin.publicationsAdmin.moderation.hideOf', { name: author })}
          onClick={() => setAsking(ModerationAction.hide)}
        >
          {t('admin.publicationsAdmin.moderation.hide')}
        </Button>
      )}
      <Button
        size="sm"
        variant="danger-secondary"
        aria-label={t('admin.publicationsAdmin.moderation.deleteOf', { name: author })}
        onClick={() => setAsking(ModerationAction.delete)}
      >
        {t('admin.publicationsAdmin.moderation.delete')}
      </Button>
      <ReasonDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={
          asking === ModerationAction.delete
            ? t('admin.publicationsAdmin.moderation.deleteTitle', { name: author })
            : t('admin.publicationsAdmin.moderation.hideTitle', { name: author })
        }
        description={comment.texto}
        confirmLabel={
          asking === ModerationAction.delete
            ? t('admin.publicationsAdmin.moderation.delete')
            : t('admin.publicationsAdmin.moderation.hide')
        }
        variant={asking === ModerationAction.delete ? 'danger' : 'primary'}
        reasonHint={t('admin.publicationsAdmin.moderation.reasonHint')}
        maxLength={publicationLimits.moderationReasonMax}
        onConfirm={(reason) => run(asking ?? ModerationAction.hide, reason)}
      />
    </>
  );
}
