import type { Chamado, ChamadoResumo } from '@elo/contract/calls/hr-tickets';
import type { LoggedUser } from '@elo/contract/calls/auth';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  calledNames,
  fakeBackend,
  firstLoad,
  invalid,
  makeLoggedUser,
  ok,
  renderApp,
} from '#app/test-harness.tsx';

const summary = (overrides: Partial<ChamadoResumo> = {}): ChamadoResumo => ({
  idChamado: 31,
  protocolo: 'RH-2026-000031',
  idAssunto: 2,
  assunto: 'Férias',
  status: 'ABERTO',
  dtAbertura: '2026-11-20T13:00:00.000Z',
  dtUltimaMensagem: '2026-11-21T13:00:00.000Z',
  flMensagemNaoLida: 'N',
  ...overrides,
});

const ticket = (overrides: Partial<Chamado> = {}): Chamado => ({
  ...summary(),
  mensagens: [
    {
      idMensagem: 1,
      autor: { idUsuario: 7, nome: 'Maria Silva', urlFoto: null },
      flRh: 'N',
      texto: 'Quero marcar minhas férias de janeiro.',
      anexos: [
        {
          idAnexo: 5,
          nome: 'escala.pdf',
          url: '/backend/midia/hr/escala.pdf',
          tipo: 'application/pdf',
          tamanho: 2048,
        },
      ],
      dtEnvio: '2026-11-20T13:00:00.000Z',
    },
    {
      idMensagem: 2,
      autor: { idUsuario: 3, nome: 'Rita RH', urlFoto: null },
      flRh: 'S',
      texto: 'Pode sim, já registramos.',
      anexos: [],
      dtEnvio: '2026-11-21T13:00:00.000Z',
    },
  ],
  flPodeAvaliar: 'N',
  nota: null,
  comentarioAvaliacao: null,
  dtResolucao: null,
  ...overrides,
});

const page = (rows: ChamadoResumo[]) =>
  ok({ listChamados: rows, idPaginaAtual: 1, qtdRegistrosPorPagina: 10, qtdTotalRegistros: rows.length });

const subjects = ok({
  listAssuntos: [
    { idAssunto: 2, nome: 'Férias', flConfidencial: 'N' },
    { idAssunto: 4, nome: 'Denúncia', flConfidencial: 'S' },
  ],
});

const withUnread = (count: number): LoggedUser => ({
  ...makeLoggedUser(),
  qtdChamadosComMensagemNaoLida: count,
});

