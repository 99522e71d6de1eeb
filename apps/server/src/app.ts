import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { MediaKind, Permission } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { accountHandlers } from './modules/account/routes.ts';
import { registerAccountCleanup } from './modules/account/cleanup.ts';
import { createAccountService } from './modules/account/service.ts';
import { authHandlers } from './modules/auth/routes.ts';
import { chatHandlers, createChat, registerChatRoutes } from './modules/chat/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { timelineHandlers } from './modules/timeline/routes.ts';
import { announcementsHandlers } from './modules/announcements/routes.ts';
import { publicationsHandlers } from './modules/publications/routes.ts';
import {
  createPublicationsService,
  findCompanyPublication,
  registerPublicationJobs,
} from './modules/publications/service.ts';
import { confidentialTicketsInAudit } from './modules/hr-tickets/audit-masking.ts';
import { hrTicketsDownloadHandlers, hrTicketsHandlers } from './modules/hr-tickets/routes.ts';
import {
  countOpenTicketsBySubject,
  countTicketsWithUnreadMessage,
  createHrTicketsService,
  registerHrTicketJobs,
} from './modules/hr-tickets/service.ts';
import { remindersHandlers } from './modules/reminders/routes.ts';
import { createRemindersService, registerReminderJobs } from './modules/reminders/service.ts';
import { moderationHandlers } from './modules/moderation/routes.ts';
import { createModerationService } from './modules/moderation/service.ts';
import { createAnnouncementsService } from './modules/announcements/service.ts';
import { createTimelineService } from './modules/timeline/service.ts';
import { registerMediaRoutes } from './modules/media/routes.ts';
import { surveyDownloadHandlers, surveyHandlers } from './modules/surveys/routes.ts';
import { adminDashboardHandlers } from './modules/admin-dashboard/routes.ts';
import { createAdminDashboardService } from './modules/admin-dashboard/service.ts';
import { auditDownloadHandlers, auditHandlers } from './modules/audit/routes.ts';
import { createAuditService } from './modules/audit/service.ts';
import { myAccountDownloadHandlers, myAccountHandlers } from './modules/my-account/routes.ts';
import { createMyAccountService, registerAccountErasure } from './modules/my-account/service.ts';
import { personalDataOwners } from './modules/personal-data-owners.ts';
import { administratorsHandlers } from './modules/administrators/routes.ts';
import { createAdministratorsService } from './modules/administrators/service.ts';
import { usersDownloadHandlers, usersHandlers } from './modules/users/routes.ts';
import { createUsersService } from './modules/users/service.ts';
import { createInvitationsService, registerInvitations } from './modules/users/invitations.ts';
import { catalogHandlers } from './modules/catalog/routes.ts';
import { groupsHandlers } from './modules/groups/routes.ts';
import { createGroupsService } from './modules/groups/service.ts';
import { appSettingsHandlers } from './modules/app-settings/routes.ts';
import { createAppSettingsService } from './modules/app-settings/service.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { hrSettingsHandlers } from './modules/hr-settings/routes.ts';
import { createHrSettingsService } from './modules/hr-settings/service.ts';
import { userImportDownloadHandlers, userImportHandlers } from './modules/user-import/routes.ts';
import { createUserImportService } from './modules/user-import/service.ts';
import {
  publicationReachDownloadHandlers,
  publicationReachHandlers,
} from './modules/publication-reach/routes.ts';
import { registerReadingReminders } from './modules/publication-reach/reminders.ts';
import { createPublicationReachService } from './modules/publication-reach/service.ts';
import { createSurveysService } from './modules/surveys/service.ts';
import { createTv, tvHandlers } from './modules/tv/routes.ts';
import { registerNotificationDigests } from './modules/notifications/digest.ts';
import {
  createNotifications,
  notificationHandlers,
  registerNotificationRoutes,
} from './modules/notifications/routes.ts';
import { createPasswordHasher, type PasswordHasher } from './platform/auth/password.ts';
import { registerSessionCleanup } from './platform/auth/session-cleanup.ts';
import type { LinkPreviewOptions } from './platform/link-preview.ts';
import { createSessionManager } from './platform/auth/sessions.ts';
import { AppError } from './platform/http/app-error.ts';
import type { BindDeps } from './platform/http/bind-call.ts';
import { answerFrameworkError, installErrorHandler, sendAppError } from './platform/http/error-handler.ts';
import { registerCalls } from './platform/http/register-calls.ts';
import { closeConnectionsWhenClosing } from './platform/http/graceful-close.ts';
import { keepRouteList } from './platform/http/route-list.ts';
import { registerSecurity } from './platform/http/security.ts';
import { loggerOptions } from './platform/logger.ts';
import { createJobQueue } from './platform/jobs.ts';
import { createMailSender } from './platform/mail.ts';
import { createLimiterFactory } from './platform/rate-limit.ts';
import { loadServerSecret } from './platform/secrets.ts';
import { createSmsSender } from './platform/sms.ts';
import { createConfiguredStorage } from './platform/storage/configured-storage.ts';
import { createMediaAccess } from './platform/storage/media-access.ts';
import type { MediaStorage } from './platform/storage/media-storage.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  redis?: Redis | undefined;
  hasher?: PasswordHasher;
  storage?: MediaStorage;
  /** Where log lines go (standard output when not given): tests read them. */
  logStream?: DestinationStream;
  /** The chat's link previews: tests let them reach a local server. */
  linkPreview?: Partial<LinkPreviewOptions>;
}

