import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { count } from 'drizzle-orm';
import { groups, surveyApplications, surveys } from '../../db/schema/all.ts';
import { seedSurveys } from '../../db/seed/surveys.ts';
import { createDiskStorage } from '../../platform/storage/media-storage.ts';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { exe, png, postMultipart, surveyIdByTitle } from './test-support.ts';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let maria: string;
let carlos: string;
let comercialId: number;
let otherCompanyGroupId: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, otherAdmin, maria, carlos] = await Promise.all([
    t.signIn('admin@demo.elo'),
    t.signIn('admin@outra.elo'),
    t.signIn('maria.silva@demo.elo'),
    t.signIn('10002'),
  ]);
  const [comercial] = await t.database.db.select().from(groups).where(eq(groups.name, 'Comercial'));
  comercialId = comercial!.id;
  const [fabrica] = await t.database.db.select().from(groups).where(eq(groups.name, 'Fábrica'));
  otherCompanyGroupId = fabrica!.id;
});
afterAll(() => t.close());

const day = 86_400_000;

/** A valid survey body with one question of each type, aimed at Comercial. */
function draftBody(overrides: Record<string, unknown> = {}) {
  return {
    titulo: 'Pesquisa de transporte',
    descricao: 'Como você chega ao trabalho?',
    corPrincipal: '#0f766e',
    corFundo: '#ffffff',
    idsGrupos: [comercialId],
    dtInicioPesquisa: new Date(Date.now() - day).toISOString(),
    dtFimPesquisa: new Date(Date.now() + 10 * day).toISOString(),
    limitarAUmaResposta: true,
    desabilitarSalvamentoAutomatico: false,
    flAnonima: 'N',
    flQuiz: 'N',
    questoes: [
      {
        titulo: 'Qual meio de transporte você usa?',
        tipoQuestao: 2,
        flObrigatoria: 'S',
        opcoes: [{ descricao: 'Ônibus' }, { descricao: 'Carro' }, { descricao: 'Outro', flOutro: 'S' }],
      },
      {
        titulo: 'Em quais dias vem ao escritório?',
        tipoQuestao: 3,
        opcoes: [{ descricao: 'Segunda' }, { descricao: 'Quarta' }, { descricao: 'Sexta' }],
      },
      { titulo: 'Sugestões', tipoQuestao: 1 },
      {
        titulo: 'Comprovante',
        tipoQuestao: 4,
        qtdMaximoArquivo: 1,
        limiteBytesUpload: 1024 * 1024,
        formatosUploadPermitidos: ['PDF'],
        flAceitarSomenteArquivosEspecificos: 'S',
      },
    ],
    ...overrides,
  };
}

interface AdminSurvey {
  idPesquisa: number;
  status: string;
  titulo: string;
  flPossuiRespostas: boolean;
  questoes: {
    idPesquisaQuestao: number;
    titulo: string;
    tipoQuestao: number;
    flPossuiRespostas: boolean;
    opcoes: {
      idPesquisaResposta: number;
      descricao: string;
      flPossuiRespostas: boolean;
      flOutro: 'S' | 'N';
    }[];
  }[];
}

/** The survey as the form sends it back: ids kept, everything else as read. */
function asInput(survey: AdminSurvey, base = draftBody()) {
  return {
    ...base,
    idPesquisa: survey.idPesquisa,
    questoes: survey.questoes.map((question, index) => ({
      ...base.questoes[index],
      idPesquisaQuestao: question.idPesquisaQuestao,
      titulo: question.titulo,
      tipoQuestao: question.tipoQuestao,
      opcoes: question.opcoes.map((option) => ({
        idPesquisaResposta: option.idPesquisaResposta,
        descricao: option.descricao,
        flOutro: option.flOutro,
      })),
    })),
  };
}

