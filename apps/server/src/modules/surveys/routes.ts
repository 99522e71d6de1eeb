import type { FastifyInstance } from 'fastify';
import {
  consultaAplicacaoPesquisa,
  consultaGruposPesquisaAdmin,
  consultaPerguntas,
  consultaPesquisa,
  consultaPesquisaAdmin,
  consultaPesquisas,
  consultaPesquisasAdmin,
  consultaResultadoPesquisa,
  consultaResultadoPesquisaAdmin,
  duplicaPesquisa,
  encerraPesquisa,
  enviaArquivoRespostaPesquisa,
  enviaImagemCabecalhoPesquisa,
  excluiPesquisa,
  finalizaRespostaPesquisa,
  inicializaRespostaPesquisa,
  limpaFormulario,
  marcaPesquisaLida,
  publicaPesquisa,
  salvaPesquisa,
  salvaRespostaQuestaoPesquisa,
  salvaRespostasDaPesquisa,
} from '@elo/contract/calls/surveys';
import { AppError } from '../../platform/http/app-error.ts';
import { bindCall, requireSession, sessionOf, type BindDeps } from '../../platform/http/bind-call.ts';
import { languageFromHeader, translatorFor } from '../../platform/i18n.ts';
import { toCsv, toXlsx } from './export.ts';
import type { SurveysService } from './service.ts';

/** Binds the survey calls and the administration's export download. */
export function registerSurveyRoutes(
  app: FastifyInstance,
  deps: BindDeps & { surveys: SurveysService },
): void {
  const { surveys } = deps;

  bindCall(app, deps, consultaPesquisas, (_input, context) => surveys.listSurveys(requireSession(context)));
  bindCall(app, deps, consultaPesquisa, (input, context) =>
    surveys.getSurvey(requireSession(context), input.idPesquisa),
  );
  bindCall(app, deps, consultaPerguntas, (input, context) =>
    surveys.listQuestions(requireSession(context), input.idPesquisa),
  );
  bindCall(app, deps, marcaPesquisaLida, (input, context) =>
    surveys.markRead(requireSession(context), input.idPesquisa),
  );
  bindCall(app, deps, inicializaRespostaPesquisa, (input, context) =>
    surveys.startApplication(requireSession(context), input.idPesquisa),
  );
  bindCall(app, deps, consultaAplicacaoPesquisa, (input, context) =>
    surveys.getApplication(requireSession(context), {
      surveyId: input.idPesquisa,
      applicationId: input.idAplicacao,
      editing: input.isEdicaoResposta,
    }),
  );
  bindCall(app, deps, salvaRespostaQuestaoPesquisa, (input, context) =>
    surveys.saveOneAnswer(requireSession(context), input, context.language),
  );
  bindCall(app, deps, salvaRespostasDaPesquisa, (input, context) =>
    surveys.saveAllAnswers(requireSession(context), input, context.language),
  );
  bindCall(app, deps, finalizaRespostaPesquisa, (input, context) =>
    surveys.finish(
      requireSession(context),
      { surveyId: input.idPesquisa, applicationId: input.idAplicacao },
      context.language,
    ),
  );
  bindCall(app, deps, limpaFormulario, (input, context) =>
    surveys.clear(requireSession(context), { surveyId: input.idPesquisa, applicationId: input.idAplicacao }),
  );
  bindCall(app, deps, enviaArquivoRespostaPesquisa, (input, context) =>
    surveys.uploadAnswerFiles(requireSession(context), input, context.files, context.language),
  );
  bindCall(app, deps, consultaResultadoPesquisa, (input, context) =>
    surveys.results(requireSession(context), input.idPesquisa),
  );

  bindCall(app, deps, consultaPesquisasAdmin, (input, context) =>
    surveys.listAdmin(requireSession(context), { status: input.status, search: input.busca }),
  );
  bindCall(app, deps, consultaPesquisaAdmin, (input, context) =>
    surveys.getAdmin(requireSession(context), input.idPesquisa),
  );
  bindCall(app, deps, consultaGruposPesquisaAdmin, (_input, context) =>
    surveys.listGroups(requireSession(context)),
  );
  bindCall(app, deps, enviaImagemCabecalhoPesquisa, (_input, context) =>
    surveys.uploadHeader(requireSession(context), context.files),
  );
  bindCall(app, deps, salvaPesquisa, (input, context) => surveys.save(requireSession(context), input));
  bindCall(app, deps, duplicaPesquisa, (input, context) =>
    surveys.duplicate(requireSession(context), input.idPesquisa, context.t),
  );
  bindCall(app, deps, publicaPesquisa, (input, context) =>
    surveys.publish(requireSession(context), input.idPesquisa),
  );
  bindCall(app, deps, encerraPesquisa, (input, context) =>
    surveys.close(requireSession(context), input.idPesquisa),
  );
  bindCall(app, deps, excluiPesquisa, (input, context) =>
    surveys.remove(requireSession(context), input.idPesquisa),
  );
  bindCall(app, deps, consultaResultadoPesquisaAdmin, (input, context) =>
    surveys.adminResults(requireSession(context), input.idPesquisa),
  );

  // A download, so a GET a link can follow; the session cookie and the company decide access.
  app.get<{ Params: { id: string; format: string } }>(
    '/backend/pesquisas/:id/exportacao.:format',
    async (request, reply) => {
      const session = await sessionOf(request, deps.sessions);
      if (!session) throw new AppError('SESSION_EXPIRED');
      if (!session.isAdministrator) throw new AppError('FORBIDDEN');
      const { format } = request.params;
      const id = Number(request.params.id);
      if (!Number.isSafeInteger(id) || id <= 0 || (format !== 'csv' && format !== 'xlsx')) {
        throw new AppError('NOT_FOUND');
      }
      const t = translatorFor(languageFromHeader(request.headers['accept-language']));
      const table = await surveys.exportTable(session, id, t);
      const fileName = `pesquisa-${id}.${format}`;
      void reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`);
      if (format === 'csv') {
        return reply.type('text/csv; charset=utf-8').send(toCsv(table));
      }
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(await toXlsx(table));
    },
  );
}
