import { toFlag } from '@elo/contract/wire';
import {
  importColumns,
  modeloImportacaoUsuarios,
  type ResultadoImportacao,
} from '@elo/contract/calls/user-import';
import { peopleLimits } from '@elo/contract/calls/people-limits';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { paths } from '#lib/paths.ts';
import { errorMessageOf } from '#lib/api-client.ts';
import { Alert } from '#ui/alert.tsx';
import { Button, buttonClassName } from '#ui/button.tsx';
import { DataTable, type DataColumn } from '#ui/data-table.tsx';
import { FileField } from '#ui/file-field.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { TitledSection } from '#ui/titled-section.tsx';
import { useImportUsers } from '../hooks/use-user-import.ts';
import { downloadHref } from '#lib/download-url.ts';

type Line = ResultadoImportacao['linhas'][number];

const pageSize = 50;

/**
 * The bulk import (/admin/usuarios/importacao): a CSV or XLSX of the template's columns is first
 * simulated (the preview, nothing written), then applied as a whole, only when no row has errors.
 */
export function AdminUserImportPage() {
  const { t } = useTranslation();
  const importing = useImportUsers();
  const [file, setFile] = useState<File | null>(null);
  const [deactivateAbsent, setDeactivateAbsent] = useState(false);
  const [result, setResult] = useState<ResultadoImportacao | null>(null);
  /** What the shown result came from: an apply is offered only for the file and option simulated. */
  const [simulated, setSimulated] = useState<{ file: File; deactivateAbsent: boolean } | null>(null);
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error' | 'warning'; message: string } | null>(
    null,
  );
  const [page, setPage] = useState(1);
  const resultRef = useRef<HTMLHeadingElement>(null);

  const run = async (simular: boolean, applyValid = false) => {
    if (!file) return;
    setOutcome(null);
    try {
      const answer = await importing.mutateAsync({
        file,
        simular: toFlag(simular),
        flDesativarAusentes: toFlag(deactivateAbsent),
        flAplicarValidas: toFlag(applyValid),
      });
      setResult(answer.result);
      setPage(1);
      if (simular) setSimulated({ file, deactivateAbsent });
      else if (applyValid && !answer.refused) {
        setSimulated(null);
        setOutcome({
          type: answer.result.qtdErros > 0 ? 'warning' : 'success',
          message: t('admin.userImport.appliedValid', {
            created: answer.result.qtdNovos,
            changed: answer.result.qtdAlterados,
            invalid: answer.result.qtdErros,
          }),
        });
      } else if (answer.refused) {
        setSimulated({ file, deactivateAbsent });
        setOutcome({ type: 'error', message: t('admin.userImport.refused') });
      } else {
        setSimulated(null);
        setOutcome({
          type: 'success',
          message: t('admin.userImport.applied', {
            created: answer.result.qtdNovos,
            changed: answer.result.qtdAlterados,
            deactivated: answer.result.qtdDesativados,
          }),
        });
      }
      // The result is read next: the focus goes to its heading.
      requestAnimationFrame(() => resultRef.current?.focus());
    } catch (failure) {
      setOutcome({ type: 'error', message: errorMessageOf(failure, t('apiErrors.default')) });
    }
  };

  const simulatedThis =
    result !== null &&
    result.flSimulacao === 'S' &&
    simulated?.file === file &&
    simulated?.deactivateAbsent === deactivateAbsent;
  const canApply = simulatedThis && result.qtdErros === 0;
  // Rows that would apply (new, changed or as they are); absent people are never deactivated
  // when rows are left out, so the offer is made only without that option.
  const validRows = result?.linhas.filter((line) => line.linha > 0 && line.acao !== null).length ?? 0;
  const canApplyValid = simulatedThis && result.qtdErros > 0 && validRows > 0 && !deactivateAbsent;
  const invalidFile = result?.arquivoLinhasInvalidas;

  const columns: DataColumn<Line>[] = [
    {
      id: 'line',
      header: t('admin.userImport.columns.line'),
      cell: (line) => (line.linha === 0 ? '—' : line.linha),
    },
    {
      id: 'matricula',
      header: t('admin.userImport.columns.matricula'),
      cell: (line) => line.matricula ?? '—',
    },
    {
      id: 'name',
      header: t('admin.userImport.columns.name'),
      rowHeader: true,
      cell: (line) => line.nome ?? '—',
    },
    {
      id: 'action',
      header: t('admin.userImport.columns.action'),
      cell: (line) => (line.acao ? t(`admin.userImport.actions.${line.acao}`) : '—'),
    },
    {
      id: 'errors',
      header: t('admin.userImport.columns.errors'),
      cell: (line) =>
        line.erros.length === 0 ? (
          '—'
        ) : (
          <ul className="list-disc pl-4 text-red-800">
            {line.erros.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('admin.userImport.title')}
        description={t('admin.userImport.description')}
        breadcrumb={adminBreadcrumb(t('admin.userImport.title'), {
          label: t('admin.sections.users'),
          to: paths.admin.users,
        })}
      />
      <TitledSection
        title={t('admin.userImport.howTitle')}
        id="import-how"
        className="mb-6 flex flex-col gap-3 text-sm text-slate-800"
      >
        <p>{t('admin.userImport.columnsHint', { columns: importColumns.join(', ') })}</p>
        <ul className="list-disc pl-5">
          <li>{t('admin.userImport.ruleMatch')}</li>
          <li>{t('admin.userImport.ruleDates')}</li>
          <li>{t('admin.userImport.ruleCatalog')}</li>
          <li>{t('admin.userImport.ruleGroups')}</li>
          <li>{t('admin.userImport.rulePassword')}</li>
          <li>
            {t('admin.userImport.ruleLimit', {
              rows: peopleLimits.importRowsMax.toLocaleString(currentLanguage()),
            })}
          </li>
        </ul>
        <div className="flex flex-wrap gap-2">
          <a
            href={downloadHref(modeloImportacaoUsuarios, { formato: 'csv' })}
            className={buttonClassName({ variant: 'secondary' })}
            download
          >
            {t('admin.userImport.templateCsv')}
          </a>
          <a
            href={downloadHref(modeloImportacaoUsuarios, { formato: 'xlsx' })}
            className={buttonClassName({ variant: 'secondary' })}
            download
          >
            {t('admin.userImport.templateXlsx')}
          </a>
        </div>
      </TitledSection>
      <TitledSection
        title={t('admin.userImport.fileTitle')}
        id="import-file"
        className="mb-6 flex max-w-xl flex-col gap-4"
      >
        <FileField
          label={t('admin.userImport.file')}
          accept={['csv', 'xlsx']}
          maxBytes={peopleLimits.importBytesMax}
          value={file}
          required
          onChange={(next) => {
            setFile(next);
            setOutcome(null);
          }}
        />
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-4"
            checked={deactivateAbsent}
            aria-describedby="deactivate-absent-hint"
            onChange={(event) => setDeactivateAbsent(event.target.checked)}
          />
          <span>
            {t('admin.userImport.deactivateAbsent')}
            <span id="deactivate-absent-hint" className="block text-slate-600">
              {t('admin.userImport.deactivateAbsentHint')}
            </span>
          </span>
        </label>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={!file}
            loading={importing.isPending && importing.variables?.simular === 'S'}
            onClick={() => void run(true)}
          >
            {t('admin.userImport.simulate')}
          </Button>
          <Button
            disabled={!canApply || importing.isPending}
            loading={importing.isPending && importing.variables?.simular === 'N'}
            aria-describedby="apply-hint"
            onClick={() => void run(false)}
          >
            {t('admin.userImport.apply')}
          </Button>
        </div>
        <p id="apply-hint" className="text-sm text-slate-600">
          {t('admin.userImport.applyHint')}
        </p>
      </TitledSection>
      {outcome && (
        <Alert type={outcome.type} className="mb-4" onClose={() => setOutcome(null)}>
          {outcome.message}
        </Alert>
      )}
      {invalidFile && (
        <p className="mb-4">
          <a
            href={`data:${invalidFile.tipoConteudo};base64,${invalidFile.conteudoBase64}`}
            download={invalidFile.nomeArquivo}
            className={buttonClassName({ variant: 'secondary' })}
          >
            {t('admin.userImport.downloadInvalid', { invalid: result?.qtdErros ?? 0 })}
          </a>
        </p>
      )}
      {result && (
        <section aria-labelledby="import-result" className="flex flex-col gap-4">
          <h2
            id="import-result"
            ref={resultRef}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900"
          >
            {result.flSimulacao === 'S'
              ? t('admin.userImport.previewTitle')
              : t('admin.userImport.resultTitle')}
          </h2>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {(
              [
                ['created', result.qtdNovos],
                ['changed', result.qtdAlterados],
                ['unchanged', result.qtdInalterados],
                ['deactivated', result.qtdDesativados],
                ['errors', result.qtdErros],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="rounded-md border border-slate-200 bg-white p-3">
                <dt className="text-xs text-slate-600">{t(`admin.userImport.totals.${key}`)}</dt>
                <dd
                  className={
                    key === 'errors' && value > 0
                      ? 'text-xl font-semibold text-red-800'
                      : 'text-xl font-semibold'
                  }
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {canApplyValid && (
            <div className="flex flex-col items-start gap-2">
              <Button
                disabled={importing.isPending}
                loading={importing.isPending && importing.variables?.flAplicarValidas === 'S'}
                aria-describedby="apply-valid-hint"
                onClick={() => void run(false, true)}
              >
                {t('admin.userImport.applyValid', { valid: validRows })}
              </Button>
              <p id="apply-valid-hint" className="text-sm text-slate-600">
                {t('admin.userImport.applyValidHint', { invalid: result.qtdErros })}
              </p>
            </div>
          )}
          <DataTable
            caption={t('admin.userImport.caption')}
            columns={columns}
            rows={result.linhas}
            getRowId={(line) => `${line.linha}-${line.matricula ?? ''}-${line.nome ?? ''}`}
            rowName={(line) => line.nome ?? String(line.linha)}
            pagination={{ page, pageSize, onPageChange: setPage }}
          />
        </section>
      )}
    </>
  );
}
