// One error shape for every failure (ARCHITECTURE §3): field errors keyed by field, SPEC §8 messages, no internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { type ApiErrorBody, type ErrorCode, MESSAGES } from '../../shared/errors.js';

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

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const payload = body(error.code, error.message, error.fields, error.formErrors);
      if (error.current !== undefined) payload.current = error.current;
      if (error.status === 401) payload.reason = 'LOGIN';
      return reply.status(error.status).send(payload);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed path parameter (e.g. a non-numeric id) names no resource: 404, as for a missing one.
      if (error.validationContext === 'params')
        return reply.status(404).send(body('NOT_FOUND', MESSAGES.notFound));
      const fields: FieldErrors = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.split('/')[1] || '_form';
        fields[key] = [...(fields[key] ?? []), issue.message ?? MESSAGES.badRequest];
      }
      return reply.status(400).send(body('BAD_REQUEST', MESSAGES.badRequest, fields));
    }
    const pgError = error as unknown as PgError;
    if (pgError.code === '23505' && pgError.constraint && uniqueViolations.has(pgError.constraint)) {
      const { field, message } = uniqueViolations.get(pgError.constraint)!;
      return reply.status(400).send(body('BAD_REQUEST', MESSAGES.badRequest, { [field]: [message] }));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type): no internals leak.
      const status = error.statusCode;
      const message =
        status === 404 ? MESSAGES.notFound : status === 403 ? MESSAGES.forbidden : MESSAGES.badRequest;
      const code: ErrorCode = status === 404 ? 'NOT_FOUND' : status === 403 ? 'FORBIDDEN' : 'BAD_REQUEST';
      return reply.status(status).send(body(code, message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body('SERVER_ERROR', MESSAGES.serverError));
  });
}
