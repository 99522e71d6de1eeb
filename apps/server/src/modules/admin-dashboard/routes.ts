import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { AdminDashboardService } from './service.ts';

/** The administration dashboard's handler. */
export function adminDashboardHandlers({ dashboard }: { dashboard: AdminDashboardService }) {
  return {
    consultaDashboardAdmin: async (_input, context) => {
      const figures = await dashboard.figures(context.session);
      return {
        qtdUsuariosAtivos: figures.activePeople,
        qtdAcessos7Dias: figures.signedInLast7Days,
        qtdPostagens: figures.posts,
        qtdComentarios: figures.comments,
        qtdMensagensChat: figures.chatMessagesLast30Days,
        qtdRespostasPesquisa: figures.surveyAnswers,
      };
    },
  } satisfies Partial<CallHandlers>;
}
