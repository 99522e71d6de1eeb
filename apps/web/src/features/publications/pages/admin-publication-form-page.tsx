import { PublicationAction, publicationLimits, type PublicacaoAdmin } from '@elo/contract/calls/publications';
import { PostType, PublicationStatus } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useNavigate, useParams } from 'react-router';
import { paths } from '#lib/paths.ts';
import { ApiError, errorMessageOf } from '#lib/api-client.ts';
import { useKnownLoggedUser } from '#lib/session.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { routeId } from '#lib/route-id.ts';
import { Alert } from '#ui/alert.tsx';
import { Button, buttonClassName } from '#ui/button.tsx';
import { CharacterCount } from '#ui/character-count.tsx';
import { DateField } from '#ui/date-field.tsx';
import { Field, fieldControlClassName } from '#ui/field.tsx';
import { CheckboxField } from '#ui/checkbox-field.tsx';
import { IdMultiSelectField } from '#ui/multi-select-field.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { RecordEditorGate } from '#ui/record-pending.tsx';
import { isStaleRecord, StaleRecordAlert, useStaleRecord } from '#ui/stale-record-alert.tsx';
import { TextField } from '#ui/text-field.tsx';
import { MediaField, useObjectUrl, type ChosenMedia } from '../components/media-field.tsx';
import { PublicationPreview } from '../components/publication-preview.tsx';
import {
  checkDraft,
  draftOf,
  fieldOf,
  inputOf,
  type PublicationDraft,
  type PublicationFormAction,
} from '../components/publication-draft.ts';
import { ReconfirmDialog } from '../components/reconfirm-dialog.tsx';
import { usePublication, usePublicationGroups, useSavePublication } from '../hooks/use-publications.ts';

/** The publish screen: creating (/admin/publicacoes/nova) or editing (/admin/publicacoes/{id}/editar). */
export function AdminPublicationFormPage() {
  const { t } = useTranslation();
  const idPublicacao = routeId(useParams().idPublicacao);
  const publication = usePublication(idPublicacao);
  return (
    <RecordEditorGate
      id={idPublicacao}
      record={publication}
      editTitle={t('admin.publicationsAdmin.form.editTitle')}
      errorTitle={t('admin.publicationsAdmin.loadFailed')}
      loadingLabel={t('admin.publicationsAdmin.loading')}
    >
      {(data) => (
        <PublicationEditor
          key={data?.publicacao.idPublicacao ?? 'nova'}
          publication={data?.publicacao ?? null}
          confirmations={data?.contagens.confirmaram ?? 0}
          reload={async () => (await publication.refetch()).data?.publicacao}
        />
      )}
    </RecordEditorGate>
  );
}

