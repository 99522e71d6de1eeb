import { FormData } from 'undici';
import { ChatRequestType } from '@elo/contract/chat';
import { PostType } from '@elo/contract/enums';
import type { MixedPerson, MixedSurvey } from './mixed-seed.ts';

/**
 * What the simulated people of the mixed-load benchmark do (mixed-load-people.ts plays them): the
 * actions of the mix with their shares, written down in docs/performance.md.
 */

/** What an action needs of a person: their session's calls, their socket and what they saw. */
export interface MixPerson {
  readonly info: MixedPerson;
  groupIds: number[];
  /** The survey application being answered, per survey. */
  applications: Map<number, number>;
  /** Requests on the socket waiting for their answer: idRequisicao → send time. */
  pending: Map<string, number>;
  /** The conversation on screen, and until when. */
  openRoom: { id: number; until: number };
  readTimeline(page: number): Promise<void>;
  /** A post the person saw, if any. */
  post(): number | undefined;
  send(frame: Record<string, unknown>, timed?: boolean): void;
}

/** One timed POST of a person's (see mixed-load-people.ts). */
export type MixCall = <T>(
  person: MixPerson,
  name: string,
  body: unknown,
  options?: { multipart?: FormData; count?: boolean },
) => Promise<T | undefined>;

export interface MixTools {
  call: MixCall;
  surveys: MixedSurvey[];
  /** A number never given before in this process (unique texts and client ids). */
  next: () => number;
}

export interface MixAction {
  name: string;
  share: number;
  run: (person: MixPerson) => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** The bodies that never change, serialised once. */
export const unreadCountsBody = JSON.stringify({ flRetornarGrupos: 'N' });
const unreadCountsWithGroupsBody = JSON.stringify({ flRetornarGrupos: 'S' });
export const notificationsBody = JSON.stringify({ idPaginaAtual: 1, qtdRegistrosPorPagina: 10 });
const allNotificationsReadBody = JSON.stringify({ todas: 'S' });
const conversationsBody = JSON.stringify({});

/** The mix: the share of each action among a person's actions (they sum to 1). */
export function mixedLoadMix(tools: MixTools): MixAction[] {
  const { call } = tools;
  return [
    {
      name: 'timeline pages 1 to 3',
      share: 0.3,
      async run(person) {
        // Page 1; half the time on to page 2, and half of those to page 3 (a second apart).
        for (let page = 1; page <= 3; page += 1) {
          await person.readTimeline(page);
          if (Math.random() < 0.5) return;
          await sleep(1_000);
        }
      },
    },
    {
      name: 'open a post and its comments',
      share: 0.15,
      async run(person) {
        const id = person.post();
        if (!id) return;
        await call(person, 'consultaPostagem', { idMensagem: id });
        await call(person, 'consultaComentarios', {
          idMensagem: id,
          idPaginaAtual: 1,
          qtdRegistrosPorPagina: 10,
        });
      },
    },
    {
      name: 'react',
      share: 0.1,
      async run(person) {
        const id = person.post();
        if (id)
          await call(person, 'reagePostagem', { idMensagem: id, idGesto: 1 + Math.floor(Math.random() * 4) });
      },
    },
    {
      name: 'comment',
      share: 0.04,
      async run(person) {
        const id = person.post();
        if (id)
          await call(person, 'insereComentario', {
            idMensagem: id,
            texto: `Comentário de carga ${tools.next()}`,
          });
      },
    },
    {
      name: 'publish',
      share: 0.01,
      async run(person) {
        if (person.groupIds.length === 0) return;
        const form = new FormData();
        form.set('textoPublicacao', `Publicação simulada ${tools.next()}`);
        form.set('idAppTipoMensagem', String(PostType.text));
        form.set('idsGrupos', String(person.groupIds[0]));
        await call(person, 'publicaPostagemTimeline', undefined, { multipart: form });
      },
    },
    {
      name: 'chat: conversations, history, send',
      share: 0.2,
      async run(person) {
        await call(person, 'consultaHistoricoConversasChat', conversationsBody);
        // Mostly the person's room of two, sometimes their group of 50.
        const roomId =
          person.info.groupRoomId && Math.random() < 0.2 ? person.info.groupRoomId : person.info.pairRoomId;
        // The conversation stays on screen for half a minute.
        person.openRoom = { id: roomId, until: Date.now() + 30_000 };
        person.send({ idTipo: ChatRequestType.joinRoom, idSala: roomId }, true);
        person.send(
          {
            idTipo: ChatRequestType.loadMessages,
            idSala: roomId,
            idUsuarioOrigem: person.info.userId,
            idPaginaAtual: 1,
            qtdRegistrosPorPagina: 10,
          },
          true,
        );
        await sleep(2_000);
        // The send is timed until the sender's own copy of the new message comes back.
        const clientId = `m${process.pid}-${tools.next()}`;
        person.pending.set(clientId, performance.now());
        person.send({
          idTipo: ChatRequestType.send,
          idSala: roomId,
          idMensagemCliente: clientId,
          mensagem: 'Mensagem simulada',
        });
      },
    },
    {
      name: 'notifications and unread counts',
      share: 0.15,
      async run(person) {
        const answer = await call<{ qtdNaoLidas: number }>(person, 'consultaNotificacoes', notificationsBody);
        await call(person, 'recuperaQtdMensagensNaoLidas', unreadCountsWithGroupsBody);
        if (answer && answer.qtdNaoLidas > 0 && Math.random() < 0.3)
          await call(person, 'marcaNotificacoesLidas', allNotificationsReadBody);
      },
    },
    {
      name: 'answer a survey question',
      share: 0.05,
      async run(person) {
        if (tools.surveys.length === 0) return;
        const survey = pick(tools.surveys);
        let application = person.applications.get(survey.id);
        if (application === undefined) {
          const started = await call<{ idAplicacao: number }>(person, 'inicializaRespostaPesquisa', {
            idPesquisa: survey.id,
          });
          if (!started) return;
          person.applications.set(survey.id, (application = started.idAplicacao));
        }
        const question = pick(survey.questions);
        await call(person, 'salvaRespostaQuestaoPesquisa', {
          idPesquisa: survey.id,
          idAplicacao: application,
          idPesquisaQuestao: question.id,
          idPesquisaResposta: pick(question.options),
        });
      },
    },
  ];
}
