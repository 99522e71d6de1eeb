import { surveyExportPath } from '@elo/contract/calls/surveys-admin';
import { type Recorte } from '@elo/contract/calls/surveys-shapes';
import { tipoRecorteSchema } from '@elo/contract/calls/surveys-rules';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useParams, useSearchParams } from 'react-router';
import { paths } from '#lib/paths.ts';
import { errorMessageOf } from '#lib/api-client.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { Alert } from '#ui/alert.tsx';
import { buttonClassName } from '#ui/button.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { ColumnHeadings, TableFrame } from '#ui/table-frame.tsx';
import { TitledSection } from '#ui/titled-section.tsx';
import { ShareBar } from '../../components/option-results.tsx';
import { QuestionResultCard } from '../../components/question-result.tsx';
import { downloadExport } from '../../export-download.ts';
import { useAdminSurveyResults } from '../hooks/use-admin-surveys.ts';

/** The address's slice (?recorte=SETOR:12), or null for everyone. */
export function sliceFromParam(value: string | null): Recorte | null {
  const match = /^([A-Z]+):(\d{1,10})$/.exec(value ?? '');
  const tipo = tipoRecorteSchema.safeParse(match?.[1]);
  const id = Number(match?.[2]);
  return tipo.success && Number.isSafeInteger(id) && id > 0 ? { tipo: tipo.data, id } : null;
}

/** A slice as the address and the select write it. */
const sliceParam = (recorte: { tipo: string; id: number }) => `${recorte.tipo}:${recorte.id}`;

/**
 * A survey's results in the administration (/admin/pesquisas/{id}/resultados), of everyone or of
 * one slice (?recorte=GRUPO:3). An anonymous survey's results too few people answered show the
 * server's reason in place of the figures and charts, and so does an export of them.
 */
