import { presentTicketsForExport } from '../hr-tickets/wire.ts';
import type { TFunction } from 'i18next';
import type { MeusDados, MinhaConta } from '@elo/contract/calls/my-account';
import type { SelfEditableFieldValue } from '@elo/contract/calls/catalog';
import type { DeletionRequestStatusValue, SolicitacaoExclusao } from '@elo/contract/calls/my-account';
import {
  fromOptionalFlag,
  presentPersonSummary,
  toFlag as flag,
  toWireDate,
  toWireDateOrNull,
  type Flag,
} from '../../platform/http/wire.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { OwnAccount, PersonalData, ProfileChange } from './profile.ts';
import type { AccountRow, RequestRow } from './repo.ts';

/** The profile form's body in the domain's words (a field not sent stays undefined). */
export const profileChangeOf = (input: {
  textoPerfil?: string | null | undefined;
  celular?: string | null | undefined;
  flOcultaComemoracoesTv?: Flag | undefined;
}): ProfileChange => ({
  profileText: input.textoPerfil,
  mobilePhone: input.celular,
  hideCelebrations: fromOptionalFlag(input.flOcultaComemoracoesTv),
});

/** The profile fields a person changes themselves, as the audit log compares them. */
export const auditedProfile = (profile: {
  profileText: string | null;
  mobilePhone: string | null;
  hideCelebrations: boolean;
}) => ({
  textoPerfil: profile.profileText,
  celular: profile.mobilePhone,
  flOcultaComemoracoesTv: flag(profile.hideCelebrations),
});

/** The profile as both "Minha conta" and the personal data export show it. */
function profileFields(row: AccountRow) {
  return {
    celular: row.mobilePhone,
    dtNascimento: row.birthDate,
    dtAdmissao: row.admissionDate,
    unidade: row.unit,
    filial: row.branch,
    setor: row.sector,
    cargo: row.jobTitle,
    textoPerfil: row.profileText,
    urlFoto: mediaUrl(row.photoKey),
  };
}

/** The person's account as "Minha conta" shows it, with their open deletion request. */
export function presentAccount({ account: row, request }: OwnAccount): MinhaConta {
  return {
    idUsuario: row.id,
    nome: row.name,
    email: row.email,
    matricula: row.matricula,
    ...profileFields(row),
    camposEditaveis: row.selfEditableFields as SelfEditableFieldValue[],
    flOcultaComemoracoesTv: flag(row.hideCelebrations),
    solicitacaoExclusao: request
      ? {
          idSolicitacao: request.id,
          comentario: request.comment,
          dtSolicitacao: toWireDate(request.requestedAt),
          status: request.status as DeletionRequestStatusValue,
        }
      : null,
  };
}

/** A deletion request as the administration lists it. */
export function presentRequest(row: RequestRow): SolicitacaoExclusao {
  return {
    idSolicitacao: row.id,
    usuario: presentPersonSummary({
      id: row.userId,
      name: row.userName,
      email: row.userEmail,
      matricula: row.userMatricula,
      photoKey: row.userPhotoKey,
    }),
    comentario: row.comment,
    dtSolicitacao: toWireDate(row.requestedAt),
    status: row.status as DeletionRequestStatusValue,
    dtDecisao: toWireDateOrNull(row.decidedAt),
    nomeResponsavel: row.deciderName,
  };
}

/** The profile part of the personal data export. */
function presentExportProfile(row: AccountRow) {
  return {
    idUsuario: row.id,
    nome: row.name,
    email: row.email,
    matricula: row.matricula,
    tipoLogin: row.loginType,
    ...profileFields(row),
    flAtivo: flag(row.active),
    flAdministrador: flag(row.isAdministrator),
    dtCadastro: toWireDate(row.createdAt),
    dtUltimoAcesso: toWireDateOrNull(row.lastAccessAt),
  };
}

/** Everything the portal holds about the person, as the JSON document they download. */
export function presentPersonalData(data: PersonalData, t: TFunction): MeusDados {
  return {
    dtGeracao: toWireDate(data.generatedAt),
    perfil: presentExportProfile(data.account),
    grupos: data.groups.map((group) => ({
      idGrupo: group.id,
      nome: group.name,
      flAdministrador: flag(group.isAdmin),
      flPermitePostar: flag(group.canPost),
    })),
    publicacoes: data.timeline.posts.map((post) => ({
      idMensagem: post.id,
      texto: post.text,
      status: post.status,
      dtPublicacao: toWireDate(post.publishAt),
      flExcluida: flag(post.deletedAt !== null),
    })),
    comentarios: data.timeline.comments.map((comment) => ({
      idComentario: comment.id,
      idMensagem: comment.postId,
      texto: comment.text,
      dtComentario: toWireDate(comment.createdAt),
      flExcluido: flag(comment.deletedAt !== null),
    })),
    reacoes: data.timeline.reactions.map((reaction) => ({
      idMensagem: reaction.postId,
      gesto: reaction.gesture,
      dtReacao: toWireDate(reaction.reactedAt),
    })),
    mensagensChat: data.messages.map((message) => ({
      idMensagemChat: message.id,
      idSala: message.roomId,
      texto: message.text,
      anexo: message.attachmentName,
      dtEnvio: toWireDate(message.createdAt),
      dtEdicao: toWireDateOrNull(message.editedAt),
      flExcluida: flag(message.deletedAt !== null),
    })),
    respostasPesquisas: data.answers.map((application) => ({
      idPesquisa: application.surveyId,
      tituloPesquisa: application.title,
      dtInicioResposta: toWireDate(application.startedAt),
      dtFimResposta: toWireDateOrNull(application.finishedAt),
      respostas: application.answers.map((answer) => ({
        pergunta: answer.question,
        resposta: answer.text,
      })),
    })),
    chamadosRH: {
      itens: presentTicketsForExport(data.tickets),
      observacao: t('myAccount.export.hrTicketsNote'),
    },
  };
}
