import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fakeBackend,
  firstLoad,
  invalid,
  makeLoggedUser,
  ok,
  renderApp,
  type FakeBackend,
} from '#app/test-harness.tsx';

const reader = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_TV_CORPORATIVA', status: 'L' }],
});
const editor = makeLoggedUser({ flAdministrador: true });

const lobby = {
  idTela: 4,
  nome: 'Recepção',
  idsGrupos: [2],
  segundosPorSlide: 10,
  flComunicados: 'S',
  flPublicacoes: 'S',
  qtdPublicacoes: 3,
  flAniversariantes: 'N',
  flPareada: 'S',
  dtUltimoContato: '2026-03-10T12:00:00Z',
  flOnline: 'S',
  versao: 2,
};

const tvBackend = (extra: FakeBackend = {}) =>
  fakeBackend({
    consultaTelasTvAdmin: () => ok({ listTelas: [lobby] }),
    consultaGruposTvAdmin: () =>
      ok({
        listGrupos: [
          { idGrupo: 2, nome: 'Comercial' },
          { idGrupo: 3, nome: 'Fábrica' },
        ],
      }),
    ...extra,
  });

async function openPage(user = editor) {
  renderApp('/admin/tv-corporativa', { user });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'TV corporativa' }, { timeout: firstLoad }),
  ).toBeInTheDocument();
  return within(await screen.findByRole('table', { name: 'Telas da TV corporativa' }));
}

describe('the corporate TV administration', { timeout: 40_000 }, () => {
  it('lists a screen with its groups, content, pairing and last contact, and a reader only previews', async () => {
    tvBackend();
    const table = await openPage(reader);
    const row = within((await table.findByText('Recepção')).closest('tr')!);
    expect(await row.findByText('Comercial')).toBeInTheDocument();
    expect(row.getByText('Comunicados, 3 publicações')).toBeInTheDocument();
    expect(row.getByText('Pareada')).toBeInTheDocument();
    expect(row.getByText('Online')).toBeInTheDocument();
    expect(row.getByText(/^Último contato .+ \(10\/03\/2026 09:00\)$/)).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Pré-visualizar: Recepção' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Nova tela' })).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: /^(Editar|Parear|Revogar|Excluir):/ })).not.toBeInTheDocument();
    expect(screen.getByText('Você tem acesso de leitura: vê as telas sem alterar.')).toBeInTheDocument();
  });

  it("checks the form with the contract's ranges before sending, then shows the server's field errors", async () => {
    const saved: unknown[] = [];
    tvBackend({
      salvaTelaTvAdmin: (body) => {
        saved.push(body);
        return invalid({ nome: ['Já existe uma tela com este nome'] });
      },
    });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Nova tela' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nova tela' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Nome/ }), 'Refeitório');
    const seconds = dialog.getByRole('spinbutton', { name: /^Segundos por slide/ });
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '16');
    const posts = dialog.getByRole('spinbutton', { name: /^Quantidade de publicações/ });
    await userEvent.clear(posts);
    await userEvent.type(posts, '11');
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await dialog.findByText('Informe de 8 a 15 segundos por slide')).toBeInTheDocument();
    expect(dialog.getByText('Informe de 1 a 10 publicações')).toBeInTheDocument();
    expect(saved).toEqual([]);

    await userEvent.clear(seconds);
    await userEvent.type(seconds, '8');
    await userEvent.clear(posts);
    await userEvent.type(posts, '10');
    await userEvent.click(dialog.getByLabelText('Fábrica'));
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await dialog.findByText('Já existe uma tela com este nome')).toBeInTheDocument();
    expect(saved).toEqual([
      {
        nome: 'Refeitório',
        idsGrupos: [3],
        segundosPorSlide: 8,
        flComunicados: 'S',
        flPublicacoes: 'S',
        qtdPublicacoes: 10,
        flAniversariantes: 'S',
      },
    ]);
  });

  it('sends the versao it read; a stale save keeps the typed name and offers to reload the current screen (issue 27)', async () => {
    const sent: Record<string, unknown>[] = [];
    const stale = 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.';
    let current = lobby;
    tvBackend({
      consultaTelasTvAdmin: () => ok({ listTelas: [current] }),
      salvaTelaTvAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        if ((body as { versao?: number }).versao !== current.versao)
          return { status: 409, body: { message: stale, error_code: 'REGISTRO_ALTERADO' } };
        return ok({ idTela: 4 });
      },
    });
    const table = await openPage();
    const row = within((await table.findByText('Recepção')).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Editar: Recepção' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar tela' }));
    // Someone else saves the screen meanwhile.
    current = { ...lobby, segundosPorSlide: 12, versao: 3 };
    const name = dialog.getByRole('textbox', { name: /^Nome/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Recepção principal');
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar' }));

    expect(await dialog.findByText(stale)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ idTela: 4, versao: 2, nome: 'Recepção principal' });
    expect(dialog.getByRole('textbox', { name: /^Nome/ })).toHaveValue('Recepção principal');

    await userEvent.click(dialog.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() =>
      expect(dialog.getByRole('spinbutton', { name: /^Segundos por slide/ })).toHaveValue(12),
    );
    expect(dialog.getByRole('textbox', { name: /^Nome/ })).toHaveValue('Recepção');
    expect(dialog.queryByText(stale)).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Tela Recepção salva.')).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ versao: 3, segundosPorSlide: 12 });
  });

  it('pairs by the code typed in lower case, upper-cased as typed, and refuses a malformed one without asking', async () => {
    const paired: unknown[] = [];
    tvBackend({
      pareiaTelaTvAdmin: (body) => {
        paired.push(body);
        return ok({ ok: true });
      },
    });
    const table = await openPage();
    const row = within((await table.findByText('Recepção')).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Parear: Recepção' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Parear Recepção' }));
    expect(
      dialog.getByText('Esta tela já está pareada: a TV atual deixa de exibir o conteúdo.'),
    ).toBeInTheDocument();
    const code = dialog.getByRole('textbox', { name: /^Código mostrado na TV/ });
    await userEvent.type(code, 'ab0');
    expect(code).toHaveValue('AB0');
    await userEvent.click(dialog.getByRole('button', { name: 'Parear' }));
    expect(
      await dialog.findByText('O código tem 6 letras e números, como aparece na tela'),
    ).toBeInTheDocument();
    expect(paired).toEqual([]);

    await userEvent.clear(code);
    await userEvent.type(code, 'k7m2pq');
    expect(code).toHaveValue('K7M2PQ');
    await userEvent.click(dialog.getByRole('button', { name: 'Parear' }));
    expect(await screen.findByText('Tela Recepção pareada.')).toBeInTheDocument();
    await waitFor(() => expect(paired).toEqual([{ idTela: 4, codigo: 'K7M2PQ' }]));
  });
});