export function AdminSurveyResultsPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const idPesquisa = Number(useParams().idPesquisa);
  const [searchParams, setSearchParams] = useSearchParams();
  const recorte = sliceFromParam(searchParams.get('recorte'));
  const { data, error, isPending } = useAdminSurveyResults(idPesquisa, recorte);
  const percent = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  /** Downloads the export through fetch, so a refusal (409) is said on the page, not saved as a file. */
  const exportAs = (format: 'csv' | 'xlsx') => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (exporting) return;
    setExportFailure(null);
    setExporting(true);
    downloadExport(surveyExportPath(idPesquisa, format, recorte), `pesquisa-${idPesquisa}.${format}`)
      .catch((failure: unknown) => setExportFailure(errorMessageOf(failure, t('apiErrors.default'))))
      .finally(() => setExporting(false));
  };

  const chooseSlice = (value: string) => {
    setExportFailure(null);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('recorte', value);
        else next.delete('recorte');
        return next;
      },
      { replace: true },
    );
  };

  if (!data) {
    return (
      <>
        <PageHeading title={t('admin.surveys.resultsTitle')} />
        {isPending ? (
          <PageSpinner label={t('admin.surveys.loading')} />
        ) : (
          <Alert type="error" title={t('apiErrors.loadData')}>
            {error?.message}
          </Alert>
        )}
      </>
    );
  }
  const { pesquisa } = data;
  const anonymous = pesquisa.flAnonima === 'S';
  const quiz = pesquisa.flQuiz === 'S';
  const hidden = data.resultadoOculto;

  return (
    <>
      <PageHeading title={t('admin.surveys.resultsTitle')}>
        <div className="flex flex-wrap gap-2">
          <a
            href={surveyExportPath(idPesquisa, 'csv', recorte)}
            download
            onClick={exportAs('csv')}
            aria-disabled={exporting || undefined}
            className={buttonClassName({ variant: 'secondary' })}
          >
            {t('admin.surveys.exportCsv')}
          </a>
          <a
            href={surveyExportPath(idPesquisa, 'xlsx', recorte)}
            download
            onClick={exportAs('xlsx')}
            aria-disabled={exporting || undefined}
            className={buttonClassName({ variant: 'secondary' })}
          >
            {t('admin.surveys.exportXlsx')}
          </a>
          <Link
            to={generatePath(paths.admin.surveyEdit, { idPesquisa: String(idPesquisa) })}
            className={buttonClassName({ variant: 'tertiary' })}
          >
            {t('admin.surveys.edit')}
          </Link>
        </div>
      </PageHeading>
      <div className="flex flex-col gap-6">
        {exportFailure && (
          <Alert type="error" title={t('admin.surveys.exportFailed')} onClose={() => setExportFailure(null)}>
            {exportFailure}
          </Alert>
        )}
        {data.recortes.length > 0 && (
          <SelectField
            label={t('admin.surveys.slice')}
            hint={
              anonymous ? t('admin.surveys.sliceHint', { minimo: data.qtdMinimaRespondentes }) : undefined
            }
            placeholder={t('admin.surveys.sliceAll')}
            value={recorte ? sliceParam(recorte) : ''}
            onChange={(event) => chooseSlice(event.target.value)}
            options={data.recortes.map((option) => ({
              value: sliceParam(option),
              label: t(`admin.surveys.sliceKinds.${option.tipo}`, { name: option.nome }),
            }))}
            className="sm:w-96"
          />
        )}
        <TitledSection
          title={pesquisa.titulo}
          id="resumo-pesquisa"
          className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        >
          {data.recorte && (
            <p className="text-sm text-slate-700">
              {t('admin.surveys.sliceShown', {
                slice: t(`admin.surveys.sliceKinds.${data.recorte.tipo}`, { name: data.recorte.nome }),
              })}
            </p>
          )}
          <dl className="grid gap-4 sm:grid-cols-3">
            {data.taxaResposta !== null && data.qtdRespondentes !== null && (
              <div>
                <dt className="text-sm text-slate-700">{t('admin.surveys.responseRate')}</dt>
                <dd className="text-2xl font-semibold text-slate-900">
                  {percent.format(data.taxaResposta)}%
                </dd>
                <dd className="text-sm text-slate-700">
                  {t('admin.surveys.respondents', {
                    count: data.qtdRespondentes,
                    total: data.qtdPublicoAlvo,
                  })}
                </dd>
              </div>
            )}
            {data.qtdAplicacoes !== null && (
              <div>
                <dt className="text-sm text-slate-700">{t('admin.surveys.applications')}</dt>
                <dd className="text-2xl font-semibold text-slate-900">{data.qtdAplicacoes}</dd>
              </div>
            )}
            <div>
              <dt className="text-sm text-slate-700">{t('admin.surveys.columns.period')}</dt>
              <dd className="text-sm text-slate-900">
                {formatDateTime(pesquisa.dtInicioPesquisa, language)} –{' '}
                {formatDateTime(pesquisa.dtFimPesquisa, language)}
              </dd>
            </div>
          </dl>
          {data.taxaResposta !== null && <ShareBar percent={data.taxaResposta} />}
        </TitledSection>

        {hidden && (
          // In place of the figures and charts: why they are hidden, in the server's words.
          <Alert type="info" title={t('admin.surveys.hiddenTitle')}>
            {hidden.mensagem}
          </Alert>
        )}

        {!hidden &&
          data.questoes.map((question, index) => (
            <QuestionResultCard
              key={question.idPesquisaQuestao}
              question={question}
              number={index + 1}
              quiz={quiz}
              className="border border-slate-200"
            >
              {question.textos.length > 0 && (
                <div>
                  <h3
                    id={`textos-${question.idPesquisaQuestao}`}
                    className="text-sm font-semibold text-slate-900"
                  >
                    {t('admin.surveys.texts')}
                  </h3>
                  {/* A box that scrolls takes focus, so the keyboard can scroll it too (WCAG 2.1.1). */}
                  <ul
                    tabIndex={0}
                    aria-labelledby={`textos-${question.idPesquisaQuestao}`}
                    className="mt-1 flex max-h-64 flex-col gap-1 overflow-y-auto rounded text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
                  >
                    {question.textos.map((text, position) => (
                      <li key={position} className="rounded bg-slate-50 px-3 py-1.5 whitespace-pre-line">
                        {text}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </QuestionResultCard>
          ))}

        <TitledSection
          title={t('admin.surveys.individual')}
          id="respostas-individuais"
          className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        >
          {anonymous ? (
            <p className="text-sm text-slate-700">{t('admin.surveys.anonymousNotice')}</p>
          ) : data.respostasIndividuais.length === 0 ? (
            <p className="text-sm text-slate-700">{t('admin.surveys.noAnswers')}</p>
          ) : (
            <TableFrame
              caption={t('admin.surveys.individual')}
              headClassName="border-b border-slate-300 text-slate-800"
              headings={
                <ColumnHeadings
                  className="py-2 pr-3 font-semibold"
                  columns={[
                    { label: t('admin.surveys.person') },
                    { label: t('admin.surveys.finishedAt') },
                    ...data.questoes.map((question, index) => ({
                      label: `${index + 1}. ${question.titulo}`,
                    })),
                  ]}
                />
              }
            >
              {data.respostasIndividuais.map((application) => (
                <tr key={application.idAplicacao} className="border-b border-slate-100 align-top">
                  <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                    {application.usuario.nome}
                  </th>
                  <td className="py-2 pr-3 text-slate-800">
                    {formatDateTime(application.dtFinalizacao, language)}
                  </td>
                  {data.questoes.map((question) => (
                    <td key={question.idPesquisaQuestao} className="py-2 pr-3 text-slate-800">
                      {application.respostas.find(
                        (item) => item.idPesquisaQuestao === question.idPesquisaQuestao,
                      )?.textoResposta ?? '—'}
                    </td>
                  ))}
                </tr>
              ))}
            </TableFrame>
          )}
        </TitledSection>
      </div>
    </>
  );
}
