import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

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

/** Structured JSON logs with request ids; secrets are censored wherever they could appear. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: { err: serializeError },
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
      ],
      censor: '[redacted]',
    },
  };
}
