// The field's own words (the calendar button, the placeholders) live with the areas' texts; a
// public page that uses it (first access) brings them along.
import '#lib/i18n/area-texts.ts';
import 'react-day-picker/style.css';
import type { Language } from '@elo/contract/enums';
import { sharedConfig } from '@elo/contract/limits';
import { TZDate } from '@date-fns/tz';
import * as Popover from '@radix-ui/react-popover';
import { InputMask } from '@react-input/mask';
import { useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { DayPicker } from 'react-day-picker';
import { enUS } from 'react-day-picker/locale/en-US';
import { es } from 'react-day-picker/locale/es';
import { ptBR } from 'react-day-picker/locale/pt-BR';
import { useTranslation } from 'react-i18next';
import { formatDateInput, parseDateInput } from '#lib/date-input.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { FieldFrame, fieldControlClassName, useFieldIds } from './field.tsx';
import { CalendarIcon } from './kit-icons.tsx';

// The calendar speaks the portal's language, not the browser's.
const calendarLocales = { 'pt-BR': ptBR, en: enUS, es } as const satisfies Record<Language, unknown>;

const zone = sharedConfig.currentTimezone;

/** The spec's masks (`##/##/####`, `##/##/#### ##:##`) in the mask library's notation. */
function maskOf(withTime: boolean): string {
  return (withTime ? sharedConfig.mascaraDataHora : sharedConfig.mascaraData).replaceAll('#', '_');
}

export interface DateFieldProps {
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  /** The moment chosen, as ISO 8601 (react-hook-form: through a Controller), or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  /** Date and time (`##/##/#### ##:##`) instead of a date alone. */
  withTime?: boolean;
  name?: string;
  disabled?: boolean;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * A date (or date and time) typed through the spec's mask or picked in a calendar pop-over. The
 * text is read in the portal's order (dd/MM/yyyy, MM/dd/yyyy in English) and in America/Sao_Paulo;
 * the field hands out ISO 8601, or null while the text is not a whole, real date.
 */
export function DateField({
  label,
  hint,
  error,
  required,
  value,
  onChange,
  onBlur,
  withTime = false,
  name,
  disabled,
  id,
  ref,
  className,
}: DateFieldProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [text, setText] = useState(() => (value ? formatDateInput(value, language, withTime) : ''));
  const [seenValue, setSeenValue] = useState(value);
  const [invalid, setInvalid] = useState(false);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The caller's ref gets the input too.
  useImperativeHandle(ref, () => input.current!, []);
  // The mask follows the caret with a timer from focus until blur, but stops listening when the
  // input unmounts: one unmounted with focus (a dialog closed, a page left) would keep the timer
  // running for good. Focus leaves it first; this runs before the mask lets go of the input.
  useLayoutEffect(() => {
    const element = input.current;
    return () => {
      if (element && element === element.ownerDocument.activeElement) element.blur();
    };
  }, []);
  // A value set from outside (a form reset, the record loaded): show it, unless it is what the
  // text already says.
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== parseDateInput(text, language, withTime)) {
      setText(value ? formatDateInput(value, language, withTime) : '');
      setInvalid(false);
    }
  }

  const ownError = invalid ? t('invalidDate', { ns: 'validation' }) : undefined;
  const shownError = error ?? ownError;
  const ids = useFieldIds({ id, hint, error: shownError });
  const pattern = maskOf(withTime);

  const changeText = (next: string) => {
    setText(next);
    const moment = parseDateInput(next, language, withTime);
    // Tell the form only when a whole date appears or goes; it stays quiet while typing goes on.
    setInvalid(next.length === pattern.length && moment === null);
    if (moment !== value) onChange(moment);
  };

  const pickDay = (day: Date | undefined) => {
    if (!day) return;
    const time = withTime ? (text.slice(pattern.length - 5).match(/^\d\d:\d\d$/)?.[0] ?? '00:00') : '';
    changeText(formatDateInput(day, language, false) + (withTime ? ` ${time}` : ''));
    setOpen(false);
  };

  const selected = value ? new TZDate(value, zone) : undefined;

  return (
    <FieldFrame
      ids={ids}
      label={label}
      required={required}
      hint={hint}
      error={shownError}
      className={className}
    >
      <div className="flex gap-2">
        <InputMask
          ref={input}
          id={ids.id}
          name={name}
          mask={pattern}
          replacement={{ _: /\d/ }}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t(withTime ? 'kit.date.dateTimePlaceholder' : 'kit.date.datePlaceholder')}
          value={text}
          required={required}
          disabled={disabled}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={(event) => changeText(event.target.value)}
          onBlur={() => {
            setInvalid(text !== '' && parseDateInput(text, language, withTime) === null);
            onBlur?.();
          }}
          className={fieldControlClassName(shownError, withTime ? 'max-w-52' : 'max-w-40')}
        />
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger
            disabled={disabled}
            aria-label={t('kit.date.openCalendar', { label })}
            className="inline-flex min-h-10 min-w-10 items-center justify-center rounded-md border border-slate-400 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-500 disabled:opacity-60"
          >
            <CalendarIcon />
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              aria-label={t('kit.date.openCalendar', { label })}
              align="start"
              sideOffset={4}
              // The calendar puts focus on the chosen day (or today) itself.
              onOpenAutoFocus={(event) => event.preventDefault()}
              className="z-50 rounded-lg border border-slate-200 bg-white p-3 shadow-lg [--rdp-accent-background-color:var(--color-primary-50)] [--rdp-accent-color:var(--color-primary-600)]"
            >
              <DayPicker
                mode="single"
                autoFocus
                timeZone={zone}
                locale={calendarLocales[language]}
                selected={selected}
                defaultMonth={selected}
                onSelect={pickDay}
              />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
    </FieldFrame>
  );
}
