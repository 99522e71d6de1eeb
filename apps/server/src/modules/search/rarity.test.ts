import { describe, expect, it } from 'vitest';
import { matchesAtMost, type LexemeStats } from './rarity.ts';

/** A table of 1,000,000 rows where 'manutenca' is in 6 %, 'manutencao' (as written) in 6 %, 'reuni' in 5 %. */
const stats: LexemeStats = {
  common: new Map([
    ['manutenca', 0.06],
    ['manutencao', 0.06],
    ['reuni', 0.05],
    ['seguranc', 0.04],
  ]),
  rarest: 0.0001,
  rows: 1_000_000,
};

describe('how many rows the words can match at most', () => {
  it('reads a whole word by its share', () => {
    expect(matchesAtMost(stats, [{ place: 1, lexeme: 'reuni', prefix: false }])).toBe(50_000);
  });

  it('adds up every lexeme a prefix starts', () => {
    expect(matchesAtMost(stats, [{ place: 1, lexeme: 'manut', prefix: true }])).toBeCloseTo(120_000);
  });

  it('takes a word not kept as rarer than the rarest kept', () => {
    expect(matchesAtMost(stats, [{ place: 1, lexeme: 'joa', prefix: false }])).toBeCloseTo(100);
  });

  it('lets words typed together match no more than the rarest of them', () => {
    const lexemes = [
      { place: 1, lexeme: 'reuni', prefix: false },
      { place: 2, lexeme: 'seguranc', prefix: true },
      { place: 3, lexeme: 'joa', prefix: true },
    ];
    expect(matchesAtMost(stats, lexemes)).toBeCloseTo(100);
    expect(matchesAtMost(stats, lexemes.slice(0, 2))).toBeCloseTo(40_000);
  });

  it('counts nothing for nothing asked', () => {
    expect(matchesAtMost(stats, [])).toBe(0);
  });
});
