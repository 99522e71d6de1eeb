import { describe, expect, it } from 'vitest';
import { segmentMessage } from './message-segments.ts';

describe('message segments', () => {
  it('keeps text around links as text', () => {
    expect(segmentMessage('Ver https://elo.com.br agora')).toEqual([
      { kind: 'text', text: 'Ver ' },
      { kind: 'link', text: 'https://elo.com.br', href: 'https://elo.com.br' },
      { kind: 'text', text: ' agora' },
    ]);
  });

  it('makes anchors only of http(s) links whose host ends in a dot and two letters', () => {
    const text = 'Veja https://elo.com.br/ajuda. Ou www.outro.com, http://localhost:3000, ftp://a.com';
    expect(segmentMessage(text).filter((segment) => segment.kind === 'link')).toEqual([
      { kind: 'link', text: 'https://elo.com.br/ajuda', href: 'https://elo.com.br/ajuda' },
    ]);
  });

  it('never turns markup into anything but text', () => {
    expect(segmentMessage('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
  });

  it('marks the mentions of the named people, the longest name first', () => {
    expect(segmentMessage('Oi @Carlos Souza e @Ana, veja', ['Ana', 'Carlos', 'Carlos Souza'])).toEqual([
      { kind: 'text', text: 'Oi ' },
      { kind: 'mention', text: '@Carlos Souza' },
      { kind: 'text', text: ' e ' },
      { kind: 'mention', text: '@Ana' },
      { kind: 'text', text: ', veja' },
    ]);
  });

  it('leaves an @ of someone not mentioned as text', () => {
    expect(segmentMessage('e-mail @Pedro', ['Ana'])).toEqual([{ kind: 'text', text: 'e-mail @Pedro' }]);
  });
});
