import type { PesquisaAdmin } from '@elo/contract/calls/surveys-admin';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, firstLoad, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';

const editor = makeLoggedUser({ flAdministrador: true });
const stale = 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.';

const survey = (overrides: Partial<PesquisaAdmin> = {}): PesquisaAdmin => ({
  idPesquisa: 12,
  titulo: 'Pesquisa de transporte',
  status: 'Rascunho',
  dtInicioPesquisa: '2026-11-20T12:00:00.000Z',
  dtFimPesquisa: '2026-12-20T12:00:00.000Z',
  dtCriacao: '2026-11-19T12:00:00.000Z',
  grupos: [{ idGrupo: 2, nome: 'Comercial', sigla: 'COM' }],
  flAnonima: 'N',
  flQuiz: 'N',
  qtdRespostas: 0,
  descricao: null,
  idMidiaCabecalho: null,
  imgCabecalho: null,
  corPrincipal: '#0f766e',
  corFundo: '#ffffff',
  limitarAUmaResposta: true,
  desabilitarSalvamentoAutomatico: false,
  flPossuiRespostas: false,
  questoes: [
    {
      idPesquisaQuestao: 30,
      titulo: 'Como você chega ao trabalho?',
      descricao: null,
      tipoQuestao: 1,
      flObrigatoria: 'N',
      ordem: 1,
      qtdMaximoArquivo: null,
      limiteBytesUpload: null,
      formatosUploadPermitidos: [],
      flAceitarSomenteArquivosEspecificos: 'N',
      opcoes: [],
      flPossuiRespostas: false,
    },
  ],
  versao: 7,
  ...overrides,
});

describe('survey editor (issue 27)', { timeout: 40_000 }, () => {
  it('sends the versao it read; a stale save keeps the typed title and offers to reload the current survey', async () => {
    const sent: Record<string, unknown>[] = [];
    let current = survey();
    fakeBackend({
      consultaPesquisaAdmin: () => ok({ pesquisa: current }),
      consultaGruposPesquisaAdmin: () =>
        ok({ listGrupos: [{ idGrupo: 2, nome: 'Comercial', sigla: 'COM', qtdMembros: 8 }] }),
      salvaPesquisa: (body) => {
        sent.push(body as Record<string, unknown>);
        if ((body as { versao?: number }).versao !== current.versao)
          return { status: 409, body: { message: stale, error_code: 'REGISTRO_ALTERADO' } };
        return ok({ pesquisa: { ...current, versao: current.versao + 1 } });
      },
    });
    renderApp('/admin/pesquisas/12/editar', { user: editor });
    const title = await screen.findByRole('textbox', { name: 'Título' }, { timeout: firstLoad });
    await waitFor(() => expect(title).toHaveValue('Pesquisa de transporte'));
    // Someone else renames it meanwhile.
    current = survey({ titulo: 'Pesquisa de mobilidade', versao: 8 });
    await userEvent.clear(title);
    await userEvent.type(title, 'Pesquisa de deslocamento');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ idPesquisa: 12, versao: 7, titulo: 'Pesquisa de deslocamento' });
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Pesquisa de deslocamento');

    await userEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Pesquisa de mobilidade'),
    );
    expect(screen.queryByText(stale)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Pesquisa salva com sucesso!')).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ versao: 8, titulo: 'Pesquisa de mobilidade' });
  });

  it('marks every field the contract requires: title, groups, dates, each question and option text', async () => {
    fakeBackend({
      consultaPesquisaAdmin: () =>
        ok({
          pesquisa: survey({
            questoes: [
              {
                ...survey().questoes[0]!,
                tipoQuestao: 2,
                opcoes: [
                  {
                    idPesquisaResposta: 40,
                    descricao: 'Ônibus',
                    flOutro: 'N',
                    flCorreta: 'N',
                    flDissertacaoDisponivel: 'N',
                    flDissertacaoObrigatoria: 'N',
                    ordem: 1,
                    flPossuiRespostas: false,
                  },
                ],
              },
            ],
          }),
        }),
      consultaGruposPesquisaAdmin: () =>
        ok({ listGrupos: [{ idGrupo: 2, nome: 'Comercial', sigla: 'COM', qtdMembros: 8 }] }),
    });
    renderApp('/admin/pesquisas/12/editar', { user: editor });
    const title = await screen.findByRole('textbox', { name: 'Título' }, { timeout: firstLoad });
    expect(title).toBeRequired();
    expect(title.closest('div')!.querySelector('label')).toHaveTextContent('Título*');
    expect(screen.getByRole('textbox', { name: 'Enunciado da pergunta 1' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Opção 1' })).toBeRequired();
    expect(screen.getByLabelText(/^Início/)).toBeRequired();
    expect(screen.getByLabelText(/^Término/)).toBeRequired();
    // The groups are checkboxes: their legend says it, to the eye and to screen readers.
    const groups = screen.getByRole('group', { name: /^Grupos que respondem/ });
    expect(groups).toHaveAccessibleName(/^Grupos que respondem ?\(obrigatório\)$/);
    expect(groups.querySelector('legend')).toHaveTextContent(/^Grupos que respondem\*/);
  });
});
