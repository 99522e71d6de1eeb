/**
 * The company colour scale (spec section 3, App settings): 10 shades derived from the main colour,
 * which is step 600. One implementation for the server (the settings' `escalaCores`) and the web
 * (the theme's CSS variables and the settings' preview).
 */

/** Steps of the company colour scale; the main colour is step 600. */
export const shadeSteps = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
export type Shade = (typeof shadeSteps)[number];
export type ColorScale = Record<Shade, string>;

/** Which step each interaction state uses (spec section 3, App settings). */
export const themeStates = { main: 600, hover: 500, active: 400, focus: 500 } as const;

/** A colour as the settings store it: #rrggbb. */
export const hexColorPattern = /^#[0-9a-fA-F]{6}$/;

/**
 * The theme before a company is known. White text on it (and on its hover shade) passes
 * WCAG AA 4.5:1, which the scale's test checks.
 */
export const defaultMainColor = '#1d4ed8';

/** WCAG 2 AA's least contrast for normal text. */
export const wcagAaRatio = 4.5;

type Rgb = readonly [number, number, number];
const white: Rgb = [255, 255, 255];
const black: Rgb = [0, 0, 0];
/** Text colour on light shades when white would not be readable. */
export const darkText = '#111827';

/**
 * How far each step moves from the main colour towards white (lighter steps) or black
 * (darker steps). Hover and active stay close to the main colour so white text on them stays readable.
 */
const mixes: Record<Shade, { towards: Rgb; amount: number }> = {
  50: { towards: white, amount: 0.94 },
  100: { towards: white, amount: 0.88 },
  200: { towards: white, amount: 0.74 },
  300: { towards: white, amount: 0.55 },
  400: { towards: white, amount: 0.18 },
  500: { towards: white, amount: 0.1 },
  600: { towards: white, amount: 0 },
  700: { towards: black, amount: 0.15 },
  800: { towards: black, amount: 0.3 },
  900: { towards: black, amount: 0.45 },
};

/** Parses #rgb or #rrggbb (any case); anything else is null. */
export function parseHexColor(value: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  const channel = (start: number) => parseInt(digits.slice(start, start + 2), 16);
  return [channel(0), channel(2), channel(4)];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  const channel = (i: 0 | 1 | 2) => from[i] + (to[i] - from[i]) * amount;
  return [channel(0), channel(1), channel(2)];
}

function relativeLuminance(rgb: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2]);
}

/** WCAG contrast ratio between two #rrggbb colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const a = relativeLuminance(parseHexColor(first) ?? black);
  const b = relativeLuminance(parseHexColor(second) ?? black);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** The 10-shade scale derived from a main colour (an invalid colour falls back to the default). */
export function createColorScale(mainColor: string): ColorScale {
  const main = parseHexColor(mainColor) ?? parseHexColor(defaultMainColor)!;
  const scale = {} as ColorScale;
  for (const shade of shadeSteps) {
    const { towards, amount } = mixes[shade];
    scale[shade] = toHex(mix(main, towards, amount));
  }
  return scale;
}

/** Text colour for content on the main shade: white when it reads at AA, else near-black. */
export function textOnColor(background: string): string {
  return contrastRatio('#ffffff', background) >= wcagAaRatio ? '#ffffff' : darkText;
}

/** The darkest-needed shade for coloured text on white (links, secondary buttons) that passes AA. */
export function inkOnWhite(scale: ColorScale): string {
  const readable = ([600, 700, 800, 900] as const).find(
    (shade) => contrastRatio(scale[shade], '#ffffff') >= wcagAaRatio,
  );
  return readable ? scale[readable] : darkText;
}
