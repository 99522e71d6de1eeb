import { surveyExportPath } from '@elo/contract/calls/surveys';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useParams } from 'react-router';
import { paths } from '#app/paths.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { Alert } from '#ui/alert.tsx';
import { buttonClassName } from '#ui/button.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ShareBar } from '../components/option-results.tsx';
import { QuestionResultCard } from '../components/question-result.tsx';
import { useAdminSurveyResults } from '../hooks/use-admin-surveys.ts';

/** A survey's results in the administration (/admin/pesquisas/{id}/resultados). */
export function AdminSurveyResultsPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const idPesquisa = Number(useParams().idPesquisa);
  const { data, error, isPending } = useAdminSurveyResults(idPesquisa);
  const percent = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });

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

  return (
    <>
      <PageHeading title={t('admin.surveys.resultsTitle')}>
        <div className="flex flex-wrap gap-2">
          <a
            href={surveyExportPath(idPesquisa, 'csv')}
            download
            className={buttonClassName({ variant: 'secondary' })}
          >
            {t('admin.surveys.exportCsv')}
          </a>
          <a
            href={surveyExportPath(idPesquisa, 'xlsx')}
            download
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
        <section
          aria-labelledby="resumo-pesquisa"
          className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="resumo-pesquisa" className="text-lg font-semibold text-slate-900">
            {pesquisa.titulo}
          </h2>
          <dl className="grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-700">{t('admin.surveys.responseRate')}</dt>
              <dd className="text-2xl font-semibold text-slate-900">{percent.format(data.taxaResposta)}%</dd>
              <dd className="text-sm text-slate-700">
                {t('admin.surveys.respondents', { count: data.qtdRespondentes, total: data.qtdPublicoAlvo })}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-700">{t('admin.surveys.applications')}</dt>
              <dd className="text-2xl font-semibold text-slate-900">{data.qtdAplicacoes}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-700">{t('admin.surveys.columns.period')}</dt>
              <dd className="text-sm text-slate-900">
                {formatDateTime(pesquisa.dtInicioPesquisa, language)} –{' '}
                {formatDateTime(pesquisa.dtFimPesquisa, language)}
              </dd>
            </div>
          </dl>
          <ShareBar percent={data.taxaResposta} />
        </section>

        {data.questoes.map((question, index) => (
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

        <section
          aria-labelledby="respostas-individuais"
          className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="respostas-individuais" className="text-lg font-semibold text-slate-900">
            {t('admin.surveys.individual')}
          </h2>
          {anonymous ? (
            <p className="text-sm text-slate-700">{t('admin.surveys.anonymousNotice')}</p>
          ) : data.respostasIndividuais.length === 0 ? (
            <p className="text-sm text-slate-700">{t('admin.surveys.noAnswers')}</p>
          ) : (
            <DataTable
              caption={t('admin.surveys.individual')}
              headClassName="border-b border-slate-300 text-slate-800"
              headingClassName="py-2 pr-3 font-semibold"
              columns={[
                { label: t('admin.surveys.person') },
                { label: t('admin.surveys.finishedAt') },
                ...data.questoes.map((question, index) => ({ label: `${index + 1}. ${question.titulo}` })),
              ]}
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
            </DataTable>
          )}
        </section>
      </div>
    </>
  );
}
