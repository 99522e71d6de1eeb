import { Permission } from '@elo/contract/enums';
import type { CallOutput } from '@elo/contract/define-call';
import type { consultaAplicacaoPesquisa } from '@elo/contract/calls/surveys';
import type { Questao } from '@elo/contract/calls/surveys-shapes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths, queryParams } from '#lib/paths.ts';
import { ApiError } from '#lib/api-client.ts';
import { currentLanguage, translateContractKey } from '#lib/i18n/i18n.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Alert } from '#ui/alert.tsx';
import { Button, buttonClassName } from '#ui/button.tsx';
import { Modal } from '#ui/modal.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import {
  checkAllAnswers,
  checkAnswer,
  emptyAnswer,
  isMissingAnswer,
  problemMessage,
  type AnswerProblem,
  type QuestionAnswer,
} from '../answer-rules.ts';
import { answersFromApplication, toWireAnswer } from '../answer-wire.ts';
import { focusQuestion, QuestionField } from '../components/question-field.tsx';
import { SurveyClosedNotice } from '../components/survey-closed-notice.tsx';
import { SurveyFrame } from '../components/survey-frame.tsx';
import { decideAnswerView } from '../entry-flow.ts';
import { useLeaveOnAccessFailure } from '../hooks/use-access-failure.ts';
import {
  useApplication,
  useClearForm,
  useSaveQuestion,
  useSubmitSurvey,
  useUploadFiles,
} from '../hooks/use-surveys.ts';
import { useFunctionText } from '#lib/function-names.ts';

type ApplicationData = CallOutput<typeof consultaAplicacaoPesquisa>;
type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** Pause after the last keystroke before a text answer is saved. */
const typingPauseMs = 600;

function say(problem: AnswerProblem): string {
  const message = problemMessage(problem, currentLanguage());
  return translateContractKey(message.key, message.params);
}

/** The server's 422 messages per question (`questoes.<id>`), in question order. */
function serverQuestionErrors(error: unknown, questions: readonly Questao[]): Record<number, string> {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<number, string> = {};
  for (const question of questions) {
    const message = error.fieldErrors[`questoes.${question.idPesquisaQuestao}`];
    if (message) errors[question.idPesquisaQuestao] = message;
  }
  return errors;
}

/** Answering a survey (/painel/pesquisas/responder/{id}/aplicacao/{id}; editando=S edits an answer). */
export function SurveyAnswerPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const editing = searchParams.get(queryParams.editing) === 'S';
  const idPesquisa = Number(params.idPesquisa);
  const idAplicacao = Number(params.idAplicacao);
  const { data, error, isPending } = useApplication(idPesquisa, idAplicacao, editing);
  useLeaveOnAccessFailure(error);

  if (data) {
    // A finished application (or a closed survey) opened by its URL: results or the closed notice.
    const view = decideAnswerView(data.pesquisa, data.aplicacao, editing);
    if (view === 'results') {
      return (
        <Navigate to={generatePath(paths.portal.surveyResults, { idPesquisa: String(idPesquisa) })} replace />
      );
    }
    if (view === 'closed') return <SurveyClosedNotice titulo={data.pesquisa.titulo} />;
    return (
      <AnswerForm
        key={`${idPesquisa}-${idAplicacao}-${String(editing)}`}
        data={data}
        idPesquisa={idPesquisa}
        idAplicacao={idAplicacao}
        editing={editing}
      />
    );
  }
  return (
    <>
      <PageHeading title={editing ? t('portal.surveys.editAnswerTitle') : t('portal.surveys.answerTitle')} />
      {isPending && <PageSpinner label={t('portal.surveys.loadingSurvey')} />}
    </>
  );
}

