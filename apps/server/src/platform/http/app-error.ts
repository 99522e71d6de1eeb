import type { ErrorCode } from '@elo/contract/errors';

/** A field's message: worded already, a catalogue key, or a key with its interpolation values. */
export type FieldMessage = string | { key: string; params: Record<string, unknown> };

/** A failure a client may meet; the error handler turns it into the spec's error shape. */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Interpolation values for the translated message. */
  readonly params: Record<string, unknown>;
  /** Field → messages, for 422 answers. */
  readonly fieldErrors: Record<string, FieldMessage[]> | undefined;
  /** Seconds until retry, for 429 answers. */
  readonly retryAfter: number | undefined;
  /**
   * What the answer carries besides message and error_code, for the few errors whose contract says
   * so (422 IMPORT_HAS_ERRORS carries `resultado`, the same per-row result a simulation answers).
   */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      params?: Record<string, unknown>;
      fieldErrors?: Record<string, FieldMessage[]>;
      retryAfter?: number;
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.params = options.params ?? {};
    this.fieldErrors = options.fieldErrors;
    this.retryAfter = options.retryAfter;
    this.details = options.details;
  }
}

/** A 422 on fields, each with catalogue keys (`validation.*`) or already-worded messages. */
export function invalidFields(fieldErrors: Record<string, FieldMessage[]>): AppError {
  return new AppError('VALIDATION_FAILED', { fieldErrors });
}

/** A throttled call: retry after the given milliseconds. */
export function tooManyRequests(msBeforeNext: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError('TOO_MANY_REQUESTS', { retryAfter, params: { minutes: Math.ceil(retryAfter / 60) } });
}
