import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import type { PasswordHasher } from './auth/password.ts';
import type { SessionManager } from './auth/sessions.ts';
import type { DeviceResolver } from './http/bind-call.ts';
import type { CallHandlers, DownloadHandlers } from './http/register-calls.ts';
import type { JobQueue } from './jobs.ts';
import type { LinkPreviewOptions } from './link-preview.ts';
import type { MailSender } from './mail.ts';
import type { LimiterFactory } from './rate-limit.ts';
import type { SmsSender } from './sms.ts';
import type { MediaAccess } from './storage/media-access.ts';
import type { MediaStorage } from './storage/media-storage.ts';

/**
 * The application is its modules (issue 28 §6): each `modules/<name>/module.ts` declares which
 * other modules it needs and builds its part from the platform and what those give; `buildApp`
 * lists them, one line each, and builds them in the order their needs make (never a commented
 * order). platform/ knows no feature: what a module gives the others is declared by the module,
 * into `ModuleExports`, as job payloads are into `JobPayloads`.
 */

/** What every module may use: the platform's parts, made once by buildApp. */
export interface Platform {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  redis: Redis | undefined;
  hasher: PasswordHasher;
  storage: MediaStorage;
  sessions: SessionManager;
  limiters: LimiterFactory;
  /** The server's secret (signed media addresses, tokens). */
  secret: Uint8Array;
  jobs: JobQueue;
  mail: MailSender;
  sms: SmsSender;
  mediaAccess: MediaAccess;
  log: FastifyBaseLogger;
  /** The chat's link previews (tests let them reach a local server). */
  linkPreview: Partial<LinkPreviewOptions> | undefined;
  /** Runs `listener` whenever sessions end (sign-out, reset, revocation), on this node. */
  onSessionsEnded(listener: (sessionIds: number[]) => void): void;
}

/** What a module gives the others, by module name: each module adds its own entry. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleExports {}

export type ModuleName = keyof ModuleExports;

/** What a module hands the application besides its exports. */
export interface ModuleParts<H extends Partial<CallHandlers>, D extends Partial<DownloadHandlers>> {
  /** Its calls' handlers (every call of the contract has one in some module: checked by type). */
  handlers?: H;
  /** Its downloads' handlers. */
  downloads?: D;
  /** Routes beyond the calls (sockets, streams, media), registered in the modules' order. */
  register?: (app: FastifyInstance) => Promise<void> | void;
  /** The device calls' resolver, when the module owns devices (the corporate TV). */
  devices?: DeviceResolver;
}

/** A module: its name, the modules it needs, and how it is built. */
export interface AppModule<
  N extends ModuleName = ModuleName,
  H extends Partial<CallHandlers> = Partial<CallHandlers>,
  D extends Partial<DownloadHandlers> = Partial<DownloadHandlers>,
> {
  name: N;
  needs: readonly ModuleName[];
  build(
    platform: Platform,
    use: <K extends ModuleName>(name: K) => ModuleExports[K],
  ):
    | Promise<ModuleParts<H, D> & { exports: ModuleExports[N] }>
    | (ModuleParts<H, D> & { exports: ModuleExports[N] });
}

/** Declares a module; the identity function keeps its handlers' types for the exhaustive check. */
export function defineModule<
  const N extends ModuleName,
  H extends Partial<CallHandlers> = Record<never, never>,
  D extends Partial<DownloadHandlers> = Record<never, never>,
>(module: AppModule<N, H, D>): AppModule<N, H, D> {
  return module;
}

/** What the built modules hand buildApp: every handler, download and extra route. */
export interface BuiltModules {
  handlers: Partial<CallHandlers>;
  downloads: Partial<DownloadHandlers>;
  registers: Array<(app: FastifyInstance) => Promise<void> | void>;
  devices: DeviceResolver | undefined;
}

/**
 * Builds the modules in an order where each comes after those it needs (a module naming one
 * that is not listed, or a circle of needs, fails at once), and gathers their parts. A module may
 * use only what it declared it needs: `use` refuses any other, so the declared order is the real one.
 */
export async function buildModules(platform: Platform, modules: readonly AppModule[]): Promise<BuiltModules> {
  const byName = new Map(modules.map((module) => [module.name, module]));
  const built = new Map<ModuleName, unknown>();
  const visiting = new Set<ModuleName>();
  const result: BuiltModules = { handlers: {}, downloads: {}, registers: [], devices: undefined };

  async function build(module: AppModule): Promise<void> {
    if (built.has(module.name)) return;
    if (visiting.has(module.name)) throw new Error(`modules: a circle of needs through ${module.name}`);
    visiting.add(module.name);
    for (const need of module.needs) {
      const needed = byName.get(need);
      if (!needed) throw new Error(`modules: ${module.name} needs ${need}, which is not listed`);
      await build(needed);
    }
    const use = <K extends ModuleName>(name: K): ModuleExports[K] => {
      if (!module.needs.includes(name))
        throw new Error(`modules: ${module.name} uses ${name} without needing it`);
      return built.get(name) as ModuleExports[K];
    };
    const parts = await module.build(platform, use);
    built.set(module.name, parts.exports);
    visiting.delete(module.name);
    for (const [kind, given] of [
      ['handlers', parts.handlers],
      ['downloads', parts.downloads],
    ] as const) {
      for (const name of Object.keys(given ?? {})) {
        if (name in result[kind]) throw new Error(`modules: ${name} is handled twice (${module.name})`);
      }
      Object.assign(result[kind], given);
    }
    if (parts.register) result.registers.push(parts.register);
    if (parts.devices) result.devices = parts.devices;
  }

  for (const module of modules) await build(module);
  return result;
}

/** The handlers of a list of modules, joined: what buildApp checks covers every call. */
export type HandlersOf<M extends readonly AppModule[]> = UnionToIntersection<
  M[number] extends infer E
    ? E extends AppModule<ModuleName, infer H, Partial<DownloadHandlers>>
      ? H
      : never
    : never
>;
export type DownloadsOf<M extends readonly AppModule[]> = UnionToIntersection<
  M[number] extends infer E
    ? E extends AppModule<ModuleName, Partial<CallHandlers>, infer D>
      ? D
      : never
    : never
>;
type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (
  value: infer I,
) => void
  ? I
  : never;
