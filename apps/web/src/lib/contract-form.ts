import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useContractResolver } from './contract-resolver.ts';
import { type FormFields, useSubmitFailure } from './submit-failure.ts';

/**
 * A form checked by a contract schema, worded as the server's 422, with its failed-submit state:
 * `report` puts the server's field errors beside the fields and keeps the rest for the page's
 * alert (titled `failureTitle`); `clear` forgets it when the form is sent again.
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
  const { failure, report, clear } = useSubmitFailure(form.setError, options.fields, options.failureTitle);
  return { form, failure, report, clear };
}
