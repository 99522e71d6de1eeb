import { toFlag } from '@elo/contract/wire';
import { useTranslation } from 'react-i18next';

/** A member's roles in a group, as the wire carries them. */
export interface Roles {
  flPermitePostar: 'S' | 'N';
  flAdministrador: 'S' | 'N';
}

/** The two roles a member may hold: may post in the group, administers the group. */
export function RoleChoices({
  value,
  onChange,
  legend,
}: {
  value: Roles;
  onChange: (roles: Roles) => void;
  legend: string;
}) {
  const { t } = useTranslation();
  const box = (field: keyof Roles, label: string) => (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
      <input
        type="checkbox"
        className="size-4"
        checked={value[field] === 'S'}
        onChange={(event) => onChange({ ...value, [field]: toFlag(event.target.checked) })}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-slate-900">{legend}</legend>
      {box('flPermitePostar', t('admin.groupsAdmin.roles.canPost'))}
      {box('flAdministrador', t('admin.groupsAdmin.roles.admin'))}
    </fieldset>
  );
}
