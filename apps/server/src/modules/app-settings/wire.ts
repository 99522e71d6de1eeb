import type { ConfiguracoesApp, NomeFuncao } from '@elo/contract/calls/app-settings';
import type { FunctionNameLanguage } from '@elo/contract/enums';
import { createColorScale, shadeSteps, themeStates } from '@elo/contract/color-scale';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import { fromOptionalFlag, type Flag } from '../../platform/http/wire.ts';
import type { AppSettingsRow, PermissionName } from './repo.ts';
import type { AppSettings, AppSettingsForm, FunctionName } from './service.ts';

/** The save's body in the domain's words. */
export const appSettingsFormOf = (input: {
  corPrincipal: string;
  corFontePrimaria: string;
  corFonteSecundaria: string;
  flRemoverLogo?: Flag | undefined;
  nomesFuncoes?: NomeFuncao[] | undefined;
  versao?: number | undefined;
}): AppSettingsForm => ({
  mainColor: input.corPrincipal,
  fontPrimaryColor: input.corFontePrimaria,
  fontSecondaryColor: input.corFonteSecundaria,
  removeLogo: fromOptionalFlag(input.flRemoverLogo) ?? false,
  functionNames: input.nomesFuncoes?.map((item): FunctionName => ({
    permission: item.permissao,
    name: item.nome,
    byLanguage: item.nomesPorIdioma ?? {},
  })),
  version: input.versao,
});

/** The settings as the administration reads them, with the scale derived from the main colour. */
export function presentAppSettings({ settings: row, names }: AppSettings): ConfiguracoesApp {
  const scale = createColorScale(row.mainColor);
  return {
    urlLogo: mediaUrl(row.logoKey),
    corPrincipal: row.mainColor,
    corFontePrimaria: row.fontPrimaryColor,
    corFonteSecundaria: row.fontSecondaryColor,
    nomesFuncoes: names.map(({ permission, name, byLanguage }) => ({
      permissao: permission,
      nome: name,
      nomesPorIdioma: byLanguage,
    })),
    versao: row.version,
    escalaCores: Object.fromEntries(
      shadeSteps.map((shade) => [String(shade), scale[shade]]),
    ) as ConfiguracoesApp['escalaCores'],
    coresEstados: {
      principal: scale[themeStates.main],
      hover: scale[themeStates.hover],
      ativo: scale[themeStates.active],
      foco: scale[themeStates.focus],
    },
  };
}

/**
 * The settings' fields as the audit log compares them (names: permission → name; the English and
 * Spanish names likewise, each only for the functions named in that language).
 */
export const auditedSettings = (row: AppSettingsRow, names: PermissionName[]) => {
  const namesIn = (language: FunctionNameLanguage) =>
    Object.fromEntries(
      names.flatMap(({ permission, byLanguage }) =>
        byLanguage[language] ? [[permission, byLanguage[language]]] : [],
      ),
    );
  return {
    logo: mediaUrl(row.logoKey),
    corPrincipal: row.mainColor,
    corFontePrimaria: row.fontPrimaryColor,
    corFonteSecundaria: row.fontSecondaryColor,
    nomesFuncoes: Object.fromEntries(names.map(({ permission, name }) => [permission, name])),
    nomesFuncoesEn: namesIn('en'),
    nomesFuncoesEs: namesIn('es'),
  };
};
