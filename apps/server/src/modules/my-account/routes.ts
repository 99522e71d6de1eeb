import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import type { MyAccountService } from './service.ts';

/** "Minha conta" calls (the person's own) and the administration of deletion requests. */
export function myAccountHandlers({ myAccount }: { myAccount: MyAccountService }) {
  return {
    consultaMinhaConta: (_input, context) => myAccount.account(context.session),
    salvaMinhaConta: (input, context) => myAccount.saveProfile(context.session, context.actor, input),
    enviaFotoMinhaConta: (_input, context) =>
      myAccount.savePhoto(context.session, context.actor, context.files),
    solicitaExclusaoConta: (input, context) =>
      myAccount.requestDeletion(context.session, context.actor, input.comentario),
    retiraSolicitacaoExclusaoConta: (_input, context) =>
      myAccount.withdrawDeletion(context.session, context.actor),
    consultaSolicitacoesExclusaoAdmin: (input, context) =>
      myAccount.listRequests(context.session.companyId, {
        page: input.idPaginaAtual,
        pageSize: input.qtdRegistrosPorPagina,
        status: input.status,
      }),
    cancelaSolicitacaoExclusaoAdmin: (input, context) =>
      myAccount.cancelRequest(context.actor, input.idSolicitacao),
    efetivaSolicitacaoExclusaoAdmin: (input, context) =>
      myAccount.forceDeletion(context.actor, input.idSolicitacao),
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
