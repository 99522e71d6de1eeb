import type { Administrador, AdministradorResumo } from '@elo/contract/calls/administrators';
import { adminPermissionCodes } from '@elo/contract/enums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, firstLoad, invalid, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';

function summary(overrides: Partial<AdministradorResumo>): AdministradorResumo {
  return {
    idUsuario: 1,
    nome: 'Beatriz Almeida',
    login: 'admin@demo.elo',
    email: 'admin@demo.elo',
    urlFoto: null,
    flAprovado: 'S',
    flAtivo: 'S',
    flMaster: 'S',
    qtdPermissoesLeitura: 0,
    qtdPermissoesEdicao: 10,
    dtUltimoAcesso: '2026-03-10T02:30:00.000Z',
    ...overrides,
  };
}

const list = (rows: AdministradorResumo[]) =>
  ok({
    listAdministradores: rows,
    idPaginaAtual: 1,
    qtdRegistrosPorPagina: 20,
    qtdTotalRegistros: rows.length,
  });

const options = () =>
  ok({
    listAssuntos: [{ id: 31, nome: 'Férias', flAtivo: 'S' }],
    listGrupos: [{ idGrupo: 5, nome: 'Comercial' }],
  });

// An administrator who may only read the administrators area (and the users area).
const reader = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [
    { permissao: 'ADMIN_ADMINISTRADORES', status: 'L' },
    { permissao: 'ADMIN_USUARIOS', status: 'L' },
  ],
});
const editor = makeLoggedUser({ flAdministrador: true });

const carla = summary({
  idUsuario: 12,
  nome: 'Carla Dias',
  login: 'C-12',
  email: 'carla@demo.elo',
  flMaster: 'N',
  flAprovado: 'N',
  qtdPermissoesLeitura: 2,
  qtdPermissoesEdicao: 1,
  dtUltimoAcesso: null,
});

