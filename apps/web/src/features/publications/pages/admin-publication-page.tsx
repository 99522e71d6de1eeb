import {
  interactionTabs,
  type InteractionTab,
  type consultaPublicacaoAdmin,
} from '@elo/contract/calls/publication-reach';
import type { CallOutput } from '@elo/contract/define-call';
import { PostType } from '@elo/contract/enums';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '#lib/paths.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { routeId } from '#lib/route-id.ts';
import { choiceFilter, useUrlFilters } from '#lib/url-filters.ts';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { RecordPending } from '#ui/record-pending.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { Tabs } from '#ui/tabs.tsx';
import { TitledSection } from '#ui/titled-section.tsx';
import { CommentModeration } from '../components/comment-moderation.tsx';
import { InteractionsTab } from '../components/interactions-tab.tsx';
import { PublicationActions } from '../components/publication-actions.tsx';
import { PublicationStatusBadge } from '../components/publication-status.tsx';
import { usePublication } from '../hooks/use-publications.ts';

// The chart library is the bulk of this page's code: the figures and tabs show while it loads.
const ViewsChart = lazy(() =>
  import('../components/views-chart.tsx').then((module) => ({ default: module.ViewsChart })),
);

type PublicationAnswer = CallOutput<typeof consultaPublicacaoAdmin>;

// The open tab and its page in the URL (?aba=curtir&pagina=2).
const filterDefinitions = { aba: choiceFilter(interactionTabs) };
const readingTabs: readonly InteractionTab[] = ['confirmaram', 'pendentes'];

/** One publication (/admin/publicacoes/{id}): what it is, its status actions, its reach and its tabs. */
export function AdminPublicationPage() {
  const { t } = useTranslation();
  const idPublicacao = routeId(useParams().idPublicacao);
  const { data, error } = usePublication(idPublicacao);
  if (!data) {
    return (
      <RecordPending
        header={<PageHeader title={t('admin.publicationsAdmin.single.title')} />}
        error={error ?? (idPublicacao === null ? new Error(t('admin.publicationsAdmin.notFound')) : null)}
        errorTitle={t('admin.publicationsAdmin.loadFailed')}
        loadingLabel={t('admin.publicationsAdmin.loading')}
      />
    );
  }
  return <PublicationDetails answer={data} />;
}

