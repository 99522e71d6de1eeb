import { salvaConfiguracoesPesquisasInputSchema } from '@elo/contract/calls/surveys-admin';
import { anonymityRules } from '@elo/contract/calls/surveys-rules';
import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useContractDialogForm } from '#lib/contract-form.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import type { FormFields } from '#lib/submit-failure.ts';
import { Button } from '#ui/button.tsx';
import { FormDialog } from '#ui/form-dialog.tsx';
import { TextField } from '#ui/text-field.tsx';
import { useSaveSurveySettings, useSurveySettings } from '../admin/hooks/use-admin-surveys.ts';

type SettingsForm = z.input<typeof salvaConfiguracoesPesquisasInputSchema>;
const fields: FormFields<SettingsForm> = { fields: ['qtdMinimaRespondentes'] };

/**
 * The company's minimum of respondents of anonymous surveys, on the surveys list: what it is, and
 * for an administrator who edits surveys (ADMIN_PESQUISAS at E) a dialog to change it (3 to 100).
 */
export function AnonymitySettings({ canEdit, className }: { canEdit: boolean; className?: string }) {
  const { t } = useTranslation();
  const { data } = useSurveySettings();
  const save = useSaveSurveySettings();
  const showToast = useToastStore((state) => state.showToast);
  const [open, setOpen] = useState(false);
  const current = data?.qtdMinimaRespondentes ?? anonymityRules.minRespondentsDefault;
  const { form, failure, submit } = useContractDialogForm<SettingsForm>(
    salvaConfiguracoesPesquisasInputSchema,
    {
      open,
      values: { qtdMinimaRespondentes: current },
      fields,
      failureTitle: t('admin.surveys.anonymity.saveFailed'),
    },
  );

  const onSubmit = submit(async (values) => {
    const saved = await save.mutateAsync(values.qtdMinimaRespondentes);
    showToast({
      type: 'success',
      message: t('admin.surveys.anonymity.saved', { minimo: saved.configuracoes.qtdMinimaRespondentes }),
    });
    setOpen(false);
  });

  return (
    <section
      aria-labelledby="anonimato-pesquisas"
      className={clsx(
        'flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <div>
        <h2 id="anonimato-pesquisas" className="text-base font-semibold text-slate-900">
          {t('admin.surveys.anonymity.title')}
        </h2>
        {data && (
          <p className="text-sm text-slate-700">
            {t('admin.surveys.anonymity.current', { minimo: current })}
          </p>
        )}
      </div>
      {canEdit && data && (
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          {t('admin.surveys.anonymity.change')}
        </Button>
      )}
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={t('admin.surveys.anonymity.dialogTitle')}
        description={t('admin.surveys.anonymity.dialogDescription')}
        onSubmit={onSubmit}
        submitLabel={t('admin.surveys.anonymity.save')}
        submitting={form.formState.isSubmitting}
        failureTitle={t('admin.surveys.anonymity.saveFailed')}
        failureMessage={failure?.message}
      >
        <TextField
          type="number"
          inputMode="numeric"
          label={t('admin.surveys.anonymity.field')}
          hint={t('admin.surveys.anonymity.hint', {
            min: anonymityRules.minRespondentsFloor,
            max: anonymityRules.minRespondentsMax,
          })}
          min={anonymityRules.minRespondentsFloor}
          max={anonymityRules.minRespondentsMax}
          step={1}
          required
          error={form.formState.errors.qtdMinimaRespondentes?.message}
          {...form.register('qtdMinimaRespondentes', { valueAsNumber: true })}
        />
      </FormDialog>
    </section>
  );
}
