/**
 * Error codes the API answers with, and the one table that maps each to its HTTP status.
 * Every code has a translated message in the i18n catalogues under `errors.<code>`.
 */
export const errorStatus = {
  VALIDATION_FAILED: 422,
  MALFORMED_BODY: 400,
  /** A multipart body that cannot be read: no or a wrong boundary, a part header that does not parse, a body cut short. */
  MULTIPART_MALFORMED: 400,
  /** An address the router cannot read (a bad percent escape, text that is not UTF-8). */
  MALFORMED_URL: 400,
  /** An address with a path parameter longer than any the API takes. */
  URL_TOO_LONG: 414,
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
  SURVEY_NOT_FOUND: 404,
  SURVEY_ACCESS_DENIED: 403,
  SURVEY_CLOSED: 409,
  SURVEY_ALREADY_ANSWERED: 409,
  SURVEY_APPLICATION_NOT_FOUND: 404,
  SURVEY_APPLICATION_FINISHED: 409,
  SURVEY_RESULTS_UNAVAILABLE: 403,
  SURVEY_QUESTION_LOCKED: 409,
  SURVEY_OPTION_LOCKED: 409,
  SURVEY_HAS_ANSWERS: 409,
  SURVEY_STATE_INVALID: 409,
  /** An anonymous survey's results (or a slice's) before enough people answered: exports refuse them. */
  SURVEY_RESULTS_HIDDEN: 409,
  /** A slice that, compared with the other slices, would single out fewer people than the minimum. */
  SURVEY_SLICE_HIDDEN: 409,
  NOT_FOUND: 404,
  CALL_NOT_FOUND: 404,
  CONFLICT: 409,
  /** A save carrying a versao older than the stored record's: someone saved it since; nothing written. */
  REGISTRO_ALTERADO: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** A multipart file over the spec's 60 MB. */
  FILE_TOO_LARGE: 413,
  /** A file over the call's own limit (an import file), the limit in the message. */
  FILE_OVER_LIMIT: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  /** Password sign-in or recovery for a company that signs in only through its identity provider. */
  SSO_ONLY: 403,
  /** Single sign-on asked for a company without it (or with it off). */
  SSO_NOT_AVAILABLE: 404,
  /** The identity provider's answer did not check out (state, nonce, code, signature, audience, replay). */
  SSO_SIGN_IN_FAILED: 401,
  /** The provider named a person the company does not have, and it does not create people on sign-in. */
  SSO_ACCOUNT_UNKNOWN: 403,
  /** The provider named a login outside the company's domains (or one another company holds). */
  SSO_DOMAIN_REFUSED: 403,
  SERVICE_UNAVAILABLE: 503,
  CHAT_NOT_MEMBER: 403,
  CHAT_FRAME_TOO_LARGE: 413,
  CHAT_RATE_LIMITED: 429,
  CHAT_TOO_MANY_CONNECTIONS: 429,
  CHAT_SLOW_CONSUMER: 503,
  CATALOG_ITEM_IN_USE: 409,
  DELETION_REQUEST_OPEN: 409,
  DELETION_REQUEST_CLOSED: 409,
  DELETION_MASTER_REFUSED: 409,
  ADMIN_REMOVAL_REFUSED: 409,
  ADMIN_NOT_APPROVED: 403,
  /** An administrator's access (login, e-mail, matricula, password, active flag) needs ADMIN_ADMINISTRADORES at E. */
  ACCESS_FIELDS_PROTECTED: 403,
  /** The master user's access is changed by the master only, never from the users area or the import. */
  MASTER_ACCESS_PROTECTED: 403,
  IMPORT_HAS_ERRORS: 422,
  IMPORT_TOO_MANY_ROWS: 413,
  /** An XLSX whose parts to read hold more than the import's allowance once uncompressed (a zip bomb). */
  IMPORT_WORKBOOK_TOO_LARGE: 413,
  /** The company's default group cannot be deleted (choose another default first). */
  GROUP_DEFAULT_UNDELETABLE: 409,
  /** A unit, branch, sector or position a group's audience rule names cannot be deleted. */
  CATALOG_ITEM_IN_RULES: 409,
  /** A publication already published cannot be scheduled, rescheduled or turned back to a draft. */
  PUBLICATION_ALREADY_PUBLISHED: 409,
  /** Rescheduling or cancelling the schedule of a publication that is not scheduled (a draft). */
  PUBLICATION_NOT_SCHEDULED: 409,
  /** A closed HR ticket (or one resolved more than seven days ago) takes no more messages. */
  TICKET_CLOSED: 409,
  /** An HR ticket is rated once, after its resolution. */
  TICKET_NOT_RESOLVED: 409,
  TICKET_ALREADY_RATED: 409,
  /** A ticket subject's confidentiality is changed only by an administrator assigned to that subject. */
  SUBJECT_CONFIDENTIALITY_FORBIDDEN: 403,
  /** A corporate TV call without a valid device token (missing, revoked, replaced or forged). */
  TV_NAO_AUTORIZADA: 401,
  /** A pairing code that expired, was used or never existed, or asked from another browser. */
  TV_CODIGO_INVALIDO: 404,
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
  /** 422 IMPORT_HAS_ERRORS: the import's per-row result (`ResultadoImportacao`), nothing written. */
  resultado?: unknown;
}
