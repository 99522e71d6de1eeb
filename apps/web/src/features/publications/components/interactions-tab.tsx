import {
  exportaInteracoesPublicacao,
  type InteractionTab,
  type interacaoSchema,
} from '@elo/contract/calls/publication-reach';
import { limits } from '@elo/contract/limits';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { buttonClassName } from '#ui/button.tsx';
import { DataTable, tableStateOf, type DataColumn } from '#ui/data-table.tsx';
import { usePublicationInteractions } from '../hooks/use-publications.ts';
import { downloadHref } from '#lib/download-url.ts';

export type Interacao = z.infer<typeof interacaoSchema>;

export interface InteractionsTabProps {
  idPublicacao: number;
  tab: InteractionTab;
  /** The tab's name ('Comentários'), for the table's caption and the export links. */
  tabLabel: string;
  page: number;
  onPageChange: (page: number) => void;
  /** The controls of a comment row (moderation), when the tab lists comments. */
  commentActions?: (row: Interacao) => ReactNode;
}

/** One tab of the single publication: who did it and when (the comment too), paged, with its exports. */
export function InteractionsTab({
  idPublicacao,
  tab,
  tabLabel,
  page,
  onPageChange,
  commentActions,
}: InteractionsTabProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const pageSize = limits.pageSize.admin;
  const listQuery = usePublicationInteractions({
    idPublicacao,
    aba: tab,
    idPaginaAtual: page,
    qtdRegistrosPorPagina: pageSize,
  });
  const { data } = listQuery;
  const comments = tab === 'comentarios';

  const columns: DataColumn<Interacao>[] = [
    {
      id: 'person',
      header: t('admin.publicationsAdmin.tabs.person'),
      rowHeader: true,
      cell: (row) => (
        <span className="flex items-center gap-2">
          {row.usuario.urlFoto ? (
            <img src={row.usuario.urlFoto} alt="" className="size-8 shrink-0 rounded-full object-cover" />
          ) : null}
          {row.usuario.nome}
        </span>
      ),
    },
    {
      id: 'sector',
      header: t('admin.publicationsAdmin.tabs.sector'),
      cell: (row) => row.usuario.setor ?? '—',
    },
    ...(tab === 'pendentes'
      ? []
      : [
          {
            id: 'when',
            header: t('admin.publicationsAdmin.tabs.when'),
            cell: (row: Interacao) => (row.dtInteracao ? formatDateTime(row.dtInteracao, language) : '—'),
          },
        ]),
    ...(comments
      ? [
          {
            id: 'comment',
            header: t('admin.publicationsAdmin.tabs.comment'),
            className: 'min-w-56 max-w-md',
            cell: (row: Interacao) =>
              row.comentario ? (
                <span className="flex flex-col gap-1">
                  <span className="break-words whitespace-pre-wrap">{row.comentario.texto}</span>
                  {row.comentario.flOculto === 'S' && (
                    <span className="self-start rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
                      {t('admin.publicationsAdmin.tabs.hidden')}
                    </span>
                  )}
                </span>
              ) : (
                '—'
              ),
          },
        ]
      : []),
  ];

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <a
          href={downloadHref(exportaInteracoesPublicacao, { idPublicacao, aba: tab, formato: 'csv' })}
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          download
        >
          {t('admin.publicationsAdmin.tabs.exportCsv', { tab: tabLabel })}
        </a>
        <a
          href={downloadHref(exportaInteracoesPublicacao, { idPublicacao, aba: tab, formato: 'xlsx' })}
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          download
        >
          {t('admin.publicationsAdmin.tabs.exportXlsx', { tab: tabLabel })}
        </a>
      </div>
      <DataTable
        caption={tabLabel}
        columns={columns}
        rows={data?.listInteracoes ?? []}
        getRowId={(row) => (row.comentario ? `c${row.comentario.idComentario}` : `u${row.usuario.idUsuario}`)}
        rowName={(row) => row.usuario.nome}
        {...tableStateOf(listQuery)}
        empty={t('admin.publicationsAdmin.tabs.empty')}
        pagination={{ page, pageSize, onPageChange, total: data?.qtdTotalRegistros ?? 0 }}
        {...(comments && commentActions ? { rowActions: commentActions } : {})}
      />
    </div>
  );
}