function PublicationDetails({ answer }: { answer: PublicationAnswer }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const language = currentLanguage();
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const percent = useMemo(
    () => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }),
    [i18n.language],
  );
  const { publicacao: publication, contagens: counts, alcance: reach } = answer;
  const { filters, page, setFilter, setPage } = useUrlFilters(filterDefinitions);
  const mandatory = publication.flLeituraObrigatoria === 'S';
  const tabs = interactionTabs.filter((tab) => mandatory || !readingTabs.includes(tab));
  const openTab = filters.aba && tabs.includes(filters.aba) ? filters.aba : tabs[0]!;
  const title = t('admin.publicationsAdmin.single.title');
  const where = [
    ...(publication.flMural === 'S' ? [t('admin.publicationsAdmin.wall')] : []),
    ...publication.grupos.map((group) => group.nome),
  ];
  const figures = [
    { key: 'audience', value: number.format(reach.qtdPublico) },
    { key: 'uniqueViewers', value: number.format(reach.qtdVisualizacoesUnicas) },
    { key: 'reactions', value: number.format(reach.qtdReacoes) },
    { key: 'comments', value: number.format(reach.qtdComentarios) },
    { key: 'saves', value: number.format(reach.qtdSalvos) },
    { key: 'readRate', value: `${percent.format(reach.taxaLeitura)}%` },
  ] as const;

  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={adminBreadcrumb(title, {
          label: t('admin.publicationsAdmin.title'),
          to: paths.admin.publications,
        })}
        actions={
          <PublicationActions
            publication={publication}
            withOpen={false}
            onDeleted={() => void navigate(paths.admin.publications)}
          />
        }
      />
      <div className="flex flex-col gap-8">
        <section
          aria-labelledby="publicacao-resumo"
          className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <h2 id="publicacao-resumo" className="sr-only">
            {t('admin.publicationsAdmin.single.summary')}
          </h2>
          <div className="flex flex-wrap items-start gap-3">
            <PublicationStatusBadge publication={publication} />
            {publication.flEditado === 'S' && (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
                {t('admin.publicationsAdmin.single.edited')}
              </span>
            )}
            {publication.flOculta === 'S' && (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
                {t('admin.publicationsAdmin.single.hidden')}
              </span>
            )}
          </div>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium">{t('admin.publicationsAdmin.columns.author')}</dt>
            <dd>{publication.autor.nome}</dd>
            <dt className="font-medium">{t('admin.publicationsAdmin.columns.audience')}</dt>
            <dd>{where.join(', ') || '—'}</dd>
            <dt className="font-medium">{t('admin.publicationsAdmin.single.comments')}</dt>
            <dd>
              {publication.flPermiteComentarios === 'S'
                ? t('admin.publicationsAdmin.single.commentsOn')
                : t('admin.publicationsAdmin.single.commentsOff')}
            </dd>
            <dt className="font-medium">{t('admin.publicationsAdmin.single.reading')}</dt>
            <dd>
              {mandatory
                ? [
                    publication.dtLimiteLeitura
                      ? t('admin.publicationsAdmin.single.readingUntil', {
                          date: formatDateTime(publication.dtLimiteLeitura, language),
                        })
                      : t('admin.publicationsAdmin.single.readingNoDeadline'),
                    publication.diasLembreteLeitura
                      ? t('admin.publicationsAdmin.single.reminders', {
                          count: publication.diasLembreteLeitura,
                        })
                      : t('admin.publicationsAdmin.single.noReminders'),
                  ].join(' · ')
                : t('admin.publicationsAdmin.single.readingOff')}
            </dd>
          </dl>
          {publication.texto && (
            <p className="break-words whitespace-pre-wrap text-slate-900">{publication.texto}</p>
          )}
          {publication.urlMidia &&
            (publication.tipo === PostType.video ? (
              <video
                src={publication.urlMidia}
                poster={publication.urlThumbnail ?? undefined}
                controls
                preload="metadata"
                aria-label={t('admin.publicationsAdmin.preview.videoLabel')}
                className="max-h-80 max-w-full self-start rounded-md bg-slate-900"
              />
            ) : (
              <img
                src={publication.urlMidia}
                alt={t('admin.publicationsAdmin.preview.imageAlt')}
                className="max-h-80 max-w-full self-start rounded-md border border-slate-200 object-contain"
              />
            ))}
        </section>
        <TitledSection
          title={t('admin.publicationsAdmin.reach.title')}
          id="publicacao-alcance"
          className="flex flex-col gap-4"
        >
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {figures.map((figure) => (
              <div
                key={figure.key}
                className="flex flex-col-reverse rounded-lg border border-slate-200 bg-white p-3"
              >
                <dt className="text-sm text-slate-700">{t(`admin.publicationsAdmin.reach.${figure.key}`)}</dt>
                <dd className="text-2xl font-semibold text-slate-900 tabular-nums">{figure.value}</dd>
              </div>
            ))}
          </dl>
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <Suspense fallback={<Spinner label={t('admin.publicationsAdmin.reach.chartLoading')} />}>
              <ViewsChart days={reach.visualizacoesPorDia} />
            </Suspense>
          </div>
        </TitledSection>
        <TitledSection
          title={t('admin.publicationsAdmin.tabs.title')}
          id="publicacao-interacoes"
          className="flex min-w-0 flex-col gap-3"
        >
          <Tabs
            label={t('admin.publicationsAdmin.tabs.title')}
            value={openTab}
            onValueChange={(value) => setFilter('aba', value as InteractionTab)}
            items={tabs.map((tab) => ({
              value: tab,
              label: t('admin.publicationsAdmin.tabs.labelWithCount', {
                label: t(`admin.publicationsAdmin.tabs.names.${tab}`),
                count: counts[tab],
              }),
              content: (
                <InteractionsTab
                  idPublicacao={publication.idPublicacao}
                  tab={tab}
                  tabLabel={t(`admin.publicationsAdmin.tabs.names.${tab}`)}
                  page={page}
                  onPageChange={setPage}
                  commentActions={(row) => <CommentModeration row={row} />}
                />
              ),
            }))}
          />
        </TitledSection>
      </div>
    </>
  );
}
