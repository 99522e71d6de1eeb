import { describe, expect, it } from 'vitest';
import { hasVisibleText, inputDepthMax, inspectInput, isStorableText } from './text.ts';

describe('visible text', () => {
  it('counts text made only of whitespace and zero-width characters as empty', () => {
    for (const text of ['', ' \n\t', '\u200b', '\u200c\u200d', '\u2060 \ufeff']) {
      expect(hasVisibleText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('sees any other character, emoji and combining marks included', () => {
    for (const text of ['a', '\u200bé\u200b', '🎉', '❤️', '.']) {
      expect(hasVisibleText(text), JSON.stringify(text)).toBe(true);
    }
  });
});

describe('storable text', () => {
  it('refuses a NUL character and either half of a surrogate pair alone', () => {
    for (const text of ['a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', 'a\ud800\ud800\udc00']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('keeps characters outside the basic plane, whose halves come in pairs', () => {
    expect(isStorableText('Parabéns 🎉𝄞')).toBe(true);
  });
});

describe('inspecting a request’s values', () => {
  it('names every field holding unstorable text, by its path', () => {
    expect(
      inspectInput({ texto: 'ok', questoes: [{ titulo: 'a\u0000' }, { opcoes: ['b', '\ud800'] }] }),
    ).toEqual({ tooDeep: false, unstorableFields: ['questoes.0.titulo', 'questoes.1.opcoes.1'] });
    expect(inspectInput('\u0000')).toEqual({ tooDeep: false, unstorableFields: ['_body'] });
  });

  it('finds nothing in clean values', () => {
    expect(inspectInput({ a: [1, true, null, 'texto', { b: 'c' }] })).toBeUndefined();
  });

  it('stops at values nested past the bound, however deep, without exhausting the stack', () => {
    const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;
    expect(inspectInput(nested(inputDepthMax))).toBeUndefined();
    expect(inspectInput(nested(inputDepthMax + 1))).toEqual({ tooDeep: true });
    expect(inspectInput(nested(100_000))).toEqual({ tooDeep: true });
  });
});
