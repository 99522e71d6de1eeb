import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { users } from '../../db/schema/all.ts';
import {
  factoryPassword,
  makeCatalogItem,
  makeCompany,
  makeGroup,
  makePerson,
  type MadePerson,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { employeePermissions, AdminPermission } from '@elo/contract/enums';

// Record rules of anonymous surveys (docs/security.md, "Record rules: anonymous surveys"), through
// the real app: results, exports, counts and open texts of an anonymous survey say nothing until
// the company's minimum of people answered, for everyone and for each slice.

const hiddenMessage =
  'Os resultados aparecem quando houver pelo menos 5 respostas, para preservar o anonimato.';
const day = 86_400_000;

let t: TestApp;
let companyId: number;
let master: string;
/** Everyone who answers, signed in. */
const people: { person: MadePerson; cookie: string }[] = [];
let groupId: number;
let pairGroupId: number;
const sectors: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db);
  companyId = company.companyId;
  groupId = await makeGroup(db, { companyId, name: 'Equipe' });
  pairGroupId = await makeGroup(db, { companyId, name: 'Dupla' });
  for (const name of ['Setor A', 'Setor B', 'Setor C']) {
    sectors.push(await makeCatalogItem(db, { companyId, kind: 'SETOR', name }));
  }
  master = await t.signIn(company.master.email, factoryPassword);
  for (let index = 0; index < 11; index += 1) {
    const person = await makePerson(db, {
      companyId,
      name: `Respondente ${index + 1}`,
      permissions: employeePermissions,
      groupIds: index < 2 ? [groupId, pairGroupId] : [groupId],
    });
    // Sectors: 5 in A, 5 in B, 1 in C.
    const sector = index < 5 ? sectors[0]! : index < 10 ? sectors[1]! : sectors[2]!;
    await db.update(users).set({ sectorId: sector }).where(eq(users.id, person.id));
    people.push({ person, cookie: await t.signIn(person.email, factoryPassword) });
  }
}, 120_000);
afterAll(() => t.close());

interface Results {
  qtdRespondentes: number | null;
  qtdAplicacoes: number | null;
  taxaResposta: number | null;
  qtdPublicoAlvo: number;
  qtdMinimaRespondentes: number;
  pesquisa: { qtdRespostas: number | null };
  questoes: {
    qtdRespostas: number | null;
    textos: string[];
    opcoes: { descricao: string; qtd: number | null; percentual: number | null }[];
  }[];
  respostasIndividuais: unknown[];
  resultadoOculto: { motivo: string; qtdMinimaRespondentes: number; mensagem: string } | null;
  recorte: { tipo: string; id: number; nome: string } | null;
  recortes: { tipo: string; id: number; nome: string }[];
}

/** A published survey to the team: a choice (Sim/Não) and an open text. */
async function publishSurvey(anonymous: boolean, groups = [groupId]) {
  const saved = await t.call(
    'salvaPesquisa',
    {
      titulo: anonymous ? 'Clima anônimo' : 'Clima identificado',
      corPrincipal: '#0f766e',
      corFundo: '#ffffff',
      idsGrupos: groups,
      dtInicioPesquisa: new Date(Date.now() - day).toISOString(),
      dtFimPesquisa: new Date(Date.now() + 10 * day).toISOString(),
      flAnonima: anonymous ? 'S' : 'N',
      questoes: [
        {
          titulo: 'Recomendaria a empresa?',
          tipoQuestao: 2,
          opcoes: [{ descricao: 'Sim' }, { descricao: 'Não' }],
        },
        { titulo: 'O que mudaria?', tipoQuestao: 1 },
      ],
    },
    { cookie: master },
  );
  expect(saved.statusCode, saved.body).toBe(200);
  const survey = saved.json().data.pesquisa as {
    idPesquisa: number;
    questoes: { idPesquisaQuestao: number; opcoes: { idPesquisaResposta: number }[] }[];
  };
  const published = await t.call('publicaPesquisa', { idPesquisa: survey.idPesquisa }, { cookie: master });
  expect(published.statusCode, published.body).toBe(200);
  return survey;
}

