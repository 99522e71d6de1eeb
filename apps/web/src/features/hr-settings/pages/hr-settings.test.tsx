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
  permissoesAdmin: [{ permissao: 'ADMIN_PORTAL_RH', status: 'L' }],
});
const editor = makeLoggedUser({ flAdministrador: true });

const subjects = [
  {
    idAssunto: 1,
    nome: 'Férias',
    flAtivo: 'S',
    flConfidencial: 'N',
    horasPrimeiraResposta: 4,
    horasSolucao: 16,
    qtdResponsaveis: 2,
    qtdChamadosAbertos: 3,
    versao: 1,
  },
  {
    idAssunto: 2,
    nome: 'Denúncia',
    flAtivo: 'S',
    flConfidencial: 'S',
    horasPrimeiraResposta: 1.5,
    horasSolucao: null,
    qtdResponsaveis: 1,
    qtdChamadosAbertos: 0,
    versao: 4,
  },
];
const calendar = {
  diasUteis: [1, 2, 3, 4, 5],
  horaInicio: '08:00',
  horaFim: '18:00',
  fusoHorario: 'America/Sao_Paulo',
  flFeriadosNacionais: 'S',
  versao: 3,
};
const holidays = [
  {
    idFeriado: null,
    data: '2026-11-20',
    nome: 'Dia da Consciência Negra',
    origem: 'NACIONAL',
    versao: null,
  },
  { idFeriado: 7, data: '2026-12-08', nome: 'Dia da padroeira', origem: 'EMPRESA', versao: 1 },
];
const answers = [
  { idResposta: 1, idAssunto: null, titulo: 'Agradecimento', texto: 'Obrigado pelo contato.' },
  { idResposta: 2, idAssunto: 1, titulo: 'Saldo de férias', texto: 'Seu saldo está no portal.' },
  { idResposta: 3, idAssunto: 2, titulo: 'Sigilo', texto: 'Sua denúncia é sigilosa.' },
];

const stale = 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.';

const settingsBackend = (extra: FakeBackend = {}) =>
  fakeBackend({
    consultaConfiguracoesRhAdmin: () =>
      ok({ listAssuntos: subjects, calendario: calendar, listFeriados: holidays }),
    consultaRespostasProntasAdmin: () => ok({ listRespostas: answers }),
    ...extra,
  });

