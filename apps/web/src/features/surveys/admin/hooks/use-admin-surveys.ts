import type { SalvaPesquisaInput } from '@elo/contract/calls/surveys-admin';
import type { Recorte } from '@elo/contract/calls/surveys-shapes';
import type { SurveyStatusName } from '@elo/contract/enums';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';

/** Cache keys of the administration's survey queries. */
export const adminSurveyKeys = {
  all: ['admin-surveys'] as const,
  list: (status: SurveyStatusName | null, search = '') => ['admin-surveys', 'list', status, search] as const,
  survey: (idPesquisa: number) => ['admin-surveys', 'survey', idPesquisa] as const,
  groups: ['admin-surveys', 'groups'] as const,
  results: (idPesquisa: number, recorte: Recorte | null = null) =>
    ['admin-surveys', 'results', idPesquisa, recorte?.tipo ?? null, recorte?.id ?? null] as const,
  settings: ['admin-surveys', 'settings'] as const,
};

/** The company's surveys, optionally of one status (consultaPesquisasAdmin). */
export function useAdminSurveyList(status: SurveyStatusName | null, search: string) {
  return useQuery({
    queryKey: adminSurveyKeys.list(status, search),
    queryFn: ({ signal }) =>
      api.consultaPesquisasAdmin(
        { ...(status ? { status } : {}), ...(search ? { busca: search } : {}) },
        { signal },
      ),
    // The rows stay while the next search loads, so the list does not flash.
    placeholderData: keepPreviousData,
    select: (answer) => answer.listPesquisas,
  });
}

/** One survey with everything the editor edits (consultaPesquisaAdmin); off for a new survey. */
export function useAdminSurvey(idPesquisa: number | null) {
  return useQuery({
    queryKey: adminSurveyKeys.survey(idPesquisa ?? 0),
    queryFn: ({ signal }) => api.consultaPesquisaAdmin({ idPesquisa: idPesquisa ?? 0 }, { signal }),
    enabled: idPesquisa !== null,
    select: (answer) => answer.pesquisa,
  });
}

/** The groups a survey may target, with their member counts. */
export function useSurveyGroups() {
  return useQuery({
    queryKey: adminSurveyKeys.groups,
    queryFn: ({ signal }) => api.consultaGruposPesquisaAdmin({}, { signal }),
    select: (answer) => answer.listGrupos,
    staleTime: 60_000,
  });
}

/**
 * Results with the response rate and individual answers, of everyone or of one slice
 * (consultaResultadoPesquisaAdmin); the last slice's stay on screen while the next one loads.
 */
export function useAdminSurveyResults(idPesquisa: number, recorte: Recorte | null = null) {
  return useQuery({
    queryKey: adminSurveyKeys.results(idPesquisa, recorte),
    queryFn: ({ signal }) =>
      api.consultaResultadoPesquisaAdmin({ idPesquisa, ...(recorte ? { recorte } : {}) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The company's survey settings: the minimum of respondents of anonymous results. */
export function useSurveySettings() {
  return useQuery({
    queryKey: adminSurveyKeys.settings,
    queryFn: ({ signal }) => api.consultaConfiguracoesPesquisasAdmin({}, { signal }),
    select: (answer) => answer.configuracoes,
  });
}

/** Changes the minimum of respondents (salvaConfiguracoesPesquisasAdmin); lists and results follow it. */
export function useSaveSurveySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (qtdMinimaRespondentes: number) =>
      api.salvaConfiguracoesPesquisasAdmin({ qtdMinimaRespondentes }),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminSurveyKeys.settings, answer);
      void queryClient.invalidateQueries({ queryKey: ['admin-surveys', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['admin-surveys', 'results'] });
    },
  });
}

/** Creates or edits a survey (salvaPesquisa). */
export function useSaveSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SalvaPesquisaInput) => api.salvaPesquisa(input),
    onSuccess: ({ pesquisa }) => {
      queryClient.setQueryData(adminSurveyKeys.survey(pesquisa.idPesquisa), { pesquisa });
      void queryClient.invalidateQueries({ queryKey: ['admin-surveys', 'list'] });
    },
  });
}

/** The life-cycle actions of a survey: duplicate, publish, close, delete. */
export function useSurveyAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      action: 'duplicate' | 'publish' | 'close' | 'delete';
      idPesquisa: number;
    }) => {
      const ref = { idPesquisa: input.idPesquisa };
      switch (input.action) {
        case 'duplicate':
          return (await api.duplicaPesquisa(ref)).pesquisa;
        case 'publish':
          return (await api.publicaPesquisa(ref)).pesquisa;
        case 'close':
          return (await api.encerraPesquisa(ref)).pesquisa;
        case 'delete':
          await api.excluiPesquisa(ref);
          return null;
      }
    },
    onSuccess: (pesquisa) => {
      if (pesquisa) queryClient.setQueryData(adminSurveyKeys.survey(pesquisa.idPesquisa), { pesquisa });
      void queryClient.invalidateQueries({ queryKey: ['admin-surveys', 'list'] });
    },
  });
}
