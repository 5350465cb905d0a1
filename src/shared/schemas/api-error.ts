// The one error shape of every failed API call (ARCHITECTURE §3), as the OpenAPI document describes it.
import { z } from 'zod';
import type { ApiErrorBody, ErrorCode } from '../errors.js';

const ERROR_CODES = [
  'BAD_REQUEST',
  'LOGIN',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'SIGN_IN_FAILED',
  'TOO_MANY_REQUESTS',
  'SERVER_ERROR',
] as const satisfies readonly ErrorCode[];

export const apiErrorSchema = z
  .object({
    message: z.string().describe('What went wrong, in words a person can read.'),
    code: z.enum(ERROR_CODES),
    reason: z.literal('LOGIN').optional().describe('On 401: sign in again (or send a valid token).'),
    form: z.object({
      errors: z.array(z.string()).describe('Problems of the request as a whole.'),
      fields: z
        .record(z.string(), z.array(z.string()))
        .describe('Problems of single fields, keyed by the field (every problem, not only the first).'),
    }),
    current: z.unknown().optional().describe('On 409: the record as it is now.'),
  })
  .describe('The one shape of every failed call.');

// The schema and the type the client reads are one shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof apiErrorSchema>, ApiErrorBody> = true;
void sameShape;
