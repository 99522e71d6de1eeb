import type { CallName, Calls } from '@elo/contract/calls/registry';
import type { CallInput, CallOutput } from '@elo/contract/define-call';
import { isErrorCode, type ErrorCode } from '@elo/contract/errors';
import { limits } from '@elo/contract/limits';

/** Statuses that mean the session is gone: 401, and 419 for an expired session token (spec section 8). */
export const sessionExpiredStatuses: readonly number[] = [401, 419];

/** A failed call, with what spec section 8 says a client reads from the answer. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 500 when there was no answer at all. */
  readonly status: number;
  readonly errorCode: ErrorCode | null;
  /** The first message of each invalid field (422). */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** Seconds until a throttled call may be retried (429). */
  readonly retryAfter: number | null;
  /** The whole error answer, for the few errors that carry more (422 IMPORT_HAS_ERRORS: `resultado`). */
  readonly body: Readonly<Record<string, unknown>>;

  constructor(init: {
    message: string;
    status?: number;
    errorCode?: ErrorCode | null;
    fieldErrors?: Record<string, string>;
    retryAfter?: number | null;
    body?: Record<string, unknown>;
  }) {
    super(init.message);
    this.status = init.status ?? 500;
    this.errorCode = init.errorCode ?? null;
    this.fieldErrors = init.fieldErrors ?? {};
    this.retryAfter = init.retryAfter ?? null;
    this.body = init.body ?? {};
  }
}

/** Whether an error says the session is gone (401 or 419). */
export function isSessionExpiredError(error: unknown): error is ApiError {
  return error instanceof ApiError && sessionExpiredStatuses.includes(error.status);
}

/**
 * The message to show for a failure (spec section 8): the first field error, else the answer's
 * message, else the Error's message, else the fallback. An empty string means "show nothing".
 */
export function pickErrorMessage(parts: {
  fieldErrors?: Readonly<Record<string, string>> | null;
  responseMessage?: string | null;
  errorMessage?: string | null;
  fallback: string;
}): string {
  const firstFieldError = parts.fieldErrors ? Object.values(parts.fieldErrors)[0] : undefined;
  return firstFieldError ?? parts.responseMessage ?? parts.errorMessage ?? parts.fallback;
}

/** The message to show for anything a call or a handler threw. */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return pickErrorMessage({ errorMessage: error.message, fallback });
  return fallback;
}

/** Translated texts for failures that carry no message of their own. */
export interface ErrorTexts {
  fallback: string;
  network: string;
  timeout: string;
}

export interface ApiClientOptions {
  /** Where the calls live; `/backend` in the app. */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Sent as Accept-Language so the server answers in the page's language. */
  getLanguage: () => string;
  getErrorTexts: () => ErrorTexts;
  /**
   * Called when a call answers 401 or 419. The spec's "second client variant" leaves it out and
   * never redirects (sign-in and "who is signed in?" use that one).
   */
  onSessionExpired?: () => void;
  /** Headers every call of this client adds (the corporate TV's device token); none by default. */
  getHeaders?: () => Record<string, string>;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Sends the input as multipart/form-data even without a file: a call the contract declares
   * multipart (publicaPostagemTimeline) takes only that, whatever the post holds.
   */
  multipart?: boolean;
  /** Milliseconds to wait for the answer when a call may take long (an import); `limits.httpTimeoutMs` otherwise. */
  timeoutMs?: number;
  /** Lets the request outlive the page (a last report sent as the page is hidden or closed). */
  keepalive?: boolean;
}

/** One typed function per call of the contract, named as the call. */
export type ApiClient = {
  [Name in CallName]: (
    input: CallInput<Calls[Name]>,
    options?: CallOptions,
  ) => Promise<CallOutput<Calls[Name]>>;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstMessagePerField(errors: unknown): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  if (!isRecord(errors)) return fieldErrors;
  for (const [field, messages] of Object.entries(errors)) {
    const first: unknown = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string') fieldErrors[field] = first;
  }
  return fieldErrors;
}