function AnswerForm({
  data,
  idPesquisa,
  idAplicacao,
  editing,
}: {
  data: ApplicationData;
  idPesquisa: number;
  idAplicacao: number;
  editing: boolean;
}) {
  const { t } = useTranslation();
  const backLabel = useFunctionText(Permission.surveys, t('portal.surveys.backToList'), (name) =>
    t('portal.surveys.backToListNamed', { name }),
  );
  const navigate = useNavigate();
  const showToast = useToastStore((state) => state.showToast);
  const { pesquisa, questoes } = data;
  // Editing a finished answer is saved as a whole on submit; only a new answer saves as it goes.
  const autosave = !pesquisa.desabilitarSalvamentoAutomatico && !editing;

  const [answers, setAnswers] = useState(() =>
    answersFromApplication(questoes, data.aplicacao.respostasUsuario),
  );
  const answersRef = useRef(answers);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [uploadingQuestion, setUploadingQuestion] = useState<number | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [confirmClear, setConfirmClear] = useState(false);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  // Saves of one question go one after the other, so the last answer is the one kept.
  const saveChains = useRef(new Map<number, Promise<void>>());

  const saveQuestion = useSaveQuestion(idPesquisa, idAplicacao);
  const uploadFiles = useUploadFiles(idPesquisa, idAplicacao);
  const submit = useSubmitSurvey(idPesquisa, idAplicacao, editing);
  const clearForm = useClearForm(idPesquisa, idAplicacao);

  const setError = useCallback((idPesquisaQuestao: number, message: string | null) => {
    setErrors((current) => {
      if ((current[idPesquisaQuestao] ?? null) === message) return current;
      const next = { ...current };
      if (message === null) delete next[idPesquisaQuestao];
      else next[idPesquisaQuestao] = message;
      return next;
    });
  }, []);

  const saveNow = useCallback(
    (question: Questao) => {
      const id = question.idPesquisaQuestao;
      clearTimeout(timers.current.get(id));
      timers.current.delete(id);
      const answer = answersRef.current[id] ?? emptyAnswer();
      const problem = checkAnswer(question, answer);
      // A cleared answer is saved too (so a reload shows it cleared); an invalid one is not.
      if (problem && problem.rule !== 'required') return;
      setSaveState('saving');
      const previous = saveChains.current.get(id) ?? Promise.resolve();
      const next = previous.then(async () => {
        try {
          await saveQuestion.mutateAsync(toWireAnswer(question, answer));
          setSaveState('saved');
        } catch (failure) {
          setSaveState('failed');
          const fieldMessage = failure instanceof ApiError ? failure.fieldErrors.resposta : undefined;
          if (fieldMessage) setError(id, fieldMessage);
          else showErrorToast(failure);
        }
      });
      saveChains.current.set(id, next);
    },
    [saveQuestion, setError],
  );

  // Leaving the page, hiding the tab or closing it sends what is still waiting for the typing pause.
  useEffect(() => {
    const pending = timers.current;
    const flush = () => {
      for (const id of [...pending.keys()]) {
        const question = questoes.find((item) => item.idPesquisaQuestao === id);
        if (question) saveNow(question);
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [questoes, saveNow]);

  const changeAnswer = (question: Questao, answer: QuestionAnswer, typing: boolean) => {
    const id = question.idPesquisaQuestao;
    answersRef.current = { ...answersRef.current, [id]: answer };
    setAnswers(answersRef.current);
    const problem = checkAnswer(question, answer);
    // Limits show as soon as they are crossed; a missing answer or text waits for the submit.
    setError(id, problem && !isMissingAnswer(problem) ? say(problem) : null);
    if (!autosave) return;
    clearTimeout(timers.current.get(id));
    if (typing)
      timers.current.set(
        id,
        setTimeout(() => saveNow(question), typingPauseMs),
      );
    else saveNow(question);
  };

  const leaveQuestion = (question: Questao) => {
    if (timers.current.has(question.idPesquisaQuestao)) saveNow(question);
  };

  const addFiles = async (question: Questao, files: File[]) => {
    const id = question.idPesquisaQuestao;
    const current = answersRef.current[id] ?? emptyAnswer();
    const candidate: QuestionAnswer = {
      ...current,
      arquivos: [
        ...current.arquivos,
        ...files.map((file, index) => ({
          idMidia: -1 - index,
          nomeArquivo: file.name,
          tamanhoBytes: file.size,
        })),
      ],
    };
    const problem = checkAnswer(question, candidate);
    if (problem && problem.rule !== 'required') {
      setError(id, say(problem));
      return;
    }
    setUploadingQuestion(id);
    try {
      const { midias } = await uploadFiles.mutateAsync({ idPesquisaQuestao: id, arquivos: files });
      const latest = answersRef.current[id] ?? emptyAnswer();
      changeAnswer(
        question,
        {
          ...latest,
          arquivos: [
            ...latest.arquivos,
            ...midias.map(({ idMidia, nomeArquivo, tamanhoBytes }) => ({
              idMidia,
              nomeArquivo,
              tamanhoBytes,
            })),
          ],
        },
        false,
      );
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? failure.fieldErrors.arquivos : undefined;
      if (fieldMessage) setError(id, fieldMessage);
      else showErrorToast(failure);
    } finally {
      setUploadingQuestion(null);
    }
  };

  const showProblems = (found: Record<number, string>) => {
    const first = questoes.find((question) => found[question.idPesquisaQuestao] !== undefined);
    flushSync(() => setErrors(found));
    if (first) focusQuestion(first.idPesquisaQuestao);
  };

  const onSubmit = async () => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    const { problems, firstInvalid } = checkAllAnswers(questoes, answersRef.current);
    if (firstInvalid !== null) {
      const found: Record<number, string> = {};
      for (const [id, problem] of problems) found[id] = say(problem);
      showProblems(found);
      return;
    }
    try {
      await Promise.all(saveChains.current.values());
      await submit.mutateAsync(
        questoes.map((question) =>
          toWireAnswer(question, answersRef.current[question.idPesquisaQuestao] ?? emptyAnswer()),
        ),
      );
      showToast({
        type: 'success',
        message: editing ? t('portal.surveys.editSaved') : t('portal.surveys.submitted'),
      });
      void navigate(generatePath(paths.portal.surveyResults, { idPesquisa: String(idPesquisa) }));
    } catch (failure) {
      const found = serverQuestionErrors(failure, questoes);
      if (Object.keys(found).length > 0) showProblems(found);
      else showErrorToast(failure);
    }
  };

  const onClear = async () => {
    try {
      await clearForm.mutateAsync();
      const empty: Record<number, QuestionAnswer> = {};
      for (const question of questoes) empty[question.idPesquisaQuestao] = emptyAnswer();
      answersRef.current = empty;
      setAnswers(empty);
      setErrors({});
      setConfirmClear(false);
      showToast({ type: 'success', message: t('portal.surveys.cleared') });
    } catch (failure) {
      setConfirmClear(false);
      showErrorToast(failure);
    }
  };

  const errorCount = Object.keys(errors).length;

  return (
    <SurveyFrame survey={pesquisa}>
      {editing && (
        <Alert type="info" title={t('portal.surveys.editAnswerTitle')}>
          {t('portal.surveys.editingNotice')}
        </Alert>
      )}
      <p className="rounded-md bg-white/90 px-3 py-2 text-sm text-slate-800">
        {autosave ? t('portal.surveys.autosaveOn') : t('portal.surveys.autosaveOff')}{' '}
        {t('portal.surveys.requiredLegend')}
      </p>
      <form
        noValidate
        aria-label={pesquisa.titulo}
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        {questoes.map((question, index) => (
          <QuestionField
            key={question.idPesquisaQuestao}
            question={question}
            number={index + 1}
            answer={answers[question.idPesquisaQuestao] ?? emptyAnswer()}
            error={errors[question.idPesquisaQuestao] ?? null}
            onChange={(answer, how) => changeAnswer(question, answer, how.typing)}
            onLeave={() => leaveQuestion(question)}
            onAddFiles={(files) => void addFiles(question, files)}
            uploading={uploadingQuestion === question.idPesquisaQuestao}
          />
        ))}
        <div className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm">
          <p role="status" className="min-h-5 text-sm text-slate-700">
            {errorCount > 0
              ? t('portal.surveys.fixErrors', { count: errorCount })
              : saveState === 'idle'
                ? ''
                : t(`portal.surveys.saveState.${saveState}`)}
          </p>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Link to={paths.portal.surveys} className={buttonClassName({ variant: 'tertiary' })}>
              {backLabel}
            </Link>
            <div className="flex flex-wrap gap-3">
              {!editing && (
                <Button variant="danger-secondary" onClick={() => setConfirmClear(true)}>
                  {t('portal.surveys.clear')}
                </Button>
              )}
              <Button type="submit" loading={submit.isPending} disabled={uploadingQuestion !== null}>
                {editing ? t('portal.surveys.saveEdit') : t('portal.surveys.submit')}
              </Button>
            </div>
          </div>
        </div>
      </form>
      <Modal
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title={t('portal.surveys.clearTitle')}
        description={t('portal.surveys.clearDescription')}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmClear(false)}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" loading={clearForm.isPending} onClick={() => void onClear()}>
              {t('portal.surveys.clearConfirm')}
            </Button>
          </>
        }
      />
    </SurveyFrame>
  );
}
