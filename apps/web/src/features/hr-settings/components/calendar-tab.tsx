import { toFlag } from '@elo/contract/wire';
import type { calendarioRhSchema, feriadoSchema } from '@elo/contract/calls/hr-settings';
import { hrLimits } from '@elo/contract/calls/hr-limits';
import { salvaCalendarioRhAdmin, salvaFeriadoAdmin } from '@elo/contract/calls/hr-settings';
import { useEffect, useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContractForm } from '#lib/contract-form.ts';
import { calendarDayToMoment, momentToCalendarDay } from '#lib/date-input.ts';
import { errorMessageOf } from '#lib/api-client.ts';
import { formatDate } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import type { FormFields } from '#lib/submit-failure.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { CheckboxField } from '#ui/checkbox-field.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '#ui/data-table.tsx';
import { DateField } from '#ui/date-field.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { isStaleRecord, StaleRecordAlert, useStaleRecord } from '#ui/stale-record-alert.tsx';
import { TextField } from '#ui/text-field.tsx';
import { TitledSection } from '#ui/titled-section.tsx';
import { useDeleteHoliday, useSaveCalendar, useSaveHoliday } from '../hooks/use-hr-settings.ts';

type Calendar = z.infer<typeof calendarioRhSchema>;
type Holiday = z.infer<typeof feriadoSchema>;

/** Monday first, as the working week reads; the wire numbers them 0 (Sunday) to 6. */
const weekdays = [
  { day: 1, name: 'monday' },
  { day: 2, name: 'tuesday' },
  { day: 3, name: 'wednesday' },
  { day: 4, name: 'thursday' },
  { day: 5, name: 'friday' },
  { day: 6, name: 'saturday' },
  { day: 0, name: 'sunday' },
] as const;

const calendarShape = salvaCalendarioRhAdmin.input.shape;
// The contract's rules, the days ticked as boxes (their values are text) and the switch as a box;
// the versao of the calendar the values came from rides along, unseen.
const calendarFormSchema = z
  .object({
    versao: z.number(),
    diasUteis: z.array(z.string()).min(1, { error: 'validation.workingDaysInvalid' }),
    horaInicio: calendarShape.horaInicio,
    horaFim: calendarShape.horaFim,
    flFeriadosNacionais: z.boolean(),
  })
  .refine(
    (value) =>
      !(
        calendarShape.horaInicio.safeParse(value.horaInicio).success &&
        calendarShape.horaFim.safeParse(value.horaFim).success
      ) || value.horaInicio < value.horaFim,
    { path: ['horaFim'], error: 'validation.workingHoursInvalid' },
  );
type CalendarForm = z.input<typeof calendarFormSchema>;
const calendarFields: FormFields<CalendarForm> = {
  fields: ['diasUteis', 'horaInicio', 'horaFim', 'flFeriadosNacionais'],
};

const calendarValues = (calendar: Calendar): CalendarForm => ({
  versao: calendar.versao,
  diasUteis: calendar.diasUteis.map(String),
  horaInicio: calendar.horaInicio,
  horaFim: calendar.horaFim,
  flFeriadosNacionais: calendar.flFeriadosNacionais === 'S',
});

