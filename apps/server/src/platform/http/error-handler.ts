import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorStatus, type ErrorBody, type ErrorCode, type ValidationErrorBody } from '@elo/contract/errors';
import { isDatabaseUnavailable } from '../../db/client.ts';
import { languageFromHeader, translatorFor } from '../i18n.ts';
import { AppError, invalidFields } from './app-error.ts';

/** Fastify's own failures (body parsing and the like) mapped to our codes. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_BAD_URL: 'MALFORMED_URL',
  FST_ERR_MAX_PARAM_LENGTH: 'URL_TOO_LONG',
};

/**
 * Other client failures Fastify and its plugins report (multipart part, file and field limits, a
 * field named like a prototype property, a JSON field that does not parse), by their status.
 */
const fastifyStatusCodes: Partial<Record<number, ErrorCode>> = {
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * PostgreSQL's data exceptions (class 22: a NUL or bad byte in text, a number out of range, text
 * that is no number or date): a value the contract should have refused. The client sent it, so
 * it is theirs to fix (422); the log says which rule is missing.
 */
function isDataException(pgCode: string | undefined): boolean {
  return pgCode?.startsWith('22') ?? false;
}

/** PostgreSQL's SQLSTATE of a failed query, on the error or its cause (drizzle wraps it). */
function databaseErrorCode(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof candidate.code === 'string' ? candidate.code : candidate.cause?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** An error as the client may see it (an AppError, or a database refusal it maps), or undefined when unexpected. */
export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const candidate = error as Partial<FastifyError> & { code?: string };
  if (candidate.code && fastifyCodes[candidate.code]) return new AppError(fastifyCodes[candidate.code]!);
  if (error instanceof SyntaxError && candidate.statusCode === 400) return new AppError('MALFORMED_BODY');
  const status = candidate.statusCode ?? 500;
  if (candidate.code?.startsWith('FST_') && status >= 400 && status < 500)
    return new AppError(fastifyStatusCodes[status] ?? 'MALFORMED_BODY');
  // A unique violation from PostgreSQL, found on the error or its cause (drizzle wraps it).
  const pgCode = databaseErrorCode(error);
  if (pgCode === '23505') return new AppError('CONFLICT');
  if (isDataException(pgCode)) return invalidFields({ _body: ['validation.valueInvalid'] });
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

/**
 * An error's interpolation values, with those given as catalogue keys (`{key}`, a reason a service
 * names) worded in the caller's language.
 */
function wordedParams(
  params: Record<string, unknown>,
  t: (key: string, params?: Record<string, unknown>) => string,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      const keyed = typeof value === 'object' && value !== null && 'key' in value ? value.key : undefined;
      return [name, typeof keyed === 'string' ? t(keyed) : value];
    }),
  );
}

/** Sends an AppError in the spec's shape, translated into the request's language. */
export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const t = translatorFor(languageFromHeader(request.headers['accept-language']));
  const message = t(`errors.${error.code}`, wordedParams(error.params, t));
  const status = errorStatus[error.code];
  if (error.fieldErrors) {
    const errors = translateFieldErrors(error.fieldErrors, t);
    const body: ValidationErrorBody = { message, errors };
    return reply.status(status).send(body);
  }
  const body: ErrorBody = { ...error.details, message, error_code: error.code };
  if (error.retryAfter !== undefined) {
    body.retryAfter = error.retryAfter;
    void reply.header('retry-after', String(error.retryAfter));
  }
  return reply.status(status).send(body);
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals, before any route runs (an address with
 * a bad percent escape, a path parameter past the router's length), in the spec's shape too.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void sendAppError(request, reply, toAppError(error) ?? new AppError('INTERNAL_ERROR'));
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
      else if (isDataException(databaseErrorCode(error)))
        request.log.warn(
          { sqlState: databaseErrorCode(error) },
          'the database refused a value the contract let through',
        );
      return sendAppError(request, reply, known);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendAppError(request, reply, new AppError('INTERNAL_ERROR'));
  });
}