/** One person answers the survey: an option (0 Sim, 1 Não) and a text, and finishes. */
async function answer(
  survey: Awaited<ReturnType<typeof publishSurvey>>,
  cookie: string,
  option: number,
  text: string,
) {
  const start = await t.call('inicializaRespostaPesquisa', { idPesquisa: survey.idPesquisa }, { cookie });
  expect(start.statusCode, start.body).toBe(200);
  const idAplicacao = start.json().data.idAplicacao;
  const [choice, open] = survey.questoes;
  const saved = await t.call(
    'salvaRespostasDaPesquisa',
    {
      idPesquisa: survey.idPesquisa,
      idAplicacao,
      respostas: [
        {
          idPesquisaQuestao: choice!.idPesquisaQuestao,
          idPesquisaResposta: choice!.opcoes[option]!.idPesquisaResposta,
        },
        { idPesquisaQuestao: open!.idPesquisaQuestao, resposta: text },
      ],
    },
    { cookie },
  );
  expect(saved.statusCode, saved.body).toBe(200);
  const finished = await t.call(
    'finalizaRespostaPesquisa',
    { idPesquisa: survey.idPesquisa, idAplicacao },
    { cookie },
  );
  expect(finished.statusCode, finished.body).toBe(200);
}

async function results(idPesquisa: number, recorte?: { tipo: string; id: number }) {
  const response = await t.call(
    'consultaResultadoPesquisaAdmin',
    { idPesquisa, ...(recorte ? { recorte } : {}) },
    { cookie: master },
  );
  expect(response.statusCode, response.body).toBe(200);
  return { data: response.json().data as Results, body: response.body };
}

