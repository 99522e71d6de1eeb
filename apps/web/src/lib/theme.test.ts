import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyTheme,
  contrastRatio,
  createColorScale,
  defaultMainColor,
  shadeSteps,
  themeStates,
  themeVariables,
} from './theme.ts';

describe('company colour scale', () => {
  it('has the 10 shades from 50 to 900, with the main colour as 600', () => {
    const scale = createColorScale('#0F766E');
    expect(Object.keys(scale).map(Number)).toEqual([50, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
    expect(scale[600]).toBe('#0f766e');
    expect(scale[themeStates.main]).toBe('#0f766e');
  });

  it('goes from light to dark', () => {
    const scale = createColorScale('#d97706');
    const ratios = shadeSteps.map((shade) => contrastRatio(scale[shade], '#ffffff'));
    expect([...ratios].sort((a, b) => a - b)).toEqual(ratios);
  });

  it('falls back to the default colour when the company colour is not a colour', () => {
    expect(createColorScale('blue')[600]).toBe(defaultMainColor);
  });

  it('keeps white text readable (WCAG AA) on the default main, hover and darker shades', () => {
    const scale = createColorScale(defaultMainColor);
    for (const shade of [themeStates.hover, themeStates.active, 600, 700, 800, 900] as const) {
      expect(contrastRatio('#ffffff', scale[shade])).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes dark text on a light company colour, where white would not be readable', () => {
    expect(themeVariables('#fde047')['--color-on-primary']).toBe('#111827');
    expect(themeVariables(defaultMainColor)['--color-on-primary']).toBe('#ffffff');
  });

  it('applies the scale as CSS variables on the page root', () => {
    applyTheme('#0f766e');
    expect(document.documentElement.style.getPropertyValue('--color-primary-600')).toBe('#0f766e');
    expect(document.documentElement.style.getPropertyValue('--color-primary-50')).not.toBe('');
  });

  it('matches the default theme written in the stylesheet', () => {
    // Read from disk: Vitest does not process stylesheets.
    const stylesheet = readFileSync(resolve(import.meta.dirname, '../styles.css'), 'utf8');
    for (const [name, value] of Object.entries(themeVariables(defaultMainColor))) {
      expect(stylesheet).toContain(`${name}: ${value};`);
    }
  });
});
