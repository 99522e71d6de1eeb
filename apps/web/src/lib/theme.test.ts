import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyTheme, defaultMainColor, themeVariables } from './theme.ts';

// The scale's maths is tested in the contract (color-scale.test.ts); this is how the page gets it.
describe('company theme', () => {
  it('writes dark text on a light company colour, where white would not be readable', () => {
    expect(themeVariables('#fde047')['--color-on-primary']).toBe('#111827');
    expect(themeVariables(defaultMainColor)['--color-on-primary']).toBe('#ffffff');
  });

  it('applies the scale and the text colours as CSS variables on the page root', () => {
    applyTheme({ mainColor: '#0f766e', fontPrimary: '#222222', fontSecondary: '#555555' });
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-primary-600')).toBe('#0f766e');
    expect(style.getPropertyValue('--color-primary-50')).not.toBe('');
    expect(style.getPropertyValue('--color-font-primary')).toBe('#222222');
    expect(style.getPropertyValue('--color-font-secondary')).toBe('#555555');
  });

  it('matches the default theme written in the stylesheet', () => {
    // Read from disk: Vitest does not process stylesheets.
    const stylesheet = readFileSync(resolve(import.meta.dirname, '../styles.css'), 'utf8');
    for (const [name, value] of Object.entries(themeVariables(defaultMainColor))) {
      expect(stylesheet).toContain(`${name}: ${value};`);
    }
  });
});
