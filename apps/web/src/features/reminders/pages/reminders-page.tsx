import {
  ReminderSituation,
  reminderLimits,
  type Lembrete,
  type ReminderSituationValue,
} from '@elo/contract/calls/reminders';
import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessageOf } from '#lib/api-client.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Button } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { Pagination } from '#ui/pagination.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { Tabs } from '#ui/tabs.tsx';
import { ReminderFormDialog } from '../components/reminder-form-dialog.tsx';
import {
  useCompleteReminder,
  useDeleteReminder,
  useReminderList,
  useSnoozeReminder,
} from '../hooks/use-reminders.ts';

const situations = [ReminderSituation.upcoming, ReminderSituation.past] as const;

/** One reminder: what it says, when, how often, and what may be done with it. */
function ReminderItem({
  reminder,
  highlighted,
  onEdit,
  onDelete,
}: {
  reminder: Lembrete;
  highlighted: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const showToast = useToastStore((state) => state.showToast);
  const complete = useCompleteReminder();
  const snooze = useSnoozeReminder();
  const upcoming = reminder.flConcluido === 'N' && reminder.dtProximaOcorrencia !== null;
  const when = reminder.dtProximaOcorrencia ?? reminder.dtUltimaOcorrencia ?? reminder.dtLembrete;
  const headingId = `lembrete-${reminder.idLembrete}`;

  const act = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      showToast({ type: 'success', message: done });
    } catch (error) {
      showToast({ type: 'error', title: failed, message: errorMessageOf(error, failed) });
    }
  };

  return (
    <li
      aria-labelledby={headingId}
      aria-current={highlighted ? 'true' : undefined}
      className={clsx(
        'flex flex-col gap-3 rounded-md border bg-white p-4',
        highlighted ? 'border-primary-600 ring-2 ring-primary-200' : 'border-slate-200',
      )}
    >
      <div className="min-w-0">
        <h3 id={headingId} className="text-base font-semibold break-words text-slate-900">
          {reminder.titulo}
        </h3>
        {reminder.descricao && (
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{reminder.descricao}</p>
        )}
        <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
          <span>
            {upcoming ? t('portal.reminders.next') : t('portal.reminders.last')}:{' '}
            <time dateTime={when}>{formatDateTime(when, language)}</time>
          </span>
          <span>{t(`portal.reminders.recurrence.${reminder.recorrencia}`)}</span>
          {reminder.flEmail === 'S' && <span>{t('portal.reminders.byEmail')}</span>}
          {reminder.flConcluido === 'S' && (
            <span className="font-medium text-green-800">{t('portal.reminders.concluded')}</span>
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit}>
          {t('portal.reminders.edit')}
          <span className="sr-only">: {reminder.titulo}</span>
        </Button>
        {reminder.flConcluido === 'N' && (
          <Button
            variant="secondary"
            size="sm"
            loading={complete.isPending}
            onClick={() =>
              void act(
                () => complete.mutateAsync(reminder.idLembrete),
                t('portal.reminders.concludedToast'),
                t('portal.reminders.concludeFailed'),
              )
            }
          >
            {t('portal.reminders.conclude')}
            <span className="sr-only">: {reminder.titulo}</span>
          </Button>
        )}
        <Button
          variant="secondary"
          size="sm"
          loading={snooze.isPending}
          onClick={() =>
            void act(
              () => snooze.mutateAsync({ idLembrete: reminder.idLembrete, minutos: 60 }),
              t('portal.reminders.snoozed'),
              t('portal.reminders.snoozeFailed'),
            )
          }
        >
          {t('portal.reminders.snoozeHour')}
          <span className="sr-only">: {reminder.titulo}</span>
        </Button>
        <Button variant="tertiary" size="sm" onClick={onDelete}>
          {t('portal.reminders.delete')}
          <span className="sr-only">: {reminder.titulo}</span>
        </Button>
      </div>
    </li>
  );
}

/** One tab: a page of the upcoming or the past reminders. */
function ReminderList({
  situation,
  highlightedId,
  onEdit,
  onDelete,
}: {
  situation: ReminderSituationValue;
  highlightedId: number | null;
  onEdit: (reminder: Lembrete) => void;
  onDelete: (reminder: Lembrete) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useReminderList({
    idPaginaAtual: page,
    qtdRegistrosPorPagina: reminderLimits.pageSize,
    situacao: situation,
  });
  if (list.isPending) return <Spinner label={t('portal.reminders.loading')} />;
  if (list.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('portal.reminders.loadFailed')}
      </p>
    );
  }
  const items = list.data.listLembretes;
  if (items.length === 0) {
    return (
      <EmptyState
        headingLevel={3}
        title={t(`portal.reminders.empty.${situation}`)}
        description={t('portal.reminders.emptyDescription')}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {items.map((reminder) => (
          <ReminderItem
            key={reminder.idLembrete}
            reminder={reminder}
            highlighted={reminder.idLembrete === highlightedId}
            onEdit={() => onEdit(reminder)}
            onDelete={() => onDelete(reminder)}
          />
        ))}
      </ul>
      <Pagination
        page={page}
        pageSize={reminderLimits.pageSize}
        total={list.data.qtdTotalRegistros}
        onPageChange={setPage}
      />
    </div>
  );
}

/** Reminders (/painel/exemplo/lembrete): the person's upcoming and past reminders. */
export function RemindersPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const highlightedId = Number(searchParams.get('idLembrete')) || null;
  const [tab, setTab] = useState<string>(ReminderSituation.upcoming);
  const [editing, setEditing] = useState<{ reminder: Lembrete | null } | null>(null);
  const [deleting, setDeleting] = useState<Lembrete | null>(null);
  const remove = useDeleteReminder();
  const showToast = useToastStore((state) => state.showToast);

  return (
    <>
      <PageHeading title={t('portal.reminders.title')}>
        <Button onClick={() => setEditing({ reminder: null })}>{t('portal.reminders.new')}</Button>
      </PageHeading>
      <Tabs
        label={t('portal.reminders.tabs')}
        value={tab}
        onValueChange={setTab}
        items={situations.map((situation) => ({
          value: situation,
          label: t(`portal.reminders.situation.${situation}`),
          content: (
            <ReminderList
              situation={situation}
              highlightedId={highlightedId}
              onEdit={(reminder) => setEditing({ reminder })}
              onDelete={setDeleting}
            />
          ),
        }))}
      />
      <ReminderFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        reminder={editing?.reminder ?? null}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('portal.reminders.deleteTitle')}
        description={t('portal.reminders.deleteDescription', { titulo: deleting?.titulo ?? '' })}
        confirmLabel={t('portal.reminders.delete')}
        variant="danger"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.idLembrete);
            showToast({ type: 'success', message: t('portal.reminders.deleted') });
            setDeleting(null);
          } catch (error) {
            showToast({
              type: 'error',
              title: t('portal.reminders.deleteFailed'),
              message: errorMessageOf(error, t('portal.reminders.deleteFailed')),
            });
          }
        }}
      />
    </>
  );
}
