import type { ResultadoImportacao } from '@elo/contract/calls/user-import';
import type { ItemCatalogo } from '@elo/contract/calls/catalog';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';
import { changeLanguage } from '#lib/i18n/i18n.ts';

const reader = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_USUARIOS', status: 'L' }],
});
const editor = makeLoggedUser({ flAdministrador: true });

const units: ItemCatalogo[] = [
  { id: 1, nome: 'Centro', flAtivo: 'S', qtdUsuarios: 3 },
  { id: 2, nome: 'Barra', flAtivo: 'N', qtdUsuarios: 0 },
];

const settingsBackend = (extra: Parameters<typeof fakeBackend>[0] = {}) =>
  fakeBackend({
    consultaCatalogoAdmin: (body) =>
      ok({ listItens: (body as { tipo: string }).tipo === 'UNIDADE' ? units : [] }),
    consultaConfiguracoesUsuarioAdmin: () => ok({ camposEditaveis: ['TEXTO_PERFIL', 'FOTO'] }),
    ...extra,
  });

function importResult(overrides: Partial<ResultadoImportacao>): ResultadoImportacao {
  return {
    linhas: [],
    qtdNovos: 0,
    qtdAlterados: 0,
    qtdInalterados: 0,
    qtdDesativados: 0,
    qtdErros: 0,
    flSimulacao: 'S',
    ...overrides,
  };
}

const firstLoad = 20_000;
describe('user settings page', { timeout: 40_000 }, () => {
  it('shows each catalogue with its people count, and no control that changes it to a reader', async () => {
    settingsBackend();
    renderApp('/admin/configuracoes-usuario', { user: reader });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Configurações de usuário' },
        { timeout: firstLoad },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Unidades' })).toHaveAttribute('aria-selected', 'true');
    const table = within(await screen.findByRole('table', { name: 'Itens do cadastro de unidade' }));
    const centro = (await table.findByText('Centro')).closest('tr')!;
    expect(within(centro).getByText('Sim')).toBeInTheDocument();
    expect(within(centro).getByText('3')).toBeInTheDocument();
    expect(within(table.getByText('Barra').closest('tr')!).getByText('Não')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Novo item/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Excluir/ })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Texto do perfil' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Celular' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Celular' })).toBeDisabled();
  });

  it('creates an item, showing the server’s message beside the name when it is taken', async () => {
    const saved: unknown[] = [];
    settingsBackend({
      salvaItemCatalogoAdmin: (body) => {
        saved.push(body);
        if ((body as { nome: string }).nome === 'centro') {
          return {
            status: 422,
            body: { message: 'Ops!', errors: { nome: ['Já existe um item com este nome'] } },
          };
        }
        return ok({ item: { id: 9, nome: 'Sul', flAtivo: 'S', qtdUsuarios: 0 } });
      },
    });
    renderApp('/admin/configuracoes-usuario', { user: editor });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Novo item: unidade' }, { timeout: firstLoad }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Novo item: unidade' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Nome' }), 'centro');
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await dialog.findByText('Já existe um item com este nome')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Nome' })).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Nome' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Nome' }), 'Sul');
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved).toEqual([
      { tipo: 'UNIDADE', nome: 'centro', flAtivo: 'S' },
      { tipo: 'UNIDADE', nome: 'Sul', flAtivo: 'S' },
    ]);
  });

  it('asks before deleting and shows why an item in use cannot go', async () => {
    settingsBackend({
      excluiItemCatalogoAdmin: () => ({
        status: 409,
        body: {
          message: 'Este item está em uso por 3 pessoa(s) e não pode ser excluído. Desative-o em vez disso.',
          error_code: 'CATALOG_ITEM_IN_USE',
        },
      }),
    });
    renderApp('/admin/configuracoes-usuario', { user: editor });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Excluir: Centro' }, { timeout: firstLoad }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Excluir "Centro"?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(/em uso por 3 pessoa\(s\)/)).toBeInTheDocument();
  });

  it('opens the tab named in the address and saves the fields employees change', async () => {
    const saves: unknown[] = [];
    settingsBackend({
      salvaConfiguracoesUsuarioAdmin: (body) => {
        saves.push(body);
        return ok({ camposEditaveis: ['TEXTO_PERFIL', 'FOTO', 'CELULAR'] });
      },
    });
    renderApp('/admin/configuracoes-usuario?tipo=SETOR', { user: editor });
    expect(await screen.findByRole('tab', { name: 'Setores' }, { timeout: firstLoad })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('Nenhum item cadastrado.')).toBeInTheDocument();
    const mobile = await screen.findByRole('checkbox', { name: 'Celular' });
    await waitFor(() => expect(mobile).toBeEnabled());
    await userEvent.click(mobile);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar campos' }));
    await waitFor(() => expect(saves).toEqual([{ camposEditaveis: ['TEXTO_PERFIL', 'FOTO', 'CELULAR'] }]));
  });
});

