import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { Button } from '#ui/button.tsx';
import { DataTable, type DataColumn } from '#ui/data-table.tsx';
import { formatHours } from './sla-hours.ts';
import { SubjectDialog, type AdminSubject } from './subject-dialog.tsx';

/** The ticket subjects with confidentiality, SLA targets and counts; editors create and edit them. */
export function SubjectsTab({
  subjects,
  loading,
  error,
  onRetry,
  reload,
  canEdit,
}: {
  subjects: readonly AdminSubject[];
  loading: boolean;
  error: string | undefined;
  onRetry: () => void;
  /** Reads the subjects again (a save refused as stale reloads the edited one). */
  reload: () => Promise<readonly AdminSubject[] | undefined>;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  // The dialog: closed (false), a new subject (null) or the subject being edited.
  const [editing, setEditing] = useState<AdminSubject | null | false>(false);
  const yesNo = (flag: 'S' | 'N') => (flag === 'S' ? t('hrSettings.yes') : t('hrSettings.no'));
  const target = (hours: number | null) =>
    hours === null
      ? t('hrSettings.noTarget')
      : t('hrSettings.hours', { hours: formatHours(hours, language) });

  const columns: DataColumn<AdminSubject>[] = [
    {
      id: 'name',
      header: t('hrSettings.subjects.columns.name'),
      rowHeader: true,
      cell: (subject) => subject.nome,
      sortValue: (subject) => subject.nome,
    },
    {
      id: 'confidential',
      priority: 2,
      header: t('hrSettings.subjects.columns.confidential'),
      cell: (subject) => yesNo(subject.flConfidencial),
    },
    {
      id: 'firstResponse',
      header: t('hrSettings.subjects.columns.firstResponse'),
      cell: (subject) => target(subject.horasPrimeiraResposta),
      sortValue: (subject) => subject.horasPrimeiraResposta ?? null,
    },
    {
      id: 'resolution',
      header: t('hrSettings.subjects.columns.resolution'),
      cell: (subject) => target(subject.horasSolucao),
      sortValue: (subject) => subject.horasSolucao ?? null,
    },
    {
      id: 'active',
      header: t('hrSettings.subjects.columns.active'),
      cell: (subject) => yesNo(subject.flAtivo),
    },
    {
      id: 'assignees',
      priority: 3,
      header: t('hrSettings.subjects.columns.assignees'),
      align: 'end',
      cell: (subject) => subject.qtdResponsaveis,
      sortValue: (subject) => subject.qtdResponsaveis,
    },
    {
      id: 'open',
      priority: 3,
      header: t('hrSettings.subjects.columns.open'),
      align: 'end',
      cell: (subject) => subject.qtdChamadosAbertos,
      sortValue: (subject) => subject.qtdChamadosAbertos,
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('hrSettings.subjects.hint')}</p>
      {canEdit && (
        <div>
          <Button onClick={() => setEditing(null)}>{t('hrSettings.subjects.new')}</Button>
        </div>
      )}
      <DataTable
        caption={t('hrSettings.subjects.caption')}
        columns={columns}
        rows={subjects}
        getRowId={(subject) => String(subject.idAssunto)}
        rowName={(subject) => subject.nome}
        loading={loading}
        error={error}
        onRetry={onRetry}
        empty={t('hrSettings.subjects.empty')}
        rowActions={
          canEdit
            ? (subject) => (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`${t('hrSettings.edit')}: ${subject.nome}`}
                  onClick={() => setEditing(subject)}
                >
                  {t('hrSettings.edit')}
                </Button>
              )
            : undefined
        }
      />
      {canEdit && (
        <SubjectDialog
          open={editing !== false}
          onOpenChange={(open) => {
            if (!open) setEditing(false);
          }}
          subject={editing === false ? null : editing}
          reload={async () => {
            if (!editing) return undefined;
            const fresh = (await reload())?.find((subject) => subject.idAssunto === editing.idAssunto);
            if (fresh) setEditing(fresh);
            return fresh;
          }}
        />
      )}
    </div>
  );
}
