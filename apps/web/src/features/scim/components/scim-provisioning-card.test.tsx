import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calledNames, fakeBackend, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';
import type { ConfiguracoesApp } from '@elo/contract/calls/app-settings';
import { createColorScale } from '@elo/contract/color-scale';

const both = makeLoggedUser({ flAdministrador: true });
const settingsOnly = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_CONFIGURACOES_APP', status: 'E' }],
});
const readers = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [
    { permissao: 'ADMIN_CONFIGURACOES_APP', status: 'L' },
    { permissao: 'ADMIN_ADMINISTRADORES', status: 'L' },
  ],
});

function settings(): ConfiguracoesApp {
  const scale = createColorScale('#1d4ed8');
  return {
    urlLogo: null,
    corPrincipal: '#1d4ed8',
    corFontePrimaria: '#111827',
    corFonteSecundaria: '#4b5563',
    nomesFuncoes: [],
    escalaCores: { ...scale } as ConfiguracoesApp['escalaCores'],
    coresEstados: { principal: scale[600], hover: scale[500], ativo: scale[400], foco: scale[500] },
    versao: 1,
  };
}

const baseUrl = 'https://portal.exemplo.com/scim/v2';
const token = 'elo_scim_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const noToken = {
  urlBase: baseUrl,
  flTokenAtivo: 'N',
  dtCriacaoToken: null,
  dtUltimoUsoToken: null,
} as const;
const liveToken = {
  urlBase: baseUrl,
  flTokenAtivo: 'S',
  dtCriacaoToken: '2026-11-20T13:30:00.000Z',
  dtUltimoUsoToken: null,
} as const;

const firstLoad = 20_000;

async function openCard(user = both) {
  renderApp('/admin/configuracoes-app/sso', { user });
  return screen.findByRole('region', { name: 'Provisionamento (SCIM)' }, { timeout: firstLoad });
}

afterEach(() => vi.unstubAllGlobals());

describe('the SCIM provisioning card', { timeout: 40_000 }, () => {
  it('shows the base URL to copy, makes a token once with a warning, and copies it', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const fetchMock = fakeBackend({
      consultaConfiguracoesAppAdmin: () => ok({ configuracoes: settings() }),
      consultaProvisionamentoScimAdmin: () => ok(noToken),
      geraTokenScimAdmin: () => ok({ ...liveToken, token }),
    });
    const card = await openCard();
    const url = await within(card).findByRole('textbox', { name: 'URL base do SCIM' });
    expect(url).toHaveValue(baseUrl);
    expect(within(card).getByText(/Nenhum token ativo/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Copiar URL' }));
    expect(writeText).toHaveBeenCalledWith(baseUrl);

    await userEvent.click(within(card).getByRole('button', { name: 'Gerar token' }));
    expect(await within(card).findByRole('textbox', { name: 'Token SCIM' })).toHaveValue(token);
    expect(within(card).getByText(/só é mostrado uma vez/)).toBeInTheDocument();
    expect(
      within(card).getByText('Token ativo desde 20/11/2026 10:30. Ainda não usado.'),
    ).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Copiar token' }));
    expect(writeText).toHaveBeenLastCalledWith(token);
    expect(calledNames(fetchMock)).toContain('geraTokenScimAdmin');
  });

  it('asks before replacing or revoking a live token', async () => {
    let state: typeof noToken | typeof liveToken = liveToken;
    const fetchMock = fakeBackend({
      consultaConfiguracoesAppAdmin: () => ok({ configuracoes: settings() }),
      consultaProvisionamentoScimAdmin: () => ok(state),
      revogaTokenScimAdmin: () => {
        state = noToken;
        return ok({ ok: true });
      },
    });
    const card = await openCard();
    await userEvent.click(await within(card).findByRole('button', { name: 'Gerar novo token' }));
    const replace = await screen.findByRole('dialog', { name: 'Gerar um novo token?' });
    await userEvent.click(within(replace).getByRole('button', { name: 'Cancelar' }));
    expect(calledNames(fetchMock)).not.toContain('geraTokenScimAdmin');

    await userEvent.click(within(card).getByRole('button', { name: 'Revogar token' }));
    const revoke = await screen.findByRole('dialog', { name: 'Revogar o token SCIM?' });
    await userEvent.click(within(revoke).getByRole('button', { name: 'Revogar token' }));
    await waitFor(() => expect(within(card).getByText(/Nenhum token ativo/)).toBeInTheDocument());
    expect(calledNames(fetchMock)).toContain('revogaTokenScimAdmin');
    expect(within(card).queryByRole('button', { name: 'Revogar token' })).not.toBeInTheDocument();
  });

  it('is read-only for those reading both areas', async () => {
    fakeBackend({
      consultaConfiguracoesAppAdmin: () => ok({ configuracoes: settings() }),
      consultaProvisionamentoScimAdmin: () => ok(liveToken),
    });
    const card = await openCard(readers);
    expect(await within(card).findByRole('textbox', { name: 'URL base do SCIM' })).toHaveValue(baseUrl);
    expect(within(card).queryByRole('button', { name: /token/ })).not.toBeInTheDocument();
  });

  it('is absent for those without the administrators area', async () => {
    const fetchMock = fakeBackend({ consultaConfiguracoesAppAdmin: () => ok({ configuracoes: settings() }) });
    renderApp('/admin/configuracoes-app', { user: settingsOnly });
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Configurações do aplicativo' },
      { timeout: firstLoad },
    );
    await screen.findByRole('region', { name: 'Pré-visualização do portal' });
    expect(screen.queryByRole('region', { name: 'Provisionamento (SCIM)' })).not.toBeInTheDocument();
    expect(calledNames(fetchMock)).not.toContain('consultaProvisionamentoScimAdmin');
  });
});
