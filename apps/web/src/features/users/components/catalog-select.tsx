import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '#ui/select-field.tsx';
import type { UserFormControl } from '../lib/user-form.ts';

/** A catalogue's entry as the user form offers it. */
export interface CatalogItem {
  id: number;
  nome: string;
  flAtivo: string;
}

/** The active entries, and the person's current one even if it was deactivated since. */
function catalogOptions(items: CatalogItem[] | undefined, current: number | null | undefined) {
  return (items ?? [])
    .filter((item) => item.flAtivo === 'S' || item.id === current)
    .map((item) => ({ value: String(item.id), label: item.nome }));
}

/** The user form's choice of a unit, branch, sector or job title (none allowed). */
export function CatalogSelect({
  control,
  name,
  label,
  items,
  error,
}: {
  control: UserFormControl;
  name: 'idUnidade' | 'idFilial' | 'idSetor' | 'idCargo';
  label: string;
  items: CatalogItem[] | undefined;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SelectField
          label={label}
          placeholder={t('admin.usersAdmin.form.none')}
          value={field.value == null ? '' : String(field.value)}
          onChange={(event) => field.onChange(event.target.value ? Number(event.target.value) : null)}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={error}
          options={catalogOptions(items, field.value)}
        />
      )}
    />
  );
}
