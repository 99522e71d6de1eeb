import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { surveyAnswers, surveyApplications, surveyQuestions, surveys, users } from '../../db/schema/all.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { exe, pdf, png, postMultipart, surveyIdByTitle } from './test-support.ts';

let t: TestApp;
let maria: string;
let carlos: string;
let semPermissao: string;
let joao: string;
let admin: string;
let climate: number;
let party: number;
let quiz: number;

interface Question {
  idPesquisaQuestao: number;
  tipoQuestao: number;
  flObrigatoria: 'S' | 'N';
  opcoes: { idPesquisaResposta: number; descricao: string; flOutro: 'S' | 'N' }[];
}

beforeAll(async () => {
  t = await createTestApp();
  [maria, carlos, semPermissao, joao, admin] = await Promise.all([
    t.signIn('maria.silva@demo.elo'),
    t.signIn('10002'),
    t.signIn('sem.permissao@demo.elo'),
    t.signIn('joao@outra.elo'),
    t.signIn('admin@demo.elo'),
  ]);
  climate = await surveyIdByTitle(t, 'Pesquisa de clima 2026');
  party = await surveyIdByTitle(t, 'Avaliação da festa de fim de ano');
  quiz = await surveyIdByTitle(t, 'Quiz de segurança da informação');
});
afterAll(() => t.close());

async function questionsOf(cookie: string, idPesquisa: number): Promise<Question[]> {
  const response = await t.call('consultaPerguntas', { idPesquisa }, { cookie });
  expect(response.statusCode).toBe(200);
  return response.json().data.questoes;
}

/** A fresh person of the demo company in the default group, to answer without touching Maria. */
async function signInAs(email: string) {
  return t.signIn(email);
}

