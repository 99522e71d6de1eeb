import {
  createColorScale,
  defaultMainColor,
  inkOnWhite,
  shadeSteps,
  textOnColor,
  themeStates,
} from '@elo/contract/color-scale';

// The scale's maths lives in the contract, so the server's `escalaCores` and this theme agree.
export {
  contrastRatio,
  createColorScale,
  darkText,
  defaultMainColor,
  parseHexColor,
  shadeSteps,
  themeStates,
  wcagAaRatio,
  type ColorScale,
  type Shade,
} from '@elo/contract/color-scale';

/** The text colours before a company is known (the companies table's defaults). */
export const defaultFontColors = { primary: '#111827', secondary: '#4b5563' } as const;

/** What a company's theme is made of: the main colour and the two text colours. */
export interface ThemeColors {
  mainColor: string;
  fontPrimary?: string;
  fontSecondary?: string;
}

/** A company's colours as its settings name them (the signed-in user's company, or the remembered one). */
export interface CompanyColors {
  corPrincipal: string;
  corFontePrimaria: string;
  corFonteSecundaria: string;
}

/** The theme of a company's colours, or the default theme when no company is known. */
export function companyTheme(company: CompanyColors | null | undefined): ThemeColors {
  return company
    ? {
        mainColor: company.corPrincipal,
        fontPrimary: company.corFontePrimaria,
        fontSecondary: company.corFonteSecundaria,
      }
    : { mainColor: defaultMainColor };
}

/** The CSS custom properties of a theme, as Tailwind's `--color-primary-*` and `--color-font-*` tokens read them. */
export function themeVariables(theme: string | ThemeColors): Record<string, string> {
  const { mainColor, fontPrimary, fontSecondary } = typeof theme === 'string' ? { mainColor: theme } : theme;
  const scale = createColorScale(mainColor);
  const variables: Record<string, string> = {};
  for (const shade of shadeSteps) variables[`--color-primary-${shade}`] = scale[shade];
  variables['--color-on-primary'] = textOnColor(scale[themeStates.main]);
  variables['--color-primary-ink'] = inkOnWhite(scale);
  variables['--color-font-primary'] = fontPrimary ?? defaultFontColors.primary;
  variables['--color-font-secondary'] = fontSecondary ?? defaultFontColors.secondary;
  return variables;
}

/** Applies a company's colours to the whole page (CSS variables on :root). */
export function applyTheme(theme: string | ThemeColors, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(theme))) root.style.setProperty(name, value);
}
