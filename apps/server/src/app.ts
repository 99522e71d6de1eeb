import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { Permission } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { accountModule } from './modules/account/module.ts';
import { adminDashboardModule } from './modules/admin-dashboard/module.ts';
import { administratorsModule } from './modules/administrators/module.ts';
import { announcementsModule } from './modules/announcements/module.ts';
import { appSettingsModule } from './modules/app-settings/module.ts';
import { auditModule } from './modules/audit/module.ts';
import { authModule } from './modules/auth/module.ts';
import { catalogModule } from './modules/catalog/module.ts';
import { chatModule } from './modules/chat/module.ts';
import { groupsModule } from './modules/groups/module.ts';
import { scimModule } from './modules/scim/module.ts';
import { healthModule } from './modules/health/module.ts';
import { hrSettingsModule } from './modules/hr-settings/module.ts';
import { hrTicketsModule } from './modules/hr-tickets/module.ts';
import { mediaModule } from './modules/media/module.ts';
import { moderationModule } from './modules/moderation/module.ts';
import { myAccountModule } from './modules/my-account/module.ts';
import { notificationsModule } from './modules/notifications/module.ts';
import { publicationReachModule } from './modules/publication-reach/module.ts';
import { publicationsModule } from './modules/publications/module.ts';
import { remindersModule } from './modules/reminders/module.ts';
import { pushModule } from './modules/push/module.ts';
import { ssoModule } from './modules/sso/module.ts';
import { searchModule } from './modules/search/module.ts';
import { surveysModule } from './modules/surveys/module.ts';
import { timelineModule } from './modules/timeline/module.ts';
import { tvModule } from './modules/tv/module.ts';
import { userImportModule } from './modules/user-import/module.ts';
import { usersModule } from './modules/users/module.ts';
import { createPasswordHasher, type PasswordHasher } from './platform/auth/password.ts';
import { registerSessionCleanup } from './platform/auth/session-cleanup.ts';
import type { LinkPreviewOptions } from './platform/link-preview.ts';
import { createSessionManager } from './platform/auth/sessions.ts';
import { AppError } from './platform/http/app-error.ts';
import { answerFrameworkError, installErrorHandler, sendAppError } from './platform/http/error-handler.ts';
import { registerCalls, type CallHandlers, type DownloadHandlers } from './platform/http/register-calls.ts';
import { closeConnectionsWhenClosing } from './platform/http/graceful-close.ts';
import { keepRouteList } from './platform/http/route-list.ts';
import { registerSecurity } from './platform/http/security.ts';
import { loggerOptions } from './platform/logger.ts';
import { buildModules, type DownloadsOf, type HandlersOf, type Platform } from './platform/modules.ts';
import { createJobQueue } from './platform/jobs.ts';
import { createMailSender } from './platform/mail.ts';
import { createLimiterFactory } from './platform/rate-limit.ts';
import { loadServerSecret } from './platform/secrets.ts';
import { createSmsSender } from './platform/sms.ts';
import { createConfiguredStorage } from './platform/storage/configured-storage.ts';
import { createMediaAccess } from './platform/storage/media-access.ts';
import type { MediaStorage } from './platform/storage/media-storage.ts';

/**
 * The application's modules, one line each, in any order: each is built after the modules it
 * declares it needs (platform/modules.ts).
 */
const appModules = [
  healthModule,
  mediaModule,
  notificationsModule,
  tvModule,
  chatModule,
  hrTicketsModule,
  authModule,
  ssoModule,
  accountModule,
  timelineModule,
  surveysModule,
  auditModule,
  announcementsModule,
  publicationsModule,
  publicationReachModule,
  userImportModule,
  usersModule,
  myAccountModule,
  remindersModule,
  pushModule,
  moderationModule,
  administratorsModule,
  catalogModule,
  hrSettingsModule,
  groupsModule,
  appSettingsModule,
  adminDashboardModule,
  scimModule,
  searchModule,
] as const;

// Every call and download of the contract has its handler in some module: one missing fails here
// with its name (and registerCalls refuses to start without it).
const everyCallHandled: Exclude<keyof CallHandlers, keyof HandlersOf<typeof appModules>> extends never
  ? true
  : Exclude<keyof CallHandlers, keyof HandlersOf<typeof appModules>> = true;
const everyDownloadHandled: Exclude<
  keyof DownloadHandlers,
  keyof DownloadsOf<typeof appModules>
> extends never
  ? true
  : Exclude<keyof DownloadHandlers, keyof DownloadsOf<typeof appModules>> = true;
void everyCallHandled;
void everyDownloadHandled;

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

  const jobs = createJobQueue({ database, log: app.log });
  // Durable jobs: modules register handlers and schedules while the app is built; the queue
  // starts at the end of buildApp and stops, waiting for running handlers, when the app closes.
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  const endedListeners: Array<(sessionIds: number[]) => void> = [];
  const sessions = createSessionManager({
    db: database.db,
    idleMinutes: config.SESSION_IDLE_MINUTES,
    absoluteHours: config.SESSION_ABSOLUTE_HOURS,
    chatPermission: Permission.chat,
    // Whenever sessions end, the modules that hold them open (chat sockets, notification
    // streams) close them on every node.
    onEnded: (sessionIds) => {
      for (const listener of endedListeners) listener(sessionIds);
    },
  });
  const platform: Platform = {
    config,
    database,
    db: database.db,
    redis: deps.redis,
    hasher: deps.hasher ?? createPasswordHasher(config.HASH_CONCURRENCY),
    storage: deps.storage ?? createConfiguredStorage(config),
    sessions,
    limiters: createLimiterFactory(deps.redis),
    secret: await loadServerSecret({ configured: config.SECRET_KEY, dataDir: config.DATA_DIR }),
    jobs,
    mail: createMailSender({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.DATA_DIR,
      log: app.log,
    }),
    sms: createSmsSender({
      providerUrl: config.SMS_PROVIDER_URL,
      providerToken: config.SMS_PROVIDER_TOKEN,
      dataDir: config.DATA_DIR,
      log: app.log,
    }),
    mediaAccess: createMediaAccess(),
    log: app.log,
    linkPreview: deps.linkPreview,
    onSessionsEnded: (listener) => endedListeners.push(listener),
  };
  registerSessionCleanup(jobs, { db: database.db, log: app.log });

  const built = await buildModules(platform, appModules);
  for (const register of built.registers) await register(app);
  registerCalls(
    app,
    {
      sessions,
      storage: platform.storage,
      validateOutput: config.NODE_ENV === 'test',
      devices: built.devices,
    },
    built.handlers as CallHandlers,
    built.downloads as DownloadHandlers,
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
