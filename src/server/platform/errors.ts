// One error shape for every failure (ARCHITECTURE §3): field errors keyed by field, SPEC §8 messages, no internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { API_BAD_REQUEST, type ApiErrorBody, type ErrorCode, MESSAGES } from '../../shared/errors.js';
import { INVALID_DAY } from '../../shared/schemas/path-date.js';
import { UndescribedFieldError } from './serializer.js';

export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields: FieldErrors = {},
    readonly formErrors: string[] = [],
    readonly current?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = () => new HttpError(404, 'NOT_FOUND', MESSAGES.notFound);
export const forbidden = () => new HttpError(403, 'FORBIDDEN', MESSAGES.forbidden);
export const badRequest = (fields: FieldErrors, formErrors: string[] = []) =>
  new HttpError(
    400,
    'BAD_REQUEST',
    formErrors.length ? formErrors.join('\n') : MESSAGES.badRequest,
    fields,
    formErrors,
  );
export const fieldError = (field: string, message: string) => badRequest({ [field]: [message] });
export const conflict = (message: string, current: unknown) =>
  new HttpError(409, 'CONFLICT', message, {}, [message], current);

export const VERSION_MISSING =
  'This change does not say which version of the record it was made to. Reload the page and try again.';

/** The version a save or delete of an existing record carries; without one it cannot be checked, so it is refused. */
export function requireVersion(version: number | undefined): number {
  if (version === undefined) throw badRequest({ version: [VERSION_MISSING] }, [VERSION_MISSING]);
  return version;
}

export function body(
  code: ErrorCode,
  message: string,
  fields: FieldErrors = {},
  errors: string[] = [],
): ApiErrorBody {
  return { message, code, form: { errors, fields } };
}

/** Groups zod issues by their first path segment: every issue is reported, not only the first. */
export function zodFieldErrors(error: ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_form';
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return fields;
}

/** Unique constraints that surface as a field error instead of a 500 (registered by each module). */
const uniqueViolations = new Map<string, { field: string; message: string }>();
export function registerUniqueViolation(constraint: string, field: string, message: string): void {
  uniqueViolations.set(constraint, { field, message });
}

type PgError = { code?: string; constraint?: string };

/**
 * `explainResponseErrors` (tests, development): a response that does not match its documented schema says why in
 * its 500, so the failing test names the field.
 */
export function installErrorHandlers(
  app: FastifyInstance,
  { explainResponseErrors = false }: { explainResponseErrors?: boolean } = {},
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The screens' text for a request with errors speaks of a page; a program calling with a token gets one about
    // its request, with the same fields.
    const send = (status: number, payload: ApiErrorBody) => {
      if (request.apiToken && payload.message === MESSAGES.badRequest) payload.message = API_BAD_REQUEST;
      return reply.status(status).send(payload);
    };
    if (error instanceof HttpError) {
      const payload = body(error.code, error.message, error.fields, error.formErrors);
      if (error.current !== undefined) payload.current = error.current;
      if (error.status === 401) payload.reason = 'LOGIN';
      return send(error.status, payload);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'params') {
        // A day in the path in another format: 400 saying the format. Any other malformed path parameter (a
        // non-numeric id) names no resource: 404, as for a missing one.
        const formats = error.validation.filter((i) => i.message === INVALID_DAY);
        if (formats.length === 0) return send(404, body('NOT_FOUND', MESSAGES.notFound));
        const fields = Object.fromEntries(
          formats.map((i) => [i.instancePath.split('/')[1] || '_form', [INVALID_DAY]]),
        );
        return send(400, body('BAD_REQUEST', INVALID_DAY, fields, [INVALID_DAY]));
      }
      const fields: FieldErrors = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.split('/')[1] || '_form';
        fields[key] = [...(fields[key] ?? []), issue.message ?? MESSAGES.badRequest];
      }
      return send(400, body('BAD_REQUEST', MESSAGES.badRequest, fields));
    }
    const pgError = error as unknown as PgError;
    if (pgError.code === '23505' && pgError.constraint && uniqueViolations.has(pgError.constraint)) {
      const { field, message } = uniqueViolations.get(pgError.constraint)!;
      return send(400, body('BAD_REQUEST', MESSAGES.badRequest, { [field]: [message] }));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type): no internals leak.
      const status = error.statusCode;
      const message =
        status === 404 ? MESSAGES.notFound : status === 403 ? MESSAGES.forbidden : MESSAGES.badRequest;
      const code: ErrorCode = status === 404 ? 'NOT_FOUND' : status === 403 ? 'FORBIDDEN' : 'BAD_REQUEST';
      return send(status, body(code, message));
    }
    request.log.error({ err: error }, 'request failed');
    if (
      explainResponseErrors &&
      (error instanceof UndescribedFieldError || isResponseSerializationError(error))
    )
      return send(500, body('SERVER_ERROR', MESSAGES.serverError, {}, [responseErrorText(error)]));
    return send(500, body('SERVER_ERROR', MESSAGES.serverError));
  });
}

/** What a response error says in tests: the route, and the schema's issues with their paths. */
function responseErrorText(error: Error): string {
  const cause = (error as { cause?: { issues?: { path: PropertyKey[]; message: string }[] } }).cause;
  const issues = cause?.issues?.map((i) => `${i.path.map(String).join('.')}: ${i.message}`) ?? [];
  return [error.message, ...issues.slice(0, 10)].join('\n');
}
