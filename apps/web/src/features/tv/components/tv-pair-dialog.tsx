import { tvCodeSchema, type TelaTv } from '@elo/contract/calls/tv';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { paths } from '#lib/paths.ts';
import { useContractDialogForm } from '#lib/contract-form.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import type { FormFields } from '#lib/submit-failure.ts';
import { Alert } from '#ui/alert.tsx';
import { FormDialog } from '#ui/form-dialog.tsx';
import { TextField } from '#ui/text-field.tsx';
import { usePairTvScreen } from '../hooks/use-tv-admin.ts';

const pairFormSchema = z.object({ codigo: tvCodeSchema });
type PairForm = z.input<typeof pairFormSchema>;
const fields: FormFields<PairForm> = { fields: ['codigo'] };

/** A code as the administrator types it: upper case (the codes have no lower-case letters). */
export function typedCode(value: string): string {
  return value.toUpperCase();
}

/** The screen's address to open on a TV: this portal's /tv. */
export function tvAddress(): string {
  return `${window.location.origin}${paths.tv}`;
}

/** Pairs a screen with the 6-character code its TV shows (case-insensitive, upper-cased as typed). */
export function TvPairDialog({
  screen,
  onOpenChange,
}: {
  /** The screen to pair; the dialog is open while there is one. */
  screen: TelaTv | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const pair = usePairTvScreen();
  const showToast = useToastStore((state) => state.showToast);
  const failureTitle = t('corporateTv.admin.pairDialog.failed');
  const open = screen !== null;
  const { form, failure, submit } = useContractDialogForm<PairForm>(pairFormSchema, {
    open,
    values: { codigo: '' },
    fields,
    failureTitle,
  });

  const onSubmit = submit(async ({ codigo }) => {
    if (!screen) return;
    await pair.mutateAsync({ idTela: screen.idTela, codigo });
    showToast({
      type: 'success',
      message: t('corporateTv.admin.pairDialog.paired', { name: screen.nome }),
    });
    onOpenChange(false);
  });

  const codeField = form.register('codigo');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('corporateTv.admin.pairDialog.title', { name: screen?.nome ?? '' })}
      description={t('corporateTv.admin.pairDialog.description', { address: tvAddress() })}
      onSubmit={onSubmit}
      submitLabel={t('corporateTv.admin.pairDialog.submit')}
      submitting={form.formState.isSubmitting}
      failureTitle={failureTitle}
      failureMessage={failure?.message}
    >
      {screen?.flPareada === 'S' && <Alert type="info">{t('corporateTv.admin.pairDialog.replaces')}</Alert>}
      <TextField
        label={t('corporateTv.admin.pairDialog.code')}
        hint={t('corporateTv.admin.pairDialog.codeHint')}
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={12}
        error={form.formState.errors.codigo?.message}
        {...codeField}
        onChange={(event) => {
          event.target.value = typedCode(event.target.value);
          return codeField.onChange(event);
        }}
      />
    </FormDialog>
  );
}
