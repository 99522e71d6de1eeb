import { Permission, type FunctionNameLanguage, type PermissionCode } from '@elo/contract/enums';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { functionName, useFunctionNameLanguage } from '#lib/function-names.ts';
import { themeVariables } from '#lib/theme.ts';

export interface PreviewLook {
  companyName: string;
  logoUrl: string | null;
  mainColor: string;
  fontPrimary: string;
  fontSecondary: string;
  /** The function names as typed, by permission (empty: the portal's default label). */
  names: Partial<Record<string, PreviewName>>;
}

/** A function's names as typed: the default one and its English and Spanish ones ('' for none). */
export type PreviewName = { nome: string } & Record<FunctionNameLanguage, string>;

/** A state of the main button, the shade it shows and how it is drawn in the preview. */
const buttonStates = [
  { key: 'main', className: 'bg-primary-600' },
  { key: 'hover', className: 'bg-primary-500' },
  { key: 'active', className: 'bg-primary-400' },
  { key: 'focus', className: 'bg-primary-600 outline-2 outline-offset-2 outline-primary-500' },
] as const;

/**
 * The portal as it will look with the settings being edited, before they are saved: header with
 * the logo, the navigation with the function names, the main button in each of its states and a
 * post card. The theme's variables are set on this box only, so the page around keeps its own.
 */
export function PortalPreview({ look }: { look: PreviewLook }) {
  const { t } = useTranslation();
  const language = useFunctionNameLanguage();
  const style = useMemo(
    () =>
      themeVariables({
        mainColor: look.mainColor,
        fontPrimary: look.fontPrimary,
        fontSecondary: look.fontSecondary,
      }) as CSSProperties,
    [look.mainColor, look.fontPrimary, look.fontSecondary],
  );
  // The names being typed, read the way the portal reads the saved ones, in the page's language.
  const typed = {
    atalhosPermissoes: Object.entries(look.names).map(([permissao, name]) => ({
      permissao,
      atalho: name?.nome ?? '',
      atalhosPorIdioma: { en: name?.en ?? '', es: name?.es ?? '' },
    })),
  };
  const named = (permission: PermissionCode, fallback: string) =>
    functionName(typed, permission, fallback, language);
  const navItems = [
    t('nav.dashboard'),
    t('nav.timeline'),
    named(Permission.chat, t('nav.chat')),
    named(Permission.surveys, t('nav.surveys')),
    t('nav.hrContact'),
  ];
  const publishLabel = named(Permission.publishTimeline, t('portal.timeline.composer.publish'));

  return (
    <div
      style={style}
      data-preview-theme=""
      className="overflow-hidden rounded-lg border border-slate-300 bg-slate-50 text-font-primary"
    >
      <div className="border-b border-slate-200 bg-white px-4 py-3">
        <div className="flex items-center gap-2 text-lg font-semibold text-font-primary">
          {look.logoUrl && (
            <img
              src={look.logoUrl}
              alt={t('brand.logoAlt', { name: look.companyName })}
              className="h-8 w-auto max-w-32 object-contain"
            />
          )}
          <span>{look.companyName}</span>
        </div>
        <ul aria-label={t('admin.appSettingsAdmin.preview.nav')} className="mt-2 flex flex-wrap gap-1">
          {navItems.map((label, index) => (
            <li
              key={index}
              className={
                index === 1
                  ? 'rounded-md bg-primary-50 px-3 py-2 text-sm font-medium text-primary-ink'
                  : 'rounded-md px-3 py-2 text-sm font-medium text-slate-700'
              }
            >
              {label}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col gap-4 p-4">
        <h3 className="text-xl font-semibold text-font-primary">{t('nav.timeline')}</h3>
        <ul aria-label={t('admin.appSettingsAdmin.preview.buttons')} className="flex flex-wrap gap-3">
          {buttonStates.map((state) => (
            <li key={state.key} className="flex flex-col items-center gap-1">
              <span
                className={`inline-flex min-h-10 items-center rounded-md px-4 text-sm font-medium text-on-primary ${state.className}`}
              >
                {publishLabel}
              </span>
              <span className="text-xs text-font-secondary">
                {t(`admin.appSettingsAdmin.preview.states.${state.key}`)}
              </span>
            </li>
          ))}
        </ul>
        <article
          aria-label={t('admin.appSettingsAdmin.preview.post')}
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        >
          <p className="font-semibold text-font-primary">{t('admin.appSettingsAdmin.preview.author')}</p>
          <p className="text-sm text-font-secondary">{t('admin.appSettingsAdmin.preview.when')}</p>
          <p className="mt-2 text-font-primary">{t('admin.appSettingsAdmin.preview.text')}</p>
          <p className="mt-3 flex gap-3 text-sm">
            <span className="font-medium text-primary-ink">{t('admin.appSettingsAdmin.preview.like')}</span>
            <span className="font-medium text-primary-ink">
              {t('admin.appSettingsAdmin.preview.comment')}
            </span>
          </p>
        </article>
      </div>
    </div>
  );
}