/** Builds the whole application (plugins, then each module's routes) without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, deps.logStream),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: limits.jsonBodyMaxBytes,
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
  });

  keepRouteList(app);
  closeConnectionsWhenClosing(app);
  await app.register(cookie);
  await app.register(multipart, {
    limits: {
      fileSize: limits.mediaMaxBytes,
      files: limits.survey.uploadFilesMax,
      fields: 30,
      fieldSize: 200_000,
      parts: 40,
    },
  });
  await registerSecurity(app, { publicUrl: config.PUBLIC_URL, allowedOrigins: config.ALLOWED_ORIGINS });
  installErrorHandler(app);

  const webIndex = path.join(config.WEB_DIST, 'index.html');
  const hasWeb = existsSync(webIndex);
  const mediaRoot = path.join(config.DATA_DIR, 'media');
  mkdirSync(mediaRoot, { recursive: true });
  await app.register(
    fastifyStatic,
    hasWeb
      ? {
          root: config.WEB_DIST,
          // Built assets have content hashes in their names and never change; index.html does.
          cacheControl: false,
          setHeaders: (reply, filePath) => {
            // Media files go through the same sender with headers of their own.
            if (!filePath.startsWith(config.WEB_DIST)) return;
            const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
            void reply.header(
              'cache-control',
              immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
            );
          },
        }
      : { root: mediaRoot, serve: false },
  );

  const hasher = deps.hasher ?? createPasswordHasher(config.HASH_CONCURRENCY);
  const storage = deps.storage ?? createConfiguredStorage(config);
  const sessions = createSessionManager({
    db: database.db,
    idleMinutes: config.SESSION_IDLE_MINUTES,
    absoluteHours: config.SESSION_ABSOLUTE_HOURS,
    chatPermission: Permission.chat,
    // Whenever sessions end, their chat sockets and notification streams (created just below)
    // close on every node.
    onEnded: (sessionIds) => {
      chat.revokeSessions(sessionIds);
      notifications.stream.endSessions(sessionIds);
    },
  });
  const limiters = createLimiterFactory(deps.redis);
  const secret = await loadServerSecret({ configured: config.SECRET_KEY, dataDir: config.DATA_DIR });
  // Corporate TV screens: their device tokens authorise the 'device' calls, as sessions do the others.
  const tv = createTv({
    db: database.db,
    redis: deps.redis,
    limiters,
    secret,
    log: app.log,
    maxCallsPerAddress: config.TV_MAX_CALLS_PER_ADDRESS,
    maxCodeFailuresPerAddress: config.TV_MAX_CODE_FAILURES_PER_ADDRESS,
    maxDeviceCallsPerMinute: config.TV_MAX_DEVICE_CALLS_PER_MINUTE,
  });
  // Durable jobs: modules register handlers and schedules while the app is built; the queue
  // starts at the end of buildApp and stops, waiting for running handlers, when the app closes.
  const jobs = createJobQueue({ database, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  registerSessionCleanup(jobs, { db: database.db, log: app.log });
  registerAccountCleanup(jobs, { db: database.db, log: app.log });
  const chat = createChat({
    db: database.db,
    sessions,
    storage,
    redis: deps.redis,
    limiters,
    config,
    log: app.log,
    linkPreview: deps.linkPreview,
  });
  const bindDeps: BindDeps = {
    sessions,
    storage,
    validateOutput: config.NODE_ENV === 'test',
    devices: tv.resolveDevice,
  };

  registerHealthRoutes(app, { ping: database.ping });
  const mediaAccess = createMediaAccess();
  registerMediaRoutes(app, { sessions, storage, access: mediaAccess });
  const mail = createMailSender({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.DATA_DIR,
    log: app.log,
  });
  const notifications = createNotifications({ db: database.db, sessions, redis: deps.redis, log: app.log });
  registerNotificationDigests(jobs, { db: database.db, mail, publicUrl: config.PUBLIC_URL, log: app.log });
  const auth = createAuthService({
    db: database.db,
    hasher,
    sessions,
    limiters,
    // The logged user's count of HR tickets with an answer not read yet.
    countUnreadTickets: (scope) => countTicketsWithUnreadMessage(database.db, scope),
    login: {
      maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      blockMinutes: config.LOGIN_BLOCK_MINUTES,
    },
  });
  const account = createAccountService({
    db: database.db,
    hasher,
    sessions,
    limiters,
    storage,
    secret,
    publicUrl: config.PUBLIC_URL,
    mail,
    sms: createSmsSender({
      providerUrl: config.SMS_PROVIDER_URL,
      providerToken: config.SMS_PROVIDER_TOKEN,
      dataDir: config.DATA_DIR,
      log: app.log,
    }),
    log: app.log,
    maxCallsPerAddress: config.ACCOUNT_MAX_CALLS_PER_ADDRESS,
    maxCallsPerLogin: config.ACCOUNT_MAX_CALLS_PER_LOGIN,
    auth,
  });

  const timeline = createTimelineService({
    db: database.db,
    cardCacheSize: config.TIMELINE_CARD_CACHE,
    notifications: notifications.service,
  });
  const surveys = createSurveysService({ db: database.db, storage, notifications: notifications.service });
  // Entries about records their module's policy keeps from the reader show masked (docs/security.md).
  const audit = createAuditService({
    db: database.db,
    maskings: [confidentialTicketsInAudit(database.db)],
  });
  const announcements = createAnnouncementsService({
    db: database.db,
    storage,
    onContentChanged: tv.contentChanged,
  });
  const reach = createPublicationReachService({
    db: database.db,
    timeline,
    limiters,
    viewReportsPerMinute: config.VIEW_REPORTS_PER_MINUTE,
    findPublication: (companyId, postId) => findCompanyPublication(database.db, { companyId, postId }),
  });
  registerReadingReminders(jobs, { db: database.db, notifications: notifications.service, log: app.log });
  const userImport = createUserImportService({ db: database.db, hasher, sessions });
  const users = createUsersService({
    db: database.db,
    hasher,
    sessions,
    storage,
    mail,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
  });
  // First-access invitations in bulk: the call queues them, the job sets the password and mails it.
  const invitations = createInvitationsService({
    db: database.db,
    hasher,
    storage,
    mail,
    publicUrl: config.PUBLIC_URL,
    jobs,
  });
  registerInvitations(jobs, invitations);
  const hrTickets = createHrTicketsService({
    db: database.db,
    jobs,
    notifications: notifications.service,
    mail,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
  });
  registerHrTicketJobs(jobs, hrTickets, app.log);
  const myAccount = createMyAccountService({
    db: database.db,
    storage,
    sessions,
    jobs,
    timeline,
    chat: chat.service,
    surveys,
    hrTickets,
    personalData: personalDataOwners,
    log: app.log,
  });
  registerAccountErasure(jobs, myAccount);
  const publications = createPublicationsService({
    db: database.db,
    storage,
    jobs,
    notifications: notifications.service,
    log: app.log,
    onContentChanged: tv.contentChanged,
  });
  registerPublicationJobs(jobs, publications);
  const reminders = createRemindersService({
    db: database.db,
    jobs,
    notifications: notifications.service,
    mail,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
  });
  registerReminderJobs(jobs, reminders);
  // Who may read each kind of stored file: the module owning it decides (docs/architecture.md, Media).
  mediaAccess.openToCompany(MediaKind.branding, MediaKind.avatars, MediaKind.groups, MediaKind.banners);
  mediaAccess.own(MediaKind.posts, timeline.mayReadMedia);
  mediaAccess.own(MediaKind.chat, chat.service.mayReadMedia);
  mediaAccess.own(MediaKind.surveys, surveys.mayReadMedia);
  mediaAccess.own(MediaKind.hr, hrTickets.mayReadMedia);
  await registerChatRoutes(app, { chat });
  await registerNotificationRoutes(app, { notifications });
  // After the notifications: their server-sent events plugin serves the screens' stream too.
  await tv.register(app, { storage, sessions });

  // Every call and download of the contract, each with its handler: one missing fails the type-check.
  registerCalls(
    app,
    bindDeps,
    {
      ...authHandlers({ auth }),
      ...accountHandlers({ account, auth }),
      ...timelineHandlers({ timeline }),
      ...announcementsHandlers({ announcements }),
      ...publicationsHandlers({ publications }),
      ...moderationHandlers({
        moderation: createModerationService({
          db: database.db,
          timeline,
          notifications: notifications.service,
          onContentChanged: tv.contentChanged,
        }),
      }),
      ...chatHandlers({ chat }),
      ...surveyHandlers({ surveys }),
      ...notificationHandlers({ notifications: notifications.service }),
      ...auditHandlers({ audit }),
      ...myAccountHandlers({ myAccount }),
      ...administratorsHandlers({
        administrators: createAdministratorsService({ db: database.db, hasher, sessions }),
      }),
      ...usersHandlers({ users, invitations }),
      ...catalogHandlers({ catalog: createCatalogService({ db: database.db }) }),
      ...hrSettingsHandlers({
        hrSettings: createHrSettingsService({ db: database.db, countOpenTicketsBySubject }),
      }),
      ...groupsHandlers({
        groups: createGroupsService({ db: database.db, storage, log: app.log, timeline, announcements }),
      }),
      ...appSettingsHandlers({ appSettings: createAppSettingsService({ db: database.db, storage }) }),
      ...userImportHandlers({ userImport }),
      ...publicationReachHandlers({ reach }),
      ...hrTicketsHandlers({ hrTickets }),
      ...remindersHandlers({ reminders }),
      ...tvHandlers({ tv: tv.service }),
      ...adminDashboardHandlers({
        dashboard: createAdminDashboardService({ auth, timeline, chat: chat.service, surveys }),
      }),
    },
    {
      ...surveyDownloadHandlers({ surveys }),
      ...auditDownloadHandlers({ audit }),
      ...myAccountDownloadHandlers({ myAccount }),
      ...usersDownloadHandlers({ users }),
      ...userImportDownloadHandlers({ userImport }),
      ...publicationReachDownloadHandlers({ reach }),
      ...hrTicketsDownloadHandlers({ hrTickets }),
    },
  );

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/backend/') || request.url === '/backend';
    // A missing file (a stale /assets/… chunk) is a 404; any other path is a page of the SPA.
    const isFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0]!);
    if (!isApi && !isFile && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // Every other path belongs to the SPA's router, which shows its own not-found page.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendAppError(request, reply, new AppError(isApi ? 'CALL_NOT_FOUND' : 'NOT_FOUND'));
  });

  // Every handler is registered by now, and a built app can send jobs at once.
  await jobs.start();
  return app;
}