describe('administration access', () => {
  it('admin calls are for administrators only', async () => {
    for (const name of ['consultaPesquisasAdmin', 'consultaGruposPesquisaAdmin']) {
      const response = await t.call(name, {}, { cookie: maria });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Você não tem acesso a esta funcionalidade.');
    }
    expect((await t.call('salvaPesquisa', draftBody(), { cookie: carlos })).statusCode).toBe(403);
  });

  it("another company's administrator neither lists nor reaches the demo surveys", async () => {
    const quiz = await surveyIdByTitle(t, 'Quiz de segurança da informação');
    const list = (await t.call('consultaPesquisasAdmin', {}, { cookie: otherAdmin })).json().data
      .listPesquisas;
    expect(list).toEqual([]);
    for (const name of [
      'consultaPesquisaAdmin',
      'consultaResultadoPesquisaAdmin',
      'publicaPesquisa',
      'encerraPesquisa',
      'duplicaPesquisa',
      'excluiPesquisa',
    ]) {
      const response = await t.call(name, { idPesquisa: quiz }, { cookie: otherAdmin });
      expect(response.statusCode, name).toBe(404);
      expect(response.json().message).toBe('Pesquisa não encontrada ou não disponível.');
    }
    const edit = await t.call(
      'salvaPesquisa',
      { ...draftBody(), idPesquisa: quiz, idsGrupos: [otherCompanyGroupId] },
      {
        cookie: otherAdmin,
      },
    );
    expect(edit.statusCode).toBe(404);
    const exported = await t.app.inject({
      method: 'GET',
      url: `/backend/pesquisas/${quiz}/exportacao.csv`,
      headers: { cookie: otherAdmin },
    });
    expect(exported.statusCode).toBe(404);
  });

  it('lists the groups to target with their sizes', async () => {
    const response = await t.call('consultaGruposPesquisaAdmin', {}, { cookie: admin });
    const list = response.json().data.listGrupos;
    expect(list[0]).toMatchObject({ nome: 'Todos' });
    expect(list[0].qtdMembros).toBeGreaterThan(30);
    expect(list.map((group: { nome: string }) => group.nome)).not.toContain('Fábrica');
  });

  it('lists the seeded surveys with status and answers, filtered by status and title', async () => {
    const all = (await t.call('consultaPesquisasAdmin', {}, { cookie: admin })).json().data.listPesquisas;
    const titles = all.map((survey: { titulo: string }) => survey.titulo);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Pesquisa de clima 2026',
        'Avaliação da festa de fim de ano',
        'Quiz de segurança da informação',
      ]),
    );
    const closed = (await t.call('consultaPesquisasAdmin', { status: 'Encerrada' }, { cookie: admin })).json()
      .data.listPesquisas;
    expect(closed.map((survey: { titulo: string }) => survey.titulo)).toEqual([
      'Avaliação da festa de fim de ano',
    ]);
    expect(closed[0].qtdRespostas).toBeGreaterThan(3);
    const found = (await t.call('consultaPesquisasAdmin', { busca: 'quiz' }, { cookie: admin })).json().data
      .listPesquisas;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ flQuiz: 'S', status: 'Publicada' });
  });
});

describe('salvaPesquisa validation', () => {
  it('needs a title, valid colours and an end after the start', async () => {
    const response = await t.call('salvaPesquisa', draftBody({ titulo: ' ', corPrincipal: 'azul' }), {
      cookie: admin,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      titulo: ['Campo obrigatório'],
      corPrincipal: ['Informe uma cor no formato #RRGGBB'],
    });
    const dates = await t.call(
      'salvaPesquisa',
      draftBody({ dtFimPesquisa: new Date(Date.now() - 2 * day).toISOString() }),
      { cookie: admin },
    );
    expect(dates.json().errors).toEqual({
      dtFimPesquisa: ['A data de término deve ser posterior à data de início'],
    });
  });

  it("refuses another company's group", async () => {
    const response = await t.call('salvaPesquisa', draftBody({ idsGrupos: [otherCompanyGroupId] }), {
      cookie: admin,
    });
    expect(response.json().errors).toEqual({ idsGrupos: ['Grupos inválidos'] });
  });

  it('checks the options of choice questions', async () => {
    const body = draftBody({ flQuiz: 'S' });
    body.questoes[1] = { titulo: 'Sem opções', tipoQuestao: 3, opcoes: [] };
    body.questoes[0] = {
      titulo: 'Duas certas',
      tipoQuestao: 2,
      opcoes: [
        { descricao: 'A', flCorreta: 'S' },
        { descricao: 'B', flCorreta: 'S' },
      ],
    } as never;
    const response = await t.call('salvaPesquisa', body, { cookie: admin });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'questoes.0.opcoes': ['Uma pergunta de escolha única tem só uma opção correta'],
      'questoes.1.opcoes': ['Inclua ao menos uma opção nesta pergunta'],
    });
    const twoTexts = draftBody();
    twoTexts.questoes[0] = {
      titulo: 'Dois campos',
      tipoQuestao: 2,
      opcoes: [
        { descricao: 'Outro', flOutro: 'S' },
        { descricao: 'Explique', flDissertacaoDisponivel: 'S' },
      ],
    } as never;
    const texts = await t.call('salvaPesquisa', twoTexts, { cookie: admin });
    expect(texts.json().errors).toEqual({
      'questoes.0.opcoes': ['Só uma opção por pergunta pode ter campo de texto'],
    });
  });

  it('refuses question ids of another survey', async () => {
    const quiz = await surveyIdByTitle(t, 'Quiz de segurança da informação');
    const other = (await t.call('consultaPesquisaAdmin', { idPesquisa: quiz }, { cookie: admin })).json().data
      .pesquisa;
    const body = draftBody();
    (body.questoes[2] as Record<string, unknown>).idPesquisaQuestao = other.questoes[2].idPesquisaQuestao;
    const response = await t.call('salvaPesquisa', body, { cookie: admin });
    expect(response.statusCode).toBe(404);
  });
});

