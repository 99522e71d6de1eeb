import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { stdSerializers, type DestinationStream, type LogFn } from 'pino';

/**
 * What services, jobs and senders log through: the levels of pino's logger, which Fastify's app and
 * request loggers are, so code outside routes needs no Fastify type.
 */
export interface Logger {
  fatal: LogFn;
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
  trace: LogFn;
}

/** Drizzle puts query parameters (hashes, tokens, personal data) into its error text: cut them. */
function withoutQueryParams(text: string | undefined): string | undefined {
  return text?.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');
}

function serializeError(error: Error) {
  const serialized = stdSerializers.err(error) as ReturnType<typeof stdSerializers.err> & {
    params?: unknown;
  };
  delete serialized.params;
  serialized.message = withoutQueryParams(serialized.message) ?? '';
  serialized.stack = withoutQueryParams(serialized.stack) ?? '';
  return serialized;
}

/** Pages whose next path segment is a secret (the e-mailed password link's token). */
const secretPathPrefixes = ['/resetarsenha/'];
/** Query parameters that carry secrets, whatever the route. */
const secretQueryParams =
  /^(token|tokenchat|tokenjwtprovisorio|codigojwtprovisorio|k|key|codigo|codigosms|code|senha|password|jwt)$/i;

/**
 * A URL as it may be logged: the segment after a secret path prefix and the values of secret
 * query parameters become `[redacted]`.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : url.slice(queryAt + 1);
  const lower = pathPart.toLowerCase();
  for (const prefix of secretPathPrefixes) {
    const at = lower.indexOf(prefix);
    if (at === -1) continue;
    const start = at + prefix.length;
    const end = pathPart.indexOf('/', start);
    pathPart = `${pathPart.slice(0, start)}[redacted]${end === -1 ? '' : pathPart.slice(end)}`;
  }
  if (query === undefined) return pathPart;
  const redactedQuery = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as it came.
      }
      return equals !== -1 && secretQueryParams.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${pathPart}?${redactedQuery}`;
}

/** The request as logged: Fastify's default fields, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Structured JSON logs with request ids; secrets are censored wherever they could appear. */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { err: serializeError, req: serializeRequest },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.senha',
        '*.password',
        '*.token',
        '*.tokenChat',
        '*.codigoSms',
        '*.codigo',
        '*.senhaAntiga',
        '*.senhaNova',
        '*.tokenRecuperacao',
        '*.tokenJwtProvisorio',
        '*.codigoJwtProvisorio',
      ],
      censor: '[redacted]',
    },
  };
}
