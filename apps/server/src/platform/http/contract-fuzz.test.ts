import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallName } from '@elo/contract/calls/registry';
import { Permission, PostType } from '@elo/contract/enums';
import { isErrorCode } from '@elo/contract/errors';
import { inputArbitrary } from '../../test/contract-arbitrary.ts';
import { factoryPassword, makeCompany, makePerson, makePost } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Property: whatever body reaches a call (valid-ish bodies built from its contract schema, the
 * same with hostile values anywhere, or anything at all), the answer is never a 5xx, and every
 * 4xx is in the spec's error shape. Runs as a full administrator, so every call gets past its
 * access check and its handler runs. A failure prints the seed and the body that failed; rerun
 * with FUZZ_SEED to reproduce it.
 */

const seed = Number(process.env.FUZZ_SEED ?? 20_261_125);
const runsPerCall = Number(process.env.FUZZ_RUNS ?? 40);
/** Left out besides the multipart calls (they take files): doLogout, which ends the session. */
const skipped = new Set<CallName>(['doLogout']);
/** Calls that hash passwords or send messages on every valid body: fewer runs keep the whole within minutes. */
const slowCalls = new Set<CallName>([
  'doLogin',
  'primeiroAcesso',
  'alteraSenhaEFazLogin',
  'resetaSenhaComToken',
]);
const languages = ['pt-BR', 'en', 'es'] as const;

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db);
  const groupId = company.defaultGroupId;
  const other = await makePerson(db, {
    companyId: company.companyId,
    permissions: [Permission.chat],
    groupIds: [groupId],
  });
  cookie = await t.signIn(company.master.email, factoryPassword);
  // Rows for the small ids the generator favours: a post with a comment, a poll, a survey, a chat group.
  const posted = await t.callMultipart('publicaPostagemTimeline', {
    cookie,
    fields: { textoPublicacao: 'Olá', idAppTipoMensagem: '1', idsGrupos: String(groupId) },
  });
  expect(posted.statusCode, posted.body).toBe(200);
  // Polls are the administration's to publish.
  await makePost(db, {
    companyId: company.companyId,
    authorId: company.master.id,
    groupIds: [groupId],
    type: PostType.poll,
    text: 'Enquete',
    pollLabels: ['A', 'B'],
  });
  const steps = [
    t.call('insereComentario', { idMensagem: 1, texto: 'Comentário' }, { cookie }),
    t.call(
      'salvaPesquisa',
      {
        titulo: 'Pesquisa',
        idsGrupos: [groupId],
        dtInicioPesquisa: new Date(Date.now() - 86_400_000).toISOString(),
        dtFimPesquisa: new Date(Date.now() + 86_400_000).toISOString(),
        questoes: [
          { titulo: 'Aberta', tipoQuestao: 1 },
          { titulo: 'Escolha', tipoQuestao: 2, opcoes: [{ descricao: 'Sim' }, { descricao: 'Não' }] },
        ],
      },
      { cookie },
    ),
    t.call('insereGrupoChat', { nomeGrupo: 'Grupo', membros: [other.id] }, { cookie }),
  ];
  for (const step of steps) {
    const response = await step;
    expect(response.statusCode, response.body).toBe(200);
  }
  const published = await t.call('publicaPesquisa', { idPesquisa: 1 }, { cookie });
  expect(published.statusCode, published.body).toBe(200);
}, 120_000);
afterAll(() => t.close());

/** Checks one answer: never a 5xx; a 4xx in the spec's error shape; a 2xx with its data. */
function checkAnswer(response: { statusCode: number; body: string; json: () => unknown }): void {
  expect(response.statusCode, response.body).toBeLessThan(500);
  const body = response.json() as Record<string, unknown>;
  if (response.statusCode < 400) {
    expect(body).toHaveProperty('data');
    return;
  }
  expect(typeof body.message, response.body).toBe('string');
  if (response.statusCode === 422) expect(body.errors, response.body).toBeTypeOf('object');
  else expect(isErrorCode(body.error_code), response.body).toBe(true);
}

describe('every call, fuzzed from its contract, as a full administrator', () => {
  const names = (Object.keys(calls) as CallName[]).filter(
    (name) => !skipped.has(name) && !calls[name].multipart,
  );
  names.forEach((name, index) => {
    it(`${name} never answers 5xx`, async () => {
      const property = fc.asyncProperty(
        inputArbitrary(calls[name].input),
        fc.constantFrom(...languages),
        async (body, language) => {
          const response = await t.app.inject({
            method: 'POST',
            url: `/backend/${name}`,
            headers: {
              'content-type': 'application/json',
              'x-requested-with': 'XMLHttpRequest',
              'accept-language': language,
              cookie,
            },
            payload: JSON.stringify(body) ?? '',
          });
          checkAnswer(response);
        },
      );
      await fc.assert(property, {
        seed: seed + index,
        numRuns: slowCalls.has(name) ? Math.ceil(runsPerCall / 4) : runsPerCall,
        endOnFailure: true,
      });
    }, 120_000);
  });

  it('ran every call signed in: the session outlived the fuzz', async () => {
    const response = await t.call('recuperaDadosUsuarioLogado', {}, { cookie });
    expect(response.statusCode).toBe(200);
  });
});