describe('two administrators editing the same survey (issue 27)', () => {
  it('answers a save from a stale copy 409 REGISTRO_ALTERADO, writing nothing; publishing makes a copy stale; without versao it saves as before', async () => {
    const created = await t.call('salvaPesquisa', draftBody({ titulo: 'Pesquisa versionada' }), {
      cookie: admin,
    });
    expect(created.statusCode, created.body).toBe(200);
    const copy = created.json().data.pesquisa as { idPesquisa: number; versao: number };
    const read = await t.call('consultaPesquisaAdmin', { idPesquisa: copy.idPesquisa }, { cookie: admin });
    expect(read.json().data.pesquisa.versao).toBe(copy.versao);
    const body = (fields: Record<string, unknown>) =>
      draftBody({ idPesquisa: copy.idPesquisa, versao: copy.versao, ...fields });

    const savedA = await t.call('salvaPesquisa', body({ titulo: 'Versão de A' }), { cookie: admin });
    expect(savedA.statusCode, savedA.body).toBe(200);
    expect(savedA.json().data.pesquisa.versao).toBe(copy.versao + 1);
    const [before] = await t.database.db.select().from(surveys).where(eq(surveys.id, copy.idPesquisa));
    const staleB = await t.call('salvaPesquisa', body({ titulo: 'Versão de B', questoes: [] }), {
      cookie: admin,
    });
    expect(staleB.statusCode, staleB.body).toBe(409);
    expect(staleB.json()).toEqual({
      message: 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.',
      error_code: 'REGISTRO_ALTERADO',
    });
    const [after] = await t.database.db.select().from(surveys).where(eq(surveys.id, copy.idPesquisa));
    expect(after).toEqual(before);
    const current = (
      await t.call('consultaPesquisaAdmin', { idPesquisa: copy.idPesquisa }, { cookie: admin })
    ).json().data.pesquisa;
    expect(current).toMatchObject({ titulo: 'Versão de A', versao: copy.versao + 1 });
    expect(current.questoes).toHaveLength(4);

    const published = await t.call('publicaPesquisa', { idPesquisa: copy.idPesquisa }, { cookie: admin });
    expect(published.statusCode, published.body).toBe(200);
    const afterPublish = await t.call('salvaPesquisa', body({ versao: copy.versao + 1, titulo: 'Depois' }), {
      cookie: admin,
    });
    expect(afterPublish.statusCode, afterPublish.body).toBe(409);

    const withoutVersion = draftBody({ idPesquisa: copy.idPesquisa, titulo: 'Sem versão' });
    const plain = await t.call('salvaPesquisa', withoutVersion, { cookie: admin });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data.pesquisa.titulo).toBe('Sem versão');
    await t.call('excluiPesquisa', { idPesquisa: copy.idPesquisa }, { cookie: admin });
  });
});