describe('consultaPesquisas', () => {
  it("lists the surveys of Maria's groups with where she stands", async () => {
    const response = await t.call('consultaPesquisas', {}, { cookie: maria });
    expect(response.statusCode).toBe(200);
    const list = response.json().data.listPesquisas as Record<string, unknown>[];
    const byId = new Map(list.map((entry) => [entry.idPesquisa, entry]));
    expect(byId.get(climate)).toMatchObject({
      titulo: 'Pesquisa de clima 2026',
      situacao: 'ABERTA',
      flLida: 'N',
      statusResposta: null,
      flPodeResponder: true,
      flPodeVerResultado: false,
      limitarAUmaResposta: true,
    });
    expect(byId.get(party)).toMatchObject({
      situacao: 'ENCERRADA',
      statusResposta: 3,
      flPodeResponder: false,
    });
    expect(byId.get(quiz)).toMatchObject({
      situacao: 'ABERTA',
      statusResposta: 3,
      flQuiz: 'S',
      flPodeResponder: false,
    });
    expect(String(byId.get(climate)!.imgCabecalho)).toMatch(/^\/backend\/midia\//);
  });

  it('shows a survey only to the groups it targets', async () => {
    // Carlos is in Todos and Comercial, not in Tecnologia (the quiz's group).
    const list = (await t.call('consultaPesquisas', {}, { cookie: carlos })).json().data.listPesquisas;
    const ids = list.map((entry: { idPesquisa: number }) => entry.idPesquisa);
    expect(ids).toContain(climate);
    expect(ids).not.toContain(quiz);
  });

  it('refuses people without the surveys permission', async () => {
    const response = await t.call('consultaPesquisas', {}, { cookie: semPermissao });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Você não tem acesso a esta funcionalidade.');
  });

  it('needs a session', async () => {
    expect((await t.call('consultaPesquisas', {})).statusCode).toBe(401);
  });
});

describe('access rules', () => {
  it("another company's survey is not found", async () => {
    for (const name of [
      'consultaPesquisa',
      'consultaPerguntas',
      'inicializaRespostaPesquisa',
      'marcaPesquisaLida',
    ]) {
      const response = await t.call(name, { idPesquisa: climate }, { cookie: joao });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        message: 'Pesquisa não encontrada ou não disponível.',
        error_code: 'SURVEY_NOT_FOUND',
      });
    }
    const list = (await t.call('consultaPesquisas', {}, { cookie: joao })).json().data.listPesquisas;
    expect(list).toEqual([]);
  });

  it('a survey of another group says the user has no access', async () => {
    const response = await t.call('consultaPesquisa', { idPesquisa: quiz }, { cookie: carlos });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      message: 'Você não tem acesso a esta pesquisa.',
      error_code: 'SURVEY_ACCESS_DENIED',
    });
    const start = await t.call('inicializaRespostaPesquisa', { idPesquisa: quiz }, { cookie: carlos });
    expect(start.statusCode).toBe(403);
  });

  it('a missing survey is not found, in the language asked for', async () => {
    const response = await t.call(
      'consultaPesquisa',
      { idPesquisa: 999999 },
      { cookie: maria, language: 'en' },
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Survey not found or not available.');
  });

  it('a closed survey takes no application', async () => {
    const response = await t.call('inicializaRespostaPesquisa', { idPesquisa: party }, { cookie: maria });
    expect(response.statusCode).toBe(409);
    expect(response.json().error_code).toBe('SURVEY_CLOSED');
  });

  it('a survey limited to one answer refuses a second application', async () => {
    const response = await t.call('inicializaRespostaPesquisa', { idPesquisa: quiz }, { cookie: maria });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error_code: 'SURVEY_ALREADY_ANSWERED',
      message: 'Você já respondeu esta pesquisa.',
    });
  });

  it('a survey past its end date takes no answers even if still published', async () => {
    const someone = await signInAs('ana.rocha@demo.elo');
    const start = await t.call('inicializaRespostaPesquisa', { idPesquisa: climate }, { cookie: someone });
    expect(start.statusCode).toBe(200);
    const idAplicacao = start.json().data.idAplicacao;
    const [question] = await questionsOf(someone, climate);
    await t.database.db
      .update(surveys)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(surveys.id, climate));
    try {
      const save = await t.call(
        'salvaRespostaQuestaoPesquisa',
        {
          idPesquisa: climate,
          idAplicacao,
          idPesquisaQuestao: question!.idPesquisaQuestao,
          idPesquisaResposta: question!.opcoes[0]!.idPesquisaResposta,
        },
        { cookie: someone },
      );
      expect(save.statusCode).toBe(409);
      expect(save.json().message).toBe('Esta pesquisa está encerrada e não aceita mais respostas.');
      const listed = (await t.call('consultaPesquisa', { idPesquisa: climate }, { cookie: someone })).json()
        .data.pesquisa;
      expect(listed.situacao).toBe('ENCERRADA');
    } finally {
      await t.database.db
        .update(surveys)
        .set({ endsAt: new Date(Date.now() + 30 * 86_400_000) })
        .where(eq(surveys.id, climate));
      await t.call('limpaFormulario', { idPesquisa: climate, idAplicacao }, { cookie: someone });
    }
  });

  it('a survey not yet started is not available', async () => {
    await t.database.db
      .update(surveys)
      .set({ startsAt: new Date(Date.now() + 86_400_000) })
      .where(eq(surveys.id, quiz));
    try {
      const response = await t.call('consultaPesquisa', { idPesquisa: quiz }, { cookie: maria });
      expect(response.statusCode).toBe(404);
      const list = (await t.call('consultaPesquisas', {}, { cookie: maria })).json().data.listPesquisas;
      expect(list.map((entry: { idPesquisa: number }) => entry.idPesquisa)).not.toContain(quiz);
    } finally {
      await t.database.db
        .update(surveys)
        .set({ startsAt: new Date(Date.now() - 5 * 86_400_000) })
        .where(eq(surveys.id, quiz));
    }
  });

  it("another person's application cannot be read or written", async () => {
    const start = await t.call('inicializaRespostaPesquisa', { idPesquisa: climate }, { cookie: carlos });
    const idAplicacao = start.json().data.idAplicacao;
    const read = await t.call(
      'consultaAplicacaoPesquisa',
      { idPesquisa: climate, idAplicacao, isEdicaoResposta: false },
      { cookie: maria },
    );
    expect(read.statusCode).toBe(404);
    expect(read.json().error_code).toBe('SURVEY_APPLICATION_NOT_FOUND');
    const clear = await t.call('limpaFormulario', { idPesquisa: climate, idAplicacao }, { cookie: maria });
    expect(clear.statusCode).toBe(404);
    const finish = await t.call(
      'finalizaRespostaPesquisa',
      { idPesquisa: climate, idAplicacao },
      { cookie: maria },
    );
    expect(finish.statusCode).toBe(404);
  });
});

