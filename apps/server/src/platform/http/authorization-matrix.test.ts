import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, downloads, type CallName } from '@elo/contract/calls/registry';
import { tvRequestCookie } from '@elo/contract/calls/tv';
import { AdminPermission, employeePermissions, type AdminPermissionCode } from '@elo/contract/enums';
import type { CallDefinition, DownloadDefinition } from '@elo/contract/define-call';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { factoryPassword, makeCompany, makeGroup, makePerson } from '../../test/factories.ts';
import { anyAdministratorCalls, tableEntryOf } from './admin-access-table.ts';
import { checkAnswer, companyRows, downloadPath, type Expectation } from './authorization-test-support.ts';

/** A role of the matrix: how it signs in and what it holds. */
interface Role {
  name: string;
  cookie?: string;
  /** A paired corporate TV screen's device token (sent as a bearer, never with a session). */
  bearer?: string;
  permissions: readonly string[];
  /** Administration statuses; undefined for a non-administrator. */
  admin?: Partial<Record<AdminPermissionCode, 'L' | 'E'>>;
}

const everyAtEdit = Object.fromEntries(Object.values(AdminPermission).map((code) => [code, 'E' as const]));
// A restricted administrator: reads surveys and users, edits the audit log, nothing else.
const restricted = {
  [AdminPermission.surveys]: 'L',
  [AdminPermission.users]: 'L',
  [AdminPermission.audit]: 'E',
} as const;

