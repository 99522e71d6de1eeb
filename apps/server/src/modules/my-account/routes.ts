import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import { pagedAnswer, pageQueryOf } from '../../platform/http/wire.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import {
  cancelRequest,
  forceDeletion,
  pageDeletionRequests,
  requestDeletion,
  withdrawDeletion,
} from './deletion-requests.ts';
import { ownAccount, personalData, saveOwnPhoto, saveOwnProfile } from './profile.ts';
import type { MyAccountService } from './service.ts';
import { presentAccount, presentPersonalData, presentRequest, profileChangeOf } from './wire.ts';

/** "Minha conta" calls (the person's own) and the administration of deletion requests. */
export function myAccountHandlers({ myAccount }: { myAccount: MyAccountService }) {
  return {
    consultaMinhaConta: async (_input, { session }) => ({
      conta: presentAccount(await ownAccount(myAccount, session)),
    }),
    salvaMinhaConta: async (input, { session, actor }) => ({
      conta: presentAccount(await saveOwnProfile(myAccount, session, actor, profileChangeOf(input))),
    }),
    enviaFotoMinhaConta: async (_input, { session, actor, files }) => ({
      urlFoto: mediaUrl(await saveOwnPhoto(myAccount, session, actor, files))!,
    }),
    solicitaExclusaoConta: async (input, { session, actor }) => {
      const request = await requestDeletion(myAccount, session, actor, input.comentario);
      return { idSolicitacao: request.id, status: request.status };
    },
    retiraSolicitacaoExclusaoConta: async (_input, { session, actor }) => {
      await withdrawDeletion(myAccount, session, actor);
      return { ok: true as const };
    },
    consultaSolicitacoesExclusaoAdmin: async (input, { session }) =>
      pagedAnswer(
        'listSolicitacoes',
        await pageDeletionRequests(myAccount, session.companyId, input.status, pageQueryOf(input)),
        presentRequest,
      ),
    cancelaSolicitacaoExclusaoAdmin: async (input, { actor }) => ({
      solicitacao: presentRequest(await cancelRequest(myAccount, actor, input.idSolicitacao)),
    }),
    efetivaSolicitacaoExclusaoAdmin: async (input, { actor }) => ({
      solicitacao: presentRequest(await forceDeletion(myAccount, actor, input.idSolicitacao)),
    }),
  } satisfies Partial<CallHandlers>;
}

/** The download of everything the portal holds about the caller (JSON). */
export function myAccountDownloadHandlers({ myAccount }: { myAccount: MyAccountService }) {
  return {
    exportaMeusDados: async (_input, { session, t }) => ({
      fileName: 'meus-dados',
      document: presentPersonalData(await personalData(myAccount, session), t),
    }),
  } satisfies Partial<DownloadHandlers>;
}
