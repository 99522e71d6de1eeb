import { ScheduleCancelAction, type PublicacaoAdmin } from '@elo/contract/calls/publications';
import { AdminPermission, PublicationStatus } from '@elo/contract/enums';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { paths } from '#lib/paths.ts';
import { useAdminAccess } from '#lib/admin-access.ts';
import { ApiError, errorMessageOf } from '#lib/api-client.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Alert } from '#ui/alert.tsx';
import { Button, buttonClassName } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { DateField } from '#ui/date-field.tsx';
import { Modal } from '#ui/modal.tsx';
import {
  useCancelSchedule,
  useDeletePublication,
  useReschedulePublication,
} from '../hooks/use-publications.ts';
import { checkScheduleTime, toCompanyIso } from './schedule-time.ts';

/** A publication's name in labels: the start of its text, or its number. */
export function publicationName(publication: PublicacaoAdmin, untitled: string): string {
  const text = (publication.texto ?? '').trim().replace(/\s+/g, ' ');
  if (!text) return `${untitled} #${publication.idPublicacao}`;
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

export interface PublicationActionsProps {
  publication: PublicacaoAdmin;
  /** Show the 'Abrir' link (the list); the single publication is already open. */
  withOpen?: boolean;
  /** After a delete (or a cancel that deleted): the single publication goes back to the list. */
  onDeleted?: () => void;
}

/**
 * What an administrator may do with one publication: open, edit, reschedule and cancel a schedule
 * (the spec's three choices), delete. A read-only administrator sees only 'Abrir'.
 */
export function PublicationActions({ publication, withOpen = true, onDeleted }: PublicationActionsProps) {
  const { t } = useTranslation();
  const { canEdit } = useAdminAccess(AdminPermission.publications);
  const showToast = useToastStore((state) => state.showToast);
  const remove = useDeletePublication();
  const [dialog, setDialog] = useState<'reschedule' | 'cancel' | 'delete' | null>(null);
  const name = publicationName(publication, t('admin.publicationsAdmin.untitled'));
  const id = String(publication.idPublicacao);
  const scheduled = publication.status === PublicationStatus.scheduled;
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(publication.idPublicacao);
      showToast({ type: 'success', message: t('admin.publicationsAdmin.deleted') });
      onDeleted?.();
    } catch (failure) {
      // 'Não foi possível excluir publicação!' (spec section 8), with the server's reason.
      showErrorToast(failure, t('admin.publicationsAdmin.deleteFailed'));
    }
  };

  return (
    <>
      {withOpen && (
        <Link
          to={generatePath(paths.admin.publication, { idPublicacao: id })}
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          aria-label={t('admin.publicationsAdmin.openOf', { name })}
        >
          {t('admin.publicationsAdmin.open')}
        </Link>
      )}
      {canEdit && (
        <Link
          to={generatePath(paths.admin.publicationEdit, { idPublicacao: id })}
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          aria-label={t('admin.publicationsAdmin.editOf', { name })}
        >
          {t('admin.publicationsAdmin.edit')}
        </Link>
      )}
      {canEdit && scheduled && (
        <>
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('admin.publicationsAdmin.rescheduleOf', { name })}
            onClick={() => setDialog('reschedule')}
          >
            {t('admin.publicationsAdmin.reschedule')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('admin.publicationsAdmin.cancelScheduleOf', { name })}
            onClick={() => setDialog('cancel')}
          >
            {t('admin.publicationsAdmin.cancelSchedule')}
          </Button>
        </>
      )}
      {canEdit && (
        <Button
          size="sm"
          variant="danger-secondary"
          aria-label={t('admin.publicationsAdmin.deleteOf', { name })}
          onClick={() => setDialog('delete')}
        >
          {t('admin.publicationsAdmin.delete')}
        </Button>
      )}
      <RescheduleDialog publication={publication} open={dialog === 'reschedule'} onOpenChange={close} />
      <CancelScheduleDialog
        publication={publication}
        open={dialog === 'cancel'}
        onOpenChange={close}
        onDeleted={onDeleted}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={close}
        title={t('admin.publicationsAdmin.deleteTitle')}
        description={t('admin.publicationsAdmin.deleteDescription', { name })}
        confirmLabel={t('admin.publicationsAdmin.delete')}
        variant="danger"
        onConfirm={confirmDelete}
      />
    </>
  );
}

