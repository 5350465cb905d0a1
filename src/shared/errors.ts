// Error codes and the SPEC §8 messages: one error shape for every API response.
export const MESSAGES = {
  badRequest: 'Please review the page for field entry errors, shown in red.',
  notFound: '404: Resource not found.',
  forbidden: 'Access Denied.',
  serverError: '500: Server Error.',
  invalidRequest: 'Invalid request',
  signInFailed: 'The email or password is incorrect, or the account is locked. Try again later.',
  conflict: 'This record was changed by someone else.',
} as const;

/** A 400's message to a program calling with a token (the screens keep MESSAGES.badRequest). */
export const API_BAD_REQUEST =
  'The request has values that are not valid: form.fields names each field with its problems, form.errors the problems of the request as a whole.';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'LOGIN'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'SIGN_IN_FAILED'
  | 'TOO_MANY_REQUESTS'
  | 'SERVER_ERROR';

/** The one error shape of every failed API call (ARCHITECTURE §3). */
export type ApiErrorBody = {
  message: string;
  code: ErrorCode;
  /** Present on 401: the client goes to /login. */
  reason?: 'LOGIN';
  form: { errors: string[]; fields: Record<string, string[]> };
  /** Present on 409: the record as it is now, for the "changed by" message. */
  current?: unknown;
};

export const STATUS_MESSAGES: Record<number, string> = {
  400: MESSAGES.badRequest,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  500: MESSAGES.serverError,
};