const exportOf = (idPesquisa: number, format: 'csv' | 'xlsx', query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/backend/pesquisas/${idPesquisa}/exportacao.${format}${query}`,
    headers: { cookie: master },
  });

/** What hidden results look like: no number, no text, the reason in words. */
function expectHidden(data: Results, motivo = 'POUCOS_RESPONDENTES', message = hiddenMessage) {
  expect(data.resultadoOculto).toEqual({ motivo, qtdMinimaRespondentes: 5, mensagem: message });
  expect(data.qtdRespondentes).toBeNull();
  expect(data.qtdAplicacoes).toBeNull();
  expect(data.taxaResposta).toBeNull();
  expect(data.respostasIndividuais).toEqual([]);
  for (const question of data.questoes) {
    expect(question.qtdRespostas).toBeNull();
    expect(question.textos).toEqual([]);
    for (const option of question.opcoes) expect([option.qtd, option.percentual]).toEqual([null, null]);
  }
}

describe('an anonymous survey below the minimum of respondents', () => {
  let survey: Awaited<ReturnType<typeof publishSurvey>>;

  beforeAll(async () => {
    survey = await publishSurvey(true);
    await answer(survey, people[0]!.cookie, 0, 'Mais home office');
    await answer(survey, people[1]!.cookie, 1, 'Menos reuniões');
  });

  it('with 2 answers shows no count, chart, text or respondent, only the reason', async () => {
    const { data, body } = await results(survey.idPesquisa);
    expectHidden(data);
    expect(data.pesquisa.qtdRespostas).toBeNull();
    expect(data.qtdPublicoAlvo).toBe(11);
    expect(body).not.toContain('Mais home office');
    expect(body).not.toContain('Menos reuniões');
    // In another language, the same words translated.
    const english = await t.call(
      'consultaResultadoPesquisaAdmin',
      { idPesquisa: survey.idPesquisa },
      { cookie: master, language: 'en' },
    );
    expect(english.json().data.resultadoOculto.mensagem).toBe(
      'Results appear once there are at least 5 answers, to preserve anonymity.',
    );
  });

  it('with 2 answers answers its CSV and XLSX exports with 409 and the same words', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const response = await exportOf(survey.idPesquisa, format);
      expect(response.statusCode, format).toBe(409);
      expect(response.json()).toEqual({ message: hiddenMessage, error_code: 'SURVEY_RESULTS_HIDDEN' });
    }
  });

  it('hides its answer count in the list and the editor, and which options were chosen', async () => {
    const list = (await t.call('consultaPesquisasAdmin', {}, { cookie: master })).json().data
      .listPesquisas as {
      idPesquisa: number;
      qtdRespostas: number | null;
    }[];
    expect(list.find((row) => row.idPesquisa === survey.idPesquisa)?.qtdRespostas).toBeNull();
    const editor = (
      await t.call('consultaPesquisaAdmin', { idPesquisa: survey.idPesquisa }, { cookie: master })
    ).json().data.pesquisa;
    expect(editor.qtdRespostas).toBeNull();
    // Both people chose differently; a third option nobody chose would read the same: all locked.
    expect(
      editor.questoes.map((question: { flPossuiRespostas: boolean }) => question.flPossuiRespostas),
    ).toEqual([true, true]);
    expect(
      editor.questoes[0].opcoes.map((option: { flPossuiRespostas: boolean }) => option.flPossuiRespostas),
    ).toEqual([true, true]);
  });

  it('does not count its answers in the dashboard', async () => {
    const dashboard = await t.call('consultaDashboardAdmin', {}, { cookie: master });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().data.qtdRespostasPesquisa).toBe(0);
  });

  it('shows a respondent their own answers but not the counts', async () => {
    const response = await t.call(
      'consultaResultadoPesquisa',
      { idPesquisa: survey.idPesquisa },
      {
        cookie: people[0]!.cookie,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.qtdAplicacoes).toBeNull();
    expect(data.resultadoOculto.mensagem).toBe(hiddenMessage);
    expect(data.questoes[0].qtdRespostas).toBeNull();
    expect(data.questoes[0].opcoes.map((option: { qtd: number | null }) => option.qtd)).toEqual([null, null]);
    expect(data.questoes[1].respostaUsuario.resposta).toBe('Mais home office');
    expect(response.body).not.toContain('Menos reuniões');
  });

  it('with 5 answers shows its results and exports them', async () => {
    await answer(survey, people[2]!.cookie, 0, 'Zebra no refeitório');
    await answer(survey, people[3]!.cookie, 0, 'abacaxi na sobremesa');
    await answer(survey, people[4]!.cookie, 1, 'Árvores no pátio');
    const { data } = await results(survey.idPesquisa);
    expect(data.resultadoOculto).toBeNull();
    expect(data.qtdRespondentes).toBe(5);
    expect(data.qtdAplicacoes).toBe(5);
    expect(data.pesquisa.qtdRespostas).toBe(5);
    expect(data.questoes[0]!.opcoes.map((option) => option.qtd)).toEqual([3, 2]);
    expect(data.respostasIndividuais).toEqual([]);
    const csv = await exportOf(survey.idPesquisa, 'csv');
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toHaveLength(6);
    const xlsx = await exportOf(survey.idPesquisa, 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(6);
    const list = (await t.call('consultaPesquisasAdmin', {}, { cookie: master })).json().data
      .listPesquisas as {
      idPesquisa: number;
      qtdRespostas: number | null;
    }[];
    expect(list.find((row) => row.idPesquisa === survey.idPesquisa)?.qtdRespostas).toBe(5);
    const editor = (
      await t.call('consultaPesquisaAdmin', { idPesquisa: survey.idPesquisa }, { cookie: master })
    ).json().data.pesquisa;
    expect(editor.qtdRespostas).toBe(5);
    expect(
      (await t.call('consultaDashboardAdmin', {}, { cookie: master })).json().data.qtdRespostasPesquisa,
    ).toBe(5);
  });

  it('lists its open texts by the text, not newest first', async () => {
    const { data } = await results(survey.idPesquisa);
    // By the text (as pt-BR sorts), not newest first: the order tells nothing of who wrote when.
    expect(data.questoes[1]!.textos).toEqual([
      'abacaxi na sobremesa',
      'Árvores no pátio',
      'Mais home office',
      'Menos reuniões',
      'Zebra no refeitório',
    ]);
  });

  it('carries no time of any answer on the wire', async () => {
    const { body } = await results(survey.idPesquisa);
    expect(body).not.toMatch(/dtFinalizacao|dtInicio"|finishedAt|startedAt/);
    // The only instants are the survey's own (its dates and creation), the same on every call.
    const instants = body.match(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g) ?? [];
    expect(instants).toHaveLength(3);
  });
});

describe('slices of an anonymous survey', () => {
  let survey: Awaited<ReturnType<typeof publishSurvey>>;
  const sector = (index: number) => ({ tipo: 'SETOR', id: sectors[index]! });

  beforeAll(async () => {
    survey = await publishSurvey(true, [groupId, pairGroupId]);
    for (const [index, { cookie }] of people.entries()) {
      await answer(survey, cookie, index % 2, `Texto ${index + 1}`);
    }
  });

  it('offers the target groups and the audience’s sectors as slices', async () => {
    const { data } = await results(survey.idPesquisa);
    expect(data.qtdRespondentes).toBe(11);
    expect(data.recortes).toEqual([
      { tipo: 'GRUPO', id: pairGroupId, nome: 'Dupla' },
      { tipo: 'GRUPO', id: groupId, nome: 'Equipe' },
      { tipo: 'SETOR', id: sectors[0], nome: 'Setor A' },
      { tipo: 'SETOR', id: sectors[1], nome: 'Setor B' },
      { tipo: 'SETOR', id: sectors[2], nome: 'Setor C' },
    ]);
  });

  it('hides a slice under the minimum, however many answered in all', async () => {
    const single = await results(survey.idPesquisa, sector(2));
    expectHidden(single.data);
    expect(single.data.recorte).toEqual({ tipo: 'SETOR', id: sectors[2], nome: 'Setor C' });
    expect(single.body).not.toContain('Texto 11');
    const pair = await results(survey.idPesquisa, { tipo: 'GRUPO', id: pairGroupId });
    expectHidden(pair.data);
    const csv = await exportOf(survey.idPesquisa, 'csv', `?tipoRecorte=SETOR&idRecorte=${sectors[2]}`);
    expect(csv.statusCode).toBe(409);
    expect(csv.json()).toEqual({ message: hiddenMessage, error_code: 'SURVEY_RESULTS_HIDDEN' });
  });

  it('shows a slice of enough people, and only those people’s answers', async () => {
    // Sector B: respondents 6 to 10.
    const { data } = await results(survey.idPesquisa, sector(1));
    expect(data.resultadoOculto).toBeNull();
    expect(data.qtdAplicacoes).toBe(5);
    expect(data.qtdPublicoAlvo).toBe(5);
    expect([...data.questoes[1]!.textos].sort()).toEqual([
      'Texto 10',
      'Texto 6',
      'Texto 7',
      'Texto 8',
      'Texto 9',
    ]);
    const csv = await exportOf(survey.idPesquisa, 'csv', `?tipoRecorte=SETOR&idRecorte=${sectors[1]}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(6);
    expect(csv.body).not.toContain('Texto 1,');
  });

  it('withholds a slice that, subtracted from the others, would single out fewer than the minimum', async () => {
    // A (5) + B (5) + C (1): everyone minus A minus B would be C's one person. A is withheld
    // (the smaller key of two equal slices), so everyone minus B is A and C: six people.
    const { data } = await results(survey.idPesquisa, sector(0));
    expectHidden(
      data,
      'RECORTES_COMBINADOS',
      'Os resultados deste recorte ficam ocultos para preservar o anonimato: comparados com os de outros recortes, eles mostrariam as respostas de menos de 5 pessoas.',
    );
    const xlsx = await exportOf(survey.idPesquisa, 'xlsx', `?tipoRecorte=SETOR&idRecorte=${sectors[0]}`);
    expect(xlsx.statusCode).toBe(409);
    expect(xlsx.json().error_code).toBe('SURVEY_SLICE_HIDDEN');
  });

  it('refuses a slice the survey cannot be cut by, with 422 on the slice', async () => {
    const otherGroup = await makeGroup(t.database.db, { companyId, name: 'Fora da pesquisa' });
    const response = await t.call(
      'consultaResultadoPesquisaAdmin',
      { idPesquisa: survey.idPesquisa, recorte: { tipo: 'GRUPO', id: otherGroup } },
      { cookie: master },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      recorte: ['Escolha um recorte desta pesquisa: um grupo dela, uma unidade ou um setor'],
    });
    const half = await exportOf(survey.idPesquisa, 'csv', '?tipoRecorte=SETOR');
    expect(half.statusCode).toBe(422);
  });
});

