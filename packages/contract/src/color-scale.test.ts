import { describe, expect, it } from 'vitest';
import { contrastRatio, createColorScale, defaultMainColor, shadeSteps, themeStates } from './color-scale.ts';

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

  it('measures contrast as WCAG does: black on white is 21, a colour on itself is 1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
});
