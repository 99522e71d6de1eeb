import {
  announcementLimits,
  salvaComunicadoAdminInputSchema,
  type ComunicadoAdmin,
  type SalvaComunicadoAdminInput,
} from '@elo/contract/calls/announcements';
import { limits } from '@elo/contract/limits';
import { createErrorMap, toFieldErrors } from '@elo/contract/validation';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageOf } from '#lib/api-client.ts';
import { currentLanguage, translateContractKey } from '#lib/i18n/i18n.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { DateField } from '#ui/date-field.tsx';
import { ImageField } from '#ui/image-field.tsx';
import { Modal } from '#ui/modal.tsx';
import { MultiSelectField } from '#ui/multi-select-field.tsx';
import { isStaleRecord, StaleRecordAlert, useStaleRecord } from '#ui/stale-record-alert.tsx';
import { TextField } from '#ui/text-field.tsx';
import { useAnnouncementGroups, useSaveAnnouncement } from '../hooks/use-announcements.ts';

/** What the form holds while it is being filled in. */
export interface AnnouncementDraft {
  image: File | null;
  link: string;
  description: string;
  startsAt: string | null;
  endsAt: string | null;
  groupIds: number[];
}

/** The form's starting values: the announcement's, or empty ones starting now for a week. */
export function draftOf(announcement: ComunicadoAdmin | null, now = new Date()): AnnouncementDraft {
  if (announcement) {
    return {
      image: null,
      link: announcement.link ?? '',
      description: announcement.descricao ?? '',
      startsAt: announcement.dtInicio,
      endsAt: announcement.dtFim,
      groupIds: announcement.idsGrupos,
    };
  }
  const start = new Date(now);
  start.setSeconds(0, 0);
  return {
    image: null,
    link: '',
    description: '',
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 7 * 86_400_000).toISOString(),
    groupIds: [],
  };
}

/**
 * The call's input for a draft (the image only when a new one was chosen; the versao read with the
 * announcement, when editing, so that a stale copy is refused).
 */
export function inputOf(
  draft: AnnouncementDraft,
  idComunicado: number | null,
  versao?: number,
): SalvaComunicadoAdminInput {
  return {
    ...(idComunicado !== null ? { idComunicado } : {}),
    ...(idComunicado !== null && versao !== undefined ? { versao } : {}),
    ...(draft.image ? { imagem: draft.image } : {}),
    link: draft.link,
    descricao: draft.description,
    dtInicio: draft.startsAt ?? '',
    dtFim: draft.endsAt ?? '',
    idsGrupos: draft.groupIds.join(','),
  };
}

/** The contract's own messages for a draft, by field (the server checks the same again). */
export function checkDraft(draft: AnnouncementDraft, idComunicado: number | null): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = salvaComunicadoAdminInputSchema.safeParse(inputOf(draft, idComunicado), {
    error: createErrorMap(currentLanguage(), translateContractKey),
  });
  if (!result.success) {
    for (const [field, messages] of Object.entries(
      toFieldErrors(result.error.issues, translateContractKey),
    )) {
      if (messages[0]) errors[field] = messages[0];
    }
  }
  if (idComunicado === null && !draft.image) errors.imagem = translateContractKey('validation.required');
  return errors;
}

export interface AnnouncementFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The announcement edited, or null for a new one. */
  announcement: ComunicadoAdmin | null;
  /** Reads the edited announcement again (after a save refused as stale). */
  reload: () => Promise<ComunicadoAdmin | undefined>;
}

/**
 * The announcement form in a dialog: the 1920x1080 image (checked before upload), link, alt text,
 * start and end, groups. A refused save shows 'Erro ao salvar comunicado!' and the field messages.
 */
