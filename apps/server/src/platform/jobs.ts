import { createRequire } from 'node:module';
import type { Logger } from './logger.ts';
import PgBoss from 'pg-boss';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { afterCommit } from '../db/after-commit.ts';
import { executeSqlIn } from '../db/raw-sql.ts';

/**
 * Every job's name and the data it carries. A module adds its jobs by augmenting this interface
 * beside the code that sends them:
 *
 *     declare module '../../platform/jobs.ts' {
 *       interface JobPayloads { 'send-digest': { userId: number } }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface JobPayloads {}

/** The name of a job some module declared in JobPayloads. */
export type JobName = keyof JobPayloads & string;

/** What a handler is given: the job's id, its data and how many times it failed before. */
export interface Job<N extends JobName> {
  id: string;
  name: N;
  data: JobPayloads[N];
  /** 0 on the first run, 1 on the first retry… */
  retryCount: number;
}

/** Runs one job; it may run again after a crash or a retry, so it must be idempotent. */
export type JobHandler<N extends JobName> = (job: Job<N>) => Promise<void>;

/** A queue's rules, fixed when its handler is registered. */
export interface QueueOptions {
  /** Retries after the first failure (5 by default); then the job stays failed. */
  retryLimit?: number;
  /** Seconds before the first retry (10 by default); doubled at each next retry, with jitter. */
  retryDelaySeconds?: number;
  /** Exponential backoff (true by default); false retries after the same delay every time. */
  retryBackoff?: boolean;
  /** A run taking longer than this is failed and retried (15 minutes by default). */
  expireInSeconds?: number;
  /**
   * What a singletonKey means in this queue (pg-boss's policies): `short` keeps at most one waiting
   * job per key, `singleton` runs at most one per key at a time, `stately` both. `standard` (the
   * default) ignores keys, so sending one to it is refused.
   */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
}

export interface SendOptions {
  /** Not before this instant; the job runs at it (within the poll's interval if this node stops first). */
  startAfter?: Date;
  /** Deduplicates by the queue's policy (see QueueOptions.policy). */
  singletonKey?: string;
  /** Overrides the queue's retry limit for this job. */
  retryLimit?: number;
  /**
   * The caller's Drizzle transaction: the job is stored in it, so it exists if and only if the
   * transaction commits (a post and its publication job in one commit).
   */
  transaction?: Database;
}

export interface JobQueue {
  /** Declares the handler of a queue; call before start(). */
  register<N extends JobName>(name: N, handler: JobHandler<N>, options?: QueueOptions): void;
  /** Enqueues a job and returns its id, or null when the queue's policy dropped it as a duplicate. */
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions): Promise<string | null>;
  /** Cancels a job that has not run yet (an unscheduled publication); a finished job stays as it was. */
  cancel(name: JobName, id: string): Promise<void>;
  /**
   * Sends the job at every match of a cron expression (minute precision; America/Sao_Paulo unless
   * `tz` says otherwise), once across all nodes. One schedule per queue: scheduling again replaces
   * it. Stored in the database, so it survives restarts. Before start() it is kept and applied
   * when the queue starts, so a module declares its handler and its schedule together.
   */
  schedule<N extends JobName>(
    name: N,
    cron: string,
    data: JobPayloads[N],
    options?: { tz?: string },
  ): Promise<void>;
  /** Removes a queue's schedule. */
  unschedule(name: JobName): Promise<void>;
  /** The state of a job: created, retry, active, completed, cancelled or failed (null when unknown). */
  getState(name: JobName, id: string): Promise<JobState | null>;
  /** Creates the queues, then polls them and runs the cron schedules. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running handlers (up to the timeout given at creation). */
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The application's job queue (buildApp decorates the app with it). */
    jobs: JobQueue;
  }
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

const defaultQueueOptions: Required<QueueOptions> = {
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  policy: 'standard',
};

/** The default time zone of schedules: the company's clock, not the server's. */
export const scheduleTimeZone = 'America/Sao_Paulo';

/** The SQL texts pg-boss builds its statements from (its plans module, which it does not export). */
const pgBossPlans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  DEFAULT_SCHEMA: string;
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};

/**
 * The statements with which a pg-boss worker records a job's outcome once its handler returned or
 * threw. pg-boss runs them without awaiting them (Manager.watch), so one failing while PostgreSQL
 * is away would reach the process as an unhandled rejection; the queue catches and logs them
 * instead. Nothing else sends these two statements: this module never completes or fails a job
 * by hand.
 */
const failStatement = pgBossPlans.failJobsById(pgBossPlans.DEFAULT_SCHEMA);
const outcomeStatements = new Set([pgBossPlans.completeJobs(pgBossPlans.DEFAULT_SCHEMA), failStatement]);

