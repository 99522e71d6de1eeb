/**
 * Error codes the API answers with, and the one table that maps each to its HTTP status.
 * Every code has a translated message in the i18n catalogues under `errors.<code>`.
 */
export const errorStatus = {
  VALIDATION_FAILED: 422,
  MALFORMED_BODY: 400,
  SESSION_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  CSRF_HEADER_MISSING: 403,
  FORBIDDEN: 403,
  FIRST_ACCESS_REQUIRED: 403,
  ACCOUNT_INACTIVE: 403,
  FIRST_ACCESS_INVALID: 401,
  FIRST_ACCESS_DONE: 409,
  TOKEN_INVALID: 410,
  DELIVERY_FAILED: 503,
  NOT_FOUND: 404,
  CALL_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatus, value);
}

/** 422 answer: the first message of each field is what the client shows beside it. */
export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}

/** Every other error answer. */
export interface ErrorBody {
  message: string;
  error_code: ErrorCode;
  /** Seconds until a throttled call may be retried (429 only). */
  retryAfter?: number;
}
