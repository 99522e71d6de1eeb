import type { MinhaConta } from '@elo/contract/calls/my-account';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';

function account(overrides: Partial<MinhaConta> = {}): MinhaConta {
  return {
    idUsuario: 5,
    nome: 'Helena Prado',
    email: 'helena@empresa.com',
    matricula: 'M-77',
    celular: null,
    dtNascimento: '1990-04-12',
    dtAdmissao: null,
    unidade: 'Matriz',
    filial: null,
    setor: 'Financeiro',
    cargo: 'Analista',
    textoPerfil: 'Gosto de trilhas',
    urlFoto: null,
    camposEditaveis: ['TEXTO_PERFIL', 'FOTO'],
    flOcultaComemoracoesTv: 'N',
    solicitacaoExclusao: null,
    ...overrides,
  };
}

const user = makeLoggedUser({});
const firstLoad = 20_000;

describe('Minha conta', { timeout: 40_000 }, () => {
  it('shows the profile as kept, edits only the allowed fields, and links to the data download', async () => {
    const saved: unknown[] = [];
    fakeBackend({
      consultaMinhaConta: () => ok({ conta: account() }),
      salvaMinhaConta: (body) => {
        saved.push(body);
        return ok({ conta: account({ textoPerfil: 'Corro maratonas' }) });
      },
    });
    renderApp('/painel/minha-conta', { user });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Minha conta' }, { timeout: firstLoad }),
    ).toBeVisible();
    const facts = within(await screen.findByRole('region', { name: 'Meus dados' }));
    expect(facts.getByText('Financeiro')).toBeInTheDocument();
    expect(facts.getByText('12/04/1990')).toBeInTheDocument();
    expect(facts.getByText('M-77')).toBeInTheDocument();

    // The company lets this person change their profile text and photo, not their mobile.
    expect(screen.queryByRole('textbox', { name: 'Celular' })).not.toBeInTheDocument();
    expect(screen.getByText('Foto do perfil')).toBeInTheDocument();
    const text = screen.getByRole('textbox', { name: 'Texto do perfil' });
    await userEvent.clear(text);
    await userEvent.type(text, 'Corro maratonas');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(saved).toEqual([{ textoPerfil: 'Corro maratonas' }]));
    expect(await screen.findByText('Perfil salvo.')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Baixar meus dados' })).toHaveAttribute(
      'href',
      '/backend/minha-conta/exportacao.json',
    );
    expect(screen.getByRole('button', { name: 'Preferências de notificação' })).toBeInTheDocument();
  });

  it('asks for the deletion after a confirmation, then shows the open request with a withdraw button', async () => {
    let open: MinhaConta['solicitacaoExclusao'] = null;
    const requested: unknown[] = [];
    fakeBackend({
      consultaMinhaConta: () => ok({ conta: account({ solicitacaoExclusao: open }) }),
      solicitaExclusaoConta: (body) => {
        requested.push(body);
        open = {
          idSolicitacao: 3,
          comentario: 'Saí da empresa',
          dtSolicitacao: '2026-03-10T15:00:00.000Z',
          status: 'PENDENTE',
        };
        return ok({ idSolicitacao: 3, status: 'PENDENTE' });
      },
      retiraSolicitacaoExclusaoConta: () => {
        open = null;
        return ok({ ok: true });
      },
    });
    renderApp('/painel/minha-conta', { user });
    const section = within(
      await screen.findByRole('region', { name: 'Excluir minha conta' }, { timeout: firstLoad }),
    );

    await userEvent.click(section.getByRole('button', { name: 'Solicitar exclusão' }));
    expect(await section.findByText('Campo obrigatório')).toBeInTheDocument();
    expect(requested).toEqual([]);

    await userEvent.type(section.getByRole('textbox', { name: /Comentário/ }), 'Saí da empresa');
    await userEvent.click(section.getByRole('button', { name: 'Solicitar exclusão' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Solicitar a exclusão da sua conta?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Solicitar exclusão' }));
    await waitFor(() => expect(requested).toEqual([{ comentario: 'Saí da empresa' }]));
    expect(
      await section.findByText(/Você solicitou a exclusão da sua conta em 10\/03\/2026 12:00/),
    ).toBeInTheDocument();
    expect(section.getByText('Saí da empresa')).toBeInTheDocument();

    await userEvent.click(section.getByRole('button', { name: 'Retirar solicitação' }));
    const withdraw = within(
      await screen.findByRole('dialog', { name: 'Retirar a solicitação de exclusão?' }),
    );
    await userEvent.click(withdraw.getByRole('button', { name: 'Retirar solicitação' }));
    expect(await section.findByRole('button', { name: 'Solicitar exclusão' })).toBeInTheDocument();
  });

  it('keeps the birthday and work anniversary off the TV screens when the person ticks it', async () => {
    let hidden: 'S' | 'N' = 'N';
    const saved: unknown[] = [];
    fakeBackend({
      consultaMinhaConta: () => ok({ conta: account({ flOcultaComemoracoesTv: hidden }) }),
      salvaMinhaConta: (body) => {
        saved.push(body);
        hidden = (body as { flOcultaComemoracoesTv: 'S' | 'N' }).flOcultaComemoracoesTv;
        return ok({ conta: account({ flOcultaComemoracoesTv: hidden }) });
      },
    });
    renderApp('/painel/minha-conta', { user });
    const section = within(
      await screen.findByRole('region', { name: 'TV corporativa' }, { timeout: firstLoad }),
    );
    const choice = section.getByRole('checkbox', {
      name: 'Não mostrar meu aniversário nem meu tempo de casa nas telas de TV',
    });
    expect(choice).not.toBeChecked();
    await userEvent.click(choice);
    await waitFor(() => expect(saved).toEqual([{ flOcultaComemoracoesTv: 'S' }]));
    expect(await screen.findByText('Escolha salva.')).toBeInTheDocument();
    await waitFor(() => expect(choice).toBeChecked());
  });

  it('tells the master user their account cannot be deleted instead of offering the request', async () => {
    fakeBackend({ consultaMinhaConta: () => ok({ conta: account({ idUsuario: 1 }) }) });
    const master = makeLoggedUser({});
    renderApp('/painel/minha-conta', {
      user: { ...master, usuario: { ...master.usuario, idUsuario: 1, idUsuarioPai: 1 } },
    });
    const section = within(
      await screen.findByRole('region', { name: 'Excluir minha conta' }, { timeout: firstLoad }),
    );
    expect(
      section.getByText('A conta do usuário master da empresa não pode ser excluída.'),
    ).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Solicitar exclusão' })).not.toBeInTheDocument();
  });

  it('is reached from the user menu', async () => {
    fakeBackend({ consultaMinhaConta: () => ok({ conta: account() }) });
    renderApp('/painel/timeline', { user });
    await userEvent.click(
      await screen.findByRole('button', { name: /Menu do usuário/ }, { timeout: firstLoad }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Minha conta' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Minha conta' }, { timeout: firstLoad }),
    ).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/painel/minha-conta');
  });
});
