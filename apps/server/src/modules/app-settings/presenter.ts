import type { ConfiguracoesApp } from '@elo/contract/calls/app-settings';
import { createColorScale, shadeSteps, themeStates } from '@elo/contract/color-scale';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { StoredAppSettings } from './repo.ts';

/** The settings as the administration reads them, with the scale derived from the main colour. */
export function presentAppSettings(
  row: StoredAppSettings,
  names: { permission: string; name: string }[],
): ConfiguracoesApp {
  const scale = createColorScale(row.mainColor);
  return {
    urlLogo: mediaUrl(row.logoKey),
    corPrincipal: row.mainColor,
    corFontePrimaria: row.fontPrimaryColor,
    corFonteSecundaria: row.fontSecondaryColor,
    nomesFuncoes: names.map(({ permission, name }) => ({ permissao: permission, nome: name })),
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