/** How long after a job's instant its timer wakes the worker (see wakeAt). */
const wakeMarginMs = 20;

/** The longest delay a timer takes (setTimeout's limit). */
const maxTimerMs = 2 ** 31 - 1;

/**
 * The durable job queue: pg-boss on the application's PostgreSQL (embedded PGlite or a server),
 * in its own `pgboss` schema. Jobs survive restarts, each runs on one node, failures are retried
 * with backoff.
 *
 * When a job runs: the node that stores it wakes its own worker at the job's instant (at once for
 * a job due now, after the commit for one stored in a transaction, at its retry's instant for one
 * that failed here), and a worker that finished a job looks for the next one at once. The poll,
 * every `pollSeconds` on each queue, is the fallback for the rest: a job stored by a node that
 * stopped before its instant, a retry of a job whose node stopped, a cron schedule's job. Each poll is a query per queue, which on an idle embedded database cost 12 % of a core at
 * one second (16 queues).
 */
export function createJobQueue(options: {
  database: DatabaseHandle;
  log: Logger;
  /** How often each queue looks for due jobs it was not woken for (10 s by default; 0.5 s at least). */
  pollSeconds?: number;
  /** How long stop() waits for running handlers before failing them (to be retried). */
  stopTimeoutMs?: number;
}): JobQueue {
  const { database, log } = options;
  const pollSeconds = options.pollSeconds ?? 10;
  // Queries pg-boss has in flight and handlers running: stop() waits for both before the
  // database may close (pg-boss completes a job without awaiting it).
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };
  const executeSql = (text: string, values?: unknown[]) => {
    const run = track(database.executeSql(text, values));
    if (!outcomeStatements.has(text)) return run;
    if (text === failStatement) {
      void run.then(
        () => wakeForRetries(values?.[0] as string, values?.[1] as string[]),
        () => undefined,
      );
    }
    // The outcome is lost, not the job: it stays active until it expires (expireInSeconds), then
    // runs again, as after a crash; handlers are idempotent. A count of 0 is what pg-boss reads back.
    return run.catch((error: unknown) => {
      log.warn({ err: error, job: { name: values?.[0], ids: values?.[1] } }, 'job outcome not recorded');
      return { rows: [{ count: '0' }] };
    });
  };
  const boss = new PgBoss({
    db: { executeSql },
    // Cron schedules (minute precision) are checked every 10 s, and their jobs handed over within
    // 5 s; the job then waits for its queue's poll.
    cronMonitorIntervalSeconds: 10,
    cronWorkerIntervalSeconds: 5,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));

  const handlers = new Map<string, { handler: JobHandler<JobName>; options: Required<QueueOptions> }>();
  const workerIds = new Map<string, string>();
  let started: Promise<void> | undefined;
  let stopped = false;
  // Schedules declared before start(), applied once the queues exist.
  const schedules: { name: string; cron: string; data: object; tz: string }[] = [];

  // Timers that wake a queue's worker on this node when a job it stored falls due.
  const timers = new Set<NodeJS.Timeout>();
  const wakeAt = (name: string, at: Date | undefined) => {
    const workerId = workerIds.get(name);
    if (!workerId || stopped) return;
    // A worker takes a job once `start_after < now()`, strictly. A retry's instant has
    // microseconds that its Date drops, and PGlite's now() reads the clock to the millisecond
    // (Date.now()): woken at the bare instant, the worker may fetch within that millisecond, find
    // the job not yet due, and sleep until its poll. The margin lets the instant pass first.
    const delay = at ? at.getTime() + wakeMarginMs - Date.now() : 0;
    if (delay <= 0) {
      boss.notifyWorker(workerId);
      return;
    }
    // Past a timer's range (about 24 days) the poll finds the job.
    if (delay > maxTimerMs) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      boss.notifyWorker(workerId);
    }, delay);
    timer.unref();
    timers.add(timer);
  };

  /**
   * Jobs that failed on this node are retried at the instant pg-boss gave them (its backoff, with
   * jitter), by this node's worker, rather than at the next poll.
   */
  const wakeForRetries = (name: string, ids: string[]) => {
    if (stopped || !workerIds.has(name)) return;
    for (const id of ids) {
      void track(boss.getJobById(name, id))
        .then((job) => {
          if (job?.state === 'retry') wakeAt(name, new Date(job.startAfter));
        })
        .catch((error: unknown) => log.warn({ err: error, job: { name, id } }, 'job retry not woken'));
    }
  };

  const whenStarted = async () => {
    if (!started) throw new Error('the job queue is not started');
    await started;
  };

  const queueOptions = (name: string) => {
    const queue = handlers.get(name);
    if (!queue) throw new Error(`no job handler registered for ${name}`);
    return queue.options;
  };

  const runJob = async (name: string, job: PgBoss.JobWithMetadata<unknown>) => {
    const queue = handlers.get(name)!;
    try {
      await queue.handler({
        id: job.id,
        name: name as JobName,
        data: job.data as JobPayloads[JobName],
        retryCount: job.retryCount,
      });
    } catch (error) {
      log.warn({ err: error, job: { name, id: job.id, retryCount: job.retryCount } }, 'job failed');
      throw error;
    }
  };

  return {
    register(name, handler, queue = {}) {
      if (started) throw new Error(`register ${name} before the job queue starts`);
      if (handlers.has(name)) throw new Error(`job ${name} is registered twice`);
      handlers.set(name, {
        handler: handler as unknown as JobHandler<JobName>,
        options: { ...defaultQueueOptions, ...queue },
      });
    },

    async send(name, data, send = {}) {
      const queue = queueOptions(name);
      if (send.singletonKey !== undefined && queue.policy === 'standard') {
        throw new Error(`queue ${name} has the standard policy, which ignores singleton keys`);
      }
      await whenStarted();
      const id = await boss.send(name, data as object, {
        ...(send.startAfter ? { startAfter: send.startAfter } : {}),
        ...(send.singletonKey !== undefined ? { singletonKey: send.singletonKey } : {}),
        ...(send.retryLimit !== undefined ? { retryLimit: send.retryLimit } : {}),
        ...(send.transaction ? { db: transactionAdapter(send.transaction) } : {}),
      });
      // This node's worker takes the job at its instant (at once when it is due now), once the
      // transaction that stores it has committed, instead of at the next poll.
      if (id) {
        const wake = () => wakeAt(name, send.startAfter);
        if (send.transaction) afterCommit(send.transaction, wake);
        else wake();
      }
      return id;
    },

    async cancel(name, id) {
      await whenStarted();
      await boss.cancel(name, id);
    },

    async schedule(name, cron, data, scheduleOptions = {}) {
      queueOptions(name);
      const schedule = { name, cron, data: data as object, tz: scheduleOptions.tz ?? scheduleTimeZone };
      if (!started) {
        schedules.push(schedule);
        return;
      }
      await started;
      await boss.schedule(name, cron, schedule.data, { tz: schedule.tz });
    },

    async unschedule(name) {
      await whenStarted();
      await boss.unschedule(name);
    },

    async getState(name, id) {
      await whenStarted();
      const job = await boss.getJobById(name, id);
      return job?.state ?? null;
    },

    start() {
      started ??= (async () => {
        await boss.start();
        for (const [name, queue] of handlers) {
          const rules = {
            policy: queue.options.policy,
            retryLimit: queue.options.retryLimit,
            retryDelay: queue.options.retryDelaySeconds,
            retryBackoff: queue.options.retryBackoff,
            expireInSeconds: queue.options.expireInSeconds,
          };
          // Creating is a no-op for an existing queue; updating applies rules changed since.
          await createQueueRetryingDeadlocks(boss, name, { name, ...rules });
          await boss.updateQueue(name, { name, ...rules });
          const workerId = await boss.work(
            name,
            { pollingIntervalSeconds: pollSeconds, includeMetadata: true, batchSize: 1 },
            async ([job]) => {
              if (!job) return;
              try {
                await track(runJob(name, job));
              } finally {
                // The queue may hold more due jobs: look again at once rather than after a poll.
                const self = workerIds.get(name);
                if (self) boss.notifyWorker(self);
              }
            },
          );
          workerIds.set(name, workerId);
        }
        for (const schedule of schedules) {
          await boss.schedule(schedule.name, schedule.cron, schedule.data, { tz: schedule.tz });
        }
      })();
      return started;
    },

    async stop() {
      if (!started || stopped) return;
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await started.catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 8_000 });
      // pg-boss resolves stop() before its last queries (a completion, a poll) return.
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/** pg-boss's database interface over a Drizzle transaction: the job's insert joins it. */
function transactionAdapter(transaction: Database): PgBoss.Db {
  return { executeSql: (text, values) => executeSqlIn(transaction, text, values) };
}

/**
 * Nodes starting together on a new database create the same queues at once, and PostgreSQL may
 * abort one of them as a deadlock (both attach a partition); once the other has committed, the
 * creation finds the queue and does nothing.
 */
async function createQueueRetryingDeadlocks(boss: PgBoss, name: string, queue: PgBoss.Queue) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await boss.createQueue(name, queue);
      return;
    } catch (error) {
      const deadlock = (error as { code?: unknown }).code === '40P01';
      if (!deadlock || attempt === 5) throw error;
    }
  }
}
