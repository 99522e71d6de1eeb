import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { tvRequestCookie } from '@elo/contract/calls/tv';
import { AdminPermission, employeePermissions, PostType } from '@elo/contract/enums';
import { pollOptions, users } from '../db/schema/all.ts';
import {
  factoryPassword,
  makeCatalogItem,
  makeCompany,
  makeGroup,
  makePerson,
  makePost,
} from './factories.ts';
import type { TestApp } from './harness.ts';

/**
 * A company with a row of every kind a call's id can name, each carrying a word no other row
 * has, for tests that aim another company's calls at them (tenant isolation).
 */

/**
 * The push endpoint prefix a test app built for these companies must allow (PUSH_ENDPOINTS_ALLOW):
 * a closed local port, so a test push is refused at once and nothing leaves the machine.
 */
export const pushEndpointsAllow = 'http://127.0.0.1:9/push/';

/** The kinds of rows an id of the contract names. */
export type RowKind =
  | 'announcement'
  | 'application'
  | 'branch'
  | 'cannedAnswer'
  | 'chatRoom'
  | 'comment'
  | 'deletionRequest'
  | 'group'
  | 'headerImage'
  | 'holiday'
  | 'jobTitle'
  | 'notification'
  | 'option'
  | 'person'
  | 'pollOption'
  | 'pushDevice'
  | 'post'
  | 'publication'
  | 'question'
  | 'reminder'
  | 'screen'
  | 'sector'
  | 'subject'
  | 'survey'
  | 'surveyFile'
  | 'ticket'
  | 'unit';

/** The kind of row each id field of the contract names (lists of ids too: idsGrupos names groups). */
export const idFieldKinds: Record<string, RowKind> = {
  idAplicacao: 'application',
  idAssunto: 'subject',
  idCargo: 'jobTitle',
  idChamado: 'ticket',
  idComentario: 'comment',
  idComunicado: 'announcement',
  idFeriado: 'holiday',
  idFilial: 'branch',
  idDispositivo: 'pushDevice',
  idGrupo: 'group',
  idLembrete: 'reminder',
  idMensagem: 'post',
  idMidiaCabecalho: 'headerImage',
  idOpcao: 'pollOption',
  idPesquisa: 'survey',
  idPesquisaQuestao: 'question',
  idPesquisaResposta: 'option',
  idPublicacao: 'publication',
  idRecorte: 'group',
  idResponsavel: 'person',
  idResposta: 'cannedAnswer',
  idSala: 'chatRoom',
  idSetor: 'sector',
  idSolicitacao: 'deletionRequest',
  idTela: 'screen',
  idUnidade: 'unit',
  idUsuario: 'person',
  idUsuarioAutor: 'person',
  idUsuarioResponsavel: 'person',
  idsAssuntosChamado: 'subject',
  idsComunicados: 'announcement',
  idsGrupo: 'group',
  idsGrupos: 'group',
  idsGruposChamado: 'group',
  idsMensagens: 'post',
  idsMidias: 'surveyFile',
  idsNotificacoes: 'notification',
  idsPesquisaResposta: 'option',
  idsUsuarios: 'person',
  /** Single sign-on's break-glass administrators. */
  idsUsuariosExcecao: 'person',
  membros: 'person',
  usuariosParticipantes: 'person',
};
/** A plain `id` names the row its sibling `tipo` says (a catalogue item, a slice of results). */
export const kindOfType: Record<string, RowKind> = {
  GRUPO: 'group',
  UNIDADE: 'unit',
  FILIAL: 'branch',
  SETOR: 'sector',
  CARGO: 'jobTitle',
  ASSUNTO_CHAMADO: 'subject',
};
/** Id-like fields that name no company's row: a page, a post type, the shared gestures. */
export const notRows = new Set(['idPaginaAtual', 'idAppTipoMensagem', 'idTipoIgnorar', 'idGesto', 'id']);
export interface SeededCompany {
  companyId: number;
  /** A word in the company's texts (names, titles, descriptions); no other company's rows hold it. */
  marker: string;
  /** A word of the company's short texts (a portal post holds 10 characters by default). */
  postMarker: string;
  rows: Record<RowKind, number>;
  /** The matricula of `rows.person`. */
  matricula: string;
  /** Texts the company's rows hold that an answer to another company must never contain. */
  secrets: string[];
  /** Session cookies of the master and of `rows.person`. */
  masterCookie: string;
  personCookie: string;
  /** The device token of the paired `rows.screen`. */
  deviceToken: string;
}

