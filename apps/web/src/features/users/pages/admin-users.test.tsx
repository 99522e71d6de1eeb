import type { UsuarioAdmin, UsuarioAdminResumo } from '@elo/contract/calls/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, firstLoad, invalid, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';

const editor = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_USUARIOS', status: 'E' }],
});
const reader = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_USUARIOS', status: 'L' }],
});

function row(overrides: Partial<UsuarioAdminResumo>): UsuarioAdminResumo {
  return {
    idUsuario: 11,
    nome: 'Maria Silva',
    matricula: '10001',
    email: 'maria@demo.elo',
    urlFoto: null,
    unidade: 'Centro',
    filial: 'Matriz',
    setor: 'Comercial',
    cargo: 'Analista',
    flAtivo: 'S',
    dtUltimoAcesso: new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString(),
    ...overrides,
  };
}

const catalogs = {
  consultaCatalogoAdmin: (body: unknown) => {
    const tipo = (body as { tipo: string }).tipo;
    const items: Record<string, { id: number; nome: string }[]> = {
      UNIDADE: [
        { id: 3, nome: 'Centro' },
        { id: 4, nome: 'Zona Norte' },
      ],
      FILIAL: [{ id: 5, nome: 'Matriz' }],
      SETOR: [{ id: 6, nome: 'Comercial' }],
      CARGO: [{ id: 7, nome: 'Analista' }],
    };
    return ok({ listItens: (items[tipo] ?? []).map((item) => ({ ...item, flAtivo: 'S', qtdUsuarios: 1 })) });
  },
  consultaGruposUsuarioAdmin: () => ok({ listGrupos: [{ idGrupo: 9, nome: 'Comercial' }] }),
};

const page = (rows: UsuarioAdminResumo[], total = rows.length) =>
  ok({ listUsuarios: rows, idPaginaAtual: 1, qtdRegistrosPorPagina: 100, qtdTotalRegistros: total });

/** The users list with Maria, João and Ana chosen and the invitation's confirmation open. */
async function openInvitationOfThree() {
  renderApp('/admin/usuarios', { user: editor });
  const table = within(await screen.findByRole('table', {}, { timeout: firstLoad }));
  await table.findByRole('rowheader', { name: 'Ana Lima' });
  for (const name of [/Maria Silva/, /João Souza/, /Ana Lima/])
    await userEvent.click(table.getByRole('checkbox', { name }));
  await userEvent.click(screen.getByRole('button', { name: 'Enviar convite de primeiro acesso' }));
  const dialog = within(
    await screen.findByRole('dialog', { name: 'Enviar o convite de primeiro acesso a 3 usuário(s)?' }),
  );
  return { table, dialog };
}

