import type { Questao, RespostaQuestaoInput, RespostaUsuario } from '@elo/contract/calls/surveys-shapes';
import { SurveyQuestionType } from '@elo/contract/enums';
import { chosenOptionWithText, emptyAnswer, type QuestionAnswer } from './answer-rules.ts';

/** A saved answer as the form holds it. */
export function fromSavedAnswer(saved: RespostaUsuario): QuestionAnswer {
  const single = saved.idPesquisaResposta === null ? [] : [saved.idPesquisaResposta];
  return {
    resposta: saved.resposta,
    idsRespostas: saved.idsPesquisaResposta.length > 0 ? [...saved.idsPesquisaResposta] : single,
    arquivos: saved.midias.map(({ idMidia, nomeArquivo, tamanhoBytes }) => ({
      idMidia,
      nomeArquivo,
      tamanhoBytes,
    })),
  };
}

/** Every question's answer, from what the application saved so far (empty where nothing was). */
export function answersFromApplication(
  questions: readonly Questao[],
  saved: readonly RespostaUsuario[],
): Record<number, QuestionAnswer> {
  const answers: Record<number, QuestionAnswer> = {};
  for (const question of questions) {
    const stored = saved.find((item) => item.idPesquisaQuestao === question.idPesquisaQuestao);
    answers[question.idPesquisaQuestao] = stored ? fromSavedAnswer(stored) : emptyAnswer();
  }
  return answers;
}

/** One answer in the wire's shape for its question's type (spec section 7). */
export function toWireAnswer(question: Questao, answer: QuestionAnswer): RespostaQuestaoInput {
  const base = { idPesquisaQuestao: question.idPesquisaQuestao };
  switch (question.tipoQuestao) {
    case SurveyQuestionType.openText:
      return { ...base, resposta: answer.resposta.trim() };
    case SurveyQuestionType.multipleChoice:
    case SurveyQuestionType.checkbox: {
      // A text typed for an option that is no longer chosen is not sent.
      const resposta = chosenOptionWithText(question, answer) ? answer.resposta.trim() : '';
      return question.tipoQuestao === SurveyQuestionType.multipleChoice
        ? { ...base, idPesquisaResposta: answer.idsRespostas[0] ?? null, resposta }
        : { ...base, idsPesquisaResposta: [...answer.idsRespostas], resposta };
    }
    case SurveyQuestionType.upload:
      return { ...base, idsMidias: answer.arquivos.map((file) => file.idMidia) };
  }
}