describe('administrators pages', { timeout: 40_000 }, () => {
  it('lists administrators, and shows a read-only administrator no control that changes them', async () => {
    fakeBackend({ consultaAdministradoresAdmin: () => list([summary({}), carla]) });
    renderApp('/admin/administradores', { user: reader });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Administradores' }, { timeout: firstLoad }),
    ).toBeInTheDocument();
    const table = within(await screen.findByRole('table'));
    const carlaRow = (await table.findByText('Carla Dias')).closest('tr')!;
    expect(within(carlaRow).getByText('C-12')).toBeInTheDocument();
    expect(within(carlaRow).getByText('1 em edição, 2 em leitura')).toBeInTheDocument();
    expect(within(carlaRow).getByText('Nunca')).toBeInTheDocument();
    const masterRow = table.getByText('Beatriz Almeida').closest('tr')!;
    expect(within(masterRow).getByText('Master')).toBeInTheDocument();
    expect(within(masterRow).getByText('09/03/2026 23:30')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Novo administrador' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remover/ })).not.toBeInTheDocument();
    expect(within(carlaRow).getByRole('link', { name: 'Ver: Carla Dias' })).toBeInTheDocument();
    // The sidebar has the area, after users.
    const nav = within(screen.getByRole('navigation', { name: 'Menu da administração' }));
    const labels = nav.getAllByRole('link').map((link) => link.textContent);
    expect(labels.indexOf('Administradores')).toBe(labels.indexOf('Usuários') + 1);
  });

  it('asks before removing, and shows the server’s reason when it refuses', async () => {
    const removals: unknown[] = [];
    fakeBackend({
      consultaAdministradoresAdmin: () => list([summary({}), carla]),
      removeAdministradorAdmin: (body) => {
        removals.push(body);
        return {
          status: 409,
          body: {
            message:
              'Não é possível remover este administrador: a empresa precisa manter ao menos um administrador aprovado e ativo com a permissão de editar administradores.',
            error_code: 'ADMIN_REMOVAL_REFUSED',
          },
        };
      },
    });
    renderApp('/admin/administradores', { user: editor });
    const table = within(await screen.findByRole('table', {}, { timeout: firstLoad }));
    await table.findByText('Carla Dias');
    // The master has no remove button.
    expect(screen.queryByRole('button', { name: 'Remover: Beatriz Almeida' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remover: Carla Dias' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Remover Carla Dias da administração?' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText(/a empresa precisa manter ao menos um administrador/)).toBeInTheDocument();
    expect(removals).toEqual([{ idUsuario: 12 }]);
  });

  it('creates an administrator: required fields first, each permission as a radio group, server errors beside fields', async () => {
    const saved: Record<string, unknown>[] = [];
    fakeBackend({
      consultaOpcoesAdministradorAdmin: options,
      salvaAdministradorAdmin: (body) => {
        saved.push(body as Record<string, unknown>);
        return invalid({ email: ['Este e-mail já está em uso por outra pessoa'] });
      },
    });
    renderApp('/admin/administradores/novo', { user: editor });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Novo administrador' }, { timeout: firstLoad }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    for (const label of ['Nome completo', 'E-mail', 'Login', 'Senha']) {
      expect(await screen.findByLabelText(new RegExp(`^${label}`))).toHaveAccessibleDescription(
        expect.stringContaining('Campo obrigatório'),
      );
    }
    expect(saved).toEqual([]);

    await userEvent.type(screen.getByLabelText(/^Nome completo/), 'Renata Campos');
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'renata@demo.elo');
    await userEvent.type(screen.getByLabelText(/^Login/), 'renata@demo.elo');
    await userEvent.type(screen.getByLabelText(/^Senha/), 'Girassol#2026');
    const users = within(screen.getByRole('group', { name: 'Usuários' }));
    expect(users.getByRole('radio', { name: 'Nenhum' })).toBeChecked();
    await userEvent.click(users.getByRole('radio', { name: 'Leitura' }));
    expect(screen.getAllByRole('group', { name: /./ }).length).toBeGreaterThanOrEqual(
      adminPermissionCodes.length,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      nome: 'Renata Campos',
      login: 'renata@demo.elo',
      email: 'renata@demo.elo',
      senha: 'Girassol#2026',
      flAprovado: 'S',
      idsAssuntosChamado: [],
    });
    expect(saved[0]!.permissoesAdmin).toContainEqual({ permissao: 'ADMIN_USUARIOS', status: 'L' });
    expect(saved[0]!.permissoesAdmin).toContainEqual({ permissao: 'ADMIN_GRUPOS', status: 'N' });
    const email = screen.getByLabelText(/^E-mail/);
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('Este e-mail já está em uso por outra pessoa'),
    );
    expect(email).toHaveFocus();
  });

  it('promotes an existing employee, found by search, without asking a password', async () => {
    const saved: Record<string, unknown>[] = [];
    fakeBackend({
      consultaOpcoesAdministradorAdmin: options,
      consultaCandidatosAdministradorAdmin: () =>
        ok({
          listUsuarios: [
            { idUsuario: 40, nome: 'Otávio Lima', email: null, matricula: '10040', urlFoto: null },
          ],
        }),
      salvaAdministradorAdmin: (body) => {
        saved.push(body as Record<string, unknown>);
        return ok({
          administrador: {
            ...summary({ idUsuario: 40, nome: 'Otávio Lima', flMaster: 'N' }),
            permissoesAdmin: [],
            idsAssuntosChamado: [],
            idsGruposChamado: [],
            versao: 1,
          } satisfies Administrador,
        });
      },
      consultaAdministradoresAdmin: () => list([summary({})]),
    });
    renderApp('/admin/administradores/novo', { user: editor });
    await userEvent.click(
      await screen.findByRole('radio', { name: 'Um usuário que já existe' }, { timeout: firstLoad }),
    );
    expect(screen.queryByLabelText(/^Senha/)).not.toBeInTheDocument();
    // Saved before choosing anyone: told to choose, nothing sent.
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escolha o usuário a promover');
    expect(saved).toEqual([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Escolher: Otávio Lima' }));
    expect(screen.getByText('Promovendo Otávio Lima: a senha continua a mesma.')).toBeInTheDocument();
    // No e-mail on file: the login is the matricula, the e-mail still to be given.
    expect(screen.getByLabelText(/^Login/)).toHaveValue('10040');
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'otavio@demo.elo');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      idUsuario: 40,
      flPromover: 'S',
      login: '10040',
      email: 'otavio@demo.elo',
    });
    expect(saved[0]).not.toHaveProperty('senha');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administradores' })).toBeInTheDocument();
  });

  it('sends the versao it read; a stale save keeps the typed name and offers to reload the current administrator (issue 27)', async () => {
    const sent: Record<string, unknown>[] = [];
    const stale = 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.';
    const record = (overrides: Partial<Administrador>): Administrador => ({
      ...carla,
      permissoesAdmin: adminPermissionCodes.map((permissao) => ({ permissao, status: 'N' as const })),
      idsAssuntosChamado: [],
      idsGruposChamado: [],
      versao: 5,
      ...overrides,
    });
    let current = record({});
    fakeBackend({
      consultaAdministradorAdmin: () => ok({ administrador: current }),
      consultaOpcoesAdministradorAdmin: options,
      consultaAdministradoresAdmin: () => list([carla]),
      salvaAdministradorAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        if ((body as { versao?: number }).versao !== current.versao)
          return { status: 409, body: { message: stale, error_code: 'REGISTRO_ALTERADO' } };
        return ok({ administrador: { ...current, versao: current.versao + 1 } });
      },
    });
    renderApp('/admin/administradores/12', { user: editor });
    const name = await screen.findByRole('textbox', { name: /^Nome/ }, { timeout: firstLoad });
    await waitFor(() => expect(name).toHaveValue('Carla Dias'));
    // Someone else renames her meanwhile.
    current = record({ nome: 'Carla Dias Souza', versao: 6 });
    await userEvent.clear(name);
    await userEvent.type(name, 'Carla D.');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ idUsuario: 12, versao: 5, nome: 'Carla D.' });
    expect(screen.getByRole('textbox', { name: /^Nome/ })).toHaveValue('Carla D.');

    await userEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Nome/ })).toHaveValue('Carla Dias Souza'),
    );
    expect(screen.queryByText(stale)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ versao: 6, nome: 'Carla Dias Souza' });
  });

  it('shows an administrator not yet approved why the administration stays closed', async () => {
    fakeBackend({});
    const waiting = makeLoggedUser({ flAdministrador: true, permissoesAdmin: [] });
    waiting.usuario.flAdministradorAprovado = false;
    renderApp('/admin', { user: waiting });
    expect(
      await screen.findByText(
        'Seu acesso à administração ainda não foi aprovado. Fale com um administrador.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao portal' })).toBeInTheDocument();
  });
});