let t: TestApp;
const roles: Role[] = [];
/** Company A's rows the other company's administrator aims at, and words only they contain. */
let companyId: number;
let otherCookie: string;
const ownCookies: string[] = [];
const marker = `Segredo${Date.now().toString(36)}`;
// A post's text is short (the company's limit is 10 characters by default): a word of its own.
const postMarker = `Q${Date.now().toString(36).slice(-8)}`;
const aims: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db);
  const other = await makeCompany(db);
  const bare = await makePerson(db, { companyId: company.companyId, groupIds: [company.defaultGroupId] });
  const employee = await makePerson(db, {
    companyId: company.companyId,
    permissions: employeePermissions,
    groupIds: [company.defaultGroupId],
    canPost: true,
  });
  const limited = await makePerson(db, {
    companyId: company.companyId,
    groupIds: [company.defaultGroupId],
    administrator: restricted,
  });
  const signIn = (email: string) => t.signIn(email, factoryPassword);
  companyId = company.companyId;
  aims.idGrupo = await makeGroup(db, { companyId, name: `Grupo ${marker}` });
  const named = await makePerson(db, {
    companyId,
    name: `Pessoa ${marker}`,
    permissions: employeePermissions,
    groupIds: [company.defaultGroupId, aims.idGrupo],
    canPost: true,
  });
  aims.idUsuario = named.id;
  const namedCookie = await signIn(named.email);
  const posted = await t.callMultipart('publicaPostagemTimeline', {
    cookie: namedCookie,
    fields: {
      textoPublicacao: postMarker,
      idAppTipoMensagem: '1',
      idsGrupos: String(aims.idGrupo),
      flPermiteComentarios: 'S',
      flRascunho: 'N',
    },
  });
  expect(posted.statusCode, posted.body).toBe(200);
  aims.idMensagem = posted.json().data.postagem.idMensagem;
  const commented = await t.call(
    'insereComentario',
    { idMensagem: aims.idMensagem, texto: `Comentário ${marker}` },
    { cookie: namedCookie },
  );
  expect(commented.statusCode, commented.body).toBe(200);
  aims.idComentario = commented.json().data.comentario.idComentario;
  const masterCookie = await signIn(company.master.email);
  const survey = await t.call(
    'salvaPesquisa',
    {
      titulo: `Pesquisa ${marker}`,
      descricao: marker,
      corPrincipal: '#0f766e',
      corFundo: '#ffffff',
      idsGrupos: [aims.idGrupo],
      dtInicioPesquisa: new Date(Date.now() - 86_400_000).toISOString(),
      dtFimPesquisa: new Date(Date.now() + 86_400_000).toISOString(),
      limitarAUmaResposta: true,
      desabilitarSalvamentoAutomatico: false,
      flAnonima: 'N',
      flQuiz: 'N',
      questoes: [{ titulo: `Questão ${marker}`, tipoQuestao: 1 }],
    },
    { cookie: masterCookie },
  );
  expect(survey.statusCode, survey.body).toBe(200);
  aims.idPesquisa = survey.json().data.pesquisa.idPesquisa;
  // A deletion request of A's, its comment carrying the marker.
  const deletion = await t.call(
    'solicitaExclusaoConta',
    { comentario: `Saída ${marker}` },
    { cookie: namedCookie },
  );
  expect(deletion.statusCode, deletion.body).toBe(200);
  aims.idSolicitacao = deletion.json().data.idSolicitacao;
  // A reminder of A's person, its title carrying the marker (issue 16).
  const reminder = await t.call(
    'salvaLembrete',
    {
      titulo: `Lembrete ${marker}`,
      dtLembrete: new Date(Date.now() + 86_400_000).toISOString(),
      recorrencia: 'DIARIA',
      flEmail: 'N',
    },
    { cookie: namedCookie },
  );
  expect(reminder.statusCode, reminder.body).toBe(200);
  aims.idLembrete = reminder.json().data.lembrete.idLembrete;
  // A company holiday and a canned answer of A's HR settings, carrying the marker (issue 16).
  const holiday = await t.call(
    'salvaFeriadoAdmin',
    { data: '2030-03-15', nome: `Feriado ${marker}` },
    { cookie: masterCookie },
  );
  expect(holiday.statusCode, holiday.body).toBe(200);
  aims.idFeriado = holiday.json().data.feriado.idFeriado;
  const canned = await t.call(
    'salvaRespostaProntaAdmin',
    { titulo: `Resposta ${marker}`, texto: marker },
    { cookie: masterCookie },
  );
  expect(canned.statusCode, canned.body).toBe(200);
  aims.idResposta = canned.json().data.resposta.idResposta;
  // A ticket subject of A's and a ticket of A's person, both carrying the marker (issue 16).
  const subject = await t.call(
    'salvaAssuntoChamadoAdmin',
    { nome: `Assunto ${marker}`, horasPrimeiraResposta: 8 },
    { cookie: masterCookie },
  );
  expect(subject.statusCode, subject.body).toBe(200);
  aims.idAssunto = subject.json().data.assunto.idAssunto;
  const ticket = await t.callMultipart('abreChamado', {
    cookie: namedCookie,
    fields: { idAssunto: String(aims.idAssunto), mensagem: `Chamado ${marker}` },
  });
  expect(ticket.statusCode, ticket.body).toBe(200);
  aims.idChamado = ticket.json().data.idChamado;
  await t.call('publicaPesquisa', { idPesquisa: aims.idPesquisa }, { cookie: masterCookie });
  // A corporate TV screen of A's, named with the marker, paired to a device (issue 17).
  const screen = await t.call(
    'salvaTelaTvAdmin',
    {
      nome: `Tela ${marker}`,
      idsGrupos: [aims.idGrupo],
      segundosPorSlide: 10,
      flComunicados: 'S',
      flPublicacoes: 'S',
      qtdPublicacoes: 5,
      flAniversariantes: 'N',
    },
    { cookie: masterCookie },
  );
  expect(screen.statusCode, screen.body).toBe(200);
  aims.idTela = screen.json().data.idTela;
  const asked = await t.call('solicitaCodigoTv', {});
  const requestCookie = asked.cookies.find((item) => item.name === tvRequestCookie)!;
  const paired = await t.call(
    'pareiaTelaTvAdmin',
    { idTela: aims.idTela, codigo: asked.json().data.codigo },
    { cookie: masterCookie },
  );
  expect(paired.statusCode, paired.body).toBe(200);
  const collected = await t.call(
    'consultaPareamentoTv',
    { codigo: asked.json().data.codigo },
    { cookie: `${tvRequestCookie}=${requestCookie.value}` },
  );
  const deviceToken = collected.json().data.tokenTela as string;
  expect(deviceToken).toBeTruthy();
  otherCookie = await signIn(other.master.email);
  // The same aimed calls do reach A's rows for A's own people: the markers are there to be found.
  ownCookies.push(namedCookie, masterCookie);
  roles.push(
    { name: 'anonymous', permissions: [] },
    { name: 'employee without permissions', cookie: await signIn(bare.email), permissions: [] },
    { name: 'employee', cookie: await signIn(employee.email), permissions: employeePermissions },
    {
      name: 'restricted administrator',
      cookie: await signIn(limited.email),
      permissions: [],
      admin: restricted,
    },
    {
      name: 'full administrator',
      cookie: await signIn(company.master.email),
      permissions: employeePermissions,
      admin: everyAtEdit,
    },
    {
      name: 'administrator of another company',
      cookie: await signIn(other.master.email),
      permissions: employeePermissions,
      admin: everyAtEdit,
    },
    { name: 'paired corporate TV screen', bearer: deviceToken, permissions: [] },
  );
}, 180_000);
afterAll(() => t.close());

/**
 * What a role gets: 401 without a session, 403 when refused, else through. The audience comes from
 * the declaration; an administration call's permission and the status it needs come from the
 * permission table written apart (admin-access-table.ts), so a write declared 'read' is caught
 * here too. A device call is for a device token only (401 TV_NAO_AUTORIZADA for every session),
 * and a device token is no session for any other call.
 */
