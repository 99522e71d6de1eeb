import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { CallName } from '@elo/contract/calls/registry';
import type { AdminPermissionCode } from '@elo/contract/enums';
import { factoryPassword } from '../../test/factories.ts';
import type { TestApp } from '../../test/harness.ts';

/** One write of an administration area, with a valid body, and the area's own read that shows it. */
export interface AreaWrite {
  call: CallName;
  /** Makes the write as the cookie's holder. */
  send(cookie: string): Promise<LightMyRequestResponse>;
  /** Whether the area's read shows the change to the cookie's holder (the read must answer 200). */
  shows(cookie: string): Promise<boolean>;
}

/** What the writes aim at: the company's group and an employee of it, and a word of each area's own. */
export interface AreaWriteAims {
  groupId: number;
  employeeId: number;
  stamp: string;
}

/** A call's answer, which must be 200, as JSON. */
async function dataOf(answer: Promise<LightMyRequestResponse>): Promise<Record<string, unknown>> {
  const done = await answer;
  expect(done.statusCode, done.body).toBe(200);
  return done.json<{ data: Record<string, unknown> }>().data;
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString();

/**
 * One representative write per administration area that has writes, written by hand: the body a
 * screen of the area sends, and the read that shows its change (a word of its own in a name, the
 * person's active flag, the colour).
 */
export async function areaWrites(
  t: TestApp,
  aims: AreaWriteAims,
): Promise<Partial<Record<AdminPermissionCode, AreaWrite>>> {
  const word = (area: string) => `${area}${aims.stamp}`;
  const listed = async (answer: Promise<LightMyRequestResponse>, text: string) =>
    JSON.stringify(await dataOf(answer)).includes(text);
  const banner = await sharp({
    create: { width: 1920, height: 1080, channels: 3, background: '#0f766e' },
  })
    .png()
    .toBuffer();
  return {
    ADMIN_USUARIOS: {
      call: 'alteraSituacaoUsuariosAdmin',
      send: (cookie) =>
        t.call('alteraSituacaoUsuariosAdmin', { idsUsuarios: [aims.employeeId], flAtivo: 'N' }, { cookie }),
      shows: async (cookie) => {
        const data = await dataOf(t.call('consultaUsuarioAdmin', { idUsuario: aims.employeeId }, { cookie }));
        return (data.usuario as { flAtivo: string }).flAtivo === 'N';
      },
    },
    ADMIN_ADMINISTRADORES: {
      call: 'salvaAdministradorAdmin',
      send: (cookie) =>
        t.call(
          'salvaAdministradorAdmin',
          {
            nome: `Administrador ${word('Adm')}`,
            login: `${word('adm').toLowerCase()}@fabrica.elo`,
            email: `${word('adm').toLowerCase()}@fabrica.elo`,
            senha: factoryPassword,
            flAprovado: 'S',
            permissoesAdmin: [{ permissao: 'ADMIN_GRUPOS', status: 'L' }],
          },
          { cookie },
        ),
      shows: (cookie) =>
        listed(t.call('consultaAdministradoresAdmin', { busca: word('Adm') }, { cookie }), word('Adm')),
    },
    ADMIN_GRUPOS: {
      call: 'salvaGrupoAdmin',
      send: (cookie) =>
        t.callMultipart('salvaGrupoAdmin', {
          cookie,
          fields: { nome: `Grupo ${word('Grp')}`, sigla: 'GRX', flPadrao: 'N' },
        }),
      shows: (cookie) =>
        listed(t.call('consultaGruposAdmin', { busca: word('Grp') }, { cookie }), word('Grp')),
    },
    ADMIN_CONFIGURACOES_APP: {
      call: 'salvaConfiguracoesAppAdmin',
      send: (cookie) =>
        t.callMultipart('salvaConfiguracoesAppAdmin', {
          cookie,
          fields: { corPrincipal: '#5b21b6', corFontePrimaria: '#111827', corFonteSecundaria: '#f9fafb' },
        }),
      shows: async (cookie) => {
        const data = await dataOf(t.call('consultaConfiguracoesAppAdmin', {}, { cookie }));
        return (data.configuracoes as { corPrincipal: string }).corPrincipal === '#5b21b6';
      },
    },
    ADMIN_COMUNICADOS: {
      call: 'salvaComunicadoAdmin',
      send: (cookie) =>
        t.callMultipart('salvaComunicadoAdmin', {
          cookie,
          fields: { descricao: `Comunicado ${word('Com')}`, dtInicio: yesterday(), dtFim: tomorrow() },
          files: [{ field: 'imagem', name: 'banner.png', type: 'image/png', body: banner }],
        }),
      shows: (cookie) => listed(t.call('consultaComunicadosAdmin', {}, { cookie }), word('Com')),
    },
    ADMIN_PUBLICACOES: {
      call: 'salvaPublicacaoAdmin',
      send: (cookie) =>
        t.callMultipart('salvaPublicacaoAdmin', {
          cookie,
          fields: { texto: word('Pub'), idsGrupos: String(aims.groupId), acao: 'RASCUNHO' },
        }),
      shows: (cookie) =>
        listed(t.call('consultaPublicacoesAdmin', { busca: word('Pub') }, { cookie }), word('Pub')),
    },
    ADMIN_PESQUISAS: {
      call: 'salvaPesquisa',
      send: (cookie) =>
        t.call(
          'salvaPesquisa',
          {
            titulo: `Pesquisa ${word('Pes')}`,
            descricao: 'Clima',
            corPrincipal: '#0f766e',
            corFundo: '#ffffff',
            idsGrupos: [aims.groupId],
            dtInicioPesquisa: yesterday(),
            dtFimPesquisa: tomorrow(),
            limitarAUmaResposta: true,
            desabilitarSalvamentoAutomatico: false,
            flAnonima: 'N',
            flQuiz: 'N',
            questoes: [{ titulo: 'Como vai?', tipoQuestao: 1 }],
          },
          { cookie },
        ),
      shows: (cookie) =>
        listed(t.call('consultaPesquisasAdmin', { busca: word('Pes') }, { cookie }), word('Pes')),
    },
    ADMIN_PORTAL_RH: {
      call: 'salvaFeriadoAdmin',
      send: (cookie) =>
        t.call('salvaFeriadoAdmin', { data: '2031-05-20', nome: `Feriado ${word('Rh')}` }, { cookie }),
      shows: (cookie) =>
        listed(t.call('consultaConfiguracoesRhAdmin', { ano: 2031 }, { cookie }), word('Rh')),
    },
    ADMIN_TV_CORPORATIVA: {
      call: 'salvaTelaTvAdmin',
      send: (cookie) =>
        t.call(
          'salvaTelaTvAdmin',
          {
            nome: `Tela ${word('Tv')}`,
            idsGrupos: [aims.groupId],
            segundosPorSlide: 10,
            flComunicados: 'S',
            flPublicacoes: 'S',
            qtdPublicacoes: 5,
            flAniversariantes: 'N',
          },
          { cookie },
        ),
      shows: (cookie) => listed(t.call('consultaTelasTvAdmin', {}, { cookie }), word('Tv')),
    },
  };
}