describe('users list page', { timeout: 40_000 }, () => {
  it('shows the table with last access as abbreviations and reads its filters from the address', async () => {
    const asked: unknown[] = [];
    fakeBackend({
      ...catalogs,
      consultaUsuariosAdmin: (body) => {
        asked.push(body);
        return page([
          row({}),
          row({ idUsuario: 12, nome: 'João Souza', flAtivo: 'N', dtUltimoAcesso: null, unidade: null }),
          row({ idUsuario: 13, nome: 'Ana Lima', dtUltimoAcesso: new Date().toISOString() }),
        ]);
      },
    });
    renderApp('/admin/usuarios?ativo=S&unidade=3&grupo=9&busca=maria', { user: editor });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Usuários' }, { timeout: firstLoad }),
    ).toBeInTheDocument();
    const table = within(await screen.findByRole('table'));
    const maria = (await table.findByRole('rowheader', { name: 'Maria Silva' })).closest('tr')!;
    expect(within(maria).getByText('3 h')).toBeInTheDocument();
    expect(within(maria).getByText('Sim')).toBeInTheDocument();
    const joao = table.getByRole('rowheader', { name: 'João Souza' }).closest('tr')!;
    expect(within(joao).getByText('Nunca')).toBeInTheDocument();
    expect(within(joao).getByText('Não')).toBeInTheDocument();
    const ana = table.getByRole('rowheader', { name: 'Ana Lima' }).closest('tr')!;
    expect(within(ana).getByText('Agora')).toBeInTheDocument();

    expect(asked[0]).toEqual({
      idPaginaAtual: 1,
      qtdRegistrosPorPagina: 100,
      busca: 'maria',
      flAtivo: 'S',
      idUnidade: 3,
      idGrupo: 9,
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Unidade' })).toHaveValue('3'));
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/backend/usuarios/exportacao.csv?busca=maria&flAtivo=S&idUnidade=3&idGrupo=9&idioma=pt-BR',
    );
    expect(screen.getByRole('link', { name: 'Novo usuário' })).toHaveAttribute(
      'href',
      '/admin/usuarios/novo',
    );
    expect(screen.getByRole('link', { name: 'Solicitações de exclusão' })).toHaveAttribute(
      'href',
      '/admin/usuarios/solicitacoes-exclusao',
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Setor' }), 'Comercial');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ idSetor: 6 }));
    expect(screen.getByTestId('location')).toHaveTextContent('setor=6');
  });

  it('deactivates the selected users after a confirmation', async () => {
    const changes: unknown[] = [];
    fakeBackend({
      ...catalogs,
      consultaUsuariosAdmin: () => page([row({}), row({ idUsuario: 12, nome: 'João Souza' })]),
      alteraSituacaoUsuariosAdmin: (body) => {
        changes.push(body);
        return ok({ qtdAlterados: 1 });
      },
    });
    renderApp('/admin/usuarios', { user: editor });
    const table = within(await screen.findByRole('table', {}, { timeout: firstLoad }));
    await table.findByRole('rowheader', { name: 'João Souza' });
    await userEvent.click(table.getByRole('checkbox', { name: /João Souza/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Desativar' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Desativar 1 usuário(s)?' }));
    expect(changes).toEqual([]);
    await userEvent.click(dialog.getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(changes).toEqual([{ idsUsuarios: [12], flAtivo: 'N' }]));
    expect(await screen.findByText('1 usuário(s) desativado(s).')).toBeInTheDocument();
  });

  it('sends the first-access invitation to the selected users and says how many were sent and skipped', async () => {
    const sent: unknown[] = [];
    fakeBackend({
      ...catalogs,
      consultaUsuariosAdmin: () =>
        page([row({}), row({ idUsuario: 12, nome: 'João Souza' }), row({ idUsuario: 13, nome: 'Ana Lima' })]),
      enviaConvitesUsuariosAdmin: (body) => {
        sent.push(body);
        return ok({
          qtdEnviados: 1,
          qtdEnviadosEmail: 1,
          qtdEnviadosSms: 0,
          listIgnorados: [
            { idUsuario: 12, nome: 'João Souza', motivo: 'SEM_EMAIL' },
            { idUsuario: 13, nome: 'Ana Lima', motivo: 'PRIMEIRO_ACESSO_FEITO' },
          ],
        });
      },
    });
    const { table, dialog } = await openInvitationOfThree();
    expect(dialog.getByText(/nova senha provisória/)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.click(dialog.getByRole('button', { name: 'Enviar convite de primeiro acesso' }));
    await waitFor(() => expect(sent).toEqual([{ idsUsuarios: [11, 12, 13], flSmsSemEmail: 'N' }]));
    expect(
      await screen.findByText(
        '1 convite(s) enviado(s), 2 ignorado(s). Ignorados: 1 sem e-mail (João Souza), 1 com o primeiro acesso já feito (Ana Lima).',
      ),
    ).toBeInTheDocument();
    expect(table.getByRole('checkbox', { name: /Maria Silva/ })).not.toBeChecked();
  });

  it('sends by SMS to those without an e-mail when chosen, and says how many went each way and who was left out', async () => {
    const sent: unknown[] = [];
    fakeBackend({
      ...catalogs,
      consultaUsuariosAdmin: () =>
        page([
          row({}),
          row({ idUsuario: 12, nome: 'João Souza', email: null }),
          row({ idUsuario: 13, nome: 'Ana Lima', email: null }),
        ]),
      enviaConvitesUsuariosAdmin: (body) => {
        sent.push(body);
        return ok({
          qtdEnviados: 2,
          qtdEnviadosEmail: 1,
          qtdEnviadosSms: 1,
          listIgnorados: [{ idUsuario: 13, nome: 'Ana Lima', motivo: 'SEM_EMAIL_NEM_CELULAR' }],
        });
      },
    });
    const { dialog } = await openInvitationOfThree();
    const bySms = dialog.getByRole('checkbox', { name: 'Enviar por SMS a quem não tem e-mail' });
    expect(bySms).not.toBeChecked();
    expect(bySms).toHaveAccessibleDescription(/recebe o login e a senha provisória no celular cadastrado/);
    await userEvent.click(bySms);
    await userEvent.click(dialog.getByRole('button', { name: 'Enviar convite de primeiro acesso' }));
    await waitFor(() => expect(sent).toEqual([{ idsUsuarios: [11, 12, 13], flSmsSemEmail: 'S' }]));
    expect(
      await screen.findByText(
        '2 convite(s) enviado(s): 1 por e-mail e 1 por SMS; 1 ignorado(s). Ignorados: 1 sem e-mail nem celular (Ana Lima).',
      ),
    ).toBeInTheDocument();
  });

  it('hides creating, editing, selection and the import from a read-only administrator, who may open a record to read it', async () => {
    fakeBackend({ ...catalogs, consultaUsuariosAdmin: () => page([row({})]) });
    renderApp('/admin/usuarios', { user: reader });
    const table = within(await screen.findByRole('table', {}, { timeout: firstLoad }));
    await table.findByRole('rowheader', { name: 'Maria Silva' });
    expect(screen.queryByRole('link', { name: 'Novo usuário' })).not.toBeInTheDocument();
    expect(table.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(table.queryByRole('link', { name: 'Editar Maria Silva' })).not.toBeInTheDocument();
    expect(table.getByRole('link', { name: 'Ver Maria Silva' })).toHaveAttribute(
      'href',
      '/admin/usuarios/11/editar',
    );
    const areaLinks = within(screen.getByRole('navigation', { name: 'Páginas de usuários' }));
    expect(areaLinks.getByRole('link', { name: 'Solicitações de exclusão' })).toBeInTheDocument();
    expect(areaLinks.queryByRole('link', { name: 'Importação' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Enviar convite de primeiro acesso' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exportar XLSX' })).toBeInTheDocument();
  });
});

const stored: UsuarioAdmin = {
  idUsuario: 11,
  nome: 'Maria Silva',
  tipoLogin: 'EMAIL',
  email: 'maria@demo.elo',
  matricula: '10001',
  celular: null,
  idUnidade: 3,
  idFilial: null,
  idSetor: 6,
  idCargo: null,
  dtNascimento: '1990-04-12',
  dtAdmissao: null,
  textoPerfil: null,
  urlFoto: null,
  idsGrupos: [9],
  listGruposPorRegra: [],
  flAtivo: 'S',
  flPrimeiroAcessoPendente: 'N',
  flAdministrador: 'N',
  dtUltimoAcesso: null,
  dtCriacao: '2026-01-01T12:00:00.000Z',
  versao: 3,
};

describe('user form page', { timeout: 40_000 }, () => {
  it('shows the required fields and the general message without asking the server', async () => {
    const fetchMock = fakeBackend({ ...catalogs });
    renderApp('/admin/usuarios/novo', { user: editor });
    await screen.findByRole('heading', { level: 1, name: 'Novo usuário' }, { timeout: firstLoad });
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('Ops! Parece que você tentou salvar sem preencher todos os dados necessários'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Nome completo/ })).toHaveAccessibleDescription(
      'Campo obrigatório',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('salvaUsuarioAdmin'))).toBe(false);
  });

  it('takes the refused-save alert away once the fields it was about are fixed', async () => {
    fakeBackend({
      ...catalogs,
      salvaUsuarioAdmin: () => invalid({ email: ['Este e-mail já está em uso por outra pessoa'] }),
    });
    renderApp('/admin/usuarios/novo', { user: editor });
    await screen.findByRole('heading', { level: 1, name: 'Novo usuário' }, { timeout: firstLoad });
    const general = 'Ops! Parece que você tentou salvar sem preencher todos os dados necessários';
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(general);
    // Still wrong after the first field: the alert stays.
    await userEvent.type(screen.getByRole('textbox', { name: /Nome completo/ }), 'Renata Gonçalves');
    expect(screen.getByRole('alert')).toHaveTextContent(general);
    await userEvent.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'maria@demo.elo');
    await userEvent.type(screen.getByLabelText(/Senha provisória/), 'Provisoria@2026');
    await userEvent.type(screen.getByRole('textbox', { name: /Data de nascimento/ }), '12041990');
    await waitFor(() => expect(screen.queryByText(general)).not.toBeInTheDocument());

    // The server's refusal: its alert stays while the e-mail it named is unchanged.
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(general);
    const email = screen.getByRole('textbox', { name: /^E-mail/ });
    expect(email).toHaveAccessibleDescription('Este e-mail já está em uso por outra pessoa');
    await userEvent.clear(email);
    await userEvent.type(email, 'renata@demo.elo');
    await waitFor(() => expect(screen.queryByText(general)).not.toBeInTheDocument());
    expect(email).not.toHaveAccessibleDescription('Este e-mail já está em uso por outra pessoa');
  });

  it("puts the server's 422 beside the field, then saves", async () => {
    const sent: unknown[] = [];
    let refuse = true;
    fakeBackend({
      ...catalogs,
      consultaUsuariosAdmin: () => page([]),
      salvaUsuarioAdmin: (body) => {
        sent.push(body);
        if (refuse) {
          refuse = false;
          return invalid({ email: ['Este e-mail já está em uso por outra pessoa'] });
        }
        return ok({ usuario: { ...stored, idUsuario: 40, nome: 'Renata Gonçalves' } });
      },
    });
    renderApp('/admin/usuarios/novo', { user: editor });
    await screen.findByRole('heading', { level: 1, name: 'Novo usuário' }, { timeout: firstLoad });
    await userEvent.type(screen.getByRole('textbox', { name: /Nome completo/ }), 'Renata Gonçalves');
    await userEvent.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'maria@demo.elo');
    await userEvent.type(screen.getByLabelText(/Senha provisória/), 'Provisoria@2026');
    await userEvent.type(screen.getByRole('textbox', { name: /Data de nascimento/ }), '12041990');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Unidade' }), 'Zona Norte');
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Enviar por e-mail o convite de primeiro acesso' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Este e-mail já está em uso por outra pessoa')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveAccessibleDescription(
      'Este e-mail já está em uso por outra pessoa',
    );
    expect(sent[0]).toMatchObject({
      nome: 'Renata Gonçalves',
      tipoLogin: 'EMAIL',
      email: 'maria@demo.elo',
      senha: 'Provisoria@2026',
      dtNascimento: '1990-04-12',
      idUnidade: 4,
      flEnviarConvite: 'S',
      flAtivo: 'S',
    });
    const email = screen.getByRole('textbox', { name: /^E-mail/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'renata@demo.elo');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Renata Gonçalves foi salvo(a).')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/usuarios$/));
  });

  it('opens a person read-only for a read-only administrator: every field disabled, nothing to save', async () => {
    const fetchMock = fakeBackend({ ...catalogs, consultaUsuarioAdmin: () => ok({ usuario: stored }) });
    renderApp('/admin/usuarios/11/editar', { user: reader });
    await screen.findByRole('heading', { level: 1, name: 'Usuário' }, { timeout: firstLoad });
    expect(await screen.findByDisplayValue('Maria Silva')).toBeDisabled();
    for (const box of screen.getAllByRole('textbox')) expect(box).toBeDisabled();
    for (const box of screen.getAllByRole('combobox')) expect(box).toBeDisabled();
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(screen.getByLabelText('Foto')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Encerrar sessões' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para a lista' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('salvaUsuarioAdmin'))).toBe(false);
  });

  it('shows the groups a person is in by rule as read-only chips with their rules, and never sends them', async () => {
    const sent: Record<string, unknown>[] = [];
    fakeBackend({
      ...catalogs,
      consultaGruposUsuarioAdmin: () =>
        ok({
          listGrupos: [
            { idGrupo: 9, nome: 'Comercial' },
            { idGrupo: 12, nome: 'Equipe Centro' },
          ],
        }),
      consultaUsuariosAdmin: () => page([]),
      consultaUsuarioAdmin: () =>
        ok({
          usuario: {
            ...stored,
            listGruposPorRegra: [
              {
                idGrupo: 12,
                nome: 'Equipe Centro',
                regras: [
                  { unidade: 'Centro', filial: null, setor: 'Comercial', cargo: null },
                  { unidade: null, filial: null, setor: null, cargo: 'Analista' },
                ],
              },
            ],
          },
        }),
      salvaUsuarioAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        return ok({ usuario: stored });
      },
    });
    renderApp('/admin/usuarios/11/editar', { user: editor });
    await screen.findByRole('heading', { level: 1, name: 'Editar usuário' }, { timeout: firstLoad });
    const byRule = within(await screen.findByRole('region', { name: 'Grupos por regra' }));
    const chip = byRule.getByRole('listitem');
    expect(chip).toHaveTextContent('Equipe Centro');
    expect(chip).toHaveTextContent('Por regra');
    expect(chip).toHaveTextContent('Unidade: Centro · Setor: Comercial; Cargo: Analista');
    expect(byRule.queryByRole('checkbox')).not.toBeInTheDocument();
    // Not a choice the administrator could untick: the groups list offers only the others.
    const groups = within(screen.getByRole('group', { name: 'Grupos' }));
    expect(await groups.findByRole('checkbox', { name: 'Comercial' })).toBeChecked();
    expect(groups.queryByRole('checkbox', { name: 'Equipe Centro' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.idsGrupos).toEqual([9]);
    expect(sent[0]).not.toHaveProperty('listGruposPorRegra');
  });

  it('edits a person and ends their sessions after a confirmation', async () => {
    const ended: unknown[] = [];
    fakeBackend({
      ...catalogs,
      consultaUsuarioAdmin: () => ok({ usuario: { ...stored, urlFoto: '/midia/foto-maria.jpg' } }),
      encerraSessoesUsuarioAdmin: (body) => {
        ended.push(body);
        return ok({ qtdSessoesEncerradas: 2 });
      },
    });
    renderApp('/admin/usuarios/11/editar', { user: editor });
    await screen.findByRole('heading', { level: 1, name: 'Editar usuário' }, { timeout: firstLoad });
    expect(await screen.findByDisplayValue('Maria Silva')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Data de nascimento/ })).toHaveValue('12/04/1990');
    // The saved photo is shown as the square the server stored.
    expect(
      screen.getByRole('img', {
        name: 'Pré-visualização: Foto, recortada no quadrado central que será guardado',
      }),
    ).toHaveAttribute('src', '/midia/foto-maria.jpg');
    expect(screen.queryByLabelText(/Senha provisória/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Encerrar sessões' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Encerrar as sessões de Maria Silva?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Encerrar sessões' }));
    await waitFor(() => expect(ended).toEqual([{ idUsuario: 11 }]));
    expect(await screen.findByText('2 sessão(ões) encerrada(s).')).toBeInTheDocument();
  });

  it('sends the versao it read; a stale save keeps the typed text and offers to reload the current record', async () => {
    const sent: Record<string, unknown>[] = [];
    let current: UsuarioAdmin = stored;
    fakeBackend({
      ...catalogs,
      consultaUsuariosAdmin: () => page([]),
      consultaUsuarioAdmin: () => ok({ usuario: current }),
      salvaUsuarioAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        if ((body as { versao?: number }).versao !== current.versao) {
          return {
            status: 409,
            body: {
              message: 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.',
              error_code: 'REGISTRO_ALTERADO',
            },
          };
        }
        return ok({ usuario: { ...current, ...(body as object), versao: current.versao + 1 } });
      },
    });
    renderApp('/admin/usuarios/11/editar', { user: editor });
    await screen.findByDisplayValue('Maria Silva', {}, { timeout: firstLoad });
    // Someone else saves a new profile text meanwhile.
    current = { ...stored, textoPerfil: 'Texto de outra pessoa', versao: 4 };
    await userEvent.type(screen.getByRole('textbox', { name: 'Celular' }), '11988887777');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(
      await screen.findByText(
        'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Registro desatualizado');
    expect(sent[0]).toMatchObject({ idUsuario: 11, versao: 3, celular: '11988887777' });
    expect(screen.getByRole('textbox', { name: 'Celular' })).toHaveValue('11988887777');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/usuarios/11/editar');

    await userEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    expect(await screen.findByDisplayValue('Texto de outra pessoa')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Celular' })).toHaveValue('');
    expect(
      screen.queryByText('Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.'),
    ).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Celular' }), '11988887777');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Maria Silva foi salvo(a).')).toBeInTheDocument();
    expect(sent[1]).toMatchObject({
      versao: 4,
      celular: '11988887777',
      textoPerfil: 'Texto de outra pessoa',
    });
  });

  it("shows the server's refusal to deactivate beside the active toggle", async () => {
    const sent: unknown[] = [];
    fakeBackend({
      ...catalogs,
      consultaUsuarioAdmin: () => ok({ usuario: stored }),
      salvaUsuarioAdmin: (body) => {
        sent.push(body);
        return invalid({ flAtivo: ['Você não pode desativar a sua própria conta'] });
      },
    });
    renderApp('/admin/usuarios/11/editar', { user: editor });
    const active = await screen.findByRole('checkbox', { name: 'Usuário ativo' }, { timeout: firstLoad });
    expect(active).toBeChecked();
    await userEvent.click(active);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Usuário ativo' })).toHaveAccessibleDescription(
        'Você não pode desativar a sua própria conta',
      ),
    );
    expect(sent[0]).toMatchObject({ idUsuario: 11, flAtivo: 'N' });
    expect(
      screen.getByText('Ops! Parece que você tentou salvar sem preencher todos os dados necessários'),
    ).toBeInTheDocument();
  });

  it("tells an ADMIN_USUARIOS holder that an administrator's access is not theirs to change, and shows the server's 403", async () => {
    const sent: unknown[] = [];
    const message = 'Somente quem administra administradores pode alterar o acesso desta pessoa.';
    fakeBackend({
      ...catalogs,
      consultaUsuarioAdmin: () => ok({ usuario: { ...stored, flAdministrador: 'S' } }),
      salvaUsuarioAdmin: (body) => {
        sent.push(body);
        return { status: 403, body: { message, error_code: 'ACCESS_FIELDS_PROTECTED' } };
      },
    });
    renderApp('/admin/usuarios/11/editar', { user: editor });
    await screen.findByRole('heading', { level: 1, name: 'Editar usuário' }, { timeout: firstLoad });
    expect(await screen.findByText('Acesso gerenciado em outro lugar')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: 'Usuário ativo' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Encerrar sessões' })).not.toBeInTheDocument();
    // Whatever the page offers, the server decides: its refusal is shown as it comes.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Tipo de login/ }), 'MATRICULA');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(sent[0]).toMatchObject({ idUsuario: 11, tipoLogin: 'MATRICULA' });
  });

  it('lets someone who administers administrators edit an administrator as anyone else', async () => {
    fakeBackend({
      ...catalogs,
      consultaUsuarioAdmin: () => ok({ usuario: { ...stored, flAdministrador: 'S' } }),
    });
    const both = makeLoggedUser({
      flAdministrador: true,
      permissoesAdmin: [
        { permissao: 'ADMIN_USUARIOS', status: 'E' },
        { permissao: 'ADMIN_ADMINISTRADORES', status: 'E' },
      ],
    });
    renderApp('/admin/usuarios/11/editar', { user: both });
    expect(await screen.findByDisplayValue('Maria Silva', {}, { timeout: firstLoad })).toBeInTheDocument();
    expect(screen.queryByText('Acesso gerenciado em outro lugar')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Encerrar sessões' })).toBeInTheDocument();
  });
});
