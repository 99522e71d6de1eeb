import { CatalogKind, type CatalogKindValue } from '@elo/contract/calls/catalog';
import { Controller, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '#ui/select-field.tsx';
import { useCatalog } from '../hooks/use-users.ts';
import type { UserForm, UserFormControl } from '../lib/user-form.ts';

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

/** The user form's catalogue fields, in the form's order, each with the catalogue it offers. */
const catalogFields = [
  { name: 'idUnidade', kind: CatalogKind.unit, label: 'admin.usersAdmin.form.unit' },
  { name: 'idFilial', kind: CatalogKind.branch, label: 'admin.usersAdmin.form.branch' },
  { name: 'idSetor', kind: CatalogKind.sector, label: 'admin.usersAdmin.form.sector' },
  { name: 'idCargo', kind: CatalogKind.jobTitle, label: 'admin.usersAdmin.form.jobTitle' },
] as const;

/** The user form's choices of a unit, branch, sector and job title (none allowed in each). */
export function CatalogSelects({
  control,
  errors,
}: {
  control: UserFormControl;
  errors: FieldErrors<UserForm>;
}) {
  const { t } = useTranslation();
  return catalogFields.map((field) => (
    <CatalogSelect
      key={field.name}
      control={control}
      name={field.name}
      kind={field.kind}
      label={t(field.label)}
      error={errors[field.name]?.message}
    />
  ));
}

/** One catalogue's choice (none allowed): its active entries, and the person's current one. */
function CatalogSelect({
  control,
  name,
  kind,
  label,
  error,
}: {
  control: UserFormControl;
  name: (typeof catalogFields)[number]['name'];
  kind: CatalogKindValue;
  label: string;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const items = useCatalog(kind).data;
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
