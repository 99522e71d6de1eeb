import type { Catalogue } from './catalogue.ts';

/** English: the fallback language. */
export const en: Catalogue = {
  errors: {
    VALIDATION_FAILED: 'Oops! It looks like you tried to save without filling in all the required data',
    MALFORMED_BODY: 'The request could not be read: send valid JSON.',
    SESSION_EXPIRED: 'Session expired',
    INVALID_CREDENTIALS: 'Invalid login or password.',
    CSRF_HEADER_MISSING: 'Request refused: the X-Requested-With header is missing.',
    FORBIDDEN: 'You do not have access to this feature.',
    FIRST_ACCESS_REQUIRED: 'This is your first access. Complete the first access to set your password.',
    ACCOUNT_INACTIVE: 'This account is deactivated. Contact the administrator.',
    NOT_FOUND: 'Record not found.',
    CALL_NOT_FOUND: 'Unknown call.',
    CONFLICT: 'This record already exists.',
    PAYLOAD_TOO_LARGE: 'The request is too large.',
    UNSUPPORTED_MEDIA_TYPE: 'Unsupported request format.',
    TOO_MANY_REQUESTS: 'Too many attempts. Wait {{minutes}} minute(s) and try again.',
    INTERNAL_ERROR: 'An unexpected error occurred. Please try again.',
    SERVICE_UNAVAILABLE: 'Service temporarily unavailable. Try again shortly.',
  },
  validation: {
    required: 'This field is required',
    email: 'Enter a valid e-mail',
    tooLong: 'Enter at most {{max}} characters',
    functionNameMax: 'Enter a name with at most 16 characters',
  },
};
