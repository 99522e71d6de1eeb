import {
  logoRules,
  nameableFunctions,
  nomeFuncaoSchema,
  type ConfiguracoesApp,
} from '@elo/contract/calls/app-settings';
import {
  AdminPermission,
  functionNameLanguages,
  Permission,
  type FunctionNameLanguage,
  type PermissionCode,
} from '@elo/contract/enums';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminAccess } from '#lib/admin-access.ts';
import { ApiError, errorMessageOf } from '#lib/api-client.ts';
import { translateContractKey } from '#lib/i18n/i18n.ts';
import { useKnownLoggedUser } from '#lib/session.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { contrastRatio, createColorScale, themeStates, wcagAaRatio } from '#lib/theme.ts';
import { textOnColor } from '@elo/contract/color-scale';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { ColorField } from '#ui/color-field.tsx';
import { ImageField } from '#ui/image-field.tsx';
import { RetryButton } from '#ui/load-failed-alert.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { isStaleRecord, StaleRecordAlert, useStaleRecord } from '#ui/stale-record-alert.tsx';
import { TextField } from '#ui/text-field.tsx';
import { TitledSection } from '#ui/titled-section.tsx';
import { PortalPreview, type PreviewName } from '../components/portal-preview.tsx';
import { useAppSettings, useSaveAppSettings } from '../hooks/use-app-settings.ts';

type ColourField = 'corPrincipal' | 'corFontePrimaria' | 'corFonteSecundaria';
const colourFields: ColourField[] = ['corPrincipal', 'corFontePrimaria', 'corFonteSecundaria'];

/** The label each function has in the portal when the company gives it no name. */
const defaultLabelKeys: Record<
  (typeof nameableFunctions)[number],
  'nav.chat' | 'nav.surveys' | 'portal.timeline.composer.publish'
> = {
  [Permission.chat]: 'nav.chat',
  [Permission.surveys]: 'nav.surveys',
  [Permission.publishTimeline]: 'portal.timeline.composer.publish',
};

interface Draft {
  corPrincipal: string;
  corFontePrimaria: string;
  corFonteSecundaria: string;
  /** Each function's names as typed: the default one and one per language ('' for none). */
  names: Record<string, PreviewName>;
  logo: File | null;
  /** The saved logo was removed (and no new one chosen). */
  removeLogo: boolean;
}

const draftOf = (settings: ConfiguracoesApp): Draft => ({
  corPrincipal: settings.corPrincipal,
  corFontePrimaria: settings.corFontePrimaria,
  corFonteSecundaria: settings.corFonteSecundaria,
  names: Object.fromEntries(
    nameableFunctions.map((permission) => {
      const saved = settings.nomesFuncoes.find((item) => item.permissao === permission);
      return [
        permission,
        { nome: saved?.nome ?? '', en: saved?.nomesPorIdioma.en ?? '', es: saved?.nomesPorIdioma.es ?? '' },
      ];
    }),
  ),
  logo: null,
  removeLogo: false,
});

/** A function's names as the save sends them (trimmed; a language left blank: none). */
const nameToSend = (permission: PermissionCode, name: PreviewName | undefined) => ({
  permissao: permission,
  nome: (name?.nome ?? '').trim(),
  nomesPorIdioma: Object.fromEntries(
    functionNameLanguages.map((language) => [language, (name?.[language] ?? '').trim()]),
  ),
});

/**
 * The names' problems by field ('nomesFuncoes.<index>.nome', 'nomesFuncoes.<index>.nomesPorIdioma.en'),
 * checked by the contract's own rules (at most 16 characters once trimmed, a language name only
 * beside a default name), as the server would answer them.
 */
function nameProblems(names: Draft['names']): Record<string, string> {
  const problems: Record<string, string> = {};
  nameableFunctions.forEach((permission, index) => {
    const checked = nomeFuncaoSchema.safeParse(nameToSend(permission, names[permission]));
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = `nomesFuncoes.${index}.${issue.path.map(String).join('.') || 'nome'}`;
      problems[field] ??= issue.message;
    }
  });
  return problems;
}

/** The logo's greatest weight as the server's message says it ('2 MB'). */
const logoWeight = `${logoRules.maxBytes / 1024 / 1024} MB`;

/** A pair of colours that fails WCAG AA, for the warning. */
interface ContrastProblem {
  key: 'fontPrimary' | 'fontSecondary' | 'onPrimary' | 'onHover' | 'onActive';
  ratio: number;
}

/**
 * The text colours that do not reach 4.5:1 on the background they are shown on: the two text
 * colours on white, and the buttons' text on the main colour and on its hover and active shades.
 */