describe('header image', () => {
  it('takes a PNG and refuses what is not an image, whatever its name', async () => {
    const bad = await postMultipart(t, 'enviaImagemCabecalhoPesquisa', admin, {}, [
      { field: 'file', name: 'capa.png', type: 'image/png', body: exe() },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.file).toEqual([
      'Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG',
    ]);
    const good = await postMultipart(t, 'enviaImagemCabecalhoPesquisa', admin, {}, [
      { field: 'file', name: 'capa.png', type: 'image/png', body: await png(600, 150) },
    ]);
    expect(good.statusCode).toBe(200);
    const { idMidia, url } = good.json().data;
    expect(url).toMatch(/^\/backend\/midia\//);
    const saved = await t.call('salvaPesquisa', draftBody({ idMidiaCabecalho: idMidia }), { cookie: admin });
    expect(saved.json().data.pesquisa).toMatchObject({ idMidiaCabecalho: idMidia, imgCabecalho: url });
    // Another company cannot use it.
    const stolen = await t.call(
      'salvaPesquisa',
      draftBody({ idMidiaCabecalho: idMidia, idsGrupos: [otherCompanyGroupId] }),
      { cookie: otherAdmin },
    );
    expect(stolen.json().errors.idMidiaCabecalho).toEqual(['Arquivo inválido para esta pergunta']);
  });
});

describe('a survey from draft to closed', () => {
  let survey: AdminSurvey;

  it('creates a draft that employees cannot see', async () => {
    const response = await t.call('salvaPesquisa', draftBody(), { cookie: admin });
    expect(response.statusCode).toBe(200);
    survey = response.json().data.pesquisa;
    expect(survey).toMatchObject({ status: 'Rascunho', flPossuiRespostas: false });
    expect(survey.questoes.map((question) => question.tipoQuestao)).toEqual([2, 3, 1, 4]);
    expect(survey.questoes[0]!.opcoes.map((option) => option.descricao)).toEqual([
      'Ônibus',
      'Carro',
      'Outro',
    ]);
    const hidden = await t.call('consultaPesquisa', { idPesquisa: survey.idPesquisa }, { cookie: carlos });
    expect(hidden.statusCode).toBe(404);
  });

  it('refuses to publish without questions', async () => {
    const empty = (await t.call('salvaPesquisa', draftBody({ questoes: [] }), { cookie: admin })).json().data
      .pesquisa;
    const response = await t.call('publicaPesquisa', { idPesquisa: empty.idPesquisa }, { cookie: admin });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ questoes: ['Inclua ao menos uma pergunta'] });
    const removed = await t.call('excluiPesquisa', { idPesquisa: empty.idPesquisa }, { cookie: admin });
    expect(removed.json().data).toEqual({ ok: true });
    expect(
      (await t.call('consultaPesquisaAdmin', { idPesquisa: empty.idPesquisa }, { cookie: admin })).statusCode,
    ).toBe(404);
  });

  it('publishes to the group, and only once', async () => {
    const response = await t.call('publicaPesquisa', { idPesquisa: survey.idPesquisa }, { cookie: admin });
    expect(response.json().data.pesquisa.status).toBe('Publicada');
    const twice = await t.call('publicaPesquisa', { idPesquisa: survey.idPesquisa }, { cookie: admin });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error_code).toBe('SURVEY_STATE_INVALID');
    const seen = await t.call('consultaPesquisa', { idPesquisa: survey.idPesquisa }, { cookie: carlos });
    expect(seen.json().data.pesquisa).toMatchObject({ situacao: 'ABERTA', flPodeResponder: true });
  });

  it('an employee answers and the administrator sees it arrive', async () => {
    const [choice, checkbox, text] = survey.questoes;
    const start = await t.call(
      'inicializaRespostaPesquisa',
      { idPesquisa: survey.idPesquisa },
      { cookie: carlos },
    );
    const idAplicacao = start.json().data.idAplicacao;
    const saved = await t.call(
      'salvaRespostasDaPesquisa',
      {
        idPesquisa: survey.idPesquisa,
        idAplicacao,
        respostas: [
          {
            idPesquisaQuestao: choice!.idPesquisaQuestao,
            idPesquisaResposta: choice!.opcoes[2]!.idPesquisaResposta,
            resposta: 'Bicicleta',
          },
          {
            idPesquisaQuestao: checkbox!.idPesquisaQuestao,
            idsPesquisaResposta: [
              checkbox!.opcoes[0]!.idPesquisaResposta,
              checkbox!.opcoes[2]!.idPesquisaResposta,
            ],
          },
          { idPesquisaQuestao: text!.idPesquisaQuestao, resposta: 'Mais vagas de bicicleta' },
        ],
      },
      { cookie: carlos },
    );
    expect(saved.statusCode).toBe(200);
    expect(
      (
        await t.call(
          'finalizaRespostaPesquisa',
          { idPesquisa: survey.idPesquisa, idAplicacao },
          { cookie: carlos },
        )
      ).statusCode,
    ).toBe(200);

    const results = await t.call(
      'consultaResultadoPesquisaAdmin',
      { idPesquisa: survey.idPesquisa },
      { cookie: admin },
    );
    expect(results.statusCode).toBe(200);
    const data = results.json().data;
    const [comercial] = await t.database.db
      .select()
      .from(groups)
      .where(and(eq(groups.id, comercialId)));
    expect(comercial).toBeDefined();
    expect(data.qtdRespondentes).toBe(1);
    expect(data.qtdPublicoAlvo).toBeGreaterThan(1);
    expect(data.taxaResposta).toBeCloseTo(Math.round((1 / data.qtdPublicoAlvo) * 1000) / 10);
    expect(data.questoes[0].opcoes.map((option: { qtd: number }) => option.qtd)).toEqual([0, 0, 1]);
    expect(data.questoes[0].opcoes[2].percentual).toBe(100);
    expect(data.questoes[0].textos).toEqual(['Bicicleta']);
    expect(data.questoes[2].textos).toEqual(['Mais vagas de bicicleta']);
    expect(data.respostasIndividuais).toHaveLength(1);
    expect(data.respostasIndividuais[0]).toMatchObject({ usuario: { nome: 'Carlos Pereira' } });
    const words = data.respostasIndividuais[0].respostas.map(
      (answer: { textoResposta: string }) => answer.textoResposta,
    );
    expect(words).toEqual(['Outro: Bicicleta', 'Segunda; Sexta', 'Mais vagas de bicicleta']);
  });

  it('once answered, answered questions and options cannot be removed nor change type', async () => {
    const current = (
      await t.call('consultaPesquisaAdmin', { idPesquisa: survey.idPesquisa }, { cookie: admin })
    ).json().data.pesquisa as AdminSurvey;
    expect(current.flPossuiRespostas).toBe(true);
    expect(current.questoes.map((question) => question.flPossuiRespostas)).toEqual([true, true, true, false]);
    expect(current.questoes[0]!.opcoes.map((option) => option.flPossuiRespostas)).toEqual([
      false,
      false,
      true,
    ]);

    const base = asInput(current);
    const withoutText = { ...base, questoes: base.questoes.filter((_, index) => index !== 2) };
    const removed = await t.call('salvaPesquisa', withoutText, { cookie: admin });
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({
      error_code: 'SURVEY_QUESTION_LOCKED',
      message: 'A pergunta "Sugestões" já tem respostas: ela não pode ser removida nem mudar de tipo.',
    });

    const retyped = asInput(current);
    retyped.questoes[1] = { ...retyped.questoes[1]!, tipoQuestao: 2 };
    const retype = await t.call('salvaPesquisa', retyped, { cookie: admin });
    expect(retype.statusCode).toBe(409);
    expect(retype.json().error_code).toBe('SURVEY_QUESTION_LOCKED');

    const withoutOption = asInput(current);
    withoutOption.questoes[0] = {
      ...withoutOption.questoes[0]!,
      opcoes: withoutOption.questoes[0]!.opcoes.slice(0, 2),
    };
    const option = await t.call('salvaPesquisa', withoutOption, { cookie: admin, language: 'en' });
    expect(option.statusCode).toBe(409);
    expect(option.json().message).toBe('The option "Outro" already has answers: it cannot be removed.');

    // Unanswered parts may still change: drop an unanswered option and the upload question, add one, rename.
    const allowed = asInput(current);
    allowed.questoes[0] = {
      ...allowed.questoes[0]!,
      titulo: 'Como você vem ao trabalho?',
      opcoes: [
        allowed.questoes[0]!.opcoes[0]!,
        allowed.questoes[0]!.opcoes[2]!,
        { descricao: 'Metrô' } as never,
      ],
    };
    allowed.questoes = [...allowed.questoes.slice(0, 3), { titulo: 'Nota geral', tipoQuestao: 1 } as never];
    const ok = await t.call('salvaPesquisa', allowed, { cookie: admin });
    expect(ok.statusCode).toBe(200);
    const after = ok.json().data.pesquisa as AdminSurvey;
    expect(after.questoes.map((question) => question.titulo)).toEqual([
      'Como você vem ao trabalho?',
      'Em quais dias vem ao escritório?',
      'Sugestões',
      'Nota geral',
    ]);
    expect(after.questoes[0]!.opcoes.map((entry) => entry.descricao)).toEqual(['Ônibus', 'Outro', 'Metrô']);
    // The answer survived.
    const results = (
      await t.call('consultaResultadoPesquisaAdmin', { idPesquisa: survey.idPesquisa }, { cookie: admin })
    ).json().data;
    expect(results.questoes[0].opcoes[1].qtd).toBe(1);
  });

  it('exports the answers as CSV and XLSX', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: `/backend/pesquisas/${survey.idPesquisa}/exportacao.csv`,
      headers: { cookie: admin },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="pesquisa-${survey.idPesquisa}.csv"`,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Resposta;Respondente;Finalizada em;Como você vem ao trabalho?;Em quais dias vem ao escritório?;Sugestões;Nota geral',
    );
    expect(lines).toHaveLength(2);
    // Finished at, as the spec writes dates in files: dd/MM/yyyy HH:mm in America/Sao_Paulo.
    expect(lines[1]).toMatch(/^\d+;Carlos Pereira;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};/);
    // A cell holding the separator is quoted.
    expect(lines[1]).toContain('Outro: Bicicleta;"Segunda; Sexta";Mais vagas de bicicleta;');

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/backend/pesquisas/${survey.idPesquisa}/exportacao.xlsx`,
      headers: { cookie: admin },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Pesquisa de transporte');
    expect(sheet.getRow(1).getCell(4).value).toBe('Como você vem ao trabalho?');
    expect(sheet.getRow(2).getCell(2).value).toBe('Carlos Pereira');
    expect(sheet.getRow(2).getCell(4).value).toBe('Outro: Bicicleta');
    expect(sheet.getRow(2).getCell(5).value).toBe('Segunda; Sexta');
    expect(sheet.rowCount).toBe(2);
  });

  it('export is for signed-in administrators, in csv or xlsx', async () => {
    const url = `/backend/pesquisas/${survey.idPesquisa}/exportacao.csv`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: maria } })).statusCode).toBe(403);
    const pdfExport = await t.app.inject({
      method: 'GET',
      url: `/backend/pesquisas/${survey.idPesquisa}/exportacao.pdf`,
      headers: { cookie: admin },
    });
    expect(pdfExport.statusCode).toBe(404);
  });

  it('duplicates into a draft with the same questions and no answers', async () => {
    const response = await t.call('duplicaPesquisa', { idPesquisa: survey.idPesquisa }, { cookie: admin });
    expect(response.statusCode).toBe(200);
    const copy = response.json().data.pesquisa as AdminSurvey;
    expect(copy).toMatchObject({
      titulo: 'Pesquisa de transporte (cópia)',
      status: 'Rascunho',
      flPossuiRespostas: false,
    });
    expect(copy.idPesquisa).not.toBe(survey.idPesquisa);
    expect(copy.questoes.map((question) => question.titulo)).toEqual([
      'Como você vem ao trabalho?',
      'Em quais dias vem ao escritório?',
      'Sugestões',
      'Nota geral',
    ]);
    expect(copy.questoes.every((question) => !question.flPossuiRespostas)).toBe(true);
    const removed = await t.call('excluiPesquisa', { idPesquisa: copy.idPesquisa }, { cookie: admin });
    expect(removed.statusCode).toBe(200);
  });

  it('a survey with answers cannot be deleted', async () => {
    const response = await t.call('excluiPesquisa', { idPesquisa: survey.idPesquisa }, { cookie: admin });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Esta pesquisa já tem respostas e não pode ser excluída.');
  });

  it('closing stops answers and shows results to everyone targeted', async () => {
    const response = await t.call('encerraPesquisa', { idPesquisa: survey.idPesquisa }, { cookie: admin });
    expect(response.json().data.pesquisa.status).toBe('Encerrada');
    const twice = await t.call('encerraPesquisa', { idPesquisa: survey.idPesquisa }, { cookie: admin });
    expect(twice.statusCode).toBe(409);
    const start = await t.call(
      'inicializaRespostaPesquisa',
      { idPesquisa: survey.idPesquisa },
      { cookie: maria },
    );
    expect(start.statusCode).toBe(409);
    expect(start.json().error_code).toBe('SURVEY_CLOSED');
    const results = await t.call(
      'consultaResultadoPesquisa',
      { idPesquisa: survey.idPesquisa },
      { cookie: maria },
    );
    expect(results.statusCode).toBe(200);
    expect(results.json().data.questoes[0].respostaUsuario).toBeNull();
  });
});