/** A PNG of one colour and the given size. */
export function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
}

async function expectOk(answer: Promise<{ statusCode: number; body: string; json(): unknown }>) {
  const done = await answer;
  if (done.statusCode !== 200) throw new Error(`seeding failed: ${done.statusCode} ${done.body}`);
  return (done.json() as { data: Record<string, unknown> }).data;
}

/**
 * A company with a row of every kind, each with the company's marker, made through the calls
 * people use; `label` (a letter) tells two such companies' words apart.
 */
export async function seedEveryKind(
  t: TestApp,
  options: { label: string; maxPostChars?: number },
): Promise<SeededCompany> {
  const { db } = t.database;
  const time = Date.now().toString(36);
  const stamp = `${options.label}${time}`;
  const marker = `Segredo${stamp}`;
  const postMarker = `Q${options.label}${time.slice(-7)}`;
  const matricula = `MAT${stamp}`;
  const company = await makeCompany(db, { maxPostChars: options.maxPostChars });
  const { companyId } = company;
  const rows = {} as Record<RowKind, number>;
  rows.group = await makeGroup(db, { companyId, name: `Grupo ${marker}`, memberIds: [companyId] });
  rows.unit = await makeCatalogItem(db, { companyId, kind: 'UNIDADE', name: `Unidade ${marker}` });
  rows.branch = await makeCatalogItem(db, { companyId, kind: 'FILIAL', name: `Filial ${marker}` });
  rows.sector = await makeCatalogItem(db, { companyId, kind: 'SETOR', name: `Setor ${marker}` });
  rows.jobTitle = await makeCatalogItem(db, { companyId, kind: 'CARGO', name: `Cargo ${marker}` });
  const person = await makePerson(db, {
    companyId,
    name: `Pessoa ${marker}`,
    permissions: employeePermissions,
    groupIds: [company.defaultGroupId, rows.group],
    canPost: true,
    administrator: { [AdminPermission.hrPortal]: 'E' },
  });
  rows.person = person.id;
  await db
    .update(users)
    .set({
      matricula,
      profileText: `Perfil ${marker}`,
      unitId: rows.unit,
      branchId: rows.branch,
      sectorId: rows.sector,
      jobTitleId: rows.jobTitle,
    })
    .where(eq(users.id, person.id));
  const personCookie = await t.signIn(person.email, factoryPassword);
  const masterCookie = await t.signIn(company.master.email, factoryPassword);
  const asPerson = { cookie: personCookie };
  const asMaster = { cookie: masterCookie };
  const picture = await pngOf(260, 260);

  const posted = await expectOk(
    t.callMultipart('publicaPostagemTimeline', {
      ...asPerson,
      fields: { textoPublicacao: postMarker, idAppTipoMensagem: '1', idsGrupos: String(rows.group) },
    }),
  );
  rows.post = (posted.postagem as { idMensagem: number }).idMensagem;
  const commented = await expectOk(
    t.call('insereComentario', { idMensagem: rows.post, texto: `Comentário ${marker}` }, asMaster),
  );
  rows.comment = (commented.comentario as { idComentario: number }).idComentario;
  const poll = await makePost(db, {
    companyId,
    authorId: companyId,
    groupIds: [rows.group],
    type: PostType.poll,
    text: postMarker,
    pollLabels: [`Opção ${marker}`, 'Outra'],
  });
  const [option] = await db.select().from(pollOptions).where(eq(pollOptions.postId, poll.id));
  rows.pollOption = option!.id;
  const publication = await expectOk(
    t.callMultipart('salvaPublicacaoAdmin', {
      ...asMaster,
      fields: { texto: `Publicação ${marker}`, idsGrupos: String(rows.group), acao: 'PUBLICAR' },
    }),
  );
  rows.publication = (publication.publicacao as { idPublicacao: number }).idPublicacao;
  const announcement = await expectOk(
    t.callMultipart('salvaComunicadoAdmin', {
      ...asMaster,
      fields: {
        descricao: `Comunicado ${marker}`,
        dtInicio: new Date(Date.now() - 3_600_000).toISOString(),
        dtFim: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        idsGrupos: String(rows.group),
      },
      files: [{ field: 'imagem', name: 'banner.png', type: 'image/png', body: await pngOf(1920, 1080) }],
    }),
  );
  rows.announcement = (announcement.comunicado as { idComunicado: number }).idComunicado;
  const room = await expectOk(
    t.call('insereGrupoChat', { nomeGrupo: `Sala ${marker}`, membros: [companyId] }, asPerson),
  );
  rows.chatRoom = room.idSala as number;

  const header = await expectOk(
    t.callMultipart('enviaImagemCabecalhoPesquisa', {
      ...asMaster,
      files: [{ name: 'cabecalho.png', type: 'image/png', body: picture }],
    }),
  );
  rows.headerImage = header.idMidia as number;
  const survey = await expectOk(
    t.call(
      'salvaPesquisa',
      {
        titulo: `Pesquisa ${marker}`,
        descricao: marker,
        idMidiaCabecalho: rows.headerImage,
        idsGrupos: [rows.group],
        dtInicioPesquisa: new Date(Date.now() - 86_400_000).toISOString(),
        dtFimPesquisa: new Date(Date.now() + 86_400_000).toISOString(),
        limitarAUmaResposta: false,
        questoes: [
          { titulo: `Questão ${marker}`, tipoQuestao: 2, opcoes: [{ descricao: `Opção ${marker}` }] },
          { titulo: `Arquivo ${marker}`, tipoQuestao: 4, formatosUploadPermitidos: ['Imagem'] },
        ],
      },
      asMaster,
    ),
  );
  const questions = (survey.pesquisa as { idPesquisa: number; questoes: SurveyQuestion[] }).questoes;
  rows.survey = (survey.pesquisa as { idPesquisa: number }).idPesquisa;
  rows.question = questions[0]!.idPesquisaQuestao;
  rows.option = questions[0]!.opcoes[0]!.idPesquisaResposta;
  await expectOk(t.call('publicaPesquisa', { idPesquisa: rows.survey }, asMaster));
  const application = await expectOk(
    t.call('inicializaRespostaPesquisa', { idPesquisa: rows.survey }, asPerson),
  );
  rows.application = application.idAplicacao as number;
  const uploaded = await expectOk(
    t.callMultipart('enviaArquivoRespostaPesquisa', {
      ...asPerson,
      fields: {
        idPesquisa: String(rows.survey),
        idAplicacao: String(rows.application),
        idPesquisaQuestao: String(questions[1]!.idPesquisaQuestao),
      },
      files: [{ field: 'arquivos', name: 'resposta.png', type: 'image/png', body: picture }],
    }),
  );
  rows.surveyFile = (uploaded.midias as { idMidia: number }[])[0]!.idMidia;

  const deletion = await expectOk(
    t.call('solicitaExclusaoConta', { comentario: `Saída ${marker}` }, asPerson),
  );
  rows.deletionRequest = deletion.idSolicitacao as number;
  const reminder = await expectOk(
    t.call(
      'salvaLembrete',
      {
        titulo: `Lembrete ${marker}`,
        dtLembrete: new Date(Date.now() + 86_400_000).toISOString(),
        recorrencia: 'DIARIA',
      },
      asPerson,
    ),
  );
  rows.reminder = (reminder.lembrete as { idLembrete: number }).idLembrete;
  // A browser of the person's, on the push endpoint the test app allows (pushEndpointsAllow below).
  const device = await expectOk(
    t.call(
      'registraDispositivoPush',
      {
        endpoint: `${pushEndpointsAllow}${marker}`,
        chaves: { p256dh: `chave${marker}`, auth: `auth${marker}` },
        nomeDispositivo: `Celular ${marker}`,
      },
      asPerson,
    ),
  );
  rows.pushDevice = device.idDispositivo as number;
  const holiday = await expectOk(
    t.call('salvaFeriadoAdmin', { data: '2030-03-15', nome: `Feriado ${marker}` }, asMaster),
  );
  rows.holiday = (holiday.feriado as { idFeriado: number }).idFeriado;
  const subject = await expectOk(
    t.call('salvaAssuntoChamadoAdmin', { nome: `Assunto ${marker}`, horasPrimeiraResposta: 8 }, asMaster),
  );
  rows.subject = (subject.assunto as { idAssunto: number }).idAssunto;
  const canned = await expectOk(
    t.call(
      'salvaRespostaProntaAdmin',
      { titulo: `Resposta ${marker}`, texto: marker, idAssunto: rows.subject },
      asMaster,
    ),
  );
  rows.cannedAnswer = (canned.resposta as { idResposta: number }).idResposta;
  const ticket = await expectOk(
    t.callMultipart('abreChamado', {
      ...asPerson,
      fields: { idAssunto: String(rows.subject), mensagem: `Chamado ${marker}` },
      files: [{ field: 'anexos', name: 'anexo.png', type: 'image/png', body: picture }],
    }),
  );
  rows.ticket = ticket.idChamado as number;
  const screen = await expectOk(
    t.call(
      'salvaTelaTvAdmin',
      {
        nome: `Tela ${marker}`,
        idsGrupos: [rows.group],
        segundosPorSlide: 10,
        flComunicados: 'S',
        flPublicacoes: 'S',
        qtdPublicacoes: 5,
        flAniversariantes: 'N',
      },
      asMaster,
    ),
  );
  rows.screen = screen.idTela as number;
  const deviceToken = await pairScreen(t, rows.screen, masterCookie);
  rows.notification = await firstNotification(t, companyId);
  return {
    companyId,
    marker,
    postMarker,
    rows,
    matricula,
    secrets: [marker, postMarker, person.email, company.master.email, `/midia/${companyId}/`],
    masterCookie,
    personCookie,
    deviceToken,
  };
}

interface SurveyQuestion {
  idPesquisaQuestao: number;
  opcoes: { idPesquisaResposta: number }[];
}

/** Pairs a company's TV screen to a new device and returns the device's token. */
export async function pairScreen(t: TestApp, idTela: number, masterCookie: string): Promise<string> {
  const asked = await t.call('solicitaCodigoTv', {});
  const requestCookie = asked.cookies.find((item) => item.name === tvRequestCookie)!;
  const codigo = (asked.json() as { data: { codigo: string } }).data.codigo;
  await expectOk(t.call('pareiaTelaTvAdmin', { idTela, codigo }, { cookie: masterCookie }));
  const collected = await expectOk(
    t.call('consultaPareamentoTv', { codigo }, { cookie: `${tvRequestCookie}=${requestCookie.value}` }),
  );
  return collected.tokenTela as string;
}

/** The first notification of a company (the survey's publication and the comment make some). */
async function firstNotification(t: TestApp, companyId: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const found = (await t.database.executeSql(
      'select id from notifications where company_id = $1 order by id limit 1',
      [companyId],
    )) as { rows: { id: number | string }[] };
    if (found.rows[0]) return Number(found.rows[0].id);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('seeding failed: no notification was made');
}
