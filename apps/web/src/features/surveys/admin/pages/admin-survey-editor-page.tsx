import { toFlag } from '@elo/contract/wire';
import { salvaPesquisaInputSchema, type PesquisaAdmin } from '@elo/contract/calls/surveys-admin';
import { SurveyStatus } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { createErrorMap, toFieldErrors } from '@elo/contract/validation';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useNavigate, useParams } from 'react-router';
import { paths } from '#lib/paths.ts';
import { ApiError } from '#lib/api-client.ts';
import { currentLanguage, translateContractKey } from '#lib/i18n/i18n.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Alert } from '#ui/alert.tsx';
import { Button, buttonClassName } from '#ui/button.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { RecordPending } from '#ui/record-pending.tsx';
import { SortableItem, SortableList } from '#ui/sortable-list.tsx';
import { isStaleRecord, StaleRecordAlert, useStaleRecord } from '#ui/stale-record-alert.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { RequiredMark } from '#ui/field.tsx';
import { TextField } from '#ui/text-field.tsx';
import { EditorSection } from '../../components/editor-section.tsx';
import { HeaderImageField } from '../../components/header-image-field.tsx';
import { Check, ColorField, DescriptionField } from '../../components/inline-field.tsx';
import { QuestionEditor, questionTypeKey, questionTypes } from '../../components/question-editor.tsx';
import {
  useAdminSurvey,
  useSaveSurvey,
  useSurveyAction,
  useSurveyGroups,
} from '../hooks/use-admin-surveys.ts';
import {
  draftFromSurvey,
  moveItem,
  newDraft,
  newQuestion,
  toSaveInput,
  type DraftQuestion,
  type DraftSurvey,
} from '../../survey-draft.ts';

/** The theme colours, with their label keys. */
const colorFields = [
  ['corPrincipal', 'mainColor'],
  ['corFundo', 'backgroundColor'],
] as const;

/** The survey's dates: draft field, label key, and the contract field its errors come under. */
const dateFields = [
  ['inicio', 'start', 'dtInicioPesquisa'],
  ['fim', 'end', 'dtFimPesquisa'],
] as const;

/** The survey's switches: label key, whether on, and the change turning it on or off. */
function settingsOf(draft: DraftSurvey) {
  return [
    ['oneAnswer', draft.limitarAUmaResposta, (on) => ({ limitarAUmaResposta: on })],
    ['autosave', !draft.desabilitarSalvamentoAutomatico, (on) => ({ desabilitarSalvamentoAutomatico: !on })],
    ['anonymous', draft.flAnonima === 'S', (on) => ({ flAnonima: toFlag(on) })],
    ['quiz', draft.flQuiz === 'S', (on) => ({ flQuiz: toFlag(on) })],
  ] as const satisfies readonly (readonly [string, boolean, (on: boolean) => Partial<DraftSurvey>])[];
}

/** The first message of each invalid field, by the contract's paths (`questoes.0.titulo`). */
function checkDraft(draft: DraftSurvey): Record<string, string> {
  const result = salvaPesquisaInputSchema.safeParse(toSaveInput(draft), {
    error: createErrorMap(currentLanguage(), translateContractKey),
  });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(toFieldErrors(result.error.issues, translateContractKey))) {
    if (messages[0]) errors[field] = messages[0];
  }
  return errors;
}

/** The errors under a prefix, keyed by the rest of their path. */
function errorsUnder(errors: Record<string, string>, prefix: string): Record<string, string> {
  const below: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (field.startsWith(prefix)) below[field.slice(prefix.length)] = message;
  }
  return below;
}

/** Creating (/admin/pesquisas/nova) or editing (/admin/pesquisas/{id}/editar) a survey. */
export function AdminSurveyEditorPage() {
  const { t } = useTranslation();
  const param = useParams().idPesquisa;
  const idPesquisa = param ? Number(param) : null;
  const survey = useAdminSurvey(idPesquisa);
  // The editor starts from what the server holds now (answers may have arrived since it was cached).
  if (idPesquisa !== null && (!survey.data || !survey.isFetchedAfterMount)) {
    return (
      <RecordPending
        header={<PageHeading title={t('admin.surveys.editor.editTitle')} />}
        error={survey.isFetching ? null : survey.error}
        errorTitle={t('apiErrors.loadData')}
        loadingLabel={t('admin.surveys.loading')}
      />
    );
  }
  return (
    <SurveyEditor
      key={survey.data?.idPesquisa ?? 'nova'}
      initial={survey.data ? draftFromSurvey(survey.data) : newDraft()}
      status={survey.data?.status ?? SurveyStatus.draft}
      reload={async () => (await survey.refetch()).data}
    />
  );
}