/** The notification stream, stood in for: the test sends the server's events. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(event: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }
}

describe('Fale com o RH', { timeout: 90_000 }, () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the tickets with their status in words and the unread mark; the status filter goes to the call and the URL', async () => {
    const asked: Record<string, unknown>[] = [];
    fakeBackend({
      consultaChamados: (body) => {
        asked.push(body as Record<string, unknown>);
        return page([
          summary({ flMensagemNaoLida: 'S', status: 'AGUARDANDO_COLABORADOR' }),
          summary({ idChamado: 32, protocolo: 'RH-2026-000032', assunto: 'Benefícios', status: 'RESOLVIDO' }),
        ]);
      },
    });
    renderApp('/painel/fale-rh', { user: makeLoggedUser() });
    const list = within(await screen.findByRole('list', { name: 'Seus chamados' }, { timeout: firstLoad }));
    const first = list.getByRole('link', { name: /Chamado RH-2026-000031/ });
    expect(within(first).getByText('Aguardando colaborador')).toBeInTheDocument();
    expect(within(first).getByText('Nova resposta')).toBeInTheDocument();
    const second = list.getByRole('link', { name: /Chamado RH-2026-000032/ });
    expect(within(second).getByText('Resolvido')).toBeInTheDocument();
    expect(within(second).queryByText('Nova resposta')).not.toBeInTheDocument();
    expect(first).toHaveAttribute('href', '/painel/fale-rh?idChamado=31');

    await userEvent.selectOptions(screen.getByLabelText('Situação'), 'Resolvido');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ status: 'RESOLVIDO', idPaginaAtual: 1 }));
    expect(screen.getByTestId('location').textContent).toBe('/painel/fale-rh?status=RESOLVIDO');
  });

  it('opens a ticket with a subject, a message and a PDF; a file of another kind is refused in the browser, the server’s word shows on its field', async () => {
    const opened: Record<string, unknown>[] = [];
    let answers = 0;
    fakeBackend({
      consultaChamados: () => page([]),
      consultaAssuntosChamado: () => subjects,
      abreChamado: (body) => {
        opened.push(body as Record<string, unknown>);
        answers += 1;
        if (answers === 1) return invalid({ mensagem: ['Campo obrigatório'] });
        return ok({ idChamado: 40, protocolo: 'RH-2026-000040' });
      },
      consultaChamado: () =>
        ok({ chamado: ticket({ idChamado: 40, protocolo: 'RH-2026-000040', mensagens: [] }) }),
    });
    renderApp('/painel/fale-com-rh', { user: makeLoggedUser() });
    await screen.findByText('Nenhum chamado aberto', {}, { timeout: firstLoad });
    await userEvent.click(screen.getByRole('button', { name: 'Novo chamado' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Novo chamado' }));

    // Nothing chosen: the form says what is missing and sends nothing.
    await userEvent.click(dialog.getByRole('button', { name: 'Abrir chamado' }));
    expect(await dialog.findAllByText('Campo obrigatório')).toHaveLength(2);
    expect(opened).toHaveLength(0);

    expect(dialog.getByRole('option', { name: 'Denúncia (Confidencial)' })).toBeInTheDocument();
    await userEvent.selectOptions(dialog.getByLabelText(/Assunto/), 'Férias');
    await userEvent.type(dialog.getByLabelText(/Mensagem/), 'Preciso do informe de férias.');
    const files = dialog.getByLabelText('Anexos');
    const program = new File(['MZ'], 'programa.exe', { type: 'application/x-msdownload' });
    await userEvent.upload(files, program, { applyAccept: false });
    expect(await dialog.findByText(/programa\.exe: Arquivo inválido/)).toBeInTheDocument();
    const pdf = new File(['%PDF-1.4'], 'atestado.pdf', { type: 'application/pdf' });
    await userEvent.upload(files, pdf);
    expect(dialog.getByText('atestado.pdf')).toBeInTheDocument();
    expect(dialog.getByText('1 de 5 arquivos')).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Abrir chamado' }));
    expect(await dialog.findByText('Campo obrigatório')).toBeInTheDocument();
    expect(opened[0]).toMatchObject({ idAssunto: '2', mensagem: 'Preciso do informe de férias.' });
    expect((opened[0]!.anexos as File).name).toBe('atestado.pdf');

    await userEvent.click(dialog.getByRole('button', { name: 'Abrir chamado' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/painel/fale-rh?idChamado=40'),
    );
    expect(await screen.findByRole('heading', { name: 'Chamado RH-2026-000040' })).toBeInTheDocument();
  });

  it('?idChamado=N opens the ticket: HR’s messages and the person’s told apart, attachments to download, a reply sent', async () => {
    const sent: Record<string, unknown>[] = [];
    fakeBackend({
      consultaChamado: () => ok({ chamado: ticket() }),
      consultaChamados: () => page([summary()]),
      enviaMensagemChamado: (body) => {
        sent.push(body as Record<string, unknown>);
        return ok({ chamado: ticket({ status: 'EM_ANDAMENTO' }) });
      },
    });
    renderApp('/painel/fale-com-rh?idChamado=31', { user: makeLoggedUser() });
    const thread = within(
      await screen.findByRole('list', { name: 'Mensagens do chamado' }, { timeout: firstLoad }),
    );
    const mine = thread.getByRole('article', { name: 'Sua mensagem' });
    expect(within(mine).getByText('Quero marcar minhas férias de janeiro.')).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'escala.pdf' })).toHaveAttribute(
      'href',
      '/backend/midia/hr/escala.pdf',
    );
    const hr = thread.getByRole('article', { name: 'Mensagem do RH' });
    expect(within(hr).getByText('Rita RH · RH')).toBeInTheDocument();
    expect(screen.getByText('Aberto')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /^Mensagem/ }), 'Obrigada!');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    await waitFor(() => expect(sent).toEqual([{ idChamado: '31', mensagem: 'Obrigada!' }]));
    expect(await screen.findByText('Em andamento')).toBeInTheDocument();
  });

  it('a resolved ticket is rated once from 1 to 5; a closed one takes no more messages', async () => {
    const rated: unknown[] = [];
    fakeBackend({
      consultaChamado: (body) =>
        (body as { idChamado: number }).idChamado === 31
          ? ok({
              chamado: ticket({
                status: 'RESOLVIDO',
                flPodeAvaliar: 'S',
                dtResolucao: '2026-11-22T12:00:00Z',
              }),
            })
          : ok({ chamado: ticket({ idChamado: 33, protocolo: 'RH-2026-000033', status: 'FECHADO' }) }),
      consultaChamados: () => page([summary()]),
      avaliaChamado: (body) => {
        rated.push(body);
        return ok({
          chamado: ticket({
            status: 'RESOLVIDO',
            flPodeAvaliar: 'N',
            nota: 4,
            comentarioAvaliacao: 'Rápido',
          }),
        });
      },
    });
    const { unmount } = renderApp('/painel/fale-rh?idChamado=31', { user: makeLoggedUser() });
    const rating = within(
      await screen.findByRole('group', { name: 'Avalie o atendimento' }, { timeout: firstLoad }),
    );
    expect(screen.getByText('Escrever em até 7 dias da solução reabre o chamado.')).toBeInTheDocument();
    await userEvent.click(rating.getByLabelText('4 estrelas'));
    await userEvent.type(screen.getByLabelText('Comentário (opcional)'), 'Rápido');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar avaliação' }));
    await waitFor(() => expect(rated).toEqual([{ idChamado: 31, nota: 4, comentario: 'Rápido' }]));
    expect(await screen.findByText('Sua avaliação: 4 de 5')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Avalie o atendimento' })).not.toBeInTheDocument();
    unmount();

    renderApp('/painel/fale-rh?idChamado=33', { user: makeLoggedUser() });
    expect(await screen.findByText('Chamado fechado', {}, { timeout: firstLoad })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar mensagem' })).not.toBeInTheDocument();
  });

  it('another person’s ticket (404) says it cannot be opened and leads back to the list', async () => {
    fakeBackend({
      consultaChamado: () => ({
        status: 404,
        body: { message: 'Registro não encontrado', error_code: 'NOT_FOUND' },
      }),
    });
    renderApp('/painel/fale-rh?idChamado=999', { user: makeLoggedUser() });
    expect(
      await screen.findByText('Não foi possível abrir este chamado', {}, { timeout: firstLoad }),
    ).toBeInTheDocument();
    expect(screen.getByText('Registro não encontrado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar aos chamados' })).toHaveAttribute(
      'href',
      '/painel/fale-rh',
    );
  });

  it('the navigation’s count rises when HR answers (live) and drops when the person opens the ticket', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let unread = 0;
    const backend = fakeBackend({
      recuperaDadosUsuarioLogado: () => ok(withUnread(unread)),
      consultaChamados: () => page([summary({ flMensagemNaoLida: unread > 0 ? 'S' : 'N' })]),
      consultaChamado: () => {
        unread = 0;
        return ok({ chamado: ticket() });
      },
    });
    renderApp('/painel/fale-rh', { user: withUnread(0) });
    const nav = within(
      await screen.findByRole('navigation', { name: 'Navegação principal' }, { timeout: firstLoad }),
    );
    await screen.findByRole('list', { name: 'Seus chamados' });
    expect(nav.getByRole('link', { name: 'Fale com o RH' })).toBeInTheDocument();

    // HR answers: the server's count moves and the stream says so.
    unread = 1;
    const stream = FakeEventSource.instances.at(-1)!;
    act(() =>
      stream.send('notificacao', {
        qtdNaoLidas: 1,
        notificacao: {
          idNotificacao: 90,
          tipo: 'CHAMADO_RESPOSTA',
          titulo: 'O RH respondeu o chamado RH-2026-000031',
          texto: 'Pode sim, já registramos.',
          link: '/painel/fale-com-rh?idChamado=31',
          dtCriacao: '2026-11-21T13:00:00.000Z',
          flLida: 'N',
          qtdAgrupadas: 1,
          qtdPessoas: 0,
          nomes: [],
        },
      }),
    );
    expect(
      await nav.findByRole('link', { name: /Fale com o RH.*1 chamado com mensagem não lida/ }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Nova resposta')).toBeInTheDocument();
    expect(calledNames(backend)).toContain('recuperaDadosUsuarioLogado');

    await userEvent.click(screen.getByRole('link', { name: /Chamado RH-2026-000031/ }));
    await screen.findByRole('list', { name: 'Mensagens do chamado' });
    await waitFor(() => expect(nav.getByRole('link', { name: 'Fale com o RH' })).toBeInTheDocument());
  });
});
