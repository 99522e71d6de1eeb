import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, firstLoad, invalid, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';
import type { SsoSettingsAnswer } from '../hooks/use-sso-settings.ts';

const settingsOnly = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_CONFIGURACOES_APP', status: 'E' }],
});
const readerOfBoth = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [
    { permissao: 'ADMIN_CONFIGURACOES_APP', status: 'L' },
    { permissao: 'ADMIN_ADMINISTRADORES', status: 'L' },
  ],
});

const urls = {
  urlInicio: 'https://portal.acme.com.br/backend/sso/1/inicio',
  urlRetornoOidc: 'https://portal.acme.com.br/backend/sso/oidc/retorno',
  urlPosSaida: 'https://portal.acme.com.br/',
  urlAcsSaml: 'https://portal.acme.com.br/backend/sso/saml/acs',
  entityIdSaml: 'https://portal.acme.com.br/backend/sso/1/saml/metadata.xml',
  urlMetadadosSaml: 'https://portal.acme.com.br/backend/sso/1/saml/metadata.xml',
};

function answer(configuracao: SsoSettingsAnswer['configuracao'] = null): SsoSettingsAnswer {
  return {
    configuracao,
    urls,
    listGrupos: [
      { idGrupo: 10, nome: 'Todos' },
      { idGrupo: 11, nome: 'Financeiro' },
    ],
    listAdministradores: [
      { idUsuario: 1, nome: 'Mestre da Empresa', email: 'mestre@acme.com.br' },
      { idUsuario: 7, nome: 'Maria Silva', email: 'maria.silva@demo.elo' },
    ],
  };
}

const saved: NonNullable<SsoSettingsAnswer['configuracao']> = {
  protocolo: 'OIDC',
  flAtivo: 'S',
  dominiosEmail: ['acme.com.br'],
  emissor: 'https://login.acme.com.br',
  clientId: 'portal',
  flClientSecretDefinido: 'S',
  metadadosSaml: null,
  claimLogin: 'email',
  claimGrupos: 'groups',
  mapeamentoGrupos: [{ valor: 'financeiro', idGrupo: 11 }],
  flCriarUsuarios: 'S',
  flSomenteSso: 'N',
  idsUsuariosExcecao: [],
  versao: 3,
};

async function openSso(user = makeLoggedUser({ flAdministrador: true })) {
  renderApp('/admin/configuracoes-app/sso', { user });
  await screen.findByRole('heading', { level: 1, name: 'Login corporativo (SSO)' }, { timeout: firstLoad });
}