function PublicationEditor({
  publication,
  confirmations,
  reload,
}: {
  publication: PublicacaoAdmin | null;
  confirmations: number;
  /** Reads the publication again (after a save refused as stale). */
  reload: () => Promise<PublicacaoAdmin | undefined>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useKnownLoggedUser();
  const textCountId = useId();
  const showToast = useToastStore((state) => state.showToast);
  const groups = usePublicationGroups();
  const save = useSavePublication();
  const [draft, setDraft] = useState(() => draftOf(publication));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  // The server's message when someone else saved the publication since this form read it.
  const { staleMessage, setStaleMessage, reloadRecord } = useStaleRecord(reload, (fresh) => {
    setDraft(draftOf(fresh));
    setErrors({});
  });
  const [sending, setSending] = useState<PublicationFormAction | null>(null);
  // The action waiting for the answer to 'must everyone confirm again?'.
  const [asking, setAsking] = useState<PublicationFormAction | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const set = (patch: Partial<PublicationDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const idPublicacao = publication?.idPublicacao ?? null;
  const published = publication?.status === PublicationStatus.published;
  const title = publication
    ? t('admin.publicationsAdmin.form.editTitle')
    : t('admin.publicationsAdmin.form.newTitle');
  const sendFailed = t('admin.publicationsAdmin.form.sendFailed');

  const chosenUrl = useObjectUrl(draft.media?.file ?? null);
  const posterUrl = useObjectUrl(draft.media?.thumbnail ?? null);
  const savedKind: ChosenMedia['kind'] = publication?.tipo === PostType.video ? 'video' : 'image';
  const previewMedia = draft.media
    ? { kind: draft.media.kind, url: chosenUrl ?? '', posterUrl }
    : publication?.urlMidia && !draft.savedMediaRemoved
      ? { kind: savedKind, url: publication.urlMidia, posterUrl: publication.urlThumbnail }
      : null;
  const groupOptions = (groups.data ?? []).map((group) => ({ value: group.idGrupo, label: group.nome }));
  const groupNames = draft.wall
    ? []
    : draft.groupIds.map((id) => groups.data?.find((group) => group.idGrupo === id)?.nome ?? `#${id}`);

  const focusProblem = () =>
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      (invalid ?? alertRef.current)?.focus();
    });

  const send = async (action: PublicationFormAction, reconfirm: boolean) => {
    setSending(action);
    try {
      const answer = await save.mutateAsync(
        inputOf(draft, action, idPublicacao, reconfirm, publication?.versao),
      );
      showToast({ type: 'success', message: t('admin.publicationsAdmin.form.saved') });
      void navigate(
        generatePath(paths.admin.publication, { idPublicacao: String(answer.publicacao.idPublicacao) }),
      );
    } catch (error) {
      // What was typed stays; the alert offers to read the current publication.
      if (isStaleRecord(error)) {
        setStaleMessage(error.message);
        return;
      }
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const shown: Record<string, string> = {};
      const elsewhere: string[] = [];
      for (const [field, message] of Object.entries(fieldErrors)) {
        const target = fieldOf[field];
        if (target && !shown[target]) shown[target] = message;
        else if (!target) elsewhere.push(message);
      }
      setErrors(shown);
      // 'Não foi possível publicar' when publishing itself failed (not the form's fields).
      const refusedFields = error instanceof ApiError && error.status === 422;
      const failedTitle =
        action === PublicationAction.publish && !refusedFields
          ? t('admin.publicationsAdmin.publishFailed')
          : sendFailed;
      setFailure({
        title: failedTitle,
        message:
          elsewhere[0] ??
          (Object.keys(shown).length > 0
            ? t('admin.publicationsAdmin.form.fixFields')
            : errorMessageOf(error, failedTitle)),
      });
      focusProblem();
    } finally {
      setSending(null);
    }
  };

  const submit = (action: PublicationFormAction) => {
    setFailure(null);
    setStaleMessage(null);
    const found = checkDraft(draft, action, publication);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailure({ title: sendFailed, message: t('admin.publicationsAdmin.form.fixFields') });
      focusProblem();
      return;
    }
    const textChanged = publication !== null && draft.text !== (publication.texto ?? '');
    if (textChanged && confirmations > 0 && draft.mandatoryReading) {
      setAsking(action);
      return;
    }
    void send(action, false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(PublicationAction.publish);
  };

  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={adminBreadcrumb(title, {
          label: t('admin.publicationsAdmin.title'),
          to: paths.admin.publications,
        })}
      />
      {staleMessage && <StaleRecordAlert message={staleMessage} onReload={reloadRecord} className="mb-4" />}
      {failure && (
        <div ref={alertRef} tabIndex={-1} className="mb-4 focus:outline-none">
          <Alert type="error" title={failure.title}>
            {failure.message}
          </Alert>
        </div>
      )}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <form ref={formRef} noValidate onSubmit={onSubmit} className="flex min-w-0 flex-col gap-6">
          <Field
            label={t('admin.publicationsAdmin.form.text')}
            hint={t('admin.publicationsAdmin.form.textHint', {
              max: publicationLimits.textMax.toLocaleString(currentLanguage()),
              portalMax: (user?.maximoCaracteres ?? limits.postTextMaxDefault).toLocaleString(
                currentLanguage(),
              ),
            })}
            error={errors.texto}
          >
            {(control) => (
              <>
                <textarea
                  {...control}
                  aria-describedby={[control['aria-describedby'], textCountId].filter(Boolean).join(' ')}
                  rows={6}
                  maxLength={publicationLimits.textMax}
                  value={draft.text}
                  onChange={(event) => set({ text: event.target.value })}
                  className={fieldControlClassName(errors.texto, 'min-h-32')}
                />
                <CharacterCount id={textCountId} count={draft.text.length} max={publicationLimits.textMax} />
              </>
            )}
          </Field>
          <MediaField
            label={t('admin.publicationsAdmin.form.media')}
            error={errors.arquivo}
            value={draft.media}
            savedName={
              publication?.urlMidia && !draft.savedMediaRemoved
                ? t('admin.publicationsAdmin.form.savedMedia')
                : null
            }
            onChange={(media) =>
              set(
                media
                  ? { media }
                  : { media: null, savedMediaRemoved: draft.media ? draft.savedMediaRemoved : true },
              )
            }
          />
          <fieldset className="flex min-w-0 flex-col gap-3">
            <legend className="mb-1 text-base font-semibold text-slate-900">
              {t('admin.publicationsAdmin.form.audience')}
            </legend>
            <CheckboxField
              label={t('admin.publicationsAdmin.form.wall')}
              hint={t('admin.publicationsAdmin.form.wallHint')}
              checked={draft.wall}
              onChange={(event) => set({ wall: event.target.checked })}
            />
            <IdMultiSelectField
              label={t('admin.publicationsAdmin.form.groups')}
              hint={t('admin.publicationsAdmin.form.groupsHint', { max: limits.maxGroupsPerPost })}
              options={groupOptions}
              value={draft.groupIds}
              disabled={draft.wall}
              onChange={(groupIds) => set({ groupIds })}
              error={errors.idsGrupos}
            />
          </fieldset>
          <CheckboxField
            label={t('admin.publicationsAdmin.form.allowComments')}
            checked={draft.allowComments}
            onChange={(event) => set({ allowComments: event.target.checked })}
          />
          <fieldset className="flex min-w-0 flex-col gap-3">
            <legend className="mb-1 text-base font-semibold text-slate-900">
              {t('admin.publicationsAdmin.form.readingSection')}
            </legend>
            <CheckboxField
              label={t('admin.publicationsAdmin.form.mandatoryReading')}
              hint={t('admin.publicationsAdmin.form.mandatoryReadingHint')}
              checked={draft.mandatoryReading}
              onChange={(event) => set({ mandatoryReading: event.target.checked })}
            />
            {draft.mandatoryReading && (
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <DateField
                  label={t('admin.publicationsAdmin.form.readingDeadline')}
                  hint={t('admin.publicationsAdmin.form.readingDeadlineHint')}
                  withTime
                  value={draft.readingDeadline}
                  onChange={(readingDeadline) => set({ readingDeadline })}
                  error={errors.dtLimiteLeitura}
                />
                <TextField
                  label={t('admin.publicationsAdmin.form.reminderDays')}
                  hint={t('admin.publicationsAdmin.form.reminderDaysHint', {
                    min: publicationLimits.reminderDaysMin,
                    max: publicationLimits.reminderDaysMax,
                  })}
                  inputMode="numeric"
                  value={draft.reminderDays}
                  onChange={(event) => set({ reminderDays: event.target.value })}
                  error={errors.diasLembreteLeitura}
                />
              </div>
            )}
          </fieldset>
          {!published && (
            <fieldset className="flex min-w-0 flex-col gap-3">
              <legend className="mb-1 text-base font-semibold text-slate-900">
                {t('admin.publicationsAdmin.form.scheduleSection')}
              </legend>
              <DateField
                label={t('admin.publicationsAdmin.form.scheduleAt')}
                hint={t('admin.publicationsAdmin.form.scheduleHint')}
                withTime
                value={draft.scheduleAt}
                onChange={(scheduleAt) => set({ scheduleAt })}
                error={errors.dtAgendamento}
              />
            </fieldset>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={sending === PublicationAction.publish} disabled={sending !== null}>
              {published
                ? t('admin.publicationsAdmin.form.saveChanges')
                : t('admin.publicationsAdmin.form.publish')}
            </Button>
            {!published && (
              <>
                <Button
                  variant="secondary"
                  loading={sending === PublicationAction.schedule}
                  disabled={sending !== null}
                  onClick={() => submit(PublicationAction.schedule)}
                >
                  {t('admin.publicationsAdmin.form.schedule')}
                </Button>
                <Button
                  variant="secondary"
                  loading={sending === PublicationAction.draft}
                  disabled={sending !== null}
                  onClick={() => submit(PublicationAction.draft)}
                >
                  {t('admin.publicationsAdmin.form.saveDraft')}
                </Button>
              </>
            )}
            <Link
              to={
                publication
                  ? generatePath(paths.admin.publication, { idPublicacao: String(publication.idPublicacao) })
                  : paths.admin.publications
              }
              className={buttonClassName({ variant: 'tertiary' })}
            >
              {t('common.cancel')}
            </Link>
          </div>
        </form>
        <div className="min-w-0 lg:sticky lg:top-4 lg:self-start">
          <PublicationPreview
            authorName={publication?.autor.nome ?? user?.usuario.nome ?? ''}
            authorPhoto={publication?.autor.urlFoto ?? user?.usuario.urlFoto ?? null}
            text={draft.text}
            media={previewMedia}
            groupNames={groupNames}
            wall={draft.wall}
            allowComments={draft.allowComments}
            mandatoryReading={draft.mandatoryReading}
            readingDeadline={draft.readingDeadline}
            scheduledAt={published ? null : draft.scheduleAt}
          />
        </div>
      </div>
      <ReconfirmDialog
        open={asking !== null}
        confirmations={confirmations}
        onCancel={() => setAsking(null)}
        onAnswer={(reconfirm) => {
          const action = asking;
          setAsking(null);
          if (action) void send(action, reconfirm);
        }}
      />
    </>
  );
}