describe('user import page', { timeout: 40_000 }, () => {
  const csv = () => new File(['matricula,nome\n1,Ana'], 'pessoas.csv', { type: 'text/csv' });

  it('previews a file, keeps apply off while a row has errors, and applies a clean one', async () => {
    const sent: Record<string, unknown>[] = [];
    let clean = false;
    fakeBackend({
      importaUsuariosAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        const fields = body as { simular: string };
        if (!clean) {
          return ok(
            importResult({
              linhas: [
                { linha: 2, matricula: '1', nome: 'Ana', acao: 'NOVO', erros: [] },
                { linha: 3, matricula: '2', nome: null, acao: null, erros: ['nome: Campo obrigatório'] },
              ],
              qtdNovos: 1,
              qtdErros: 1,
            }),
          );
        }
        return ok(
          importResult({
            linhas: [{ linha: 2, matricula: '1', nome: 'Ana', acao: 'NOVO', erros: [] }],
            qtdNovos: 1,
            flSimulacao: fields.simular === 'S' ? 'S' : 'N',
          }),
        );
      },
    });
    renderApp('/admin/usuarios/importacao', { user: editor });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Importação de usuários' },
        { timeout: firstLoad },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Baixar modelo CSV' })).toHaveAttribute(
      'href',
      '/backend/usuarios/modelo-importacao.csv?idioma=pt-BR',
    );
    const apply = screen.getByRole('button', { name: 'Aplicar importação' });
    expect(apply).toBeDisabled();
    await userEvent.upload(screen.getByLabelText(/^Arquivo CSV ou XLSX/), csv());
    await userEvent.click(screen.getByRole('checkbox', { name: /Desativar quem não está no arquivo/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Simular' }));

    const table = within(
      await screen.findByRole('table', { name: 'Linhas do arquivo e o que acontece com cada uma' }),
    );
    expect(table.getByText('nome: Campo obrigatório')).toBeInTheDocument();
    expect(within(table.getByText('Ana').closest('tr')!).getByText('Novo')).toBeInTheDocument();
    // The heading takes the focus on the next frame, once the result is drawn.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Prévia da importação' })).toHaveFocus());
    expect(apply).toBeDisabled();
    expect(sent[0]).toMatchObject({ simular: 'S', flDesativarAusentes: 'S' });

    clean = true;
    await userEvent.click(screen.getByRole('button', { name: 'Simular' }));
    await waitFor(() => expect(apply).toBeEnabled());
    await userEvent.click(apply);
    expect(
      await screen.findByText('Importação aplicada: 1 novo(s), 0 alterado(s), 0 desativado(s).'),
    ).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ simular: 'N', flDesativarAusentes: 'S' });
    expect(screen.getByRole('button', { name: 'Aplicar importação' })).toBeDisabled();
  });

  it('shows the per-row errors when applying is refused', async () => {
    let calls = 0;
    fakeBackend({
      importaUsuariosAdmin: () => {
        calls += 1;
        if (calls === 1) {
          return ok(
            importResult({
              linhas: [{ linha: 2, matricula: '1', nome: 'Ana', acao: 'NOVO', erros: [] }],
              qtdNovos: 1,
            }),
          );
        }
        return {
          status: 422,
          body: {
            message: 'O arquivo tem linhas com erros.',
            error_code: 'IMPORT_HAS_ERRORS',
            resultado: importResult({
              linhas: [
                {
                  linha: 2,
                  matricula: '1',
                  nome: 'Ana',
                  acao: null,
                  erros: ['email: Este e-mail já está em uso por outra pessoa'],
                },
              ],
              qtdErros: 1,
              flSimulacao: 'N',
            }),
          },
        };
      },
    });
    renderApp('/admin/usuarios/importacao', { user: editor });
    await userEvent.upload(
      await screen.findByLabelText(/^Arquivo CSV ou XLSX/, {}, { timeout: firstLoad }),
      csv(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Simular' }));
    const apply = screen.getByRole('button', { name: 'Aplicar importação' });
    await waitFor(() => expect(apply).toBeEnabled());
    await userEvent.click(apply);
    expect(await screen.findByText('email: Este e-mail já está em uso por outra pessoa')).toBeInTheDocument();
    expect(screen.getByText(/Nada foi importado/)).toBeInTheDocument();
    expect(apply).toBeDisabled();
  });

  it('writes the row limit as the chosen language writes numbers', async () => {
    fakeBackend({});
    renderApp('/admin/usuarios/importacao', { user: editor });
    expect(
      await screen.findByText('No máximo 20.000 linhas por arquivo.', {}, { timeout: firstLoad }),
    ).toBeVisible();
    await changeLanguage('en');
    expect(await screen.findByText('At most 20,000 rows per file.')).toBeVisible();
  });

  it('sends a read-only administrator back from the import page', async () => {
    fakeBackend({});
    renderApp('/admin/usuarios/importacao', { user: reader });
    await waitFor(
      () => expect(screen.getByTestId('location')).not.toHaveTextContent('/admin/usuarios/importacao'),
      {
        timeout: firstLoad,
      },
    );
  });
});