describe('a survey that is not anonymous', () => {
  it('shows its results with one answer, texts newest first, slices of any size', async () => {
    const survey = await publishSurvey(false);
    await answer(survey, people[0]!.cookie, 0, 'Primeira');
    await answer(survey, people[1]!.cookie, 1, 'Segunda');
    const { data } = await results(survey.idPesquisa);
    expect(data.resultadoOculto).toBeNull();
    expect(data.qtdAplicacoes).toBe(2);
    expect(data.pesquisa.qtdRespostas).toBe(2);
    expect(data.questoes[1]!.textos).toEqual(['Segunda', 'Primeira']);
    expect(data.respostasIndividuais).toHaveLength(2);
    const slice = await results(survey.idPesquisa, { tipo: 'SETOR', id: sectors[0]! });
    expect(slice.data.resultadoOculto).toBeNull();
    expect(slice.data.qtdAplicacoes).toBe(2);
    expect((await exportOf(survey.idPesquisa, 'csv')).statusCode).toBe(200);
  });
});

describe('the minimum of respondents', () => {
  it('is 5 unless the company sets another, from 3 to 100, with a translated 422 otherwise', async () => {
    const read = await t.call('consultaConfiguracoesPesquisasAdmin', {}, { cookie: master });
    expect(read.json().data).toEqual({ configuracoes: { qtdMinimaRespondentes: 5 } });
    for (const value of [2, 0, 101, 3.5, '4']) {
      const refused = await t.call(
        'salvaConfiguracoesPesquisasAdmin',
        { qtdMinimaRespondentes: value },
        {
          cookie: master,
        },
      );
      expect(refused.statusCode, String(value)).toBe(422);
      expect(refused.json().errors).toEqual({
        qtdMinimaRespondentes: [
          'Informe de 3 a 100 respostas: com menos de 3, o anonimato não fica preservado',
        ],
      });
    }
    const spanish = await t.call(
      'salvaConfiguracoesPesquisasAdmin',
      { qtdMinimaRespondentes: 2 },
      {
        cookie: master,
        language: 'es',
      },
    );
    expect(spanish.json().errors.qtdMinimaRespondentes).toEqual([
      'Indique de 3 a 100 respuestas: con menos de 3, el anonimato no queda preservado',
    ]);
    expect((await t.call('consultaConfiguracoesPesquisasAdmin', {}, { cookie: master })).json().data).toEqual(
      {
        configuracoes: { qtdMinimaRespondentes: 5 },
      },
    );
  });

  it('is changed only with ADMIN_PESQUISAS at E, audited, and applies at once', async () => {
    const { db } = t.database;
    const reader = await makePerson(db, { companyId, administrator: { [AdminPermission.surveys]: 'L' } });
    const readerCookie = await t.signIn(reader.email, factoryPassword);
    expect(
      (await t.call('consultaConfiguracoesPesquisasAdmin', {}, { cookie: readerCookie })).json().data,
    ).toEqual({ configuracoes: { qtdMinimaRespondentes: 5 } });
    const refused = await t.call(
      'salvaConfiguracoesPesquisasAdmin',
      { qtdMinimaRespondentes: 3 },
      {
        cookie: readerCookie,
      },
    );
    expect(refused.statusCode).toBe(403);

    const survey = await publishSurvey(true);
    for (const { cookie } of people.slice(0, 3)) await answer(survey, cookie, 0, 'Ok');
    expect((await results(survey.idPesquisa)).data.resultadoOculto?.qtdMinimaRespondentes).toBe(5);
    const saved = await t.call(
      'salvaConfiguracoesPesquisasAdmin',
      { qtdMinimaRespondentes: 3 },
      { cookie: master },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ configuracoes: { qtdMinimaRespondentes: 3 } });
    const shown = (await results(survey.idPesquisa)).data;
    expect(shown.resultadoOculto).toBeNull();
    expect(shown.qtdAplicacoes).toBe(3);
    expect(shown.qtdMinimaRespondentes).toBe(3);

    const audit = await t.call(
      'consultaAuditoriaAdmin',
      { acao: 'survey_settings_update' },
      { cookie: master },
    );
    expect(audit.json().data.listRegistros[0]).toMatchObject({
      acao: 'survey_settings_update',
      tipoAlvo: 'survey_settings',
      alteracoes: [{ campo: 'qtdMinimaRespondentes', antes: 5, depois: 3 }],
    });

    // Back to 6: the three answers hide again, and the message names the new minimum.
    await t.call('salvaConfiguracoesPesquisasAdmin', { qtdMinimaRespondentes: 6 }, { cookie: master });
    const hidden = (await results(survey.idPesquisa)).data;
    expect(hidden.resultadoOculto?.mensagem).toBe(
      'Os resultados aparecem quando houver pelo menos 6 respostas, para preservar o anonimato.',
    );
    await t.call('salvaConfiguracoesPesquisasAdmin', { qtdMinimaRespondentes: 5 }, { cookie: master });
  });

  it('belongs to its company: another company still has the default', async () => {
    const other = await makeCompany(t.database.db);
    const cookie = await t.signIn(other.master.email, factoryPassword);
    await t.call('salvaConfiguracoesPesquisasAdmin', { qtdMinimaRespondentes: 4 }, { cookie: master });
    expect((await t.call('consultaConfiguracoesPesquisasAdmin', {}, { cookie })).json().data).toEqual({
      configuracoes: { qtdMinimaRespondentes: 5 },
    });
    await t.call('salvaConfiguracoesPesquisasAdmin', { qtdMinimaRespondentes: 5 }, { cookie: master });
  });
});
