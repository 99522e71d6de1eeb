import type { ConfiguracoesApp } from '@elo/contract/calls/app-settings';
import { createColorScale } from '@elo/contract/color-scale';
import { Permission } from '@elo/contract/enums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, invalid, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';
import { contrastProblems } from './admin-app-settings-page.tsx';

const editor = makeLoggedUser({ flAdministrador: true });
const reader = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_CONFIGURACOES_APP', status: 'L' }],
});

function settings(overrides: Partial<ConfiguracoesApp> = {}): ConfiguracoesApp {
  const scale = createColorScale(overrides.corPrincipal ?? '#1d4ed8');
  return {
    urlLogo: null,
    corPrincipal: '#1d4ed8',
    corFontePrimaria: '#111827',
    corFonteSecundaria: '#4b5563',
    nomesFuncoes: [{ permissao: Permission.chat, nome: 'Mensagens', nomesPorIdioma: {} }],
    escalaCores: Object.fromEntries(
      Object.entries(scale).map(([shade, colour]) => [shade, colour]),
    ) as ConfiguracoesApp['escalaCores'],
    coresEstados: { principal: scale[600], hover: scale[500], ativo: scale[400], foco: scale[500] },
    versao: 1,
    ...overrides,
  };
}

const firstLoad = 20_000;

async function openPage(user = editor) {
  renderApp('/admin/configuracoes-app', { user });
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Configurações do aplicativo' },
    { timeout: firstLoad },
  );
  return screen.findByRole('region', { name: 'Pré-visualização do portal' });
}

/** The settings as stored, answered back unchanged on a save; answers the bodies saved. */
function settingsBackend(): unknown[] {
  const sent: unknown[] = [];
  fakeBackend({
    consultaConfiguracoesAppAdmin: () => ok({ configuracoes: settings() }),
    salvaConfiguracoesAppAdmin: (body) => {
      sent.push(body);
      return ok({ configuracoes: settings() });
    },
  });
  return sent;
}