/** The working days and hours the SLA counts, and whether national holidays are days off. */
function CalendarForm({
  calendar,
  reload,
  canEdit,
}: {
  calendar: Calendar;
  /** Reads the calendar again (after a save refused as stale). */
  reload: () => Promise<Calendar | undefined>;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const save = useSaveCalendar();
  const showToast = useToastStore((state) => state.showToast);
  const { form, failure, submit } = useContractForm<CalendarForm>(calendarFormSchema, {
    defaultValues: calendarValues(calendar),
    fields: calendarFields,
    failureTitle: t('hrSettings.calendar.saveFailed'),
  });
  const errors = form.formState.errors;
  const daysError = errors.diasUteis?.message ?? errors.diasUteis?.root?.message;

  // The saved calendar arrives (or changes): the form shows it unless something is being typed.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(calendarValues(calendar));
  }, [calendar, form]);

  // The server's message when someone else saved the calendar since this form read it.
  const { staleMessage, setStaleMessage, reloadRecord } = useStaleRecord(reload, (fresh) =>
    form.reset(calendarValues(fresh)),
  );

  const saveCalendar = (values: CalendarForm) =>
    save.mutateAsync({
      // The versao read goes back with the save: a stale one is refused (409 REGISTRO_ALTERADO).
      versao: values.versao,
      diasUteis: values.diasUteis.map(Number),
      horaInicio: values.horaInicio,
      horaFim: values.horaFim,
      flFeriadosNacionais: toFlag(values.flFeriadosNacionais),
    });

  const onSubmit = submit(async (values) => {
    setStaleMessage(null);
    let saved: Awaited<ReturnType<typeof saveCalendar>>;
    try {
      saved = await saveCalendar(values);
    } catch (error) {
      // What was typed stays; the alert offers to read the current calendar.
      if (isStaleRecord(error)) {
        setStaleMessage(error.message);
        return;
      }
      throw error;
    }
    form.reset(calendarValues(saved.calendario));
    showToast({ type: 'success', message: t('hrSettings.calendar.saved') });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {staleMessage && <StaleRecordAlert message={staleMessage} onReload={reloadRecord} />}
      {failure?.message && (
        <Alert type="error" title={t('hrSettings.calendar.saveFailed')}>
          {failure.message}
        </Alert>
      )}
      <fieldset
        className="flex flex-col gap-2"
        disabled={!canEdit}
        aria-describedby={daysError ? errorId : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-800">
          {t('hrSettings.calendar.workingDays')}
        </legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {weekdays.map(({ day, name }) => (
            <CheckboxField
              key={day}
              label={t(`hrSettings.calendar.weekdays.${name}`)}
              value={String(day)}
              {...form.register('diasUteis')}
            />
          ))}
        </div>
        {daysError && (
          <p id={errorId} className="text-sm text-red-700">
            {daysError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('hrSettings.calendar.start')}
          type="time"
          required
          disabled={!canEdit}
          error={errors.horaInicio?.message}
          {...form.register('horaInicio')}
        />
        <TextField
          label={t('hrSettings.calendar.end')}
          type="time"
          required
          disabled={!canEdit}
          error={errors.horaFim?.message}
          {...form.register('horaFim')}
        />
      </div>
      <CheckboxField
        label={t('hrSettings.calendar.national')}
        hint={t('hrSettings.calendar.nationalHint')}
        disabled={!canEdit}
        {...form.register('flFeriadosNacionais')}
      />
      <p className="text-sm text-slate-700">
        {t('hrSettings.calendar.zone', { zone: calendar.fusoHorario })}
      </p>
      {canEdit && (
        <div>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('hrSettings.calendar.save')}
          </Button>
        </div>
      )}
    </form>
  );
}

const holidayFormSchema = z.object({
  data: z
    .string({ error: 'validation.required' })
    .nullable()
    .refine((value) => value !== null, { error: 'validation.required' }),
  nome: salvaFeriadoAdmin.input.shape.nome,
});
type HolidayForm = z.input<typeof holidayFormSchema>;
const holidayFields: FormFields<HolidayForm> = { fields: ['data', 'nome'] };

/** Adds one of the company's own holidays: a day through the kit's date field and its name. */
function HolidayForm({ onAdded }: { onAdded: (day: string) => void }) {
  const { t } = useTranslation();
  const save = useSaveHoliday();
  const showToast = useToastStore((state) => state.showToast);
  const { form, failure, submit } = useContractForm<HolidayForm>(holidayFormSchema, {
    defaultValues: { data: null, nome: '' },
    fields: holidayFields,
    failureTitle: t('hrSettings.holidays.saveFailed'),
  });
  const errors = form.formState.errors;

  const onSubmit = submit(async (values) => {
    const { feriado } = await save.mutateAsync({
      data: momentToCalendarDay(values.data) ?? '',
      nome: values.nome,
    });
    form.reset({ data: null, nome: '' });
    showToast({ type: 'success', message: t('hrSettings.holidays.saved', { name: feriado.nome }) });
    onAdded(feriado.data);
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('hrSettings.holidays.add')}
      className="flex flex-col gap-3 rounded-md border border-slate-300 p-4"
    >
      <h4 className="text-base font-semibold text-slate-900">{t('hrSettings.holidays.add')}</h4>
      {failure?.message && (
        <Alert type="error" title={t('hrSettings.holidays.saveFailed')}>
          {failure.message}
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="data"
          render={({ field, fieldState }) => (
            <DateField
              ref={field.ref}
              name={field.name}
              label={t('hrSettings.holidays.fieldDate')}
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextField
          label={t('hrSettings.holidays.fieldName')}
          required
          maxLength={hrLimits.holidayNameMax}
          error={errors.nome?.message}
          {...form.register('nome')}
        />
      </div>
      <div>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('hrSettings.holidays.save')}
        </Button>
      </div>
    </form>
  );
}

interface HolidaysProps {
  holidays: readonly Holiday[];
  year: number;
  years: readonly number[];
  onYearChange: (year: number) => void;
  loading: boolean;
  canEdit: boolean;
}

/** The year's holidays (national ones read-only, the company's deletable) and, for editors, a new one. */
function Holidays({ holidays, year, years, onYearChange, loading, canEdit }: HolidaysProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const showToast = useToastStore((state) => state.showToast);
  const removal = useDeleteHoliday();
  const [deleting, setDeleting] = useState<Holiday | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!deleting?.idFeriado) return;
    const holiday = deleting;
    setRefusal(null);
    try {
      await removal.mutateAsync(deleting.idFeriado);
      showToast({ type: 'success', message: t('hrSettings.holidays.deleted', { name: holiday.nome }) });
    } catch (failure) {
      setRefusal(errorMessageOf(failure, t('apiErrors.default')));
    } finally {
      setDeleting(null);
    }
  };

  const columns: DataColumn<Holiday>[] = [
    {
      id: 'date',
      header: t('hrSettings.holidays.columns.date'),
      cell: (holiday) => formatDate(calendarDayToMoment(holiday.data) ?? holiday.data, language),
      sortValue: (holiday) => holiday.data,
    },
    {
      id: 'name',
      header: t('hrSettings.holidays.columns.name'),
      rowHeader: true,
      cell: (holiday) => holiday.nome,
      sortValue: (holiday) => holiday.nome,
    },
    {
      id: 'origin',
      header: t('hrSettings.holidays.columns.origin'),
      cell: (holiday) => t(`hrSettings.holidays.origin.${holiday.origem}`),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      {refusal && (
        <Alert type="error" title={t('hrSettings.holidays.deleteFailed')} onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      <div className="max-w-40">
        <SelectField
          label={t('hrSettings.holidays.year')}
          value={String(year)}
          onChange={(event) => onYearChange(Number(event.target.value))}
          options={years.map((value) => ({ value: String(value), label: String(value) }))}
        />
      </div>
      <DataTable
        caption={t('hrSettings.holidays.caption', { year })}
        showCaption
        columns={columns}
        rows={holidays}
        getRowId={(holiday) => `${holiday.origem}-${holiday.idFeriado ?? holiday.data}`}
        rowName={(holiday) => holiday.nome}
        loading={loading}
        empty={t('hrSettings.holidays.empty')}
        rowActions={
          canEdit
            ? (holiday) =>
                holiday.origem === 'EMPRESA' ? (
                  <Button
                    size="sm"
                    variant="danger-secondary"
                    aria-label={`${t('hrSettings.delete')}: ${holiday.nome}`}
                    onClick={() => setDeleting(holiday)}
                  >
                    {t('hrSettings.delete')}
                  </Button>
                ) : (
                  <span className="text-sm text-slate-700">{t('hrSettings.holidays.readOnly')}</span>
                )
            : undefined
        }
      />
      {canEdit && <HolidayForm onAdded={(day) => onYearChange(Number(day.slice(0, 4)))} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('hrSettings.holidays.deleteTitle', { name: deleting?.nome ?? '' })}
        description={t('hrSettings.holidays.deleteDescription')}
        confirmLabel={t('hrSettings.delete')}
        variant="danger"
        onConfirm={confirmDelete}
      />
    </div>
  );
}

/** The tab "Calendário e feriados": the working calendar, then the holidays of a chosen year. */
export function CalendarTab(
  props: HolidaysProps & {
    calendar: Calendar | undefined;
    /** Reads the calendar again (after a save refused as stale). */
    reloadCalendar: () => Promise<Calendar | undefined>;
  },
) {
  const { t } = useTranslation();
  const { calendar, reloadCalendar, ...holidays } = props;
  return (
    <div className="flex flex-col gap-8">
      <TitledSection
        title={t('hrSettings.calendar.heading')}
        id="hr-calendar-heading"
        level={3}
        className="flex flex-col gap-3"
      >
        <p className="text-sm text-slate-700">{t('hrSettings.calendar.description')}</p>
        {calendar && <CalendarForm calendar={calendar} reload={reloadCalendar} canEdit={props.canEdit} />}
      </TitledSection>
      <TitledSection
        title={t('hrSettings.holidays.heading')}
        id="hr-holidays-heading"
        level={3}
        className="flex flex-col gap-3"
      >
        <Holidays {...holidays} />
      </TitledSection>
    </div>
  );
}
