import { toFlag } from '@elo/contract/wire';
import { Controller, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserFormControl } from '../lib/user-form.ts';

/** The person's active flag, as a checkbox (read-only when their access is locked). */
export function ActiveField({
  control,
  locked,
  error,
}: {
  control: UserFormControl;
  locked: boolean;
  error: FieldError | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="flAtivo"
      render={({ field }) => (
        <div className="flex flex-col gap-1">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              className="size-4"
              checked={field.value !== 'N'}
              disabled={locked}
              onChange={(event) => field.onChange(toFlag(event.target.checked))}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'usuario-ativo-erro' : undefined}
            />
            {t('admin.usersAdmin.form.active')}
          </label>
          {error?.message && (
            <p id="usuario-ativo-erro" className="text-sm text-red-700">
              {error.message}
            </p>
          )}
        </div>
      )}
    />
  );
}

/** Whether saving sends the person an invitation to their first access. */
export function InviteField({ control }: { control: UserFormControl }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="flEnviarConvite"
      render={({ field }) => (
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-4"
            checked={field.value === 'S'}
            onChange={(event) => field.onChange(toFlag(event.target.checked))}
            onBlur={field.onBlur}
            ref={field.ref}
            name={field.name}
          />
          {t('admin.usersAdmin.form.invite')}
        </label>
      )}
    />
  );
}
