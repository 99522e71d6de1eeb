import type { Aplicacao, RespostaQuestaoInput } from '@elo/contract/calls/surveys-shapes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';

/** Cache keys of the employee's survey queries; `all` covers every one of them. */
export const surveyKeys = {
  all: ['surveys'] as const,
  list: ['surveys', 'list'] as const,
  survey: (idPesquisa: number) => ['surveys', 'survey', idPesquisa] as const,
  application: (idPesquisa: number, idAplicacao: number, editing: boolean) =>
    ['surveys', 'application', idPesquisa, idAplicacao, editing] as const,
  results: (idPesquisa: number) => ['surveys', 'results', idPesquisa] as const,
};

/** The surveys open to the user (consultaPesquisas). */
export function useSurveyList() {
  return useQuery({
    queryKey: surveyKeys.list,
    queryFn: ({ signal }) => api.consultaPesquisas({}, { signal }),
    select: (answer) => answer.listPesquisas,
  });
}

/** An application with its survey, questions and saved answers (consultaAplicacaoPesquisa). */
export function useApplication(idPesquisa: number, idAplicacao: number, editing: boolean) {
  return useQuery({
    queryKey: surveyKeys.application(idPesquisa, idAplicacao, editing),
    queryFn: ({ signal }) =>
      api.consultaAplicacaoPesquisa({ idPesquisa, idAplicacao, isEdicaoResposta: editing }, { signal }),
    // Answers typed on the page are the truth while it is open; a refetch would overwrite them.
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** A survey's results for the employee (consultaResultadoPesquisa). */
export function useSurveyResults(idPesquisa: number) {
  return useQuery({
    queryKey: surveyKeys.results(idPesquisa),
    queryFn: ({ signal }) => api.consultaResultadoPesquisa({ idPesquisa }, { signal }),
  });
}

/** Autosave of one valid question (salvaRespostaQuestaoPesquisa). */
export function useSaveQuestion(idPesquisa: number, idAplicacao: number) {
  return useMutation({
    mutationFn: (answer: RespostaQuestaoInput) =>
      api.salvaRespostaQuestaoPesquisa({ ...answer, idPesquisa, idAplicacao }),
  });
}

/** Sends the files of an upload question; they are stored and come back with their ids. */
export function useUploadFiles(idPesquisa: number, idAplicacao: number) {
  return useMutation({
    mutationFn: (input: { idPesquisaQuestao: number; arquivos: File[] }) =>
      api.enviaArquivoRespostaPesquisa({ idPesquisa, idAplicacao, ...input }, { multipart: true }),
  });
}

/** Submit: every answer saved (salvaRespostasDaPesquisa), then the application finished. */
export function useSubmitSurvey(idPesquisa: number, idAplicacao: number, editing: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (respostas: RespostaQuestaoInput[]) => {
      await api.salvaRespostasDaPesquisa({ idPesquisa, idAplicacao, isEdicaoResposta: editing, respostas });
      // An edited answer stays finished; only a new one is finished here.
      if (!editing) await api.finalizaRespostaPesquisa({ idPesquisa, idAplicacao });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKeys.all }),
  });
}

/** Clears every answer of an unfinished application (limpaFormulario). */
export function useClearForm(idPesquisa: number, idAplicacao: number) {
  return useMutation({
    mutationFn: () => api.limpaFormulario({ idPesquisa, idAplicacao }),
  });
}

/** The saved answers of an application, by question. */
export type SavedAnswers = Aplicacao['respostasUsuario'];
