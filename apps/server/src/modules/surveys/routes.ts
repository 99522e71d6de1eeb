import type { CallDefinition, CallOutput } from '@elo/contract/define-call';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
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
import type { TenantScope } from '../auth/repo.ts';
import { toCsv, toXlsx } from './export.ts';
import type { SurveysService } from './service.ts';

/** Binds the survey calls and the administration's export download. */
export function registerSurveyRoutes(
  app: FastifyInstance,
  deps: BindDeps & { surveys: SurveysService },
): void {
  const { surveys } = deps;

  /** Binds a call whose input is the survey alone to the service method taking its id. */
  const bindBySurvey = <C extends CallDefinition<string, z.ZodType<{ idPesquisa: number }>>>(
    definition: C,
    handler: (scope: TenantScope, surveyId: number) => Promise<CallOutput<C>>,
  ) =>
    bindCall(app, deps, definition, (input, context) => handler(requireSession(context), input.idPesquisa));
  /** The identifiers of one application of a survey, as the service takes them. */
  const applicationOf = (input: { idPesquisa: number; idAplicacao: number }) => ({
    surveyId: input.idPesquisa,
    applicationId: input.idAplicacao,
  });

  // The employee's side.
  bindCall(app, deps, consultaPesquisas, (_input, context) => surveys.listSurveys(requireSession(context)));
  bindBySurvey(consultaPesquisa, surveys.getSurvey);
  bindBySurvey(consultaPerguntas, surveys.listQuestions);
  bindBySurvey(marcaPesquisaLida, surveys.markRead);
  bindBySurvey(inicializaRespostaPesquisa, surveys.startApplication);
  bindBySurvey(consultaResultadoPesquisa, surveys.results);
  bindCall(app, deps, consultaAplicacaoPesquisa, (input, context) =>
    surveys.getApplication(requireSession(context), {
      ...applicationOf(input),
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
    surveys.finish(requireSession(context), applicationOf(input), context.language),
  );
  bindCall(app, deps, limpaFormulario, (input, context) =>
    surveys.clear(requireSession(context), applicationOf(input)),
  );
  bindCall(app, deps, enviaArquivoRespostaPesquisa, (input, context) =>
    surveys.uploadAnswerFiles(requireSession(context), input, context.files, context.language),
  );

  // The administration's side.
  bindCall(app, deps, consultaPesquisasAdmin, (input, context) =>
    surveys.listAdmin(requireSession(context), { status: input.status, search: input.busca }),
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
  bindBySurvey(consultaPesquisaAdmin, surveys.getAdmin);
  bindBySurvey(publicaPesquisa, surveys.publish);
  bindBySurvey(encerraPesquisa, surveys.close);
  bindBySurvey(excluiPesquisa, surveys.remove);
  bindBySurvey(consultaResultadoPesquisaAdmin, surveys.adminResults);

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
