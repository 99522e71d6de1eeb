import type { FastifyServerOptions } from 'fastify';

/** Structured JSON logs; secrets are censored wherever they could appear. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
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