describe('app settings page', { timeout: 40_000 }, () => {
  it('previews colours and function names as they are typed, before saving', async () => {
    fakeBackend({ consultaConfiguracoesAppAdmin: () => ok({ configuracoes: settings() }) });
    const preview = await openPage();
    const themed = preview.querySelector<HTMLElement>('[data-preview-theme]')!;
    expect(themed.style.getPropertyValue('--color-primary-600')).toBe('#1d4ed8');
    const nav = within(preview).getByRole('list', { name: 'Menu do portal (pré-visualização)' });
    expect(within(nav).getByText('Mensagens')).toBeInTheDocument();
    expect(within(nav).getByText('Pesquisas')).toBeInTheDocument();

    const main = screen.getByRole('textbox', { name: /Cor principal/ });
    await userEvent.clear(main);
    await userEvent.type(main, '#0f766e');
    expect(themed.style.getPropertyValue('--color-primary-600')).toBe('#0f766e');
    expect(themed.style.getPropertyValue('--color-primary-500')).toBe(createColorScale('#0f766e')[500]);

    const chat = screen.getByRole('textbox', { name: 'Chat' });
    await userEvent.clear(chat);
    await userEvent.type(chat, 'Conversas');
    expect(within(nav).getByText('Conversas')).toBeInTheDocument();
    // An empty name is the portal's own label.
    await userEvent.clear(chat);
    expect(within(nav).getByText('Chat')).toBeInTheDocument();
  });

  it('warns when a text colour fails WCAG AA on its background, and refuses a name of 17 characters', async () => {
    fakeBackend({ consultaConfiguracoesAppAdmin: () => ok({ configuracoes: settings() }) });
    await openPage();
    expect(screen.queryByText(/Contraste abaixo do recomendado/)).not.toBeInTheDocument();
    const primary = screen.getByRole('textbox', { name: /Cor da fonte primária/ });
    await userEvent.clear(primary);
    await userEvent.type(primary, '#dddddd');
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Contraste abaixo do recomendado (WCAG AA, 4,5:1)');
    expect(warning).toHaveTextContent('A fonte primária sobre o fundo branco tem contraste de 1,36:1.');

    const surveys = screen.getByRole('textbox', { name: 'Pesquisas' });
    await userEvent.type(surveys, 'x'.repeat(17));
    expect(surveys).toHaveAccessibleDescription(/Informe um nome com no máximo 16 caracteres/);
  });

  it('refuses to save a name over 16 characters: the message beside the field, which takes the focus', async () => {
    const sent = settingsBackend();
    await openPage();
    const surveys = screen.getByRole('textbox', { name: 'Pesquisas' });
    await userEvent.type(surveys, 'Pesquisas internas');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    await waitFor(() => expect(surveys).toHaveFocus());
    expect(surveys).toHaveAccessibleDescription(/Informe um nome com no máximo 16 caracteres/);
    expect(sent).toHaveLength(0);
  });

  it('refuses an English or Spanish name over 16 characters, or one without a default name, beside its field', async () => {
    const sent = settingsBackend();
    await openPage();
    const chatInSpanish = screen.getByRole('textbox', { name: 'Chat em espanhol' });
    await userEvent.type(chatInSpanish, 'Mensajes del equipo');
    expect(chatInSpanish).toHaveAccessibleDescription(/Informe um nome com no máximo 16 caracteres/);
    const surveysInEnglish = screen.getByRole('textbox', { name: 'Pesquisas em inglês' });
    await userEvent.type(surveysInEnglish, 'Surveys');
    const surveys = screen.getByRole('textbox', { name: 'Pesquisas' });
    expect(surveys).toHaveAccessibleDescription(/Informe o nome padrão para dar nomes em outros idiomas/);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    await waitFor(() => expect(chatInSpanish).toHaveFocus());
    expect(sent).toHaveLength(0);
  });

  it('saves colours and every function name, then shows the saved settings', async () => {
    const sent: Record<string, unknown>[] = [];
    fakeBackend({
      consultaConfiguracoesAppAdmin: () => ok({ configuracoes: settings() }),
      salvaConfiguracoesAppAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        return ok({
          configuracoes: settings({
            corPrincipal: '#0f766e',
            nomesFuncoes: [
              { permissao: Permission.chat, nome: 'Conversas', nomesPorIdioma: { en: 'Messages' } },
            ],
          }),
        });
      },
      recuperaDadosUsuarioLogado: () => ok(editor),
    });
    await openPage();
    const main = screen.getByRole('textbox', { name: /Cor principal/ });
    await userEvent.clear(main);
    await userEvent.type(main, '#0f766e');
    const chat = screen.getByRole('textbox', { name: 'Chat' });
    await userEvent.clear(chat);
    await userEvent.type(chat, ' Conversas ');
    const chatInEnglish = screen.getByRole('textbox', { name: 'Chat em inglês' });
    expect(chatInEnglish).toHaveAccessibleDescription('Opcional. Em branco: o nome padrão acima.');
    await userEvent.type(chatInEnglish, ' Messages ');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Configurações do aplicativo salvas.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      corPrincipal: '#0f766e',
      corFontePrimaria: '#111827',
      corFonteSecundaria: '#4b5563',
    });
    expect(JSON.parse(sent[0]!.nomesFuncoes as string)).toEqual([
      { permissao: Permission.chat, nome: 'Conversas', nomesPorIdioma: { en: 'Messages', es: '' } },
      { permissao: Permission.surveys, nome: '', nomesPorIdioma: { en: '', es: '' } },
      { permissao: Permission.publishTimeline, nome: '', nomesPorIdioma: { en: '', es: '' } },
    ]);
    // The saved names come back into the form.
    expect(screen.getByRole('textbox', { name: 'Chat em inglês' })).toHaveValue('Messages');
    expect(screen.getByRole('textbox', { name: 'Chat em espanhol' })).toHaveValue('');
  });

  it('sends the versao it read; a stale save keeps the typed colour and offers to reload the current settings', async () => {
    const sent: Record<string, unknown>[] = [];
    const stale = 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.';
    let current = settings({ versao: 5 });
    fakeBackend({
      consultaConfiguracoesAppAdmin: () => ok({ configuracoes: current }),
      salvaConfiguracoesAppAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        if (Number((body as { versao?: string }).versao) !== current.versao)
          return { status: 409, body: { message: stale, error_code: 'REGISTRO_ALTERADO' } };
        return ok({ configuracoes: { ...current, versao: current.versao + 1 } });
      },
      recuperaDadosUsuarioLogado: () => ok(editor),
    });
    await openPage();
    // Someone else saves another main colour meanwhile.
    current = settings({ corPrincipal: '#be123c', versao: 6 });
    const secondary = screen.getByRole('textbox', { name: /Cor da fonte secundária/ });
    await userEvent.clear(secondary);
    await userEvent.type(secondary, '#333333');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));

    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ versao: '5', corFonteSecundaria: '#333333' });
    expect(screen.getByRole('textbox', { name: /Cor da fonte secundária/ })).toHaveValue('#333333');

    await userEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Cor principal/ })).toHaveValue('#be123c'),
    );
    expect(screen.getByRole('textbox', { name: /Cor da fonte secundária/ })).toHaveValue('#4b5563');
    expect(screen.queryByText(stale)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Configurações do aplicativo salvas.')).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ versao: '6', corPrincipal: '#be123c' });
  });

  it('shows the server’s refusal beside the field', async () => {
    fakeBackend({
      consultaConfiguracoesAppAdmin: () => ok({ configuracoes: settings() }),
      salvaConfiguracoesAppAdmin: () =>
        invalid({ logo: ['Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG'] }),
    });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    const logo = screen.getByLabelText(/Logotipo/);
    await waitFor(() => expect(logo).toHaveFocus());
    expect(logo).toHaveAccessibleDescription(
      /Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG/,
    );
  });

  it('removes the saved logo: gone from the field and the preview, and asked of the server on save', async () => {
    const sent: Record<string, unknown>[] = [];
    fakeBackend({
      consultaConfiguracoesAppAdmin: () =>
        ok({ configuracoes: settings({ urlLogo: '/backend/midia/1/logo.png' }) }),
      salvaConfiguracoesAppAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        return ok({ configuracoes: settings() });
      },
      recuperaDadosUsuarioLogado: () => ok(editor),
    });
    const preview = await openPage();
    expect(within(preview).getByRole('img')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remover imagem' }));
    expect(within(preview).queryByRole('img')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Configurações do aplicativo salvas.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ flRemoverLogo: 'S' });
    expect(sent[0]).not.toHaveProperty('logo');
  });

  it('refuses a logo in the server’s words before sending it', async () => {
    fakeBackend({ consultaConfiguracoesAppAdmin: () => ok({ configuracoes: settings() }) });
    await openPage();
    const logo = screen.getByLabelText(/Logotipo/);
    await userEvent.upload(logo, new File(['x'], 'logo.gif', { type: 'image/gif' }), { applyAccept: false });
    await waitFor(() =>
      expect(logo).toHaveAccessibleDescription(
        /Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG/,
      ),
    );
    const heavy = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'logo.png', { type: 'image/png' });
    await userEvent.upload(logo, heavy);
    await waitFor(() =>
      expect(logo).toHaveAccessibleDescription(/Arquivo inválido. O logotipo pode ter no máximo 2 MB/),
    );
  });

  it('lets a read-only administrator look, without changing anything', async () => {
    fakeBackend({ consultaConfiguracoesAppAdmin: () => ok({ configuracoes: settings() }) });
    await openPage(reader);
    expect(screen.getByRole('textbox', { name: /Cor principal/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Chat' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar configurações' })).not.toBeInTheDocument();
  });
});

describe('contrast problems', () => {
  it('names each text colour under 4.5:1 on its background, the buttons in their states included', () => {
    expect(
      contrastProblems({
        corPrincipal: '#1d4ed8',
        corFontePrimaria: '#111827',
        corFonteSecundaria: '#4b5563',
      }),
    ).toEqual([]);
    const light = contrastProblems({
      corPrincipal: '#1d4ed8',
      corFontePrimaria: '#111827',
      corFonteSecundaria: '#aaaaaa',
    });
    expect(light.map((problem) => problem.key)).toEqual(['fontSecondary']);
    // Teal reads white text at 5.5:1, but its hover (500) and active (400) shades fall under 4.5:1.
    const teal = contrastProblems({
      corPrincipal: '#0f766e',
      corFontePrimaria: '#111827',
      corFonteSecundaria: '#4b5563',
    });
    expect(teal.map((problem) => problem.key)).toEqual(['onHover', 'onActive']);
  });
});
