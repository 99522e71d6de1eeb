import { toFlag } from '@elo/contract/wire';
import { salvaTelaTvAdminInputSchema, tvLimits, type TelaTv } from '@elo/contract/calls/tv';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContractDialogForm } from '#lib/contract-form.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import type { FormFields } from '#lib/submit-failure.ts';
import { CheckboxField } from '#ui/checkbox-field.tsx';
import { FormDialog } from '#ui/form-dialog.tsx';
import { MultiSelectField } from '#ui/multi-select-field.tsx';
import { isStaleRecord, StaleRecordAlert, useStaleRecord } from '#ui/stale-record-alert.tsx';
import { TextField } from '#ui/text-field.tsx';
import { useSaveTvScreen, useTvGroups } from '../hooks/use-tv-admin.ts';

const shape = salvaTelaTvAdminInputSchema.shape;

/** The form's fields: the contract's rules, the groups as the multi-select's values, flags as boxes. */
export const tvScreenFormSchema = z.object({
  nome: shape.nome,
  idsGrupos: z.array(z.string()),
  segundosPorSlide: shape.segundosPorSlide,
  flComunicados: z.boolean(),
  flPublicacoes: z.boolean(),
  qtdPublicacoes: shape.qtdPublicacoes,
  flAniversariantes: z.boolean(),
});
export type TvScreenForm = z.input<typeof tvScreenFormSchema>;

const fields: FormFields<TvScreenForm> = {
  fields: [
    'nome',
    'idsGrupos',
    'segundosPorSlide',
    'flComunicados',
    'flPublicacoes',
    'qtdPublicacoes',
    'flAniversariantes',
  ],
};

/** The form's starting values: the screen's, or a new screen's defaults. */
export function tvScreenFormValues(screen: TelaTv | null): TvScreenForm {
  return {
    nome: screen?.nome ?? '',
    idsGrupos: (screen?.idsGrupos ?? []).map(String),
    segundosPorSlide: screen?.segundosPorSlide ?? 10,
    flComunicados: screen ? screen.flComunicados === 'S' : true,
    flPublicacoes: screen ? screen.flPublicacoes === 'S' : true,
    qtdPublicacoes: screen?.qtdPublicacoes ?? 5,
    flAniversariantes: screen ? screen.flAniversariantes === 'S' : true,
  };
}

/** Creating or editing a screen: name, groups, seconds per slide and what it shows. */
export function TvScreenFormDialog({
  open,
  onOpenChange,
  screen,
  reload,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The screen edited; null for a new one. */
  screen: TelaTv | null;
  /** Reads the edited screen again (after a save refused as stale). */
  reload: () => Promise<TelaTv | undefined>;
}) {
  const { t } = useTranslation();
  const save = useSaveTvScreen();
  const groups = useTvGroups();
  const showToast = useToastStore((state) => state.showToast);
  const failureTitle = t('corporateTv.admin.form.saveFailed');
  const { form, failure, submit } = useContractDialogForm<TvScreenForm>(tvScreenFormSchema, {
    open,
    values: tvScreenFormValues(screen),
    fields,
    failureTitle,
  });
  const errors = form.formState.errors;
  // The server's message when someone else saved the screen since this form read it.
  const { staleMessage, setStaleMessage, reloadRecord } = useStaleRecord(reload, (fresh) =>
    form.reset(tvScreenFormValues(fresh)),
  );
  const close = (next: boolean) => {
    if (!next) setStaleMessage(null);
    onOpenChange(next);
  };

  const onSubmit = submit(async (values) => {
    setStaleMessage(null);
    try {
      await saveScreen(values);
    } catch (error) {
      // What was typed stays; the alert offers to read the current screen.
      if (isStaleRecord(error)) {
        setStaleMessage(error.message);
        return;
      }
      throw error;
    }
    showToast({ type: 'success', message: t('corporateTv.admin.form.saved', { name: values.nome }) });
    close(false);
  });

  const saveScreen = (values: TvScreenForm) =>
    save.mutateAsync({
      ...(screen ? { idTela: screen.idTela, versao: screen.versao } : {}),
      nome: values.nome,
      idsGrupos: values.idsGrupos.map(Number),
      segundosPorSlide: values.segundosPorSlide,
      flComunicados: toFlag(values.flComunicados),
      flPublicacoes: toFlag(values.flPublicacoes),
      qtdPublicacoes: values.qtdPublicacoes,
      flAniversariantes: toFlag(values.flAniversariantes),
    });

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={screen ? t('corporateTv.admin.form.editTitle') : t('corporateTv.admin.form.newTitle')}
      size="lg"
      onSubmit={onSubmit}
      submitLabel={t('corporateTv.admin.form.save')}
      submitting={form.formState.isSubmitting}
      failureTitle={failureTitle}
      failureMessage={failure?.message}
    >
      {staleMessage && <StaleRecordAlert message={staleMessage} onReload={reloadRecord} />}
      <TextField
        label={t('corporateTv.admin.form.name')}
        hint={t('corporateTv.admin.form.nameHint')}
        required
        maxLength={tvLimits.nameMax}
        autoComplete="off"
        error={errors.nome?.message}
        {...form.register('nome')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={t('corporateTv.admin.form.seconds')}
          hint={t('corporateTv.admin.form.secondsHint', {
            min: tvLimits.secondsPerSlideMin,
            max: tvLimits.secondsPerSlideMax,
          })}
          type="number"
          inputMode="numeric"
          required
          min={tvLimits.secondsPerSlideMin}
          max={tvLimits.secondsPerSlideMax}
          error={errors.segundosPorSlide?.message}
          {...form.register('segundosPorSlide', { valueAsNumber: true })}
        />
        <TextField
          label={t('corporateTv.admin.form.posts')}
          hint={t('corporateTv.admin.form.postsHint', { min: tvLimits.postsMin, max: tvLimits.postsMax })}
          type="number"
          inputMode="numeric"
          required
          min={tvLimits.postsMin}
          max={tvLimits.postsMax}
          error={errors.qtdPublicacoes?.message}
          {...form.register('qtdPublicacoes', { valueAsNumber: true })}
        />
      </div>
      <CheckboxField label={t('corporateTv.admin.form.announcements')} {...form.register('flComunicados')} />
      <CheckboxField label={t('corporateTv.admin.form.publications')} {...form.register('flPublicacoes')} />
      <CheckboxField label={t('corporateTv.admin.form.birthdays')} {...form.register('flAniversariantes')} />
      <Controller
        control={form.control}
        name="idsGrupos"
        render={({ field }) => (
          <MultiSelectField
            label={t('corporateTv.admin.form.groups')}
            hint={t('corporateTv.admin.form.groupsHint')}
            options={(groups.data ?? []).map((group) => ({
              value: String(group.idGrupo),
              label: group.nome,
            }))}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.idsGrupos?.message}
          />
        )}
      />
    </FormDialog>
  );
}