export function contrastProblems(draft: Pick<Draft, ColourField>): ContrastProblem[] {
  const scale = createColorScale(draft.corPrincipal);
  const onPrimary = textOnColor(scale[themeStates.main]);
  const pairs: [ContrastProblem['key'], string, string][] = [
    ['fontPrimary', draft.corFontePrimaria, '#ffffff'],
    ['fontSecondary', draft.corFonteSecundaria, '#ffffff'],
    ['onPrimary', onPrimary, scale[themeStates.main]],
    ['onHover', onPrimary, scale[themeStates.hover]],
    ['onActive', onPrimary, scale[themeStates.active]],
  ];
  return pairs
    .map(([key, text, background]) => ({ key, ratio: contrastRatio(text, background) }))
    .filter((pair) => pair.ratio < wcagAaRatio);
}

/** The form, once the settings are read: fields on one side, the live preview on the other. */
function AppSettingsForm({
  settings,
  canEdit,
  reload,
}: {
  settings: ConfiguracoesApp;
  canEdit: boolean;
  /** Reads the settings again (after a save refused as stale). */
  reload: () => Promise<ConfiguracoesApp | undefined>;
}) {
  const { t, i18n } = useTranslation();
  const showToast = useToastStore((state) => state.showToast);
  const companyName = useKnownLoggedUser()?.empresa.nome ?? '';
  const save = useSaveAppSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The server's message when someone else saved the settings since this page read them.
  const { staleMessage, setStaleMessage, reloadRecord } = useStaleRecord(reload, (fresh) => {
    setDraft(draftOf(fresh));
    setServerErrors({});
  });
  const form = useRef<HTMLFormElement>(null);
  // The first invalid field takes the focus once its error is on the page.
  const focusFirstInvalid = () =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  // The chosen logo is previewed from the file itself, released when it changes.
  const logoUrl = useMemo(() => (draft.logo ? URL.createObjectURL(draft.logo) : null), [draft.logo]);
  useEffect(() => {
    if (!logoUrl) return;
    return () => URL.revokeObjectURL(logoUrl);
  }, [logoUrl]);

  const localNameErrors = nameProblems(draft.names);
  const nameError = (index: number, language?: FunctionNameLanguage) => {
    const field = `nomesFuncoes.${index}.${language ? `nomesPorIdioma.${language}` : 'nome'}`;
    const key = localNameErrors[field];
    if (key) return translateContractKey(key);
    return language
      ? serverErrors[field]
      : (serverErrors[field] ?? serverErrors[`nomesFuncoes.${index}.permissao`]);
  };
  const setName = (permission: PermissionCode, part: keyof PreviewName, value: string) =>
    setDraft((current) => ({
      ...current,
      names: {
        ...current.names,
        [permission]: { nome: '', en: '', es: '', ...current.names[permission], [part]: value },
      },
    }));
  const problems = contrastProblems(draft);
  const savedLogo = draft.removeLogo ? null : settings.urlLogo;
  const ratio = (value: number) =>
    value.toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setStaleMessage(null);
    setServerErrors({});
    if (Object.keys(localNameErrors).length > 0) {
      focusFirstInvalid();
      return;
    }
    try {
      const answer = await save.mutateAsync({
        corPrincipal: draft.corPrincipal,
        corFontePrimaria: draft.corFontePrimaria,
        corFonteSecundaria: draft.corFonteSecundaria,
        nomesFuncoes: nameableFunctions.map((permission) => nameToSend(permission, draft.names[permission])),
        logo: draft.logo,
        removeLogo: draft.removeLogo,
        versao: settings.versao,
      });
      setDraft(draftOf(answer.configuracoes));
      showToast({ type: 'success', message: t('admin.appSettingsAdmin.saved') });
    } catch (error) {
      // What was chosen stays in the form; the alert offers to read the current settings.
      if (isStaleRecord(error)) {
        setStaleMessage(error.message);
        return;
      }
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setServerErrors(error.fieldErrors);
      }
      setFailure(errorMessageOf(error, t('apiErrors.default')));
      focusFirstInvalid();
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <form ref={form} onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-6">
        <fieldset disabled={!canEdit} className="flex min-w-0 flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">
            {t('admin.appSettingsAdmin.brandingTitle')}
          </legend>
          <ImageField
            label={t('admin.appSettingsAdmin.logo')}
            hint={t('admin.appSettingsAdmin.logoHint', {
              size: logoWeight,
            })}
            accept={logoRules.extensions}
            maxBytes={logoRules.maxBytes}
            dimensions={{
              min: { width: logoRules.minSidePx, height: logoRules.minSidePx },
              max: { width: logoRules.maxSidePx, height: logoRules.maxSidePx },
            }}
            messages={{
              type: translateContractKey('validation.fileFormatInvalid'),
              weight: translateContractKey('validation.logoTooHeavy', { limite: logoWeight }),
              dimensions: translateContractKey('validation.logoSizeInvalid', {
                min: logoRules.minSidePx,
                max: logoRules.maxSidePx,
              }),
            }}
            value={draft.logo}
            currentUrl={savedLogo}
            error={serverErrors.logo}
            disabled={!canEdit}
            // Removing with no new file chosen removes the saved logo at the next save.
            onChange={(logo) =>
              setDraft((current) => ({ ...current, logo, removeLogo: logo === null && !current.logo }))
            }
          />
          {colourFields.map((field) => (
            <ColorField
              key={field}
              label={t(`admin.appSettingsAdmin.colours.${field}`)}
              hint={t(`admin.appSettingsAdmin.colourHints.${field}`)}
              value={draft[field]}
              error={serverErrors[field]}
              required
              disabled={!canEdit}
              onChange={(value) => setDraft((current) => ({ ...current, [field]: value }))}
            />
          ))}
        </fieldset>
        <fieldset disabled={!canEdit} className="flex min-w-0 flex-col gap-4">
          <legend className="mb-1 text-lg font-semibold text-slate-900">
            {t('admin.appSettingsAdmin.namesTitle')}
          </legend>
          <p className="text-sm text-slate-700">{t('admin.appSettingsAdmin.namesHint')}</p>
          {nameableFunctions.map((permission: PermissionCode, index) => {
            const label = t(`admin.appSettingsAdmin.functions.${permission}`);
            const names = draft.names[permission];
            return (
              // The default name, then its English and Spanish names (blank: the default name).
              <div key={permission} className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
                <TextField
                  label={label}
                  hint={t('admin.appSettingsAdmin.nameDefault', { label: t(defaultLabelKeys[permission]) })}
                  value={names?.nome ?? ''}
                  error={nameError(index)}
                  placeholder={t(defaultLabelKeys[permission])}
                  onChange={(event) => setName(permission, 'nome', event.target.value)}
                />
                <div className="grid gap-3 sm:grid-cols-2">
                  {functionNameLanguages.map((language) => (
                    <TextField
                      key={language}
                      lang={language}
                      label={t(`admin.appSettingsAdmin.nameInLanguage.${language}`, { function: label })}
                      hint={t('admin.appSettingsAdmin.nameInLanguageHint')}
                      value={names?.[language] ?? ''}
                      error={nameError(index, language)}
                      onChange={(event) => setName(permission, language, event.target.value)}
                    />
                  ))}
                </div>
              </div>
            );
          })}
        </fieldset>
        {staleMessage && <StaleRecordAlert message={staleMessage} onReload={reloadRecord} />}
        {failure && <Alert type="error">{failure}</Alert>}
        {canEdit && (
          <div>
            <Button type="submit" loading={save.isPending}>
              {t('admin.appSettingsAdmin.save')}
            </Button>
          </div>
        )}
      </form>
      <TitledSection
        title={t('admin.appSettingsAdmin.preview.title')}
        id="app-settings-preview"
        className="flex min-w-0 flex-col gap-3"
      >
        {problems.length > 0 && (
          <Alert type="warning" title={t('admin.appSettingsAdmin.contrast.title')}>
            <ul className="list-disc pl-5">
              {problems.map((problem) => (
                <li key={problem.key}>
                  {t(`admin.appSettingsAdmin.contrast.${problem.key}`, { ratio: ratio(problem.ratio) })}
                </li>
              ))}
            </ul>
          </Alert>
        )}
        <PortalPreview
          look={{
            companyName,
            logoUrl: logoUrl ?? savedLogo,
            mainColor: draft.corPrincipal,
            fontPrimary: draft.corFontePrimaria,
            fontSecondary: draft.corFonteSecundaria,
            names: draft.names,
          }}
        />
      </TitledSection>
    </div>
  );
}

/** App settings (/admin/configuracoes-app): logo, colours and function names, with a live preview. */
export function AdminAppSettingsPage() {
  const { t } = useTranslation();
  const { canEdit } = useAdminAccess(AdminPermission.appSettings);
  const { data, error, isPending, refetch } = useAppSettings();
  return (
    <>
      <PageHeader
        title={t('admin.appSettingsAdmin.title')}
        description={t('admin.appSettingsAdmin.description')}
        breadcrumb={adminBreadcrumb(t('admin.appSettingsAdmin.title'))}
      />
      {isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : error ? (
        <Alert type="error" actions={<RetryButton onRetry={() => void refetch()} />}>
          {t('apiErrors.loadData')}
        </Alert>
      ) : (
        <AppSettingsForm settings={data} canEdit={canEdit} reload={async () => (await refetch()).data} />
      )}
    </>
  );
}
