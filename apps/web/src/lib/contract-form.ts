import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';
import { useContractResolver } from './contract-resolver.ts';
import { type FormFields, useSubmitFailure } from './submit-failure.ts';

/**
 * A form checked by a contract schema, worded as the server's 422, with its failed-submit state:
 * `report` puts the server's field errors beside the fields and keeps the rest for the page's
 * alert (titled `failureTitle`); `clear` forgets it when the form is sent again. `submit` wraps a
 * sending function as the form's submit handler: it clears the last failure, sends, and reports
 * what the server refused.
 *
 * `refused` says the last submit was refused over what the fields hold (the schema, before
 * sending, or the server's 422; `markRefused` for a form that checks more itself). Such a refusal,
 * and its alert's `failure`, last only until the user fixes it: once a field is edited and no
 * field error is left, both go. A failure the fields cannot fix (a 409, a network error) stays
 * until the next submit.
 */
export function useContractForm<Form extends FieldValues, Values extends FieldValues = Form>(
  schema: z.core.$ZodType<Values, Form>,
  options: { defaultValues: DefaultValues<Form>; fields: FormFields<Form>; failureTitle: string },
) {
  const resolver = useContractResolver(schema as z.core.$ZodType<FieldValues, FieldValues>);
  const form = useForm<Form, unknown, Values>({
    resolver: resolver as never,
    defaultValues: options.defaultValues,
  });
  const {
    failure,
    report: reportFailure,
    clear: clearFailure,
  } = useSubmitFailure(form.setError, options.fields, options.failureTitle);
  const [refusal, setRefusal] = useState<'none' | 'refused' | 'edited'>('none');
  // Read during render, so the form state subscribes to the errors.
  const fieldErrorsLeft = Object.keys(form.formState.errors).length > 0;
  useEffect(() => {
    if (refusal !== 'refused') return;
    return form.subscribe({
      formState: { values: true },
      callback: ({ type }) => {
        if (type === 'change') setRefusal('edited');
      },
    });
  }, [form, refusal]);
  const fixed = refusal === 'edited' && !fieldErrorsLeft;
  const markRefused = useCallback(() => setRefusal('refused'), []);
  const clear = useCallback(() => {
    setRefusal('none');
    clearFailure();
  }, [clearFailure]);
  const report = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 422) setRefusal('refused');
      return reportFailure(error);
    },
    [reportFailure],
  );
  const submit = useCallback(
    (send: (values: Values) => Promise<void>) =>
      form.handleSubmit(async (values) => {
        clear();
        try {
          await send(values);
        } catch (error) {
          report(error);
        }
      }, markRefused),
    [form, clear, report, markRefused],
  );
  return {
    form,
    failure: fixed ? null : failure,
    refused: refusal !== 'none' && !fixed,
    markRefused,
    report,
    clear,
    submit,
  };
}

/**
 * A contract form in a dialog: each opening starts from `values` (the item chosen, or a blank
 * one) with no failure left from the last time, while what is typed survives the list behind the
 * dialog being refetched.
 */
export function useContractDialogForm<Form extends FieldValues, Values extends FieldValues = Form>(
  schema: z.core.$ZodType<Values, Form>,
  options: { open: boolean; values: DefaultValues<Form>; fields: FormFields<Form>; failureTitle: string },
) {
  const contractForm = useContractForm<Form, Values>(schema, {
    defaultValues: options.values,
    fields: options.fields,
    failureTitle: options.failureTitle,
  });
  const { form, clear } = contractForm;
  const startOver = useEffectEvent(() => {
    form.reset(options.values);
    clear();
  });
  useEffect(() => {
    if (options.open) startOver();
  }, [options.open]);
  return contractForm;
}