describe('anonymous surveys', () => {
  it('show no individual answers and export no names', async () => {
    const party = await surveyIdByTitle(t, 'Avaliação da festa de fim de ano');
    const data = (
      await t.call('consultaResultadoPesquisaAdmin', { idPesquisa: party }, { cookie: admin })
    ).json().data;
    expect(data.pesquisa.flAnonima).toBe('S');
    expect(data.qtdAplicacoes).toBeGreaterThan(3);
    expect(data.respostasIndividuais).toEqual([]);
    expect(data.taxaResposta).toBeGreaterThan(0);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/backend/pesquisas/${party}/exportacao.csv`,
      headers: { cookie: admin },
    });
    const [, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rows).toHaveLength(data.qtdAplicacoes);
    expect(csv.body).not.toContain('Maria Silva');
  });

  it('export no answer time, answer id, file name or order of answering, in CSV or XLSX', async () => {
    const party = await surveyIdByTitle(t, 'Avaliação da festa de fim de ano');
    const titles = [
      'Qual nota você dá para a festa?',
      'Do que você mais gostou?',
      'Deixe um comentário',
      'Compartilhe uma foto da festa',
    ];
    const csv = await t.app.inject({
      method: 'GET',
      url: `/backend/pesquisas/${party}/exportacao.csv`,
      headers: { cookie: admin },
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe(titles.join(';'));
    // The seed names the photos foto-<n>.png; people name theirs after themselves.
    expect(csv.body).not.toMatch(/foto-\d+\.png/);
    expect(rows.some((row) => row.endsWith(';1 arquivo(s)'))).toBe(true);
    expect(csv.body).not.toMatch(/\d{4}-\d{2}-\d{2}|\d{2}:\d{2}/);
    // Ordered by their cells (as read back: a cell holding ';' is quoted), not by time.
    const cellsOf = parse(rows.join('\n'), { delimiter: ';' }) as string[][];
    const byCells = (a: string[], b: string[]) => {
      for (let at = 0; at < Math.min(a.length, b.length); at += 1) {
        const order = a[at]!.localeCompare(b[at]!, 'pt-BR');
        if (order !== 0) return order;
      }
      return a.length - b.length;
    };
    expect(cellsOf).toEqual([...cellsOf].sort(byCells));

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/backend/pesquisas/${party}/exportacao.xlsx`,
      headers: { cookie: admin },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(titles);
    const cells: unknown[] = [];
    sheet.eachRow((row) => cells.push(...(row.values as unknown[])));
    expect(cells.some((cell) => cell instanceof Date || /foto-\d+\.png/.test(String(cell)))).toBe(false);
  });
});

describe('the demo surveys seed', () => {
  it('changes nothing when run again', async () => {
    const before = await t.database.db.select({ surveys: count() }).from(surveys);
    const applications = await t.database.db.select({ total: count() }).from(surveyApplications);
    const seeded = await seedSurveys({
      db: t.database.db,
      storage: createDiskStorage(path.join(t.dataDir, 'media')),
    });
    expect(seeded).toBe(false);
    expect(await t.database.db.select({ surveys: count() }).from(surveys)).toEqual(before);
    expect(await t.database.db.select({ total: count() }).from(surveyApplications)).toEqual(applications);
  });
});
