import { defaultBackgroundColor } from './composer-state.ts';

/** The background colours a text post may take: light ones, so dark text stays readable (AA). */
export const backgroundColors = [
  { value: defaultBackgroundColor, name: 'white' },
  { value: '#fef3c7', name: 'yellow' },
  { value: '#dcfce7', name: 'green' },
  { value: '#dbeafe', name: 'blue' },
  { value: '#fce7f3', name: 'pink' },
  { value: '#ede9fe', name: 'lilac' },
] as const;

export type BackgroundColorName = (typeof backgroundColors)[number]['name'];

const darkText = '#0f172a';
const lightText = '#ffffff';

function channel(hex: string): number {
  const value = Number.parseInt(hex, 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

function luminance(color: string): number | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!match) return null;
  return 0.2126 * channel(match[1]!) + 0.7152 * channel(match[2]!) + 0.0722 * channel(match[3]!);
}

function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * The text colour for a post's background: dark, unless the background (chosen elsewhere, in
 * the administration) is so dark that white reads better. An unreadable value falls back to white.
 */
export function postColors(background: string | null): { background: string; text: string } {
  const backgroundLuminance = background ? luminance(background) : null;
  if (backgroundLuminance === null) return { background: defaultBackgroundColor, text: darkText };
  const onDark = contrast(backgroundLuminance, luminance(lightText)!);
  const onLight = contrast(backgroundLuminance, luminance(darkText)!);
  return { background: background!, text: onLight >= onDark ? darkText : lightText };
}
