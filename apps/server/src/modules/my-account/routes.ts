import { requireActor, requireSession } from '../../platform/http/bind-call.ts';
import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import type { MyAccountService } from './service.ts';

/** "Minha conta" calls (the person's own) and the administration of deletion requests. */
export function myAccountHandlers({ myAccount }: { myAccount: MyAccountService }) {
  return {
    consultaMinhaConta: (_input, context) => myAccount.account(requireSession(context)),
    salvaMinhaConta: (input, context) =>
      myAccount.saveProfile(requireSession(context), requireActor(context), input),
    enviaFotoMinhaConta: (_input, context) =>
      myAccount.savePhoto(requireSession(context), requireActor(context), context.files),
    solicitaExclusaoConta: (input, context) =>
      myAccount.requestDeletion(requireSession(context), requireActor(context), input.comentario),
    retiraSolicitacaoExclusaoConta: (_input, context) =>
      myAccount.withdrawDeletion(requireSession(context), requireActor(context)),
    consultaSolicitacoesExclusaoAdmin: (input, context) =>
      myAccount.listRequests(requireSession(context).companyId, {
        page: input.idPaginaAtual,
        pageSize: input.qtdRegistrosPorPagina,
        status: input.status,
      }),
    cancelaSolicitacaoExclusaoAdmin: (input, context) =>
      myAccount.cancelRequest(requireActor(context), input.idSolicitacao),
    efetivaSolicitacaoExclusaoAdmin: (input, context) =>
      myAccount.forceDeletion(requireActor(context), input.idSolicitacao),
  } satisfies Partial<CallHandlers>;
}

/** The download of everything the portal holds about the caller (JSON). */
export function myAccountDownloadHandlers({ myAccount }: { myAccount: MyAccountService }) {
  return {
    exportaMeusDados: async (_input, context) => ({
      fileName: 'meus-dados',
      document: await myAccount.exportPersonalData(context.session, context.t),
    }),
  } satisfies Partial<DownloadHandlers>;
}
