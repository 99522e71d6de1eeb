import { AdminPermission } from '@elo/contract/enums';
import { mayAccess, type Caller } from '../../platform/auth/policy.ts';
import type { AuthService } from '../auth/service.ts';
import type { ChatService } from '../chat/service.ts';
import type { SurveysService } from '../surveys/service.ts';
import type { TimelineService } from '../timeline/service.ts';

const dayMs = 86_400_000;

/**
 * The company's key figures, each counted only for an administrator who may read its area, and
 * each the total of the page its card opens with the same filter: active people are the users
 * list with `ativo=S`, publications the publications list with `status=Publicado`.
 */
export interface DashboardFigures {
  activePeople: number | null;
  signedInLast7Days: number | null;
  posts: number | null;
  comments: number | null;
  chatMessagesLast30Days: number | null;
  surveyAnswers: number | null;
}

export type AdminDashboardService = ReturnType<typeof createAdminDashboardService>;

/** The administration's home: figures read through each owning module's service. */
export function createAdminDashboardService(deps: {
  auth: Pick<AuthService, 'countPeople'>;
  timeline: Pick<TimelineService, 'countComments'>;
  publications: {
    countPublications: (companyId: number, filter: { status: 'Publicado' }) => Promise<number>;
  };
  chat: Pick<ChatService, 'countMessagesSince'>;
  surveys: Pick<SurveysService, 'countFinishedAnswers'>;
}) {
  return {
    /** The figures the caller may read; the others are null and never counted. */
    async figures(caller: Caller & { companyId: number }): Promise<DashboardFigures> {
      const { companyId } = caller;
      const now = Date.now();
      const people = mayAccess(caller, AdminPermission.users);
      const publications = mayAccess(caller, AdminPermission.publications);
      const [peopleCounts, published, commentCount, messages, answers] = await Promise.all([
        people ? deps.auth.countPeople(companyId, new Date(now - 7 * dayMs)) : null,
        publications ? deps.publications.countPublications(companyId, { status: 'Publicado' }) : null,
        publications ? deps.timeline.countComments(companyId) : null,
        people ? deps.chat.countMessagesSince(companyId, new Date(now - 30 * dayMs)) : null,
        mayAccess(caller, AdminPermission.surveys) ? deps.surveys.countFinishedAnswers(companyId) : null,
      ]);
      return {
        activePeople: peopleCounts?.active ?? null,
        signedInLast7Days: peopleCounts?.recent ?? null,
        posts: published,
        comments: commentCount,
        chatMessagesLast30Days: messages,
        surveyAnswers: answers,
      };
    },
  };
}