describe('inicializaRespostaPesquisa', () => {
  it('starts one application even when asked several times at once', async () => {
    const someone = await t.signIn('eduarda.lima@demo.elo');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call('inicializaRespostaPesquisa', { idPesquisa: climate }, { cookie: someone }),
      ),
    );
    const ids = new Set(answers.map((answer) => answer.json().data.idAplicacao));
    expect(ids.size).toBe(1);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'eduarda.lima@demo.elo'));
    const rows = await t.database.db
      .select()
      .from(surveyApplications)
      .where(and(eq(surveyApplications.surveyId, climate), eq(surveyApplications.userId, user!.id)));
    expect(rows).toHaveLength(1);
  });
});

describe('marcaPesquisaLida', () => {
  it('marks the survey read for that user only', async () => {
    const someone = await signInAs('bruno.carvalho@demo.elo');
    const before = (await t.call('consultaPesquisa', { idPesquisa: climate }, { cookie: someone })).json()
      .data;
    expect(before.pesquisa.flLida).toBe('N');
    const mark = await t.call('marcaPesquisaLida', { idPesquisa: climate }, { cookie: someone });
    expect(mark.json().data).toEqual({ ok: true });
    // Twice is fine.
    expect((await t.call('marcaPesquisaLida', { idPesquisa: climate }, { cookie: someone })).statusCode).toBe(
      200,
    );
    const after = (await t.call('consultaPesquisa', { idPesquisa: climate }, { cookie: someone })).json()
      .data;
    expect(after.pesquisa.flLida).toBe('S');
    const other = (await t.call('consultaPesquisa', { idPesquisa: climate }, { cookie: carlos })).json().data;
    expect(other.pesquisa.flLida).toBe('N');
  });
});

describe('consultaPerguntas', () => {
  it('gives the questions in order with options, never the correct ones', async () => {
    const questions = await questionsOf(maria, quiz);
    expect(questions.map((question) => question.tipoQuestao)).toEqual([2, 3, 1, 4]);
    expect(JSON.stringify(questions)).not.toContain('flCorreta');
    const climateQuestions = await questionsOf(maria, climate);
    expect(climateQuestions[0]).toMatchObject({ flObrigatoria: 'S', tipoQuestao: 2 });
    expect(climateQuestions[0]!.opcoes.at(-1)).toMatchObject({ descricao: 'Outro', flOutro: 'S' });
    expect(climateQuestions[3]).toMatchObject({
      tipoQuestao: 4,
      qtdMaximoArquivo: 2,
      limiteBytesUpload: 5 * 1024 * 1024,
      formatosUploadPermitidos: ['Imagem', 'PDF'],
    });
  });
});

