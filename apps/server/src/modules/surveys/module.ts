import { MediaKind } from '@elo/contract/enums';
import { defineModule } from '../../platform/modules.ts';
import { surveyDownloadHandlers, surveyHandlers } from './routes.ts';
import { createSurveysService, type SurveysService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    surveys: SurveysService;
  }
}

/** Surveys: answering, authoring, results and their exports. */
export const surveysModule = defineModule({
  name: 'surveys',
  needs: ['notifications'],
  build: ({ db, storage, mediaAccess }, use) => {
    const surveys = createSurveysService({ db, storage, notifications: use('notifications') });
    mediaAccess.own(MediaKind.surveys, surveys.mayReadMedia);
    return {
      exports: surveys,
      handlers: surveyHandlers({ surveys }),
      downloads: surveyDownloadHandlers({ surveys }),
    };
  },
});
