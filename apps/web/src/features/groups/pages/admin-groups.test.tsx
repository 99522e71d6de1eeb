import type { GrupoAdmin, MembroGrupo } from '@elo/contract/calls/groups';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBackend, firstLoad, invalid, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';

const editor = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_GRUPOS', status: 'E' }],
});
const reader = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_GRUPOS', status: 'L' }],
});

// jsdom decodes no images: the browser's decoder is stood in for by sizes named per file.
const decodedSizes = new Map([
  ['certa.png', { width: 260, height: 260 }],
  ['estreita.png', { width: 259, height: 260 }],
]);

beforeEach(() => {
  vi.stubGlobal('createImageBitmap', async (file: File) => {
    const size = decodedSizes.get(file.name);
    if (!size) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    return { ...size, close: () => undefined };
  });
  vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => `blob:${(file as File).name}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return () => vi.unstubAllGlobals();
});

const group = (overrides: Partial<GrupoAdmin>): GrupoAdmin => ({
  idGrupo: 1,
  nome: 'Todos',
  sigla: 'TOD',
  urlFoto: null,
  flPadrao: 'S',
  qtdMembros: 30,
  qtdPublicacoes: 12,
  versao: 1,
  ...overrides,
});

const list = (rows: GrupoAdmin[]) =>
  ok({ listGrupos: rows, idPaginaAtual: 1, qtdRegistrosPorPagina: 20, qtdTotalRegistros: rows.length });

describe('groups administration', { timeout: 40_000 }, () => {
  it('lists groups with the default marked; a read-only administrator sees no write control', async () => {
    fakeBackend({
      consultaGruposAdmin: () =>
        list([group({}), group({ idGrupo: 2, nome: 'Comercial', sigla: 'COM', flPadrao: 'N' })]),
    });
    renderApp('/admin/grupos', { user: reader });
    const table = within(await screen.findByRole('table', {}, { timeout: firstLoad }));
    const todos = (await table.findByRole('rowheader', { name: /Todos/ })).closest('tr')!;
    expect(within(todos).getByText('Padrão')).toBeInTheDocument();
    expect(table.getByRole('link', { name: 'Membros e regras de Comercial' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Novo grupo' })).not.toBeInTheDocument();
    expect(table.queryByRole('button', { name: 'Excluir Comercial' })).not.toBeInTheDocument();
    expect(table.queryByRole('link', { name: 'Editar Comercial' })).not.toBeInTheDocument();
  });

  it('the delete dialog says what happens to posts, announcements, surveys and chats; the default has no delete', async () => {
    const deleted: unknown[] = [];
    fakeBackend({
      consultaGruposAdmin: () =>
        list([group({}), group({ idGrupo: 2, nome: 'Comercial', sigla: 'COM', flPadrao: 'N' })]),
      excluiGrupoAdmin: (body) => {
        deleted.push(body);
        return ok({ qtdPublicacoesExcluidas: 2, qtdComunicadosExcluidos: 0 });
      },
    });
    renderApp('/admin/grupos', { user: editor });
    const table = within(await screen.findByRole('table', {}, { timeout: firstLoad }));
    await table.findByRole('rowheader', { name: /Todos/ });
    expect(table.queryByRole('button', { name: 'Excluir Todos' })).not.toBeInTheDocument();
    await userEvent.click(table.getByRole('button', { name: 'Excluir Comercial' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/publicações feitas só neste grupo/)).toBeInTheDocument();
    expect(dialog.getByText(/comunicados só para este grupo são excluídos/)).toBeInTheDocument();
    expect(dialog.getByText(/conversas do chat não mudam/)).toBeInTheDocument();
    expect(
      dialog.getByText(/uma pesquisa que tinha só este grupo não chega mais a ninguém/),
    ).toBeInTheDocument();
    expect(dialog.getByText(/encarregados dos chamados do RH deste grupo/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(deleted).toEqual([{ idGrupo: 2 }]));
  });

  it('the form refuses a 259x260 photo before upload and a one-letter abbreviation, then creates', async () => {
    const sent: Record<string, unknown>[] = [];
    fakeBackend({
      consultaGruposAdmin: () => list([group({})]),
      salvaGrupoAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        return ok({ grupo: group({ idGrupo: 5, nome: 'Marketing', sigla: 'MKT', flPadrao: 'N' }) });
      },
    });
    renderApp('/admin/grupos/novo', { user: editor });
    await userEvent.type(await screen.findByLabelText(/^Nome/, {}, { timeout: firstLoad }), 'Marketing');
    await userEvent.type(screen.getByLabelText(/^Sigla/), 'M');
    const input = screen.getByLabelText(/^Foto/, { selector: 'input' });
    await userEvent.upload(input, new File(['x'], 'estreita.png', { type: 'image/png' }));
    expect(await screen.findByText('A imagem deve ter exatamente 260x260 pixels')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A sigla deve ter de 2 a 5 caracteres')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível criar o grupo')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByLabelText(/^Sigla/), 'KT');
    await userEvent.upload(input, new File(['x'], 'certa.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ nome: 'Marketing', sigla: 'MKT', flPadrao: 'N' });
    expect(sent[0]!.foto).toBeInstanceOf(File);
  });

  it('removing the saved photo sends flRemoverFoto; the default error is read with its checkbox', async () => {
    const sent: Record<string, unknown>[] = [];
    const saved = group({
      idGrupo: 4,
      nome: 'Vendas',
      sigla: 'VEN',
      flPadrao: 'N',
      urlFoto: '/backend/midia/1/groups/v.png',
    });
    fakeBackend({
      consultaGrupoAdmin: () => ok({ grupo: saved }),
      consultaGruposAdmin: () => list([group({}), saved]),
      salvaGrupoAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        if (sent.length === 1) return invalid({ flPadrao: ['Escolha outro grupo'] });
        return ok({ grupo: { ...saved, urlFoto: null } });
      },
    });
    renderApp('/admin/grupos/4/editar', { user: editor });
    expect(await screen.findByAltText(/Foto/, {}, { timeout: firstLoad })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remover imagem' }));
    expect(screen.queryByAltText(/Foto/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ idGrupo: '4', flRemoverFoto: 'S' });
    expect(sent[0]!.foto).toBeUndefined();
    const checkbox = screen.getByRole('checkbox', { name: 'Grupo padrão' });
    await waitFor(() => expect(checkbox).toHaveAccessibleDescription(/Escolha outro grupo/));
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent).toHaveLength(2));
  });

  it('sends the versao it read; a stale save keeps the typed name and offers to reload the current group', async () => {
    const sent: Record<string, unknown>[] = [];
    let current = group({ idGrupo: 4, nome: 'Vendas', sigla: 'VEN', flPadrao: 'N', versao: 2 });
    const stale = 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.';
    fakeBackend({
      consultaGrupoAdmin: () => ok({ grupo: current }),
      consultaGruposAdmin: () => list([group({}), current]),
      salvaGrupoAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        if (Number((body as { versao?: string }).versao) !== current.versao)
          return { status: 409, body: { message: stale, error_code: 'REGISTRO_ALTERADO' } };
        return ok({ grupo: { ...current, versao: current.versao + 1 } });
      },
    });
    renderApp('/admin/grupos/4/editar', { user: editor });
    const name = await screen.findByRole('textbox', { name: /Nome/ }, { timeout: firstLoad });
    await waitFor(() => expect(name).toHaveValue('Vendas'));
    // Someone else renames it meanwhile.
    current = { ...current, nome: 'Vendas Sul', versao: 3 };
    await userEvent.clear(screen.getByRole('textbox', { name: /Sigla/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Sigla/ }), 'VND');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ idGrupo: '4', versao: '2', sigla: 'VND' });
    expect(screen.getByRole('textbox', { name: /Sigla/ })).toHaveValue('VND');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/grupos/4/editar');

    await userEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Nome/ })).toHaveValue('Vendas Sul'));
    expect(screen.getByRole('textbox', { name: /Sigla/ })).toHaveValue('VEN');
    expect(screen.queryByText(stale)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ versao: '3', nome: 'Vendas Sul' });
  });

  it('the rules editor moves focus to a new rule, and to the previous rule or the add button on removal', async () => {
    fakeBackend({
      consultaGrupoAdmin: () => ok({ grupo: group({ idGrupo: 7, nome: 'Curitiba', flPadrao: 'N' }) }),
      consultaRegrasGrupoAdmin: () => ok({ regras: [], versao: 1 }),
      consultaOpcoesRegrasGrupoAdmin: () =>
        ok({
          listUnidades: [{ id: 3, nome: 'Curitiba', flAtivo: 'S' }],
          listFiliais: [],
          listSetores: [],
          listCargos: [],
        }),
      consultaMembrosGrupoAdmin: () =>
        ok({ listMembros: [], idPaginaAtual: 1, qtdRegistrosPorPagina: 20, qtdTotalRegistros: 0 }),
    });
    renderApp('/admin/grupos/7/membros', { user: editor });
    const add = await screen.findByRole('button', { name: 'Adicionar regra' }, { timeout: firstLoad });
    await userEvent.click(add);
    const first = within(screen.getByRole('group', { name: /Regra 1/ }));
    await waitFor(() => expect(first.getByRole('combobox', { name: 'Unidade' })).toHaveFocus());
    await userEvent.click(add);
    const second = within(screen.getByRole('group', { name: /Regra 2/ }));
    await waitFor(() => expect(second.getByRole('combobox', { name: 'Unidade' })).toHaveFocus());
    await userEvent.click(second.getByRole('button', { name: 'Remover a Regra 2' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: /Regra 1/ })).getByRole('combobox', { name: 'Unidade' }),
      ).toHaveFocus(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remover a Regra 1' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Adicionar regra' })).toHaveFocus());
  });

  it('sends the rules’ versao; a stale save keeps the drafted rules and offers to reload the current ones (issue 27)', async () => {
    const stale = 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.';
    const sent: Record<string, unknown>[] = [];
    const rule = (idRegra: number, idUnidade: number, unidade: string) => ({
      idRegra,
      idUnidade,
      unidade,
      idFilial: null,
      filial: null,
      idSetor: null,
      setor: null,
      idCargo: null,
      cargo: null,
      qtdPessoas: 2,
    });
    let current = { regras: [rule(1, 3, 'Curitiba')], versao: 2 };
    fakeBackend({
      consultaGrupoAdmin: () => ok({ grupo: group({ idGrupo: 7, nome: 'Curitiba', flPadrao: 'N' }) }),
      consultaRegrasGrupoAdmin: () => ok(current),
      consultaOpcoesRegrasGrupoAdmin: () =>
        ok({
          listUnidades: [
            { id: 3, nome: 'Curitiba', flAtivo: 'S' },
            { id: 4, nome: 'Londrina', flAtivo: 'S' },
            { id: 5, nome: 'Maringá', flAtivo: 'S' },
          ],
          listFiliais: [],
          listSetores: [],
          listCargos: [],
        }),
      consultaMembrosGrupoAdmin: () =>
        ok({ listMembros: [], idPaginaAtual: 1, qtdRegistrosPorPagina: 20, qtdTotalRegistros: 0 }),
      salvaRegrasGrupoAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        if ((body as { versao?: number }).versao !== current.versao)
          return { status: 409, body: { message: stale, error_code: 'REGISTRO_ALTERADO' } };
        return ok({ ...current, versao: current.versao + 1, qtdMembrosPorRegra: 2 });
      },
    });
    renderApp('/admin/grupos/7/membros', { user: editor });
    const first = within(await screen.findByRole('group', { name: /Regra 1/ }, { timeout: firstLoad }));
    await waitFor(() => expect(first.getByRole('combobox', { name: 'Unidade' })).toHaveValue('3'));
    // Someone else changes the rules meanwhile.
    current = { regras: [rule(2, 5, 'Maringá')], versao: 3 };
    await userEvent.selectOptions(first.getByRole('combobox', { name: 'Unidade' }), 'Londrina');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar regras' }));

    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(sent[0]).toEqual({ idGrupo: 7, versao: 2, regras: [{ idUnidade: 4 }] });
    expect(
      within(screen.getByRole('group', { name: /Regra 1/ })).getByRole('combobox', { name: 'Unidade' }),
    ).toHaveValue('4');

    await userEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: /Regra 1/ })).getByRole('combobox', { name: 'Unidade' }),
      ).toHaveValue('5'),
    );
    expect(screen.queryByText(stale)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar regras' }));
    expect(await screen.findByText(/Regras salvas/)).toBeInTheDocument();
    expect(sent[1]).toEqual({ idGrupo: 7, versao: 3, regras: [{ idUnidade: 5 }] });
  });

  it('the members screen tells who is in by rule and who by hand', async () => {
    const member = (overrides: Partial<MembroGrupo>): MembroGrupo => ({
      idUsuario: 10,
      nome: 'Ana Barros',
      email: 'ana@demo.elo',
      matricula: null,
      urlFoto: null,
      flAtivo: 'S',
      flPermitePostar: 'S',
      flAdministrador: 'N',
      flManual: 'S',
      flPorRegra: 'N',
      ...overrides,
    });
    fakeBackend({
      consultaGrupoAdmin: () => ok({ grupo: group({ idGrupo: 7, nome: 'Curitiba', flPadrao: 'N' }) }),
      consultaRegrasGrupoAdmin: () => ok({ regras: [], versao: 1 }),
      consultaOpcoesRegrasGrupoAdmin: () =>
        ok({
          listUnidades: [{ id: 3, nome: 'Curitiba', flAtivo: 'S' }],
          listFiliais: [],
          listSetores: [],
          listCargos: [],
        }),
      consultaMembrosGrupoAdmin: () =>
        ok({
          listMembros: [
            member({}),
            member({ idUsuario: 11, nome: 'Bruno Costa', flManual: 'N', flPorRegra: 'S' }),
            member({ idUsuario: 12, nome: 'Carla Dias', flPorRegra: 'S' }),
          ],
          idPaginaAtual: 1,
          qtdRegistrosPorPagina: 20,
          qtdTotalRegistros: 3,
        }),
    });
    renderApp('/admin/grupos/7/membros', { user: editor });
    const table = within(await screen.findByRole('table', {}, { timeout: firstLoad }));
    await table.findByRole('rowheader', { name: 'Carla Dias' });
    const how = (name: string) =>
      table.getByRole('rowheader', { name }).closest('tr')!.children[3]!.textContent;
    await waitFor(() => {
      expect(how('Ana Barros')).toBe('Por escolha');
      expect(how('Bruno Costa')).toBe('Por regra');
      expect(how('Carla Dias')).toBe('Por escolha e por regra');
    });
    // Someone only in by rule cannot be removed by hand.
    expect(table.queryByRole('button', { name: 'Remover Bruno Costa' })).not.toBeInTheDocument();
    expect(await screen.findByText(/Nenhuma regra/)).toBeInTheDocument();
  });
});
