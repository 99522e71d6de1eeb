import type { ConteudoTv } from '@elo/contract/calls/tv';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#lib/api-client.ts';
import { relativeTime } from './last-seen.ts';
import {
  isUnauthorisedScreen,
  mediaUrlsOf,
  readDeviceToken,
  readLastContent,
  writeDeviceToken,
  writeLastContent,
} from './tv-device.ts';
import { reconnectDelayMs } from './tv-events.ts';

const content: ConteudoTv = {
  tela: { nome: 'Recepção', segundosPorSlide: 8 },
  empresa: { nome: 'Elo', urlLogo: '/backend/tv/midia/logo?sig=1', corPrincipal: '#1d4ed8' },
  slides: [
    { tipo: 'comunicado', idComunicado: 1, urlImagem: '/backend/tv/midia/c1?sig=1', descricao: null },
    {
      tipo: 'publicacao',
      idPostagem: 2,
      texto: 'Olá',
      urlImagem: null,
      urlMiniaturaVideo: '/backend/tv/midia/v2?sig=1',
      nomeAutor: 'Maria',
      urlFotoAutor: '/backend/tv/midia/logo?sig=1',
      dtPublicacao: '2026-03-10T12:00:00Z',
    },
  ],
  dtGeracao: '2026-03-10T12:00:00Z',
};

describe("the screen's device state", () => {
  it('keeps the last content to rotate offline, and forgets it with the token', () => {
    writeDeviceToken('token-da-tela');
    writeLastContent(content);
    expect(readDeviceToken()).toBe('token-da-tela');
    expect(readLastContent()).toEqual(content);
    writeDeviceToken(null);
    expect(readDeviceToken()).toBeNull();
    expect(readLastContent()).toBeNull();
  });

  it('ignores a stored content that is not one', () => {
    window.localStorage.setItem('@tvConteudo', '{"slides":"?"}');
    expect(readLastContent()).toBeNull();
  });

  it('lists each media address once, for the service worker to keep', () => {
    expect(mediaUrlsOf(content)).toEqual([
      '/backend/tv/midia/logo?sig=1',
      '/backend/tv/midia/c1?sig=1',
      '/backend/tv/midia/v2?sig=1',
    ]);
  });

  it('reads a 401 as a revoked screen, and a network failure not', () => {
    expect(
      isUnauthorisedScreen(new ApiError({ message: 'x', status: 401, errorCode: 'TV_NAO_AUTORIZADA' })),
    ).toBe(true);
    expect(isUnauthorisedScreen(new ApiError({ message: 'Sem conexão' }))).toBe(false);
  });

  it('waits longer before each reconnection, up to 30 s', () => {
    expect([0, 1, 2, 5, 9].map(reconnectDelayMs)).toEqual([1_000, 2_000, 4_000, 30_000, 30_000]);
  });

  it('says how long ago a screen was last seen, in the language', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(relativeTime('2026-03-10T11:55:00Z', now, 'pt-BR')).toBe('há 5 minutos');
    expect(relativeTime('2026-03-10T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(relativeTime('2026-03-09T12:00:00Z', now, 'es')).toBe('ayer');
    expect(relativeTime('2026-03-10T11:59:40Z', now, 'pt-BR')).toBe('agora');
  });
});
