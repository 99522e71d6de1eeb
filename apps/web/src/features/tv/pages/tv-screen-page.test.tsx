import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeBackend, firstLoad, ok, renderApp, type FakeBackend } from '#app/test-harness.tsx';

const content = {
  tela: { nome: 'Recepção', segundosPorSlide: 8 },
  empresa: { nome: 'Elo Demonstração', urlLogo: null, corPrincipal: '#0f766e' },
  slides: [
    {
      tipo: 'publicacao',
      idPostagem: 7,
      texto: 'Bem-vindos à nova sede!',
      urlImagem: null,
      urlMiniaturaVideo: null,
      nomeAutor: 'Maria Silva',
      urlFotoAutor: null,
      dtPublicacao: '2026-03-10T12:00:00Z',
    },
  ],
  dtGeracao: '2026-03-10T12:00:00Z',
};

const revoked = {
  status: 401,
  body: { message: 'Esta tela não está mais autorizada.', error_code: 'TV_NAO_AUTORIZADA' },
};

// The event stream is a GET the fake backend answers like a call: an open stream with no event.
const stream = { 'tv/eventos': () => ({ status: 200, body: '' }) } as unknown as FakeBackend;

describe('the corporate TV screen', { timeout: 40_000 }, () => {
  it('shows a code, and once paired keeps the token and shows the content asked with it', async () => {
    let paired = false;
    const fetchMock = fakeBackend({
      ...stream,
      solicitaCodigoTv: () => ok({ codigo: 'K7M2PQ', dtExpiracao: '2026-03-11T12:00:00Z' }),
      consultaPareamentoTv: () =>
        ok({ flPareada: paired ? 'S' : 'N', tokenTela: paired ? 'token-da-tela' : null }),
      consultaConteudoTv: () => ok(content),
    });
    renderApp('/tv');
    expect(
      await screen.findByRole('heading', { name: 'Parear esta tela' }, { timeout: firstLoad }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('tv-pairing-code')).toHaveTextContent('K7M2PQ');
    expect(screen.getByText('K 7 M 2 P Q')).toBeInTheDocument();
    expect(screen.getByText('O código vale até 11/03/2026 09:00.')).toBeInTheDocument();

    paired = true;
    expect(await screen.findByText('Bem-vindos à nova sede!', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'TV corporativa de Elo Demonstração' }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('tokenTela')).toBe('token-da-tela');
    const contentCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/consultaConteudoTv'));
    expect(new Headers(contentCall?.[1]?.headers).get('authorization')).toBe('Bearer token-da-tela');
  });

  it('says it is no longer authorised when the server refuses its token, forgets it and shows a new code', async () => {
    window.localStorage.setItem('tokenTela', 'token-revogado');
    fakeBackend({
      ...stream,
      consultaConteudoTv: () => revoked,
      solicitaCodigoTv: () => ok({ codigo: 'ABCDEF', dtExpiracao: '2026-03-11T12:00:00Z' }),
      consultaPareamentoTv: () => ok({ flPareada: 'N', tokenTela: null }),
    });
    renderApp('/tv');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Esta tela não está mais autorizada' },
        { timeout: firstLoad },
      ),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('tv-pairing-code')).toHaveTextContent('ABCDEF');
    await waitFor(() => expect(window.localStorage.getItem('tokenTela')).toBeNull());
  });

  it('rotates the last content it kept, with the offline mark, when the server cannot be reached', async () => {
    window.localStorage.setItem('tokenTela', 'token-da-tela');
    window.localStorage.setItem('@tvConteudo', JSON.stringify(content));
    fakeBackend({
      ...stream,
      consultaConteudoTv: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/tv');
    expect(
      await screen.findByText('Bem-vindos à nova sede!', {}, { timeout: firstLoad }),
    ).toBeInTheDocument();
    const mark = await screen.findByText('Sem conexão', {}, { timeout: 15_000 });
    expect(mark.closest('[role="status"]')).toHaveTextContent('Exibindo o último conteúdo recebido.');
    expect(screen.getByText('Bem-vindos à nova sede!')).toBeInTheDocument();
  });
});