export function AnnouncementFormDialog({
  open,
  onOpenChange,
  announcement,
  reload,
}: AnnouncementFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={
        announcement
          ? t('admin.announcementsAdmin.form.editTitle')
          : t('admin.announcementsAdmin.form.newTitle')
      }
    >
      {open && (
        <AnnouncementForm
          key={announcement?.idComunicado ?? 'novo'}
          announcement={announcement}
          reload={reload}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Modal>
  );
}

function AnnouncementForm({
  announcement,
  reload,
  onDone,
}: {
  announcement: ComunicadoAdmin | null;
  reload: () => Promise<ComunicadoAdmin | undefined>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const showToast = useToastStore((state) => state.showToast);
  const groups = useAnnouncementGroups();
  const save = useSaveAnnouncement();
  const [draft, setDraft] = useState(() => draftOf(announcement));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The server's message when someone else saved the announcement since this form read it.
  const { staleMessage, setStaleMessage, reloadRecord } = useStaleRecord(reload, (fresh) => {
    setDraft(draftOf(fresh));
    setErrors({});
  });
  const idComunicado = announcement?.idComunicado ?? null;
  const set = (patch: Partial<AnnouncementDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const saveFailed = t('admin.announcementsAdmin.form.saveFailed');

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>('[role="dialog"] [aria-invalid="true"]')?.focus(),
    );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setStaleMessage(null);
    const found = checkDraft(draft, idComunicado);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailure('');
      focusFirstError();
      return;
    }
    try {
      await save.mutateAsync(inputOf(draft, idComunicado, announcement?.versao));
    } catch (error) {
      // What was typed stays; the alert offers to read the current announcement.
      if (isStaleRecord(error)) {
        setStaleMessage(error.message);
        return;
      }
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      setErrors(fieldErrors);
      setFailure(Object.keys(fieldErrors).length > 0 ? '' : errorMessageOf(error, saveFailed));
      focusFirstError();
      return;
    }
    showToast({ type: 'success', message: t('admin.announcementsAdmin.form.saved') });
    onDone();
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {staleMessage && <StaleRecordAlert message={staleMessage} onReload={reloadRecord} />}
      {failure !== null && (
        <Alert type="error" title={saveFailed}>
          {failure || t('admin.announcementsAdmin.form.fixFields')}
        </Alert>
      )}
      <ImageField
        label={t('admin.announcementsAdmin.form.image')}
        required={idComunicado === null}
        accept={['png', 'jpg', 'jpeg']}
        maxBytes={limits.mediaMaxBytes}
        dimensions={{
          exact: { width: announcementLimits.imageWidth, height: announcementLimits.imageHeight },
        }}
        value={draft.image}
        currentUrl={announcement?.urlImagem ?? null}
        onChange={(image) => set({ image })}
        error={errors.imagem}
      />
      <TextField
        label={t('admin.announcementsAdmin.form.description')}
        hint={t('admin.announcementsAdmin.form.descriptionHint')}
        value={draft.description}
        maxLength={announcementLimits.descriptionMax}
        error={errors.descricao}
        onChange={(event) => set({ description: event.target.value })}
      />
      <TextField
        label={t('admin.announcementsAdmin.form.link')}
        hint={t('admin.announcementsAdmin.form.linkHint')}
        value={draft.link}
        type="text"
        inputMode="url"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={announcementLimits.linkMax}
        error={errors.link}
        onChange={(event) => set({ link: event.target.value })}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <DateField
          label={t('admin.announcementsAdmin.form.startsAt')}
          withTime
          required
          value={draft.startsAt}
          onChange={(startsAt) => set({ startsAt })}
          error={errors.dtInicio}
        />
        <DateField
          label={t('admin.announcementsAdmin.form.endsAt')}
          withTime
          required
          value={draft.endsAt}
          onChange={(endsAt) => set({ endsAt })}
          error={errors.dtFim}
        />
      </div>
      <MultiSelectField
        label={t('admin.announcementsAdmin.form.groups')}
        hint={t('admin.announcementsAdmin.form.groupsHint')}
        options={(groups.data ?? []).map((group) => ({ value: String(group.idGrupo), label: group.nome }))}
        value={draft.groupIds.map(String)}
        onChange={(values) => set({ groupIds: values.map(Number) })}
        error={errors.idsGrupos}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('admin.announcementsAdmin.form.save')}
        </Button>
      </div>
    </form>
  );
}