function expected(
  declared: Pick<CallDefinition, 'name' | 'audience' | 'permission'>,
  role: Role,
): Expectation {
  if (declared.audience === 'public') return 'through';
  if (declared.audience === 'device') return role.bearer ? 'through' : 'device';
  if (!role.cookie) return 401;
  if (declared.audience === 'user') {
    return !declared.permission || role.permissions.includes(declared.permission) ? 'through' : 403;
  }
  if (!role.admin) return 403;
  if (declared.name in anyAdministratorCalls) return 'through';
  const row = tableEntryOf(declared.name);
  if (!row) throw new Error(`${declared.name} is missing from admin-access-table.ts: file it by hand`);
  const allowed = [row.permission, ...(row.also ? [row.also] : [])].every((permission) => {
    const status = role.admin?.[permission] ?? 'N';
    return row.needs === 'L' ? status === 'L' || status === 'E' : status === 'E';
  });
  return allowed ? 'through' : 403;
}

/**
 * An input aimed at company A: every id the call's input names (idPesquisa, idsGrupos…) set to
 * one of A's rows, the rest left out, so the call either refuses or finds nothing of A's.
 */
function aimedInput(call: CallDefinition): Record<string, unknown> {
  const shape = (call.input as { shape?: Record<string, unknown> }).shape ?? {};
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) {
    const single = key.replace(/^ids(.*?)s?$/, 'id$1');
    if (!/^id[A-Z]/.test(single)) continue;
    const id =
      aims[single] ?? aims[`${single}`.replace(/Postagem|Publicacao/, 'Mensagem')] ?? aims.idPesquisa;
    input[key] = key.startsWith('ids') ? [id] : id;
  }
  return input;
}

/** The headers a role signs its requests with: its session cookie or its device token. */
function headersOf(role: Role): Record<string, string> {
  if (role.bearer) return { authorization: `Bearer ${role.bearer}` };
  return role.cookie ? { cookie: role.cookie } : {};
}

// doLogout ends the session it is sent with: it goes last.
const callNames = (Object.keys(calls) as CallName[]).sort(
  (a, b) => Number(a === 'doLogout') - Number(b === 'doLogout'),
);

describe('the authorization matrix: every call of the contract as every role', () => {
  // Downloads first: the calls' doLogout ends every role's session.
  it('serves each download as its audience and the permission table say', async () => {
    for (const download of Object.values(downloads) as DownloadDefinition[]) {
      for (const role of roles) {
        const url = downloadPath(download);
        const answer = await t.app.inject({ method: 'GET', url, headers: headersOf(role) });
        checkAnswer(
          answer.statusCode === 200 ? { statusCode: 200, body: '' } : answer,
          expected(download, role),
          `${download.name} as ${role.name}`,
        );
      }
    }
  });

  it('answers each role as its audience and the permission table say', { timeout: 300_000 }, async () => {
    expect(callNames.length).toBeGreaterThan(50);
    for (const name of callNames) {
      const call = calls[name] as CallDefinition;
      for (const role of roles) {
        const answer = role.bearer
          ? await t.app.inject({
              method: 'POST',
              url: `/backend/${name}`,
              headers: { ...headersOf(role), 'x-requested-with': 'XMLHttpRequest' },
              payload: {},
            })
          : await t.call(name, {}, role.cookie ? { cookie: role.cookie } : {});
        checkAnswer(answer, expected(call, role), `${name} as ${role.name}`);
      }
    }
  });
  it(
    'never lets another company read or change company A’s rows, whatever ids it sends',
    {
      timeout: 300_000,
    },
    async () => {
      const [namedCookie, masterCookie] = ownCookies;
      const own = await t.call('consultaPostagem', aimedInput(calls.consultaPostagem), {
        cookie: namedCookie,
      });
      expect(own.body).toContain(postMarker);
      const ownSurvey = await t.call('consultaPesquisaAdmin', aimedInput(calls.consultaPesquisaAdmin), {
        cookie: masterCookie,
      });
      expect(ownSurvey.body).toContain(marker);
      const ownTicket = await t.call('consultaChamado', aimedInput(calls.consultaChamado), {
        cookie: namedCookie,
      });
      expect(ownTicket.body).toContain(marker);

      const before = await companyRows(t.database, companyId);
      for (const name of callNames.filter((callName) => callName !== 'doLogout')) {
        const answer = await t.call(name, aimedInput(calls[name] as CallDefinition), { cookie: otherCookie });
        expect(answer.body, `${name} as the other company's administrator`).not.toContain(marker);
        expect(answer.body, name).not.toContain(postMarker);
        expect(answer.statusCode, name).toBeLessThan(500);
      }
      for (const download of Object.values(downloads) as DownloadDefinition[]) {
        const url = downloadPath(download, (key) => String(aims[key] ?? aims.idPesquisa));
        const answer = await t.app.inject({ method: 'GET', url, headers: { cookie: otherCookie } });
        expect(answer.body, download.name).not.toContain(marker);
        expect(answer.body, download.name).not.toContain(postMarker);
      }
      expect(await companyRows(t.database, companyId)).toEqual(before);
    },
  );
});