describe('HR settings page', { timeout: 40_000 }, () => {
  it('shows the subjects with their targets and counts, and no control that changes them to a reader', async () => {
    settingsBackend();
    renderApp('/admin/portal-rh/configuracoes', { user: reader });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Configurações do RH' }, { timeout: firstLoad }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Assuntos' })).toHaveAttribute('aria-selected', 'true');
    const table = within(await screen.findByRole('table', { name: 'Assuntos dos chamados' }));
    const ferias = within((await table.findByText('Férias')).closest('tr')!);
    expect(ferias.getByText('4 h úteis')).toBeInTheDocument();
    expect(ferias.getByText('16 h úteis')).toBeInTheDocument();
    const denuncia = within(table.getByText('Denúncia').closest('tr')!);
    expect(denuncia.getByText('1,5 h úteis')).toBeInTheDocument();
    expect(denuncia.getByText('Sem prazo')).toBeInTheDocument();
    expect(denuncia.getAllByText('Sim')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Novo assunto' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Editar/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Calendário e feriados' }));
    expect(await screen.findByRole('checkbox', { name: 'Segunda-feira' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sábado' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sábado' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar calendário' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Excluir/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Adicionar feriado da empresa' })).not.toBeInTheDocument();
  });

  it('creates a subject with targets in business hours, checking them before sending', async () => {
    const saved: unknown[] = [];
    settingsBackend({
      salvaAssuntoChamadoAdmin: (body) => {
        saved.push(body);
        if ((body as { nome: string }).nome === 'férias')
          return invalid({ nome: ['Já existe um item com este nome'] });
        return ok({ assunto: { ...subjects[0], idAssunto: 9, nome: 'Benefícios' } });
      },
    });
    renderApp('/admin/portal-rh/configuracoes', { user: editor });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Novo assunto' }, { timeout: firstLoad }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Novo assunto' }));
    expect(dialog.getByRole('checkbox', { name: 'Ativo' })).toBeChecked();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Nome' }), 'férias');
    const firstResponse = dialog.getByRole('textbox', { name: 'Prazo de primeira resposta (horas úteis)' });
    await userEvent.type(firstResponse, '0');
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar assunto' }));
    expect(
      await dialog.findByText('Informe um prazo em horas úteis maior que zero e de até 2.000 horas'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);

    await userEvent.clear(firstResponse);
    await userEvent.type(firstResponse, '1,5');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Confidencial' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar assunto' }));
    expect(await dialog.findByText('Já existe um item com este nome')).toBeInTheDocument();
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Nome' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Nome' }), 'Benefícios');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Prazo de solução (horas úteis)' }), '24');
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar assunto' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved).toEqual([
      {
        nome: 'férias',
        flAtivo: 'S',
        flConfidencial: 'S',
        horasPrimeiraResposta: 1.5,
        horasSolucao: null,
      },
      {
        nome: 'Benefícios',
        flAtivo: 'S',
        flConfidencial: 'S',
        horasPrimeiraResposta: 1.5,
        horasSolucao: 24,
      },
    ]);
  });

  it('edits a subject starting from its values', async () => {
    const saved: unknown[] = [];
    settingsBackend({
      salvaAssuntoChamadoAdmin: (body) => {
        saved.push(body);
        return ok({ assunto: subjects[1] });
      },
    });
    renderApp('/admin/portal-rh/configuracoes', { user: editor });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Editar: Denúncia' }, { timeout: firstLoad }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar assunto' }));
    expect(dialog.getByRole('textbox', { name: 'Prazo de primeira resposta (horas úteis)' })).toHaveValue(
      '1,5',
    );
    expect(dialog.getByRole('checkbox', { name: 'Confidencial' })).toBeChecked();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Ativo' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar assunto' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      idAssunto: 2,
      versao: 4,
      nome: 'Denúncia',
      flAtivo: 'N',
      flConfidencial: 'S',
      horasPrimeiraResposta: 1.5,
      horasSolucao: null,
    });
  });

  it('shows the server’s translated refusal when an administrator not assigned to the subject changes its confidentiality', async () => {
    const message =
      'Somente administradores atribuídos a este assunto podem alterar a confidencialidade dele.';
    const saved: unknown[] = [];
    settingsBackend({
      salvaAssuntoChamadoAdmin: (body) => {
        saved.push(body);
        return { status: 403, body: { message, error_code: 'SUBJECT_CONFIDENTIALITY_FORBIDDEN' } };
      },
    });
    renderApp('/admin/portal-rh/configuracoes', { user: editor });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Editar: Denúncia' }, { timeout: firstLoad }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar assunto' }));
    const confidential = dialog.getByRole('checkbox', { name: 'Confidencial' });
    expect(confidential).toHaveAccessibleDescription(/Só esses administradores podem alterar esta opção/);
    await userEvent.click(confidential);
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar assunto' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(saved).toEqual([expect.objectContaining({ idAssunto: 2, flConfidencial: 'N' })]);
    // The dialog stays open with the choice as it was made, to undo or cancel.
    expect(screen.getByRole('dialog', { name: 'Editar assunto' })).toBeInTheDocument();
    expect(dialog.getByRole('checkbox', { name: 'Confidencial' })).not.toBeChecked();
  });

  it('saves the calendar and shows the server’s word on the hours', async () => {
    const saved: unknown[] = [];
    settingsBackend({
      salvaCalendarioRhAdmin: (body) => {
        saved.push(body);
        if (saved.length === 1)
          return invalid({ horaFim: ['O fim do expediente deve ser depois do início'] });
        return ok({ calendario: { ...calendar, diasUteis: [1, 2, 3, 4, 5, 6] } });
      },
    });
    renderApp('/admin/portal-rh/configuracoes?aba=calendario', { user: editor });
    const saturday = await screen.findByRole('checkbox', { name: 'Sábado' }, { timeout: firstLoad });
    await userEvent.click(saturday);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Feriados nacionais são dias de folga' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar calendário' }));
    expect(await screen.findByText('O fim do expediente deve ser depois do início')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar calendário' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[0]).toEqual({
      versao: 3,
      diasUteis: [1, 2, 3, 4, 5, 6],
      horaInicio: '08:00',
      horaFim: '18:00',
      flFeriadosNacionais: 'N',
    });
  });

  it('sends the subject’s versao; a stale save keeps what was typed and offers to reload the current subject (issue 27)', async () => {
    const sent: Record<string, unknown>[] = [];
    let current = subjects;
    settingsBackend({
      consultaConfiguracoesRhAdmin: () =>
        ok({ listAssuntos: current, calendario: calendar, listFeriados: holidays }),
      salvaAssuntoChamadoAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        const stored = current.find((subject) => subject.idAssunto === 2)!;
        if ((body as { versao?: number }).versao !== stored.versao)
          return { status: 409, body: { message: stale, error_code: 'REGISTRO_ALTERADO' } };
        return ok({ assunto: { ...stored, versao: stored.versao + 1 } });
      },
    });
    renderApp('/admin/portal-rh/configuracoes', { user: editor });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Editar: Denúncia' }, { timeout: firstLoad }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar assunto' }));
    // Someone else sets a resolution target meanwhile.
    current = [subjects[0]!, { ...subjects[1]!, horasSolucao: 8, versao: 5 }];
    const name = dialog.getByRole('textbox', { name: 'Nome' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Denúncia grave');
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar assunto' }));

    expect(await dialog.findByText(stale)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ idAssunto: 2, versao: 4, nome: 'Denúncia grave' });
    expect(dialog.getByRole('textbox', { name: 'Nome' })).toHaveValue('Denúncia grave');

    await userEvent.click(dialog.getByRole('button', { name: 'Recarregar' }));
    const resolution = dialog.getByRole('textbox', { name: 'Prazo de solução (horas úteis)' });
    await waitFor(() => expect(resolution).toHaveValue('8'));
    expect(dialog.getByRole('textbox', { name: 'Nome' })).toHaveValue('Denúncia');
    expect(dialog.queryByText(stale)).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar assunto' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent[1]).toMatchObject({ versao: 5, horasSolucao: 8 });
  });

  it('sends the calendar’s versao; a stale save keeps the ticked days and offers to reload the current calendar (issue 27)', async () => {
    const sent: Record<string, unknown>[] = [];
    let current = calendar;
    settingsBackend({
      consultaConfiguracoesRhAdmin: () =>
        ok({ listAssuntos: subjects, calendario: current, listFeriados: holidays }),
      salvaCalendarioRhAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        if ((body as { versao?: number }).versao !== current.versao)
          return { status: 409, body: { message: stale, error_code: 'REGISTRO_ALTERADO' } };
        return ok({ calendario: { ...current, versao: current.versao + 1 } });
      },
    });
    renderApp('/admin/portal-rh/configuracoes?aba=calendario', { user: editor });
    const saturday = await screen.findByRole('checkbox', { name: 'Sábado' }, { timeout: firstLoad });
    // Someone else shortens the working day meanwhile.
    current = { ...calendar, horaFim: '17:00', versao: 4 };
    await userEvent.click(saturday);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar calendário' }));

    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ versao: 3, diasUteis: [1, 2, 3, 4, 5, 6], horaFim: '18:00' });
    expect(screen.getByRole('checkbox', { name: 'Sábado' })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() => expect(screen.getByLabelText(/^Fim do expediente/)).toHaveValue('17:00'));
    expect(screen.getByRole('checkbox', { name: 'Sábado' })).not.toBeChecked();
    expect(screen.queryByText(stale)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar calendário' }));
    expect(await screen.findByText('Calendário salvo.')).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ versao: 4, horaFim: '17:00', diasUteis: [1, 2, 3, 4, 5] });
  });

  it('refuses a calendar without working days before sending', async () => {
    const fetchMock = settingsBackend();
    renderApp('/admin/portal-rh/configuracoes?aba=calendario', { user: editor });
    await screen.findByRole('checkbox', { name: 'Segunda-feira' }, { timeout: firstLoad });
    for (const day of ['Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira']) {
      await userEvent.click(screen.getByRole('checkbox', { name: day }));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Salvar calendário' }));
    expect(await screen.findByText('Selecione ao menos um dia útil')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/backend/salvaCalendarioRhAdmin');
  });

  it('lists the year’s holidays, adds a company holiday by its date and deletes one after asking', async () => {
    const saved: unknown[] = [];
    const deleted: unknown[] = [];
    const years: unknown[] = [];
    settingsBackend({
      consultaConfiguracoesRhAdmin: (body) => {
        years.push((body as { ano: number }).ano);
        return ok({ listAssuntos: subjects, calendario: calendar, listFeriados: holidays });
      },
      salvaFeriadoAdmin: (body) => {
        saved.push(body);
        return ok({
          feriado: { idFeriado: 8, data: '2026-06-04', nome: 'Corpus Christi', origem: 'EMPRESA', versao: 1 },
        });
      },
      excluiFeriadoAdmin: (body) => {
        deleted.push(body);
        return ok({ ok: true });
      },
    });
    renderApp('/admin/portal-rh/configuracoes?aba=calendario&ano=2026', { user: editor });
    const table = within(
      await screen.findByRole('table', { name: 'Feriados de 2026' }, { timeout: firstLoad }),
    );
    const national = within((await table.findByText('Dia da Consciência Negra')).closest('tr')!);
    expect(national.getByText('20/11/2026')).toBeInTheDocument();
    expect(national.getByText('Nacional')).toBeInTheDocument();
    expect(national.queryByRole('button')).not.toBeInTheDocument();
    expect(years).toContain(2026);

    const form = within(screen.getByRole('form', { name: 'Adicionar feriado da empresa' }));
    await userEvent.type(form.getByRole('textbox', { name: 'Data' }), '04062026');
    await userEvent.type(form.getByRole('textbox', { name: 'Nome do feriado' }), 'Corpus Christi');
    await userEvent.click(form.getByRole('button', { name: 'Adicionar feriado' }));
    await waitFor(() => expect(saved).toEqual([{ data: '2026-06-04', nome: 'Corpus Christi' }]));

    await userEvent.click(screen.getByRole('button', { name: 'Excluir: Dia da padroeira' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Excluir o feriado "Dia da padroeira"?' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(deleted).toEqual([{ idFeriado: 7 }]));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ano' }), '2027');
    await waitFor(() => expect(years).toContain(2027));
  });

  it('filters canned answers by subject and creates one for the chosen subject', async () => {
    const saved: unknown[] = [];
    settingsBackend({
      salvaRespostaProntaAdmin: (body) => {
        saved.push(body);
        return ok({ resposta: { idResposta: 4, idAssunto: 1, titulo: 'Prazo', texto: 'Em até 5 dias.' } });
      },
    });
    renderApp('/admin/portal-rh/configuracoes?aba=respostas', { user: editor });
    const table = within(
      await screen.findByRole('table', { name: 'Respostas prontas' }, { timeout: firstLoad }),
    );
    expect(await table.findByText('Sigilo')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Assunto' }), 'Férias');
    // A subject's list: its own answers and those for every subject.
    expect(table.queryByText('Sigilo')).not.toBeInTheDocument();
    expect(table.getByText('Saldo de férias')).toBeInTheDocument();
    expect(
      within(table.getByText('Agradecimento').closest('tr')!).getByText('Todos os assuntos'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Nova resposta pronta' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nova resposta pronta' }));
    expect(dialog.getByRole('combobox', { name: 'Assunto' })).toHaveValue('1');
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar resposta' }));
    expect(await dialog.findAllByText('Campo obrigatório')).toHaveLength(2);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Título' }), 'Prazo');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Texto' }), 'Em até 5 dias.');
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar resposta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved).toEqual([{ idAssunto: 1, titulo: 'Prazo', texto: 'Em até 5 dias.' }]);
  });

  it('deletes a canned answer after asking', async () => {
    const deleted: unknown[] = [];
    settingsBackend({
      excluiRespostaProntaAdmin: (body) => {
        deleted.push(body);
        return ok({ ok: true });
      },
    });
    renderApp('/admin/portal-rh/configuracoes?aba=respostas', { user: editor });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Excluir: Sigilo' }, { timeout: firstLoad }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Excluir a resposta pronta "Sigilo"?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(deleted).toEqual([{ idResposta: 3 }]));
  });
});