describe('answering the open survey', () => {
  let cookie: string;
  let idAplicacao: number;
  let questions: Question[];
  let uploadedUrl: string;
  const save = (body: Record<string, unknown>) =>
    t.call('salvaRespostaQuestaoPesquisa', { idPesquisa: climate, idAplicacao, ...body }, { cookie });

  beforeAll(async () => {
    cookie = await signInAs('camila.ferreira@demo.elo');
    const start = await t.call('inicializaRespostaPesquisa', { idPesquisa: climate }, { cookie });
    expect(start.statusCode).toBe(200);
    idAplicacao = start.json().data.idAplicacao;
    questions = await questionsOf(cookie, climate);
  });

  it('gives back the same unfinished application when started again', async () => {
    const again = await t.call('inicializaRespostaPesquisa', { idPesquisa: climate }, { cookie });
    expect(again.json().data.idAplicacao).toBe(idAplicacao);
    const listed = (await t.call('consultaPesquisa', { idPesquisa: climate }, { cookie })).json().data
      .pesquisa;
    expect(listed).toMatchObject({ statusResposta: 1, idAplicacaoEmAndamento: idAplicacao });
  });

  it('checks open text: at most 500 characters', async () => {
    const text = questions[2]!;
    const long = await save({ idPesquisaQuestao: text.idPesquisaQuestao, resposta: 'a'.repeat(501) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.resposta).toEqual(['Permitido no máximo 500 caracteres']);
    const fine = await save({ idPesquisaQuestao: text.idPesquisaQuestao, resposta: 'a'.repeat(500) });
    expect(fine.statusCode).toBe(200);
  });

  it("checks 'other': text needed, at most 300 characters", async () => {
    const choice = questions[0]!;
    const otherOption = choice.opcoes.find((option) => option.flOutro === 'S')!;
    const empty = await save({
      idPesquisaQuestao: choice.idPesquisaQuestao,
      idPesquisaResposta: otherOption.idPesquisaResposta,
      resposta: '  ',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.resposta).toEqual([
      'Escreva a sua resposta no campo de texto da opção escolhida',
    ]);
    const long = await save({
      idPesquisaQuestao: choice.idPesquisaQuestao,
      idPesquisaResposta: otherOption.idPesquisaResposta,
      resposta: 'b'.repeat(301),
    });
    expect(long.json().errors.resposta).toEqual([
      'A resposta é muito longa, diminua para no máximo 300 caracteres',
    ]);
    const checkbox = questions[1]!;
    const longCheckbox = await save({
      idPesquisaQuestao: checkbox.idPesquisaQuestao,
      idsPesquisaResposta: [checkbox.opcoes.at(-1)!.idPesquisaResposta],
      resposta: 'c'.repeat(301),
    });
    expect(longCheckbox.json().errors.resposta).toEqual([
      'A resposta é muito longa, diminua para no máximo 300 caracteres',
    ]);
  });

  it('refuses an option of another question', async () => {
    const response = await save({
      idPesquisaQuestao: questions[0]!.idPesquisaQuestao,
      idPesquisaResposta: questions[1]!.opcoes[0]!.idPesquisaResposta,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.resposta).toEqual(['Opção inválida para esta pergunta']);
  });

  it('autosaves each question and gives the answers back on reload', async () => {
    const [choice, checkbox, text] = questions;
    const otherOption = choice!.opcoes.at(-1)!;
    expect(
      (
        await save({
          idPesquisaQuestao: choice!.idPesquisaQuestao,
          idPesquisaResposta: otherOption.idPesquisaResposta,
          resposta: 'Depende do dia',
        })
      ).statusCode,
    ).toBe(200);
    const ticked = [checkbox!.opcoes[0]!.idPesquisaResposta, checkbox!.opcoes[2]!.idPesquisaResposta];
    const saved = await save({ idPesquisaQuestao: checkbox!.idPesquisaQuestao, idsPesquisaResposta: ticked });
    expect(saved.json().data.resposta).toMatchObject({ idsPesquisaResposta: ticked });
    await save({ idPesquisaQuestao: text!.idPesquisaQuestao, resposta: 'Mais café' });
    // Without idAplicacao the unfinished one is meant.
    const implicit = await t.call(
      'salvaRespostaQuestaoPesquisa',
      { idPesquisa: climate, idPesquisaQuestao: text!.idPesquisaQuestao, resposta: 'Mais café, por favor' },
      { cookie },
    );
    expect(implicit.statusCode).toBe(200);

    const reload = await t.call(
      'consultaAplicacaoPesquisa',
      { idPesquisa: climate, idAplicacao, isEdicaoResposta: false },
      { cookie },
    );
    expect(reload.statusCode).toBe(200);
    const data = reload.json().data;
    expect(data.aplicacao.statusResposta).toBe(1);
    const answers = new Map(
      data.aplicacao.respostasUsuario.map((answer: { idPesquisaQuestao: number }) => [
        answer.idPesquisaQuestao,
        answer,
      ]),
    );
    expect(answers.get(choice!.idPesquisaQuestao)).toMatchObject({
      idPesquisaResposta: otherOption.idPesquisaResposta,
      resposta: 'Depende do dia',
    });
    expect(answers.get(checkbox!.idPesquisaQuestao)).toMatchObject({ idsPesquisaResposta: ticked });
    expect(answers.get(text!.idPesquisaQuestao)).toMatchObject({ resposta: 'Mais café, por favor' });
  });

  it('an empty autosave clears that question', async () => {
    const checkbox = questions[1]!;
    await save({ idPesquisaQuestao: checkbox.idPesquisaQuestao, idsPesquisaResposta: [] });
    const reload = await t.call(
      'consultaAplicacaoPesquisa',
      { idPesquisa: climate, idAplicacao, isEdicaoResposta: false },
      { cookie },
    );
    const ids = reload
      .json()
      .data.aplicacao.respostasUsuario.map((a: { idPesquisaQuestao: number }) => a.idPesquisaQuestao);
    expect(ids).not.toContain(checkbox.idPesquisaQuestao);
  });

  it('autosaves of one question sent at once leave one answer, one of those sent', async () => {
    const text = questions[2]!;
    const sent = ['Primeira', 'Segunda', 'Terceira', 'Quarta', 'Quinta'];
    const responses = await Promise.all(
      sent.map((resposta) => save({ idPesquisaQuestao: text.idPesquisaQuestao, resposta })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(sent.map(() => 200));
    // Each save replaced the answer whole after the one before it: never two rows side by side.
    const rows = await t.database.db
      .select()
      .from(surveyAnswers)
      .where(
        and(
          eq(surveyAnswers.applicationId, idAplicacao),
          eq(surveyAnswers.questionId, text.idPesquisaQuestao),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(sent).toContain(rows[0]!.text);
  });

  describe('uploads', () => {
    const upload = (files: { name: string; type: string; body: Buffer }[], questionId?: number) =>
      postMultipart(
        t,
        'enviaArquivoRespostaPesquisa',
        cookie,
        {
          idPesquisa: String(climate),
          idAplicacao: String(idAplicacao),
          idPesquisaQuestao: String(questionId ?? questions[3]!.idPesquisaQuestao),
        },
        files.map((file) => ({ field: 'arquivos', ...file })),
      );

    it('refuses files whose content is not an allowed kind, whatever their name', async () => {
      const response = await upload([
        { name: 'foto.png', type: 'image/png', body: exe() },
        { name: 'notas.pdf', type: 'application/pdf', body: Buffer.from('just text, not a pdf') },
      ]);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.arquivos).toEqual([
        'Os arquivos: foto.png, notas.pdf não são permitidos. Extensões permitidas: jpg, jpeg, png, pdf',
      ]);
    });

    it('refuses more files than allowed', async () => {
      const image = await png();
      const response = await upload([
        { name: 'a.png', type: 'image/png', body: image },
        { name: 'b.png', type: 'image/png', body: image },
        { name: 'c.png', type: 'image/png', body: image },
      ]);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.arquivos).toEqual([
        'Quantidade de arquivos excede o permitido de 2 arquivo(s)',
      ]);
    });

    it('refuses files over the total size', async () => {
      // A real PDF header followed by 6 MB: over the question's 5 MB.
      const big = Buffer.concat([pdf(), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
      const response = await upload([{ name: 'grande.pdf', type: 'application/pdf', body: big }]);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.arquivos).toEqual([
        'A soma do tamanho dos arquivos excede o limite de 5 MB',
      ]);
    });

    it('refuses files for a question that is not an upload', async () => {
      const response = await upload(
        [{ name: 'a.png', type: 'image/png', body: await png() }],
        questions[0]!.idPesquisaQuestao,
      );
      expect(response.statusCode).toBe(422);
    });

    it('takes a PNG and a PDF and the answer keeps them', async () => {
      const response = await upload([
        { name: 'mesa.png', type: 'image/png', body: await png() },
        { name: 'planta.pdf', type: 'application/pdf', body: pdf() },
      ]);
      expect(response.statusCode).toBe(200);
      const midias = response.json().data.midias;
      expect(
        midias.map((file: { nomeArquivo: string; tipo: string }) => [file.nomeArquivo, file.tipo]),
      ).toEqual([
        ['mesa.png', 'image/png'],
        ['planta.pdf', 'application/pdf'],
      ]);
      const saved = await save({
        idPesquisaQuestao: questions[3]!.idPesquisaQuestao,
        idsMidias: midias.map((file: { idMidia: number }) => file.idMidia),
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data.resposta.midias).toHaveLength(2);
      uploadedUrl = midias[0].url;
      const served = await t.app.inject({ method: 'GET', url: uploadedUrl, headers: { cookie } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toContain('image/png');
    });

    it('lets go a file the answer no longer names', async () => {
      const sent = await upload([
        { name: 'antes.png', type: 'image/png', body: await png() },
        { name: 'depois.pdf', type: 'application/pdf', body: pdf() },
      ]);
      const [kept, dropped] = sent.json().data.midias as { idMidia: number }[];
      const question = questions[3]!.idPesquisaQuestao;
      await save({ idPesquisaQuestao: question, idsMidias: [kept!.idMidia, dropped!.idMidia] });
      const saved = await save({ idPesquisaQuestao: question, idsMidias: [kept!.idMidia] });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data.resposta.midias.map((file: { idMidia: number }) => file.idMidia)).toEqual([
        kept!.idMidia,
      ]);
      const reload = await t.call(
        'consultaAplicacaoPesquisa',
        { idPesquisa: climate, idAplicacao, isEdicaoResposta: false },
        { cookie },
      );
      const answer = reload
        .json()
        .data.aplicacao.respostasUsuario.find(
          (entry: { idPesquisaQuestao: number }) => entry.idPesquisaQuestao === question,
        );
      expect(answer.midias.map((file: { nomeArquivo: string }) => file.nomeArquivo)).toEqual(['antes.png']);
    });

    it("refuses another application's files in an answer", async () => {
      const otherCookie = await signInAs('daniel.gomes@demo.elo');
      const start = await t.call(
        'inicializaRespostaPesquisa',
        { idPesquisa: climate },
        { cookie: otherCookie },
      );
      const otherApplication = start.json().data.idAplicacao;
      const theirs = await postMultipart(
        t,
        'enviaArquivoRespostaPesquisa',
        otherCookie,
        {
          idPesquisa: String(climate),
          idAplicacao: String(otherApplication),
          idPesquisaQuestao: String(questions[3]!.idPesquisaQuestao),
        },
        [{ field: 'arquivos', name: 'x.png', type: 'image/png', body: await png() }],
      );
      const theirId = theirs.json().data.midias[0].idMidia;
      const response = await save({
        idPesquisaQuestao: questions[3]!.idPesquisaQuestao,
        idsMidias: [theirId],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.resposta).toEqual(['Arquivo inválido para esta pergunta']);
    });
  });

  it('submit checks every question and names each failing one', async () => {
    const [choice, , text] = questions;
    const response = await t.call(
      'salvaRespostasDaPesquisa',
      {
        idPesquisa: climate,
        idAplicacao,
        isEdicaoResposta: false,
        respostas: [{ idPesquisaQuestao: text!.idPesquisaQuestao, resposta: '' }],
      },
      { cookie },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      [`questoes.${choice!.idPesquisaQuestao}`]: ['Esta pergunta é obrigatória'],
      [`questoes.${text!.idPesquisaQuestao}`]: ['Esta pergunta é obrigatória'],
    });
    const spanishAnswer = await t.call(
      'salvaRespostasDaPesquisa',
      { idPesquisa: climate, idAplicacao, isEdicaoResposta: false, respostas: [] },
      { cookie, language: 'es' },
    );
    expect(spanishAnswer.json().errors[`questoes.${choice!.idPesquisaQuestao}`]).toEqual([
      'Esta pregunta es obligatoria',
    ]);
  });

  it('a required checkbox or upload question needs an answer too', async () => {
    const [, checkbox, , upload] = questions;
    const ids = [checkbox!.idPesquisaQuestao, upload!.idPesquisaQuestao];
    await t.database.db
      .update(surveyQuestions)
      .set({ required: true })
      .where(inArray(surveyQuestions.id, ids));
    try {
      const response = await t.call(
        'salvaRespostasDaPesquisa',
        { idPesquisa: climate, idAplicacao, isEdicaoResposta: false, respostas: [] },
        { cookie },
      );
      expect(response.statusCode).toBe(422);
      const errors = response.json().errors;
      expect(Object.keys(errors)).toHaveLength(4);
      for (const id of ids) expect(errors[`questoes.${id}`]).toEqual(['Esta pergunta é obrigatória']);
    } finally {
      await t.database.db
        .update(surveyQuestions)
        .set({ required: false })
        .where(inArray(surveyQuestions.id, ids));
    }
  });

  it('finishing checks the saved answers too', async () => {
    const files = await t.app.inject({ method: 'GET', url: uploadedUrl, headers: { cookie } });
    expect(files.statusCode).toBe(200);
    await t.call('limpaFormulario', { idPesquisa: climate, idAplicacao }, { cookie });
    // Clearing the form also removes the files sent for it.
    const gone = await t.app.inject({ method: 'GET', url: uploadedUrl, headers: { cookie } });
    expect(gone.statusCode).toBe(404);
    const response = await t.call(
      'finalizaRespostaPesquisa',
      { idPesquisa: climate, idAplicacao },
      { cookie },
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toHaveLength(2);
  });

  it('limpaFormulario clears every answer', async () => {
    await save({ idPesquisaQuestao: questions[2]!.idPesquisaQuestao, resposta: 'algo' });
    const clear = await t.call('limpaFormulario', { idPesquisa: climate, idAplicacao }, { cookie });
    expect(clear.json().data).toEqual({ ok: true });
    const reload = await t.call(
      'consultaAplicacaoPesquisa',
      { idPesquisa: climate, idAplicacao, isEdicaoResposta: false },
      { cookie },
    );
    expect(reload.json().data.aplicacao.respostasUsuario).toEqual([]);
  });

  it('saves everything, finishes, then refuses any change to the finished application', async () => {
    const [choice, checkbox, text] = questions;
    const saveAll = await t.call(
      'salvaRespostasDaPesquisa',
      {
        idPesquisa: climate,
        idAplicacao,
        isEdicaoResposta: false,
        respostas: [
          {
            idPesquisaQuestao: choice!.idPesquisaQuestao,
            idPesquisaResposta: choice!.opcoes[0]!.idPesquisaResposta,
          },
          {
            idPesquisaQuestao: checkbox!.idPesquisaQuestao,
            idsPesquisaResposta: [checkbox!.opcoes[1]!.idPesquisaResposta],
          },
          { idPesquisaQuestao: text!.idPesquisaQuestao, resposta: 'Tudo certo' },
        ],
      },
      { cookie },
    );
    expect(saveAll.statusCode).toBe(200);
    const finish = await t.call('finalizaRespostaPesquisa', { idPesquisa: climate, idAplicacao }, { cookie });
    expect(finish.statusCode).toBe(200);
    expect(finish.json().data).toEqual({ statusResposta: 3 });

    const autosave = await save({ idPesquisaQuestao: text!.idPesquisaQuestao, resposta: 'mudei' });
    expect(autosave.statusCode).toBe(409);
    expect(autosave.json()).toMatchObject({
      error_code: 'SURVEY_APPLICATION_FINISHED',
      message: 'Esta resposta já foi finalizada e não pode mais ser alterada.',
    });
    for (const name of ['finalizaRespostaPesquisa', 'limpaFormulario']) {
      const response = await t.call(name, { idPesquisa: climate, idAplicacao }, { cookie });
      expect(response.statusCode).toBe(409);
    }
    const again = await t.call('inicializaRespostaPesquisa', { idPesquisa: climate }, { cookie });
    expect(again.json().error_code).toBe('SURVEY_ALREADY_ANSWERED');
    const listed = (await t.call('consultaPesquisa', { idPesquisa: climate }, { cookie })).json().data
      .pesquisa;
    expect(listed).toMatchObject({
      statusResposta: 3,
      idAplicacaoFinalizada: idAplicacao,
      flPodeResponder: false,
      flPodeEditar: true,
      flPodeVerResultado: true,
    });
  });

  it('editing (isEdicaoResposta) changes a finished answer, which stays finished', async () => {
    const [choice, , text] = questions;
    const edit = await t.call(
      'salvaRespostasDaPesquisa',
      {
        idPesquisa: climate,
        idAplicacao,
        isEdicaoResposta: true,
        respostas: [
          {
            idPesquisaQuestao: choice!.idPesquisaQuestao,
            idPesquisaResposta: choice!.opcoes[1]!.idPesquisaResposta,
          },
          { idPesquisaQuestao: text!.idPesquisaQuestao, resposta: 'Mudei de ideia' },
        ],
      },
      { cookie },
    );
    expect(edit.statusCode).toBe(200);
    const reload = await t.call(
      'consultaAplicacaoPesquisa',
      { idPesquisa: climate, idAplicacao, isEdicaoResposta: true },
      { cookie },
    );
    const data = reload.json().data;
    expect(data.aplicacao.statusResposta).toBe(3);
    expect(
      data.aplicacao.respostasUsuario.find(
        (a: { idPesquisaQuestao: number }) => a.idPesquisaQuestao === text!.idPesquisaQuestao,
      ).resposta,
    ).toBe('Mudei de ideia');
    // Editing still checks every rule.
    const invalid = await t.call(
      'salvaRespostasDaPesquisa',
      { idPesquisa: climate, idAplicacao, isEdicaoResposta: true, respostas: [] },
      { cookie },
    );
    expect(invalid.statusCode).toBe(422);
  });
});

describe('several answers per person', () => {
  it('when not limited to one, a second application can start after the first is finished', async () => {
    await t.database.db.update(surveys).set({ oneAnswerPerUser: false }).where(eq(surveys.id, quiz));
    try {
      const first = await t.call('inicializaRespostaPesquisa', { idPesquisa: quiz }, { cookie: maria });
      expect(first.statusCode).toBe(200);
      const [finished] = await t.database.db
        .select()
        .from(surveyApplications)
        .innerJoin(users, eq(users.id, surveyApplications.userId))
        .where(
          and(
            eq(surveyApplications.surveyId, quiz),
            eq(users.email, 'maria.silva@demo.elo'),
            eq(surveyApplications.status, 3),
          ),
        );
      expect(first.json().data.idAplicacao).not.toBe(finished!.survey_applications.id);
      await t.call(
        'limpaFormulario',
        { idPesquisa: quiz, idAplicacao: first.json().data.idAplicacao },
        { cookie: maria },
      );
      await t.database.db
        .delete(surveyApplications)
        .where(eq(surveyApplications.id, first.json().data.idAplicacao));
    } finally {
      await t.database.db.update(surveys).set({ oneAnswerPerUser: true }).where(eq(surveys.id, quiz));
    }
  });
});

describe('consultaResultadoPesquisa', () => {
  it('shows quiz results with correct options, shares and the user’s own answers', async () => {
    const response = await t.call('consultaResultadoPesquisa', { idPesquisa: quiz }, { cookie: maria });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.qtdAplicacoes).toBeGreaterThanOrEqual(2);
    const [single, multiple, open] = data.questoes;
    expect(
      single.opcoes
        .filter((option: { flCorreta: string }) => option.flCorreta === 'S')
        .map((o: { descricao: string }) => o.descricao),
    ).toEqual(['Frase longa com símbolos']);
    const total = single.opcoes.reduce((sum: number, option: { qtd: number }) => sum + option.qtd, 0);
    expect(total).toBe(single.qtdRespostas);
    const shares = single.opcoes.reduce(
      (sum: number, option: { percentual: number }) => sum + option.percentual,
      0,
    );
    expect(shares).toBeGreaterThan(99);
    expect(shares).toBeLessThan(101);
    // Seeded Maria got every quiz question right.
    expect(single.flAcertou).toBe(true);
    expect(multiple.flAcertou).toBe(true);
    expect(open.flAcertou).toBeNull();
    expect(data.qtdQuestoesQuiz).toBe(2);
    expect(data.qtdAcertos).toBe(2);
    expect(single.respostaUsuario.idPesquisaResposta).toBe(
      single.opcoes.find((option: { flCorreta: string }) => option.flCorreta === 'S').idPesquisaResposta,
    );
  });

  it('marks no correct option where the survey is not a quiz, and shows a closed survey', async () => {
    const data = (await t.call('consultaResultadoPesquisa', { idPesquisa: party }, { cookie: maria })).json()
      .data;
    expect(data.pesquisa.situacao).toBe('ENCERRADA');
    expect(data.questoes[0].opcoes.every((option: { flCorreta: string }) => option.flCorreta === 'N')).toBe(
      true,
    );
    expect(data.qtdQuestoesQuiz).toBe(0);
  });

  it('is not available before the user has answered an open survey', async () => {
    const response = await t.call('consultaResultadoPesquisa', { idPesquisa: climate }, { cookie: maria });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      error_code: 'SURVEY_RESULTS_UNAVAILABLE',
      message: 'O resultado estará disponível depois que você responder a pesquisa.',
    });
  });

  it('is tenant-scoped', async () => {
    const response = await t.call('consultaResultadoPesquisa', { idPesquisa: quiz }, { cookie: joao });
    expect(response.statusCode).toBe(404);
    expect(admin).toBeTruthy();
  });
});
