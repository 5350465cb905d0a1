// The one HTTP client of SPEC §7/§8: credentials, the XMLHttpRequest marker, status handling, error messages.
import { type ApiErrorBody, MESSAGES, STATUS_MESSAGES } from '../../shared/errors';
import { withNext } from '../../shared/next-path';

export type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  signal?: AbortSignal;
  query?: Query;
  /** false: an expired session only rejects (loaders redirect themselves); default true goes to /login. */
  redirectOnLogin?: boolean;
  /** Extra request headers (such as Idempotency-Key); they never replace the ones this client sets. */
  headers?: Record<string, string>;
};

/** A failed call: the SPEC §8 message to show, plus what the server said about fields. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly reason: 'LOGIN' | undefined;
  readonly errors: string[];
  readonly fields: Record<string, string[]>;
  readonly current: unknown;

  constructor(
    message: string,
    init: {
      status: number;
      code?: string;
      reason?: 'LOGIN';
      errors?: string[];
      fields?: Record<string, string[]>;
      current?: unknown;
    },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.reason = init.reason;
    this.errors = init.errors ?? [];
    this.fields = init.fields ?? {};
    this.current = init.current;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Said when a call finds no network, in the offline feature's words: what is shown stays, and loads again. */
export const OFFLINE_MESSAGE = 'You are offline. SD6 loads this again when the network is back.';

/** A call that reached no server (no network, or the server could not be reached): status 0. */
export function networkFailure(): ApiError {
  return new ApiError(OFFLINE_MESSAGE, { status: 0, code: 'OFFLINE' });
}

export function isNetworkFailure(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 0;
}

/** What a refused call says: its form and field messages (without repeats), else its message; nothing for none. */
export function errorMessages(error: unknown): string[] {
  if (!error) return [];
  if (!isApiError(error)) return [error instanceof Error ? error.message : String(error)];
  const specific = [...error.errors, ...Object.values(error.fields).flat()].filter(Boolean);
  return [...new Set(specific.length ? specific : [error.message])];
}

/** Where an expired session goes: /login, carrying the page it was on so signing in again returns there. */
export function expiredSessionPath(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return withNext('/login', `${location.pathname}${location.search}${location.hash}`);
}

/** An expired session: sign in again, then back to this page (tests replace it). */
let loginHandler: () => void = () => {
  if (window.location.pathname !== '/login') window.location.assign(expiredSessionPath(window.location));
};

export function setLoginHandler(handler: () => void): void {
  loginHandler = handler;
}

export function withQuery(url: string, query?: Query): string {
  if (!query) return url;
  const parts = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  if (parts.length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${parts.join('&')}`;
}

/** A call that was redirected to the login page (not an API path such as /api/auth/login) means the session expired. */
export function endsWithLogin(responseUrl: string): boolean {
  if (!responseUrl) return false;
  try {
    const path = new URL(responseUrl, window.location.href).pathname.replace(/\/+$/, '');
    return path.endsWith('/login') && !path.startsWith('/api/');
  } catch {
    return false;
  }
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text());
}

export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function asErrorBody(body: unknown): Partial<ApiErrorBody> {
  return body && typeof body === 'object' ? (body as Partial<ApiErrorBody>) : {};
}

/** SPEC §8: form error list joined with line breaks, else the server message, else the status message. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const b = asErrorBody(body);
  const formErrors = Array.isArray(b.form?.errors) ? b.form.errors.filter((e) => typeof e === 'string') : [];
  const fields = b.form?.fields && typeof b.form.fields === 'object' ? b.form.fields : {};
  const serverMessage = typeof b.message === 'string' && b.message.trim() ? b.message : undefined;
  const message =
    formErrors.length > 0
      ? formErrors.join('\n')
      : (serverMessage ?? STATUS_MESSAGES[status] ?? MESSAGES.invalidRequest);
  return new ApiError(message, {
    status,
    code: typeof b.code === 'string' ? b.code : undefined,
    reason: b.reason === 'LOGIN' || status === 401 ? 'LOGIN' : undefined,
    errors: formErrors,
    fields,
    current: b.current,
  });
}

export function loginRequired(options: RequestOptions, status: number): ApiError {
  if (options.redirectOnLogin !== false) loginHandler();
  return new ApiError(MESSAGES.invalidRequest, { status, code: 'LOGIN', reason: 'LOGIN' });
}

export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH',
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(withQuery(url, options.query), {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    // Cancellation is not a failure: let the caller (TanStack Query) see the AbortError.
    if (options.signal?.aborted) throw error;
    throw networkFailure();
  }
  if (response.status === 401) {
    throw loginRequired(options, 401);
  }
  if (endsWithLogin(response.url)) {
    throw loginRequired(options, response.status);
  }
  const payload = await readBody(response);
  if (response.status >= 200 && response.status < 400) return payload as T;
  throw errorFromResponse(response.status, payload);
}

export function apiGet<T>(url: string, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('GET', url, undefined, options);
}

export function apiPost<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('POST', url, body, options);
}

export function apiDelete<T>(url: string, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('DELETE', url, undefined, options);
}
