import type { RegistroAuditoria } from '@elo/contract/calls/audit';
import { limits } from '@elo/contract/limits';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';

function entry(overrides: Partial<RegistroAuditoria>): RegistroAuditoria {
  return {
    idRegistro: 1,
    dtRegistro: '2026-03-10T02:30:00.000Z',
    idUsuarioAutor: 7,
    nomeAutor: 'Beatriz Almeida',
    acao: 'survey_publish',
    tipoAlvo: 'survey',
    nomeTipoAlvo: 'Pesquisa',
    idAlvo: '12',
    nomeAlvo: 'Clima 2026',
    alteracoes: [{ campo: 'status', nomeCampo: 'Situação', antes: 'draft', depois: 'published' }],
    ip: '10.0.0.9',
    userAgent: 'Firefox',
    ...overrides,
  };
}

// An administrator who may only read the audit log (ADMIN_AUDITORIA at L).
const auditor = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_AUDITORIA', status: 'L' }],
});

const answer = (rows: RegistroAuditoria[], total = rows.length) =>
  ok({
    listRegistros: rows,
    idPaginaAtual: 1,
    qtdRegistrosPorPagina: limits.pageSize.admin,
    qtdTotalRegistros: total,
    acoes: ['survey_publish', 'custom_action'],
  });

