import type { GrupoPorRegra } from '@elo/contract/calls/users';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The groups a person is in by one of their audience rules, as read-only chips with the rules
 * that hold them: no hand takes the person out of them (the server refuses a save that names one),
 * so they are not among the form's choices and are never sent.
 */
export function RuleGroups({ groups }: { groups: readonly GrupoPorRegra[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (groups.length === 0) return null;
  const describe = (rule: GrupoPorRegra['regras'][number]) =>
    (
      [
        ['unit', rule.unidade],
        ['branch', rule.filial],
        ['sector', rule.setor],
        ['jobTitle', rule.cargo],
      ] as const
    )
      .filter(([, name]) => name !== null)
      .map(([kind, name]) => `${t(`admin.usersAdmin.form.${kind}`)}: ${name}`)
      .join(' · ');
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 sm:col-span-2">
      <h2 id={headingId} className="text-sm font-medium text-slate-800">
        {t('admin.usersAdmin.form.ruleGroups')}
      </h2>
      <p className="text-sm text-font-secondary">{t('admin.usersAdmin.form.ruleGroupsHint')}</p>
      <ul className="flex flex-wrap gap-2">
        {groups.map((group) => (
          <li
            key={group.idGrupo}
            className="flex flex-col gap-0.5 rounded-md border border-slate-300 bg-slate-50 px-3 py-1.5 text-sm text-slate-900"
          >
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{group.nome}</span>
              <span className="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-ink">
                {t('admin.usersAdmin.form.byRule')}
              </span>
            </span>
            <span className="text-xs text-slate-700">{group.regras.map(describe).join('; ')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
