import type { PublicacaoAdmin } from '@elo/contract/calls/publications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBackend, firstLoad, invalid, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';
import { checkDraft, draftOf, inputOf } from '../components/publication-draft.ts';

const editor = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_PUBLICACOES', status: 'E' }],
});
const reader = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_PUBLICACOES', status: 'L' }],
});

// jsdom decodes no images: the browser's decoder is stood in for by sizes named per file.
const decodedSizes = new Map([
  ['certa.png', { width: 1280, height: 720 }],
  ['pequena.png', { width: 700, height: 400 }],
  ['grande.jpg', { width: 2000, height: 1200 }],
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

const groups = [
  { idGrupo: 1, nome: 'Todos', sigla: 'TOD' },
  { idGrupo: 2, nome: 'Comercial', sigla: 'COM' },
  { idGrupo: 3, nome: 'Marketing', sigla: 'MKT' },
  { idGrupo: 4, nome: 'Financeiro', sigla: 'FIN' },
];

const publication = (overrides: Partial<PublicacaoAdmin>): PublicacaoAdmin => ({
  idPublicacao: 41,
  texto: 'Resultados do trimestre',
  tipo: 1,
  urlMidia: null,
  urlThumbnail: null,
  status: 'Publicado',
  dtPublicacao: '2026-11-20T13:00:00.000Z',
  dtAgendamento: null,
  grupos: [groups[1]!],
  flMural: 'N',
  flPermiteComentarios: 'S',
  autor: { idUsuario: 1, nome: 'Ana Admin', urlFoto: null },
  qtdComentarios: 3,
  qtdReacoes: 12,
  qtdVisualizacoes: 40,
  flEditado: 'N',
  flOculta: 'N',
  flLeituraObrigatoria: 'N',
  dtLimiteLeitura: null,
  diasLembreteLeitura: null,
  versao: 1,
  ...overrides,
});

const list = (rows: PublicacaoAdmin[]) =>
  ok({ listPublicacoes: rows, idPaginaAtual: 1, qtdRegistrosPorPagina: 20, qtdTotalRegistros: rows.length });

const counts = (overrides: Partial<Record<string, number>> = {}) => ({
  comentarios: 3,
  curtir: 5,
  amei: 4,
  parabens: 2,
  genial: 1,
  salvos: 6,
  visualizaram: 40,
  confirmaram: 0,
  pendentes: 0,
  ...overrides,
});

const reach = {
  qtdPublico: 50,
  qtdVisualizacoesUnicas: 40,
  qtdReacoes: 12,
  qtdComentarios: 3,
  qtdSalvos: 6,
  taxaLeitura: 80,
  visualizacoesPorDia: [
    { dia: '2026-11-20', qtd: 20 },
    { dia: '2026-11-21', qtd: 12 },
    { dia: '2026-11-22', qtd: 8 },
  ],
};

const image = (name: string) =>
  new File(['x'], name, { type: name.endsWith('.png') ? 'image/png' : 'image/jpeg' });

describe('the publish form, before sending', () => {
  const now = new Date('2026-11-25T12:00:00Z');

  it("gives the spec's messages: content, groups or wall, at most 3 groups, a schedule ahead", () => {
    const empty = draftOf(null);
    const errors = checkDraft(empty, 'PUBLICAR', null, now);
    expect(errors.texto).toBe('Selecione uma imagem, vídeo ou escreva uma mensagem de texto');
    expect(errors.idsGrupos).toBe('Selecione ao menos um grupo ou a opção publicar no mural');
    const four = { ...empty, text: 'Oi', groupIds: [1, 2, 3, 4] };
    expect(checkDraft(four, 'PUBLICAR', null, now).idsGrupos).toBe('Selecione no máximo 3 grupos');
    const wall = { ...empty, text: 'Oi', wall: true };
    expect(checkDraft(wall, 'PUBLICAR', null, now)).toEqual({});
    expect(checkDraft(wall, 'AGENDAR', null, now).dtAgendamento).toBe(
      'Informe a data e a hora do agendamento',
    );
    const past = { ...wall, scheduleAt: '2026-11-25T11:59:00.000Z' };
    expect(checkDraft(past, 'AGENDAR', null, now).dtAgendamento).toBe('Informe uma data e hora futuras');
  });

  it('sends the schedule with the company offset and the groups as a comma list; the wall sends none', () => {
    const draft = { ...draftOf(null), text: 'Oi', groupIds: [2, 3], scheduleAt: '2026-12-01T13:30:00.000Z' };
    const input = inputOf(draft, 'AGENDAR', null, false);
    expect(input).toMatchObject({
      texto: 'Oi',
      idsGrupos: '2,3',
      flMural: 'N',
      acao: 'AGENDAR',
      dtAgendamento: '2026-12-01T10:30:00-03:00',
      flLeituraObrigatoria: 'N',
    });
    expect(inputOf({ ...draft, wall: true }, 'PUBLICAR', 7, true)).toMatchObject({
      idPublicacao: '7',
      idsGrupos: '',
      flMural: 'S',
      flReconfirmarLeitura: 'S',
    });
    expect(inputOf({ ...draft, wall: true }, 'PUBLICAR', 7, true).dtAgendamento).toBeUndefined();
  });
});

describe('publications administration', { timeout: 60_000 }, () => {
  it('lists publications with status, date and counts; filters go to the call and the URL', async () => {
    const asked: Record<string, unknown>[] = [];
    fakeBackend({
      consultaGruposPublicacaoAdmin: () => ok({ listGrupos: groups }),
      consultaPublicacoesAdmin: (body) => {
        asked.push(body as Record<string, unknown>);
        return list([
          publication({}),
          publication({
            idPublicacao: 42,
            texto: 'Festa de fim de ano',
            status: 'Agendado',
            dtAgendamento: '2026-12-10T21:00:00.000Z',
          }),
        ]);
      },
    });
    renderApp('/admin/publicacoes', { user: editor });
    const table = within(await screen.findByRole('table', {}, { timeout: firstLoad }));
    const party = (await table.findByRole('rowheader', { name: /Festa de fim de ano/ })).closest('tr')!;
    expect(within(party).getByText('Agendado')).toBeInTheDocument();
    expect(within(party).getByText('Para 10/12/2026 18:00')).toBeInTheDocument();
    expect(within(party).getByRole('button', { name: 'Reagendar Festa de fim de ano' })).toBeInTheDocument();
    const published = table.getByRole('rowheader', { name: /Resultados do trimestre/ }).closest('tr')!;
    expect(within(published).queryByRole('button', { name: /Reagendar/ })).not.toBeInTheDocument();
    expect(within(published).getByText('12')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nova publicação' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Rascunho');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ status: 'Rascunho' }));
    await userEvent.selectOptions(screen.getByLabelText('Grupo'), 'Marketing');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ status: 'Rascunho', idGrupo: 3 }));
    expect(screen.getByTestId('location').textContent).toBe('/admin/publicacoes?status=Rascunho&grupo=3');
  });

  it('a read-only administrator sees no new, edit or delete control', async () => {
    fakeBackend({
      consultaGruposPublicacaoAdmin: () => ok({ listGrupos: groups }),
      consultaPublicacoesAdmin: () =>
        list([publication({ status: 'Agendado', dtAgendamento: '2026-12-10T21:00:00Z' })]),
    });
    renderApp('/admin/publicacoes', { user: reader });
    const table = within(await screen.findByRole('table', {}, { timeout: firstLoad }));
    await table.findByRole('rowheader', { name: /Resultados do trimestre/ });
    expect(table.getByRole('link', { name: 'Abrir Resultados do trimestre' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nova publicação' })).not.toBeInTheDocument();
    expect(table.queryByRole('link', { name: /Editar/ })).not.toBeInTheDocument();
    expect(table.queryByRole('button', { name: /Excluir|Reagendar|Cancelar/ })).not.toBeInTheDocument();
  });

  it("cancelling a schedule offers the three choices; a failed delete says 'Não foi possível excluir publicação!'", async () => {
    const cancelled: unknown[] = [];
    fakeBackend({
      consultaGruposPublicacaoAdmin: () => ok({ listGrupos: groups }),
      consultaPublicacoesAdmin: () =>
        list([publication({ status: 'Agendado', dtAgendamento: '2026-12-10T21:00:00Z' })]),
      cancelaAgendamentoPublicacaoAdmin: (body) => {
        cancelled.push(body);
        return ok({ publicacao: publication({ status: 'Rascunho' }) });
      },
      excluiPublicacaoAdmin: () => ({
        status: 500,
        body: { message: 'Falha interna', error_code: 'INTERNAL' },
      }),
    });
    renderApp('/admin/publicacoes', { user: editor });
    const table = within(await screen.findByRole('table', {}, { timeout: firstLoad }));
    await userEvent.click(
      await table.findByRole('button', { name: 'Cancelar o agendamento de Resultados do trimestre' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('button', { name: 'Excluir' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Publicar agora' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar como rascunho' }));
    await waitFor(() => expect(cancelled).toEqual([{ idPublicacao: 41, acao: 'RASCUNHO' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(table.getByRole('button', { name: 'Excluir Resultados do trimestre' }));
    const confirm = within(await screen.findByRole('dialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Não foi possível excluir publicação!')).toBeInTheDocument();
  });

  it('the publish screen refuses a 700x400 image, four groups and no audience before sending, then publishes', async () => {
    const sent: Record<string, unknown>[] = [];
    fakeBackend({
      consultaGruposPublicacaoAdmin: () => ok({ listGrupos: groups }),
      salvaPublicacaoAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        return ok({ publicacao: publication({ idPublicacao: 77 }) });
      },
      consultaPublicacaoAdmin: () =>
        ok({ publicacao: publication({ idPublicacao: 77 }), contagens: counts(), alcance: reach }),
      consultaInteracoesPublicacaoAdmin: () =>
        ok({ listInteracoes: [], idPaginaAtual: 1, qtdRegistrosPorPagina: 20, qtdTotalRegistros: 0 }),
    });
    renderApp('/admin/publicacoes/nova', { user: editor });
    const publish = await screen.findByRole('button', { name: 'Publicar' }, { timeout: firstLoad });
    await userEvent.click(publish);
    expect(await screen.findByText('Não foi possível enviar a publicação!')).toBeInTheDocument();
    expect(
      screen.getByText('Selecione uma imagem, vídeo ou escreva uma mensagem de texto'),
    ).toBeInTheDocument();
    expect(screen.getByText('Selecione ao menos um grupo ou a opção publicar no mural')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Texto/)).toHaveFocus());

    const file = screen.getByLabelText('Imagem ou vídeo', { selector: 'input' });
    await userEvent.upload(file, image('pequena.png'));
    expect(
      await screen.findByText('A imagem deve ter no mínimo 750x405 e no máximo 1920x1080 pixels'),
    ).toBeInTheDocument();
    // The picker offers only the allowed kinds; a file dropped past that filter is checked too.
    await userEvent
      .setup({ applyAccept: false })
      .upload(file, new File(['x'], 'anim.gif', { type: 'image/gif' }));
    expect(
      await screen.findByText('Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG, MP4'),
    ).toBeInTheDocument();
    await userEvent.upload(file, image('grande.jpg'));
    expect(
      await screen.findByText('A imagem deve ter no mínimo 750x405 e no máximo 1920x1080 pixels'),
    ).toBeInTheDocument();
    await userEvent.upload(file, image('certa.png'));
    await waitFor(() => expect(screen.getByText('certa.png')).toBeInTheDocument());

    await userEvent.type(screen.getByLabelText(/^Texto/), 'Bem-vindos ao novo portal');
    for (const name of ['Todos', 'Comercial', 'Marketing', 'Financeiro']) {
      await userEvent.click(screen.getByRole('checkbox', { name }));
    }
    await userEvent.click(publish);
    expect(await screen.findByText('Selecione no máximo 3 grupos')).toBeInTheDocument();
    expect(sent).toEqual([]);

    // The preview shows the card as employees will see it.
    const preview = within(screen.getByRole('article', { name: 'Prévia da publicação' }));
    expect(preview.getByText('Bem-vindos ao novo portal')).toBeInTheDocument();
    expect(preview.getByRole('img', { name: 'Imagem da publicação' })).toHaveAttribute(
      'src',
      'blob:certa.png',
    );

    await userEvent.click(screen.getByRole('checkbox', { name: 'Financeiro' }));
    await userEvent.click(publish);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      texto: 'Bem-vindos ao novo portal',
      idsGrupos: '1,2,3',
      flMural: 'N',
      acao: 'PUBLICAR',
      flPermiteComentarios: 'S',
    });
    expect(sent[0]!.arquivo).toBeInstanceOf(File);
    expect(await screen.findByText('Publicação salva com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/publicacoes/77'));
  });

  it("shows the server's field messages beside the fields, and 'Não foi possível publicar' when publishing fails", async () => {
    let answer = 0;
    fakeBackend({
      consultaGruposPublicacaoAdmin: () => ok({ listGrupos: groups }),
      salvaPublicacaoAdmin: () => {
        answer += 1;
        if (answer === 1) return invalid({ arquivo: ['O arquivo não é uma imagem válida'] });
        return { status: 500, body: { message: 'Erro interno', error_code: 'INTERNAL' } };
      },
    });
    renderApp('/admin/publicacoes/nova', { user: editor });
    await userEvent.type(await screen.findByLabelText(/^Texto/, {}, { timeout: firstLoad }), 'Oi');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Publicar no mural' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('O arquivo não é uma imagem válida')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível enviar a publicação!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Não foi possível publicar')).toBeInTheDocument();
  });

  it("counts the text against the administration's limit and says why the portal's is another", async () => {
    fakeBackend({ consultaGruposPublicacaoAdmin: () => ok({ listGrupos: groups }) });
    renderApp('/admin/publicacoes/nova', { user: editor });
    const text = await screen.findByLabelText(/^Texto/, {}, { timeout: firstLoad });
    expect(screen.getByText('0 de 10.000 caracteres')).toBeInTheDocument();
    await userEvent.type(text, 'Bom dia a todos');
    expect(screen.getByText('15 de 10.000 caracteres')).toBeInTheDocument();
    // The harness's company lets employees write 10 characters in the portal.
    expect(text).toHaveAccessibleDescription(
      'Até 10.000 caracteres. As publicações da administração têm este limite próprio; o das publicações dos colaboradores no portal é de 10 caracteres, definido pela empresa. 15 de 10.000 caracteres',
    );
  });

  it('editing the text of a publication with confirmations asks whether everyone confirms again', async () => {
    const sent: Record<string, unknown>[] = [];
    const saved = publication({ flLeituraObrigatoria: 'S', diasLembreteLeitura: 3 });
    fakeBackend({
      consultaGruposPublicacaoAdmin: () => ok({ listGrupos: groups }),
      consultaPublicacaoAdmin: () =>
        ok({ publicacao: saved, contagens: counts({ confirmaram: 8, pendentes: 2 }), alcance: reach }),
      consultaInteracoesPublicacaoAdmin: () =>
        ok({ listInteracoes: [], idPaginaAtual: 1, qtdRegistrosPorPagina: 20, qtdTotalRegistros: 0 }),
      salvaPublicacaoAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        return ok({ publicacao: saved });
      },
    });
    renderApp('/admin/publicacoes/41/editar', { user: editor });
    const text = await screen.findByLabelText(/^Texto/, {}, { timeout: firstLoad });
    expect(screen.getByLabelText('Lembrar a cada (dias)')).toHaveValue('3');
    await userEvent.type(text, ' revisados');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pedir nova confirmação de leitura?' }));
    expect(dialog.getByText(/8 pessoas já confirmaram/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Sim, todos confirmam de novo' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      idPublicacao: '41',
      texto: 'Resultados do trimestre revisados',
      flReconfirmarLeitura: 'S',
      flLeituraObrigatoria: 'S',
      diasLembreteLeitura: '3',
      acao: 'PUBLICAR',
    });
  });

  it('sends the versao it read; a stale save keeps the typed text and offers to reload the current publication (issue 27)', async () => {
    const sent: Record<string, unknown>[] = [];
    const stale = 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.';
    let current = publication({ status: 'Rascunho', versao: 4 });
    fakeBackend({
      consultaGruposPublicacaoAdmin: () => ok({ listGrupos: groups }),
      consultaPublicacaoAdmin: () => ok({ publicacao: current, contagens: counts(), alcance: reach }),
      consultaInteracoesPublicacaoAdmin: () =>
        ok({ listInteracoes: [], idPaginaAtual: 1, qtdRegistrosPorPagina: 20, qtdTotalRegistros: 0 }),
      salvaPublicacaoAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        if (Number((body as { versao?: string }).versao) !== current.versao)
          return { status: 409, body: { message: stale, error_code: 'REGISTRO_ALTERADO' } };
        return ok({ publicacao: { ...current, versao: current.versao + 1 } });
      },
    });
    renderApp('/admin/publicacoes/41/editar', { user: editor });
    const text = await screen.findByLabelText(/^Texto/, {}, { timeout: firstLoad });
    // Someone else rewrites it meanwhile.
    current = publication({ status: 'Rascunho', texto: 'Resultados revisados por outra pessoa', versao: 5 });
    await userEvent.type(text, ' e metas');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar rascunho' }));

    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      idPublicacao: '41',
      versao: '4',
      texto: 'Resultados do trimestre e metas',
    });
    expect(screen.getByLabelText(/^Texto/)).toHaveValue('Resultados do trimestre e metas');

    await userEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Texto/)).toHaveValue('Resultados revisados por outra pessoa'),
    );
    expect(screen.queryByText(stale)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ versao: '5', texto: 'Resultados revisados por outra pessoa' });
  });

  it('the single publication shows its reach, its tabs with counts and export links, and pages a tab', async () => {
    const asked: Record<string, unknown>[] = [];
    fakeBackend({
      consultaPublicacaoAdmin: () =>
        ok({
          publicacao: publication({ flLeituraObrigatoria: 'S' }),
          contagens: counts({ confirmaram: 30, pendentes: 20 }),
          alcance: reach,
        }),
      consultaInteracoesPublicacaoAdmin: (body) => {
        asked.push(body as Record<string, unknown>);
        const aba = (body as { aba: string }).aba;
        return ok({
          listInteracoes: [
            {
              usuario: { idUsuario: 9, nome: 'Bruno Costa', urlFoto: null, setor: 'Vendas' },
              dtInteracao: '2026-11-20T15:00:00Z',
              comentario:
                aba === 'comentarios' ? { idComentario: 5, texto: 'Parabéns a todos!', flOculto: 'N' } : null,
            },
          ],
          idPaginaAtual: 1,
          qtdRegistrosPorPagina: 20,
          qtdTotalRegistros: 1,
        });
      },
    });
    renderApp('/admin/publicacoes/41', { user: editor });
    const figures = await screen.findByRole('heading', { name: 'Alcance' }, { timeout: firstLoad });
    const reachSection = within(figures.closest('section')!);
    expect(reachSection.getByText('Taxa de leitura').nextSibling).toHaveTextContent('80%');
    expect(reachSection.getByText('Público').nextSibling).toHaveTextContent('50');
    // The chart's figures, also as a table for screen readers (day in São Paulo, views).
    const chart = within(await screen.findByRole('table', { name: 'Visualizações nos primeiros 7 dias' }));
    expect(chart.getByRole('rowheader', { name: '20/11' }).nextSibling).toHaveTextContent('20');
    const tabs = within(screen.getByRole('tablist', { name: 'Interações' }));
    expect(tabs.getByRole('tab', { name: 'Comentários (3)' })).toHaveAttribute('aria-selected', 'true');
    expect(tabs.getByRole('tab', { name: 'Pendentes (20)' })).toBeInTheDocument();
    expect(await screen.findByText('Parabéns a todos!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exportar Comentários em CSV' })).toHaveAttribute(
      'href',
      '/backend/publicacoes/41/exportacao.csv?aba=comentarios&idioma=pt-BR',
    );
    await userEvent.click(tabs.getByRole('tab', { name: 'Curtiram (5)' }));
    await waitFor(() =>
      expect(asked.at(-1)).toMatchObject({ idPublicacao: 41, aba: 'curtir', idPaginaAtual: 1 }),
    );
    expect(screen.getByRole('link', { name: 'Exportar Curtiram em XLSX' })).toHaveAttribute(
      'href',
      '/backend/publicacoes/41/exportacao.xlsx?aba=curtir&idioma=pt-BR',
    );
    expect(screen.getByTestId('location').textContent).toBe('/admin/publicacoes/41?aba=curtir');
  });

  it('the comments tab hides a comment with its reason; an empty reason is refused first', async () => {
    const moderated: unknown[] = [];
    fakeBackend({
      consultaPublicacaoAdmin: () => ok({ publicacao: publication({}), contagens: counts(), alcance: reach }),
      consultaInteracoesPublicacaoAdmin: () =>
        ok({
          listInteracoes: [
            {
              usuario: { idUsuario: 9, nome: 'Bruno Costa', urlFoto: null, setor: 'Vendas' },
              dtInteracao: '2026-11-20T15:00:00Z',
              comentario: { idComentario: 5, texto: 'Comentário fora de tom', flOculto: 'N' },
            },
          ],
          idPaginaAtual: 1,
          qtdRegistrosPorPagina: 20,
          qtdTotalRegistros: 1,
        }),
      moderaComentarioAdmin: (body) => {
        moderated.push(body);
        return ok({ ok: true });
      },
    });
    renderApp('/admin/publicacoes/41', { user: editor });
    await userEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Ocultar o comentário de Bruno Costa' },
        { timeout: firstLoad },
      ),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Ocultar o comentário de Bruno Costa' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Ocultar' }));
    expect(await dialog.findByText('Campo obrigatório')).toBeInTheDocument();
    expect(moderated).toEqual([]);
    await userEvent.type(dialog.getByLabelText(/^Motivo/), 'Linguagem ofensiva');
    await userEvent.click(dialog.getByRole('button', { name: 'Ocultar' }));
    await waitFor(() =>
      expect(moderated).toEqual([{ idComentario: 5, acao: 'OCULTAR', motivo: 'Linguagem ofensiva' }]),
    );
    expect(await screen.findByText('Comentário ocultado')).toBeInTheDocument();
  });

  it('a read-only administrator reads the comments without moderation controls', async () => {
    fakeBackend({
      consultaPublicacaoAdmin: () => ok({ publicacao: publication({}), contagens: counts(), alcance: reach }),
      consultaInteracoesPublicacaoAdmin: () =>
        ok({
          listInteracoes: [
            {
              usuario: { idUsuario: 9, nome: 'Bruno Costa', urlFoto: null, setor: null },
              dtInteracao: '2026-11-20T15:00:00Z',
              comentario: { idComentario: 5, texto: 'Boa!', flOculto: 'S' },
            },
          ],
          idPaginaAtual: 1,
          qtdRegistrosPorPagina: 20,
          qtdTotalRegistros: 1,
        }),
    });
    renderApp('/admin/publicacoes/41', { user: reader });
    expect(await screen.findByText('Boa!', {}, { timeout: firstLoad })).toBeInTheDocument();
    expect(screen.getByText('Oculto')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /comentário de Bruno Costa/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Excluir|Editar|Reagendar/ })).not.toBeInTheDocument();
  });
});
