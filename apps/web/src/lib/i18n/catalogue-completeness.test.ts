import { describe, expect, it } from 'vitest';
import { uiEn } from './ui-en.ts';
import { uiEs } from './ui-es.ts';
import { uiPtBRAccess } from './ui-pt-br-access.ts';
import { uiPtBRAreas } from './ui-pt-br-areas.ts';
import { uiPtBR } from './ui-pt-br.ts';

type Tree = { readonly [key: string]: string | Tree | undefined };

/** The catalogue's texts by dotted key. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') texts.set(prefix + key, value);
    else if (value) for (const [inner, text] of flatten(value, `${prefix}${key}.`)) texts.set(inner, text);
  }
  return texts;
}

/** The {{placeholders}} a text interpolates, sorted and without repeats. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((match) => match[1] ?? ''))].sort();
}

const ptBR = new Map([...flatten(uiPtBR), ...flatten(uiPtBRAccess), ...flatten(uiPtBRAreas)]);

/** The pt-BR keys a catalogue lacks. */
function missingKeys(catalogue: Tree): string[] {
  const texts = flatten(catalogue);
  return [...ptBR.keys()].filter((key) => !texts.has(key));
}

/** The keys whose text interpolates other placeholders than pt-BR's, with both lists. */
function placeholderMismatches(catalogue: Tree): string[] {
  const texts = flatten(catalogue);
  return [...ptBR].flatMap(([key, source]) => {
    const text = texts.get(key);
    if (text === undefined) return [];
    const expected = placeholders(source).join(', ');
    const actual = placeholders(text).join(', ');
    return expected === actual ? [] : [`${key}: pt-BR has [${expected}], this has [${actual}]`];
  });
}

describe('the translated catalogues', () => {
  it('reads the pt-BR catalogue', () => {
    expect(ptBR.size).toBeGreaterThan(1000);
  });

  describe.each([
    ['en', uiEn],
    ['es', uiEs],
  ])('%s', (_language, catalogue) => {
    it('has every key of pt-BR', () => {
      expect(missingKeys(catalogue)).toEqual([]);
    });

    it('interpolates the same {{placeholders}} as pt-BR', () => {
      expect(placeholderMismatches(catalogue)).toEqual([]);
    });
  });

  it('names the keys at fault', () => {
    const broken = {
      ...uiEs,
      common: { ...uiEs.common, cancel: undefined },
      brand: { ...uiEs.brand, logoAlt: 'Logotipo de {{nombre}}' },
    } as unknown as Tree;
    expect(missingKeys(broken)).toEqual(['common.cancel']);
    expect(placeholderMismatches(broken)).toEqual(['brand.logoAlt: pt-BR has [name], this has [nombre]']);
  });
});
