import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Put before every Redis key and chat channel, so deployments can share one Redis server. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]*$/, 'letters, digits and : . - _ only')
    .default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Minutes of inactivity after which a session ends. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  /** Hours after sign-in after which a session ends, however active. */
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(12),
  /** Trust X-Forwarded-* from a reverse proxy (needed for the Secure cookie behind HTTPS). */
  TRUST_PROXY: booleanFromEnv.default(false),
  /** auto seeds the demo company on an empty database; always re-runs the idempotent seed. */
  SEED: z.enum(['auto', 'never', 'always']).default('auto'),
  /** Where the built SPA lives; served when present. */
  WEB_DIST: z
    .string()
    .min(1)
    .default(path.resolve(import.meta.dirname, '../../web/dist')),
  /** Password hashes computed at once; more wait their turn so a login storm cannot starve the API. */
  HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Timeline cards kept in each node's memory (0 turns the cache off). */
  TIMELINE_CARD_CACHE: z.coerce.number().int().min(0).max(1_000_000).default(5_000),
  /** Failed sign-ins allowed per account, and per address, in one window. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  LOGIN_BLOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** Calls of the account flows (first access, password requests) allowed per address, and per login, in 15 minutes. */
  ACCOUNT_MAX_CALLS_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  ACCOUNT_MAX_CALLS_PER_LOGIN: z.coerce.number().int().min(1).default(20),
  /**
   * Corporate TV pairing calls (codes asked and polled) allowed per address in 15 minutes: a screen
   * waiting to be paired polls every 5 s (180 calls), so about 16 such screens behind one address.
   */
  TV_MAX_CALLS_PER_ADDRESS: z.coerce.number().int().min(1).default(3000),
  /** Wrong, stale or used TV pairing codes one address may try in 15 minutes. */
  TV_MAX_CODE_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** Calls (content, event stream) one paired TV screen may make per minute. */
  TV_MAX_DEVICE_CALLS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** View reports (registraVisualizacoes) a person may send per minute; the portal sends about 15. */
  VIEW_REPORTS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** The portal's address as people reach it, for links in e-mails. */
  PUBLIC_URL: z.url().optional(),
  /**
   * Other origins (scheme://host[:port], comma-separated) whose pages may open the chat socket,
   * besides PUBLIC_URL's own; in development the Vite server's by default.
   */
  ALLOWED_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url().transform((origin) => new URL(origin).origin)))
    .optional(),
  /** Signs provisional tokens and keys SMS code hashes; generated under DATA_DIR when unset (set it on several nodes). */
  SECRET_KEY: z.string().min(32, 'must have at least 32 characters').optional(),
  /** smtp://user:pass@host:port or smtps://…; without it e-mails go to DATA_DIR/outbox.jsonl. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Elo <nao-responda@elo.local>'),
  /** A JSON webhook that delivers SMS ({to, message}, Bearer token); without it SMS go to the outbox. */
  SMS_PROVIDER_URL: z.url().optional(),
  SMS_PROVIDER_TOKEN: z.string().min(1).optional(),
  /**
   * The VAPID key pair web push is signed with (base64url, as web-push's generateVAPIDKeys gives
   * them); without them the server makes a pair on first start and keeps it in the database.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[\w-]{80,100}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[\w-]{40,50}$/, 'must be a base64url P-256 private key')
    .optional(),
  /** Who runs this server, for push services (a mailto: or https: address; iOS refuses others). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: address')
    .default('mailto:nao-responda@elo.local'),
  /**
   * Push endpoints are accepted only as https: URLs of public hosts; these URL prefixes
   * (comma-separated) are accepted too: a private push service, or a test's stand-in.
   */
  PUSH_ENDPOINTS_ALLOW: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((prefix) => prefix.trim())
        .filter(Boolean),
    )
    .optional(),
  /**
   * Lets single sign-on use identity providers over plain http: (a test's local provider); never
   * in production, where the issuer's discovery and tokens must travel over TLS.
   */
  SSO_ALLOW_INSECURE_ISSUER: booleanFromEnv.default(false),
  /** With a bucket, media live in S3-compatible storage (needed with several nodes) instead of DATA_DIR/media. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** The S3-compatible server's address (MinIO, Ceph…); unset for AWS itself. */
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(true),
  /** Chat frames one socket may send in 10 s before it is answered with an error. */
  CHAT_FRAMES_PER_WINDOW: z.coerce.number().int().min(1).default(60),
  /** Chat sockets one user may hold on one node. */
  CHAT_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).default(10),
  /** How often each node checks that its chat sockets' sessions are still live (idle or absolute expiry). */
  CHAT_SESSION_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /** Bytes waiting for a slow chat client before it is disconnected. */
  CHAT_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 * 1024),
});

export type Config = z.infer<typeof envSchema> & { PUBLIC_URL: string; ALLOWED_ORIGINS: string[] };

/** Where `npm run dev -w @elo/web` serves the SPA, proxying the API and the chat socket. */
const viteDevOrigins = ['http://localhost:5173', 'http://127.0.0.1:5173'];

/** Raised when the environment is invalid: one line per bad variable. */
export class ConfigError extends Error {}

/** Reads and validates the environment once; throws a readable error naming each bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const data = result.data;
  return {
    ...data,
    DATA_DIR: path.resolve(data.DATA_DIR),
    PUBLIC_URL: (data.PUBLIC_URL ?? `http://localhost:${data.PORT}`).replace(/\/+$/, ''),
    ALLOWED_ORIGINS: data.ALLOWED_ORIGINS ?? (data.NODE_ENV === 'development' ? viteDevOrigins : []),
  };
}
