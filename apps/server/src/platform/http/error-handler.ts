import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorStatus, type ErrorBody, type ErrorCode, type ValidationErrorBody } from '@elo/contract/errors';
import { isDatabaseUnavailable } from '../../db/client.ts';
import { languageFromHeader, translatorFor } from '../i18n.ts';
import { AppError } from './app-error.ts';

/** Fastify's own failures (body parsing and the like) mapped to our codes. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const candidate = error as Partial<FastifyError> & { code?: string };
  if (candidate.code && fastifyCodes[candidate.code]) return new AppError(fastifyCodes[candidate.code]!);
  if (error instanceof SyntaxError && candidate.statusCode === 400) return new AppError('MALFORMED_BODY');
  // A unique violation from PostgreSQL, found on the error or its cause (drizzle wraps it).
  const pgCode = candidate.code ?? (candidate as { cause?: { code?: string } }).cause?.code;
  if (pgCode === '23505') return new AppError('CONFLICT');
  // PostgreSQL down, frozen or refusing connections: the call may work again in a moment.
  if (isDatabaseUnavailable(error)) return new AppError('SERVICE_UNAVAILABLE');
  return undefined;
}

/** Words an AppError's field messages: services name catalogue keys, the caller's language words them. */
export function translateFieldErrors(
  fieldErrors: NonNullable<AppError['fieldErrors']>,
  t: (key: string, params?: Record<string, unknown>) => string,
): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, messages]) => [
      field,
      messages.map((text) => {
        if (typeof text !== 'string') return t(text.key, text.params);
        return text.startsWith('validation.') ? t(text) : text;
      }),
    ]),
  );
}

/** Sends an AppError in the spec's shape, translated into the request's language. */
export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const t = translatorFor(languageFromHeader(request.headers['accept-language']));
  const message = t(`errors.${error.code}`, error.params);
  const status = errorStatus[error.code];
  if (error.fieldErrors) {
    const errors = translateFieldErrors(error.fieldErrors, t);
    const body: ValidationErrorBody = { message, errors };
    return reply.status(status).send(body);
  }
  const body: ErrorBody = { message, error_code: error.code };
  if (error.retryAfter !== undefined) {
    body.retryAfter = error.retryAfter;
    void reply.header('retry-after', String(error.retryAfter));
  }
  return reply.status(status).send(body);
}

/**
 * Every error leaves in the spec's shape. Unexpected ones are logged whole and answered with a
 * generic 500: their message may hold SQL or query parameters and never reaches a client.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const known = toAppError(error);
    if (known) {
      if (errorStatus[known.code] >= 500) request.log.error({ err: error }, 'request failed');
      return sendAppError(request, reply, known);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendAppError(request, reply, new AppError('INTERNAL_ERROR'));
  });
}