describe('corporate sign-in settings', { timeout: 40_000 }, () => {
  it('is a section of the app settings for those who hold both permissions', async () => {
    fakeBackend({ consultaConfiguracoesAppAdmin: () => ({ status: 500, body: {} }) });
    renderApp('/admin/configuracoes-app', { user: makeLoggedUser({ flAdministrador: true }) });
    const sections = await screen.findByRole(
      'navigation',
      { name: 'Seções das configurações do aplicativo' },
      { timeout: firstLoad },
    );
    expect(within(sections).getByRole('link', { name: 'Login corporativo (SSO)' })).toHaveAttribute(
      'href',
      '/admin/configuracoes-app/sso',
    );
  });

  it('hides the section from an administrator of the app settings alone, and asks nothing', async () => {
    const fetchMock = fakeBackend({});
    renderApp('/admin/configuracoes-app/sso', { user: settingsOnly });
    expect(
      await screen.findByText(
        'Para ver o login corporativo, você precisa das permissões de configurações do aplicativo e de administradores.',
        undefined,
        { timeout: firstLoad },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Seções das configurações do aplicativo' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('consultaConfiguracaoSsoAdmin'))).toBe(
      false,
    );
  });

  it('shows the addresses to copy and saves an OIDC provider, the secret only when typed', async () => {
    const sent: unknown[] = [];
    fakeBackend({
      consultaConfiguracaoSsoAdmin: () => ok(answer()),
      salvaConfiguracaoSsoAdmin: (body) => {
        sent.push(body);
        return ok(answer(saved));
      },
    });
    await openSso();
    expect(await screen.findByRole('textbox', { name: 'Redirect URI (OIDC)' })).toHaveValue(
      urls.urlRetornoOidc,
    );
    expect(screen.getByRole('button', { name: 'Copiar Redirect URI (OIDC)' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Login corporativo ligado' }));
    await user.type(screen.getByRole('textbox', { name: /Domínios de e-mail/ }), 'acme.com.br');
    await user.type(screen.getByRole('textbox', { name: /Emissor/ }), 'https://login.acme.com.br');
    await user.type(screen.getByRole('textbox', { name: /Client ID/ }), 'portal');
    await user.type(screen.getByLabelText(/Client secret/), 'segredo');
    await user.click(screen.getByRole('button', { name: 'Adicionar mapeamento' }));
    await user.type(screen.getByRole('textbox', { name: 'Valor no provedor (1)' }), 'financeiro');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Grupo do portal (1)' }), 'Financeiro');
    await user.click(screen.getByRole('checkbox', { name: 'Criar a pessoa no primeiro login' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      protocolo: 'OIDC',
      flAtivo: 'S',
      dominiosEmail: ['acme.com.br'],
      emissor: 'https://login.acme.com.br',
      clientId: 'portal',
      clientSecret: 'segredo',
      claimLogin: 'email',
      claimGrupos: 'groups',
      mapeamentoGrupos: [{ valor: 'financeiro', idGrupo: 11 }],
      flCriarUsuarios: 'S',
      flSomenteSso: 'N',
      idsUsuariosExcecao: [],
    });
    // Saved, the secret field is empty again and says one is kept.
    expect(
      await screen.findByText('Um segredo está salvo. Deixe em branco para mantê-lo.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Client secret/)).toHaveValue('');
  });

  it('shows the server’s refusals beside their fields', async () => {
    fakeBackend({
      consultaConfiguracaoSsoAdmin: () => ok(answer(saved)),
      salvaConfiguracaoSsoAdmin: () =>
        invalid({
          'dominiosEmail.0': ['Este domínio já é usado por outra empresa'],
          idsUsuariosExcecao: [
            'Escolha pelo menos um administrador que continue entrando com senha, para o caso de o provedor falhar',
          ],
        }),
    });
    await openSso();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Entrar somente pela conta corporativa' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const domains = screen.getByRole('textbox', { name: /Domínios de e-mail/ });
    await waitFor(() => expect(domains).toHaveAttribute('aria-invalid', 'true'));
    expect(domains).toHaveAccessibleDescription(
      expect.stringContaining('Este domínio já é usado por outra empresa'),
    );
    expect(
      screen.getByText(
        'Escolha pelo menos um administrador que continue entrando com senha, para o caso de o provedor falhar',
      ),
    ).toBeInTheDocument();
  });

  it('tests the saved settings and reports each check in words', async () => {
    fakeBackend({
      consultaConfiguracaoSsoAdmin: () => ok(answer(saved)),
      testaConfiguracaoSsoAdmin: () =>
        ok({
          flOk: 'N',
          listVerificacoes: [
            { item: 'Situação', flOk: 'S', mensagem: 'Ligado.' },
            {
              item: 'Emissor',
              flOk: 'N',
              mensagem: 'Não foi possível ler https://login.acme.com.br: timeout',
            },
          ],
        }),
    });
    await openSso();
    await userEvent.click(await screen.findByRole('button', { name: 'Testar configuração' }));
    const report = (await screen.findByText('A configuração tem problemas:')).closest('[role="status"]')!;
    expect(report).toHaveTextContent('A configuração tem problemas:');
    expect(report).toHaveTextContent(
      'Emissor — Problema: Não foi possível ler https://login.acme.com.br: timeout',
    );
    expect(report).toHaveTextContent('Situação — Certo: Ligado.');
  });

  it('is read-only at L: no save nor test', async () => {
    fakeBackend({ consultaConfiguracaoSsoAdmin: () => ok(answer(saved)) });
    await openSso(readerOfBoth);
    expect(await screen.findByRole('textbox', { name: /Emissor/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Testar configuração' })).toBeNull();
  });
});