// Whole-route renders load each page's chunk first; a busy machine needs more than 5 s.
const firstLoad = 20_000;
describe('audit log page', { timeout: 40_000 }, () => {
  it('lists entries with translated actions, raw unknown ones, and shows a change before and after', async () => {
    fakeBackend({
      consultaAuditoriaAdmin: () =>
        answer([
          entry({}),
          entry({
            idRegistro: 2,
            acao: 'custom_action',
            nomeAutor: null,
            nomeAlvo: null,
            idAlvo: null,
            alteracoes: [],
          }),
        ]),
    });
    renderApp('/admin/auditoria', { user: auditor });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Auditoria' }, { timeout: firstLoad }),
    ).toBeInTheDocument();
    const table = within(await screen.findByRole('table'));
    const first = (await table.findByText('Pesquisa publicada')).closest('tr')!;
    // 02:30 UTC is 23:30 of the day before in São Paulo.
    expect(within(first).getByText('09/03/2026 23:30')).toBeInTheDocument();
    expect(within(first).getByText('Pesquisa Clima 2026')).toBeInTheDocument();
    const second = table.getByText('custom_action').closest('tr')!;
    expect(within(second).getByText('Sem sessão')).toBeInTheDocument();
    expect(screen.getByText('Exibindo 1 a 2 de 2 resultado(s)')).toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: 'Ver detalhes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Detalhes do registro' }));
    const change = dialog.getByRole('rowheader', { name: 'Situação' }).closest('tr')!;
    expect(
      within(change)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['draft', 'published']);
    expect(dialog.getByText('Firefox')).toBeInTheDocument();
  });

  it('shows an entry about a confidential HR ticket as the server masks it: author Confidencial, no address, hidden values', async () => {
    fakeBackend({
      consultaAuditoriaAdmin: () =>
        answer([
          entry({
            idUsuarioAutor: null,
            nomeAutor: 'Confidencial',
            acao: 'hr_ticket_open',
            tipoAlvo: 'hr_ticket',
            nomeTipoAlvo: 'Chamado',
            idAlvo: '31',
            nomeAlvo: '2026-000031',
            alteracoes: [
              { campo: 'idAssunto', nomeCampo: 'Assunto', antes: null, depois: 'Denúncia' },
              { campo: 'anexo', nomeCampo: 'Anexo', antes: '***', depois: '***' },
            ],
            ip: null,
            userAgent: null,
          }),
        ]),
    });
    renderApp('/admin/auditoria?busca=2026-000031', { user: auditor });
    const table = within(await screen.findByRole('table', {}, { timeout: firstLoad }));
    const row = (await table.findByText('Chamado ao RH aberto')).closest('tr')!;
    expect(within(row).getByText('Confidencial')).toBeInTheDocument();
    expect(within(row).getByText('Chamado 2026-000031')).toBeInTheDocument();
    expect(within(row).getByText('—')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Ver detalhes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Detalhes do registro' }));
    expect(dialog.getByText('Confidencial')).toBeInTheDocument();
    const hidden = dialog.getByRole('rowheader', { name: 'Anexo' }).closest('tr')!;
    expect(
      within(hidden)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['***', '***']);
  });

  it('reads its filters from the address, asks the server with them, and exports the same filters', async () => {
    const asked: unknown[] = [];
    fakeBackend({
      consultaAuditoriaAdmin: (body) => {
        asked.push(body);
        return answer([entry({})]);
      },
      consultaAutoresAuditoriaAdmin: () => ok({ listAutores: [{ idUsuario: 7, nome: 'Beatriz Almeida' }] }),
    });
    renderApp('/admin/auditoria?acao=survey_publish&autor=7&de=2026-03-01&ate=2026-03-10&busca=clima', {
      user: auditor,
    });
    await screen.findByText('Pesquisa Clima 2026', {}, { timeout: firstLoad });
    // The administration's tables ask a page of the contract's admin size.
    expect(asked[0]).toEqual({
      idPaginaAtual: 1,
      qtdRegistrosPorPagina: limits.pageSize.admin,
      busca: 'clima',
      acao: 'survey_publish',
      idUsuarioAutor: 7,
      dtInicio: '2026-03-01',
      dtFim: '2026-03-10',
    });
    expect(screen.getByRole('combobox', { name: 'Ação' })).toHaveValue('survey_publish');
    // The author of the address is named, not numbered.
    expect(await screen.findByDisplayValue('Beatriz Almeida')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'De' })).toHaveValue('01/03/2026');
    const csv = screen.getByRole('link', { name: 'Exportar CSV' });
    expect(csv).toHaveAttribute(
      'href',
      '/backend/auditoria/exportacao.csv?busca=clima&acao=survey_publish&idUsuarioAutor=7&dtInicio=2026-03-01&dtFim=2026-03-10&idioma=pt-BR',
    );
    expect(screen.getByRole('link', { name: 'Exportar XLSX' }).getAttribute('href')).toMatch(
      /^\/backend\/auditoria\/exportacao\.xlsx\?/,
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ação' }), 'Todas');
    await waitFor(() => expect(asked.at(-1)).not.toHaveProperty('acao'));
    expect(screen.getByTestId('location')).not.toHaveTextContent('acao=');
  });

  it('names people and records, and filters by an author picked by name', async () => {
    const asked: Record<string, unknown>[] = [];
    const searched: unknown[] = [];
    fakeBackend({
      consultaAuditoriaAdmin: (body) => {
        asked.push(body as Record<string, unknown>);
        return answer([
          entry({
            acao: 'user_update',
            nomeAutor: 'João Prado',
            tipoAlvo: 'user',
            nomeTipoAlvo: 'Usuário',
            idAlvo: '41',
            nomeAlvo: 'Ana Rocha',
            alteracoes: [
              { campo: 'idSetor', nomeCampo: 'Setor', antes: 'Financeiro', depois: 'Comercial' },
              { campo: 'idsGrupos', nomeCampo: 'Grupos', antes: ['Vendas'], depois: ['Vendas', 'Eventos'] },
            ],
          }),
        ]);
      },
      consultaAutoresAuditoriaAdmin: (body) => {
        searched.push(body);
        const words = (body as { busca: string }).busca.toLowerCase();
        const all = [
          { idUsuario: 7, nome: 'Beatriz Almeida' },
          { idUsuario: 9, nome: 'João Prado' },
        ];
        return ok({ listAutores: all.filter((author) => author.nome.toLowerCase().includes(words)) });
      },
    });
    renderApp('/admin/auditoria', { user: auditor });
    const table = within(await screen.findByRole('table', {}, { timeout: firstLoad }));
    const row = (await table.findByText('Usuário Ana Rocha')).closest('tr')!;
    expect(within(row).queryByText(/41/)).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Ver detalhes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Detalhes do registro' }));
    expect(dialog.getByText('Usuário Ana Rocha')).toBeInTheDocument();
    const cellsOf = (field: string) =>
      within(dialog.getByRole('rowheader', { name: field }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cellsOf('Setor')).toEqual(['Financeiro', 'Comercial']);
    expect(cellsOf('Grupos')).toEqual(['Vendas', 'Vendas, Eventos']);
    await userEvent.keyboard('{Escape}');

    const picker = screen.getByRole('combobox', { name: 'Autor' });
    await userEvent.type(picker, 'joão');
    const option = await screen.findByRole('option', { name: 'João Prado' });
    expect(screen.queryByRole('option', { name: 'Beatriz Almeida' })).not.toBeInTheDocument();
    await userEvent.click(option);
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ idUsuarioAutor: 9 }));
    expect(screen.getByTestId('location')).toHaveTextContent('autor=9');
    expect(picker).toHaveValue('João Prado');
    expect(searched).toContainEqual(expect.objectContaining({ busca: 'joão' }));

    // Emptied, the field filters by nobody.
    await userEvent.clear(picker);
    await userEvent.tab();
    await waitFor(() => expect(asked.at(-1)).not.toHaveProperty('idUsuarioAutor'));
  });

  it('says when the period ends before it starts, without asking the server for it', async () => {
    const asked: unknown[] = [];
    fakeBackend({
      consultaAuditoriaAdmin: (body) => {
        asked.push(body);
        return answer([]);
      },
    });
    renderApp('/admin/auditoria?de=2026-03-10&ate=2026-03-01', { user: auditor });
    expect(
      await screen.findByText(
        'A data final deve ser igual ou posterior à data inicial',
        {},
        { timeout: firstLoad },
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();
    expect(asked[0]).not.toHaveProperty('dtFim');
  });
});