/** Reads an error answer (any shape, even not JSON) into an ApiError. */
export function toApiError(status: number, body: unknown, texts: ErrorTexts): ApiError {
  const answer = isRecord(body) ? body : {};
  const fieldErrors = firstMessagePerField(answer.errors);
  const responseMessage = typeof answer.message === 'string' ? answer.message : null;
  return new ApiError({
    status,
    errorCode: isErrorCode(answer.error_code) ? answer.error_code : null,
    fieldErrors,
    retryAfter: typeof answer.retryAfter === 'number' ? answer.retryAfter : null,
    body: answer,
    message: pickErrorMessage({ fieldErrors, responseMessage, fallback: texts.fallback }),
  });
}

/** Files travel as multipart; everything else as JSON. */
function carriesFiles(input: unknown): boolean {
  if (!isRecord(input)) return false;
  return Object.values(input).some((value) =>
    Array.isArray(value) ? value.some((item) => item instanceof Blob) : value instanceof Blob,
  );
}

function toFormData(input: unknown): FormData {
  const form = new FormData();
  if (!isRecord(input)) return form;
  for (const [key, value] of Object.entries(input)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      form.append(key, item instanceof Blob ? item : String(item));
    }
  }
  return form;
}

function withTimeout(timeoutMs: number, signal: AbortSignal | undefined): AbortSignal {
  // AbortSignal.any arrived in Chromium 116: the browsers of some TVs and signage players (the
  // corporate TV's screens) are older, so the two signals are joined by hand there.
  if (typeof AbortSignal.any !== 'function') return joinedSignal(timeoutMs, signal);
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** A signal that aborts with the caller's, or with a TimeoutError after `timeoutMs`. */
export function joinedSignal(timeoutMs: number, signal: AbortSignal | undefined): AbortSignal {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The call took too long.', 'TimeoutError')),
    timeoutMs,
  );
  const follow = () => {
    clearTimeout(timer);
    controller.abort(signal?.reason);
  };
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  return controller.signal;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page, for instance: the status still tells what happened.
    return null;
  }
}

/** Builds the typed client from the contract's registry: one function per call, no per-call code. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '/backend';
  const timeoutMs = options.timeoutMs ?? limits.httpTimeoutMs;
  const fetchCall = options.fetch ?? ((input, init) => fetch(input, init));

  async function send(name: string, input: unknown, callOptions: CallOptions = {}) {
    const multipart = callOptions.multipart === true || carriesFiles(input);
    const headers: Record<string, string> = {
      'X-Requested-With': 'XMLHttpRequest',
      'Accept-Language': options.getLanguage(),
      Accept: 'application/json',
      ...options.getHeaders?.(),
    };
    // The browser sets the multipart boundary itself; only JSON needs a content type.
    if (!multipart) headers['Content-Type'] = 'application/json';
    const body = multipart ? toFormData(input) : JSON.stringify(input ?? {});

    let response: Response;
    let answer: unknown;
    try {
      response = await fetchCall(`${baseUrl}/${name}`, {
        method: 'POST',
        credentials: 'include',
        headers,
        body,
        ...(callOptions.keepalive ? { keepalive: true } : {}),
        signal: withTimeout(callOptions.timeoutMs ?? timeoutMs, callOptions.signal),
      });
      answer = await readJson(response);
    } catch (error) {
      // A caller that cancelled (a query unmounting) gets its own abort back, not an error to show.
      if (callOptions.signal?.aborted) throw error;
      const texts = options.getErrorTexts();
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new ApiError({ message: timedOut ? texts.timeout : texts.network });
    }

    if (response.ok && isRecord(answer) && 'data' in answer) return answer.data;
    const error = toApiError(response.ok ? 500 : response.status, answer, options.getErrorTexts());
    if (sessionExpiredStatuses.includes(error.status)) options.onSessionExpired?.();
    throw error;
  }

  // Typed by the contract, built by name at run time: no schema reaches the bundle, so the
  // first load does not grow with every call the contract gains.
  const functions = new Map<string, (input: unknown, callOptions?: CallOptions) => Promise<unknown>>();
  return new Proxy({} as ApiClient, {
    get(_target, name) {
      if (typeof name !== 'string') return undefined;
      let fn = functions.get(name);
      if (!fn) {
        fn = (input, callOptions) => send(name, input, callOptions);
        functions.set(name, fn);
      }
      return fn;
    },
  });
}
