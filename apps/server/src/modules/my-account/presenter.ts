import type { MinhaConta } from '@elo/contract/calls/my-account';
import type {
  DeletionRequestStatusValue,
  SelfEditableFieldValue,
  SolicitacaoExclusao,
} from '@elo/contract/calls/people';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { AccountRow, RequestRow } from './repo.ts';

/** A boolean as the wire's S/N flag. */
export const flag = (value: boolean) => (value ? 'S' : 'N') as 'S' | 'N';

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
export function presentAccount(
  row: AccountRow,
  request: { id: number; comment: string; status: string; requestedAt: Date } | undefined,
): MinhaConta {
  return {
    idUsuario: row.id,
    nome: row.name,
    email: row.email,
    matricula: row.matricula,
    ...profileFields(row),
    camposEditaveis: row.selfEditableFields as SelfEditableFieldValue[],
    flOcultaComemoracoesTv: row.hideCelebrations ? 'S' : 'N',
    solicitacaoExclusao: request
      ? {
          idSolicitacao: request.id,
          comentario: request.comment,
          dtSolicitacao: request.requestedAt.toISOString(),
          status: request.status as DeletionRequestStatusValue,
        }
      : null,
  };
}

/** A deletion request as the administration lists it. */
export function presentRequest(row: RequestRow): SolicitacaoExclusao {
  return {
    idSolicitacao: row.id,
    usuario: {
      idUsuario: row.userId,
      nome: row.userName,
      email: row.userEmail,
      matricula: row.userMatricula,
      urlFoto: mediaUrl(row.userPhotoKey),
    },
    comentario: row.comment,
    dtSolicitacao: row.requestedAt.toISOString(),
    status: row.status as DeletionRequestStatusValue,
    dtDecisao: row.decidedAt?.toISOString() ?? null,
    nomeResponsavel: row.deciderName,
  };
}

/** The profile part of the personal data export. */
export function presentExportProfile(row: AccountRow) {
  return {
    idUsuario: row.id,
    nome: row.name,
    email: row.email,
    matricula: row.matricula,
    tipoLogin: row.loginType,
    ...profileFields(row),
    flAtivo: flag(row.active),
    flAdministrador: flag(row.isAdministrator),
    dtCadastro: row.createdAt.toISOString(),
    dtUltimoAcesso: row.lastAccessAt?.toISOString() ?? null,
  };
}
