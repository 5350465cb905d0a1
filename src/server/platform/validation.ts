// The one validator of every route: refuses control characters in any string (PostgreSQL cannot store a NUL
// byte, and no field means one), then parses with the route's zod schema, whose messages are readable
// (shared/schemas/messages.ts). Both report through the one error shape (errors.ts).
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import '../../shared/schemas/messages.js';

export const CONTROL_CHARACTER = 'This value contains a control character, which is not allowed.';

/** A C0 control or DEL, except tab, line feed and carriage return (text areas keep those). */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return true;
  }
  return false;
}

/** The path of the first string (or object key) holding a control character, or null. */
export function controlCharacterPath(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return hasControl(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterPath(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasControl(key)) return [...path, key];
      const found = controlCharacterPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

export const validateRequestPart: FastifySchemaCompiler<z.ZodType> = (route) => {
  const parse = validatorCompiler(route);
  return (data: unknown) => {
    const path = controlCharacterPath(data);
    if (path) {
      // The shape fastify-type-provider-zod gives its own issues, so the error handler reads both alike.
      const issue = {
        [Symbol.for('ZodFastifySchemaValidationError')]: true,
        keyword: 'custom',
        instancePath: `/${path.join('/')}`,
        schemaPath: '#',
        message: CONTROL_CHARACTER,
        params: {},
      };
      return { error: [issue] };
    }
    return parse(data);
  };
};
