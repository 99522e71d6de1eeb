import { describe, expect, it } from 'vitest';
import { insertMention, matchCandidates, mentionAt, mentionedIds } from './mention-query.ts';

const people = [
  { idUsuario: 2, nome: 'Carlos Souza' },
  { idUsuario: 3, nome: 'Ana Lúcia' },
  { idUsuario: 4, nome: 'Lucas Prado' },
];

describe('mentions in the composer', () => {
  it('finds the @word being typed before the caret', () => {
    expect(mentionAt('Oi @car', 7)).toEqual({ start: 3, query: 'car' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('email@car', 9)).toBeNull();
    expect(mentionAt('Oi @car e mais', 14)).toBeNull();
  });

  it('matches any word of the name, ignoring accents and case', () => {
    expect(matchCandidates(people, 'luc').map((person) => person.idUsuario)).toEqual([3, 4]);
    expect(matchCandidates(people, 'SOU').map((person) => person.idUsuario)).toEqual([2]);
    expect(matchCandidates(people, '')).toHaveLength(3);
  });

  it('replaces the typed word by the full name and keeps only mentions still in the text', () => {
    const result = insertMention('Oi @car, tudo bem?', { start: 3, query: 'car' }, 'Carlos Souza');
    expect(result).toEqual({ text: 'Oi @Carlos Souza , tudo bem?', caret: 17 });
    expect(mentionedIds(result.text, people)).toEqual([2]);
    expect(mentionedIds('Oi Carlos', people)).toEqual([]);
  });
});