function SurveyEditor({
  initial,
  status,
  reload,
}: {
  initial: DraftSurvey;
  status: string;
  /** Reads the survey again (after a save refused as stale). */
  reload: () => Promise<PesquisaAdmin | undefined>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showToast = useToastStore((state) => state.showToast);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The server's message when someone else saved the survey since this editor read it.
  const { staleMessage, setStaleMessage, reloadRecord } = useStaleRecord(reload, (fresh) => {
    setDraft(draftFromSurvey(fresh));
    setErrors({});
  });
  const groups = useSurveyGroups();
  const save = useSaveSurvey();
  const action = useSurveyAction();

  const set = (patch: Partial<DraftSurvey>) => setDraft((current) => ({ ...current, ...patch }));
  const setQuestions = (change: (questions: DraftQuestion[]) => DraftQuestion[]) =>
    setDraft((current) => ({ ...current, questoes: change(current.questoes) }));

  const focusFirstError = (found: Record<string, string>) => {
    // Fields render their error with aria-invalid; the first one in the page gets the focus.
    requestAnimationFrame(() => {
      const field = document.querySelector<HTMLElement>('[aria-invalid="true"]');
      field?.focus();
      field?.scrollIntoView?.({ block: 'center' });
    });
    if (Object.keys(found).length > 0)
      showToast({ type: 'error', message: t('admin.surveys.editor.fixErrors') });
  };

  /** Where the editor goes once a survey is stored: a new one gets its own address. */
  const settle = (pesquisa: PesquisaAdmin) => {
    if (draft.idPesquisa) setDraft(draftFromSurvey(pesquisa));
    else
      void navigate(generatePath(paths.admin.surveyEdit, { idPesquisa: String(pesquisa.idPesquisa) }), {
        replace: true,
      });
  };

  const store = async (): Promise<PesquisaAdmin | null> => {
    const found = checkDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return null;
    }
    setStaleMessage(null);
    try {
      return (await save.mutateAsync(toSaveInput(draft))).pesquisa;
    } catch (failure) {
      // What was typed stays; the alert offers to read the current survey.
      if (isStaleRecord(failure)) {
        setStaleMessage(failure.message);
        return null;
      }
      const fieldErrors = failure instanceof ApiError ? failure.fieldErrors : {};
      if (Object.keys(fieldErrors).length > 0) {
        setErrors({ ...fieldErrors });
        focusFirstError(fieldErrors);
      } else {
        showErrorToast(failure);
      }
      return null;
    }
  };

  const onSave = async () => {
    const pesquisa = await store();
    if (!pesquisa) return;
    showToast({ type: 'success', message: t('admin.surveys.editor.saved') });
    settle(pesquisa);
  };

  const onPublish = async () => {
    const pesquisa = await store();
    if (!pesquisa) return;
    try {
      await action.mutateAsync({ action: 'publish', idPesquisa: pesquisa.idPesquisa });
      showToast({ type: 'success', message: t('admin.surveys.done.publish', { title: pesquisa.titulo }) });
      void navigate(paths.admin.surveys);
    } catch (failure) {
      // Saved but not published (a rule of publishing failed): stay on the stored survey.
      showErrorToast(failure);
      settle(pesquisa);
    }
  };

  const groupList = groups.data ?? [];
  const title = draft.idPesquisa ? t('admin.surveys.editor.editTitle') : t('admin.surveys.editor.newTitle');
  const questionKeys = useMemo(() => draft.questoes.map((question) => question.key), [draft.questoes]);

  return (
    <>
      <PageHeading title={title}>
        <Link to={paths.admin.surveys} className={buttonClassName({ variant: 'tertiary' })}>
          {t('admin.surveys.backToList')}
        </Link>
      </PageHeading>
      <form
        noValidate
        aria-label={title}
        className="flex flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          void onSave();
        }}
      >
        {staleMessage && <StaleRecordAlert message={staleMessage} onReload={reloadRecord} />}
        {draft.hasAnswers && (
          <Alert type="warning" title={t('admin.surveys.editor.lockedTitle')}>
            {t('admin.surveys.editor.lockedNotice')}
          </Alert>
        )}
        <EditorSection title={t('admin.surveys.editor.general')}>
          <TextField
            label={t('admin.surveys.editor.title')}
            required
            value={draft.titulo}
            maxLength={limits.survey.titleMax}
            error={errors.titulo}
            onChange={(event) => set({ titulo: event.target.value })}
          />
          <DescriptionField
            label={t('admin.surveys.editor.description')}
            rows={3}
            value={draft.descricao}
            onChange={(descricao) => set({ descricao })}
          />
          <HeaderImageField
            url={draft.imgCabecalho}
            error={errors.idMidiaCabecalho}
            onUploaded={(idMidia, url) =>
              setDraft((current) => ({ ...current, idMidiaCabecalho: idMidia, imgCabecalho: url }))
            }
            onRefused={(message) => setErrors((current) => ({ ...current, idMidiaCabecalho: message }))}
            onRemove={() => set({ idMidiaCabecalho: null, imgCabecalho: null })}
          />
          <div className="flex flex-wrap gap-6">
            {colorFields.map(([field, label]) => (
              <ColorField
                key={field}
                label={t(`admin.surveys.editor.${label}`)}
                value={draft[field]}
                onChange={(value) => set({ [field]: value })}
              />
            ))}
          </div>
        </EditorSection>

        <EditorSection title={t('admin.surveys.editor.audience')}>
          <fieldset aria-invalid={errors.idsGrupos ? true : undefined} className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">
              {t('admin.surveys.editor.groups')}
              <RequiredMark announce />
            </legend>
            {groups.isPending && <PageSpinner label={t('admin.surveys.editor.loadingGroups')} />}
            {groupList.map((group) => (
              <Check
                key={group.idGrupo}
                label={`${group.nome} (${t('admin.surveys.editor.members', { count: group.qtdMembros })})`}
                checked={draft.idsGrupos.includes(group.idGrupo)}
                onChange={(checked) =>
                  set({
                    idsGrupos: checked
                      ? [...draft.idsGrupos, group.idGrupo]
                      : draft.idsGrupos.filter((item) => item !== group.idGrupo),
                  })
                }
              />
            ))}
            {errors.idsGrupos && <p className="text-sm text-red-700">{errors.idsGrupos}</p>}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            {dateFields.map(([field, label, errorField]) => (
              <TextField
                key={field}
                type="datetime-local"
                required
                label={t(`admin.surveys.editor.${label}`)}
                value={draft[field]}
                error={errors[errorField]}
                onChange={(event) => set({ [field]: event.target.value })}
              />
            ))}
          </div>
        </EditorSection>

        <EditorSection title={t('admin.surveys.editor.settings')}>
          {settingsOf(draft).map(([label, checked, patch]) => (
            <Check
              key={label}
              label={t(`admin.surveys.editor.${label}`)}
              checked={checked}
              onChange={(on) => set(patch(on))}
            />
          ))}
        </EditorSection>

        <EditorSection title={t('admin.surveys.editor.questions')}>
          <p className="text-sm text-slate-700">{t('admin.surveys.editor.reorderHint')}</p>
          {errors.questoes && <p className="text-sm text-red-700">{errors.questoes}</p>}
          <SortableList
            ids={questionKeys}
            onMove={(from, to) => setQuestions((questions) => moveItem(questions, from, to))}
            texts="admin.surveys.editor.dnd"
          >
            <ol className="flex flex-col gap-4">
              {draft.questoes.map((question, index) => (
                <SortableItem key={question.key} id={question.key}>
                  {(handle) => (
                    <QuestionEditor
                      question={question}
                      index={index}
                      total={draft.questoes.length}
                      quiz={draft.flQuiz === 'S'}
                      errors={errorsUnder(errors, `questoes.${index}.`)}
                      dragHandle={handle}
                      onChange={(changed) =>
                        setQuestions((questions) =>
                          questions.map((item, i) => (i === index ? changed : item)),
                        )
                      }
                      onRemove={() => setQuestions((questions) => questions.filter((_, i) => i !== index))}
                      onMove={(to) => setQuestions((questions) => moveItem(questions, index, to))}
                    />
                  )}
                </SortableItem>
              ))}
            </ol>
          </SortableList>
          <div className="flex flex-wrap gap-2">
            {questionTypes.map((type) => (
              <Button
                key={type}
                size="sm"
                variant="secondary"
                disabled={draft.questoes.length >= limits.survey.questionsMax}
                onClick={() => setQuestions((questions) => [...questions, newQuestion(type)])}
              >
                {t('admin.surveys.editor.addQuestion', {
                  type: t(`admin.surveys.types.${questionTypeKey(type)}`),
                })}
              </Button>
            ))}
          </div>
        </EditorSection>

        <div className="flex flex-wrap justify-end gap-3">
          {draft.idPesquisa && (
            <Link
              to={generatePath(paths.admin.surveyResults, { idPesquisa: String(draft.idPesquisa) })}
              className={buttonClassName({ variant: 'tertiary' })}
            >
              {t('admin.surveys.results')}
            </Link>
          )}
          <Button
            type="submit"
            variant={status === SurveyStatus.draft ? 'secondary' : 'primary'}
            loading={save.isPending}
          >
            {t('admin.surveys.editor.save')}
          </Button>
          {status === SurveyStatus.draft && (
            <Button loading={action.isPending} disabled={save.isPending} onClick={() => void onPublish()}>
              {t('admin.surveys.editor.saveAndPublish')}
            </Button>
          )}
        </div>
      </form>
    </>
  );
}