function RescheduleDialog({
  publication,
  open,
  onOpenChange,
}: {
  publication: PublicacaoAdmin;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('admin.publicationsAdmin.rescheduleTitle')}>
      {open && <RescheduleForm publication={publication} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function RescheduleForm({ publication, onDone }: { publication: PublicacaoAdmin; onDone: () => void }) {
  const { t } = useTranslation();
  const showToast = useToastStore((state) => state.showToast);
  const reschedule = useReschedulePublication();
  const [moment, setMoment] = useState<string | null>(publication.dtAgendamento);
  const [error, setError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = checkScheduleTime(moment);
    setError(found ?? undefined);
    if (found || !moment) return;
    try {
      await reschedule.mutateAsync({
        idPublicacao: publication.idPublicacao,
        dtAgendamento: toCompanyIso(moment),
      });
    } catch (problem) {
      const fieldError = problem instanceof ApiError ? problem.fieldErrors.dtAgendamento : undefined;
      if (fieldError) setError(fieldError);
      else setFailure(errorMessageOf(problem, t('admin.publicationsAdmin.rescheduleFailed')));
      return;
    }
    showToast({ type: 'success', message: t('admin.publicationsAdmin.rescheduled') });
    onDone();
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {failure !== null && (
        <Alert type="error" title={t('admin.publicationsAdmin.rescheduleFailed')}>
          {failure}
        </Alert>
      )}
      <DateField
        label={t('admin.publicationsAdmin.form.scheduleAt')}
        hint={t('admin.publicationsAdmin.rescheduleHint')}
        withTime
        required
        value={moment}
        onChange={(value) => {
          setMoment(value);
          setError(undefined);
        }}
        error={error}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={reschedule.isPending}>
          {t('admin.publicationsAdmin.reschedule')}
        </Button>
      </div>
    </form>
  );
}

type CancelChoice = (typeof ScheduleCancelAction)[keyof typeof ScheduleCancelAction];

function CancelScheduleDialog({
  publication,
  open,
  onOpenChange,
  onDeleted,
}: {
  publication: PublicacaoAdmin;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const showToast = useToastStore((state) => state.showToast);
  const cancel = useCancelSchedule();
  const [running, setRunning] = useState<CancelChoice | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (acao: CancelChoice) => {
    setRunning(acao);
    setFailure(null);
    try {
      await cancel.mutateAsync({ idPublicacao: publication.idPublicacao, acao });
    } catch (problem) {
      const fallback =
        acao === ScheduleCancelAction.publish
          ? t('admin.publicationsAdmin.publishFailed')
          : acao === ScheduleCancelAction.delete
            ? t('admin.publicationsAdmin.deleteFailed')
            : t('admin.publicationsAdmin.cancelFailed');
      setFailure(errorMessageOf(problem, fallback) || fallback);
      setRunning(null);
      return;
    }
    setRunning(null);
    showToast({ type: 'success', message: t(`admin.publicationsAdmin.cancelDone.${acao}`) });
    onOpenChange(false);
    if (acao === ScheduleCancelAction.delete) onDeleted?.();
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) setFailure(null);
        onOpenChange(next);
      }}
      title={t('admin.publicationsAdmin.cancelTitle')}
      description={t('admin.publicationsAdmin.cancelDescription')}
    >
      <div className="flex flex-col gap-4">
        {failure !== null && (
          <Alert type="error" title={t('admin.publicationsAdmin.cancelFailed')}>
            {failure}
          </Alert>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button variant="secondary" disabled={running !== null} onClick={() => onOpenChange(false)}>
            {t('admin.publicationsAdmin.keepSchedule')}
          </Button>
          <Button
            variant="danger-secondary"
            loading={running === ScheduleCancelAction.delete}
            disabled={running !== null}
            onClick={() => void choose(ScheduleCancelAction.delete)}
          >
            {t('admin.publicationsAdmin.cancelChoice.EXCLUIR')}
          </Button>
          <Button
            variant="secondary"
            loading={running === ScheduleCancelAction.draft}
            disabled={running !== null}
            onClick={() => void choose(ScheduleCancelAction.draft)}
          >
            {t('admin.publicationsAdmin.cancelChoice.RASCUNHO')}
          </Button>
          <Button
            loading={running === ScheduleCancelAction.publish}
            disabled={running !== null}
            onClick={() => void choose(ScheduleCancelAction.publish)}
          >
            {t('admin.publicationsAdmin.cancelChoice.PUBLICAR')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
