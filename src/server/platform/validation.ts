// The one validator of every route: refuses control characters in any string (PostgreSQL cannot store a NUL
// byte, and no field means one), then parses with the route's zod schema, whose messages are readable
// (shared/schemas/messages.ts). Both report through the one error shape (errors.ts). Before it, JSON bodies nested
// past MAX_JSON_DEPTH are refused while they are parsed.
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import '../../shared/schemas/messages.js';
import { badRequest } from './errors.js';

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

/** Deeper than any form of SD6 sends (rich text and the RMM mapping stay under 10 levels). */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP = `This request's data is nested more than ${MAX_JSON_DEPTH} levels deep, which no form of SD6 sends.`;

/**
 * How deeply a JSON text nests its arrays and objects, read off the text without parsing it (brackets inside
 * strings do not count), stopping once past `limit`.
 */
export function jsonDepthOver(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * JSON bodies go through Fastify's own parser (its prototype-poisoning checks) once their depth is known to be
 * sane: a body of thousands of nested arrays would overflow the stack of the validation that follows (a 500).
 * Parsing runs after the session check (auth.ts onRequest), so an anonymous caller still gets 401 first.
 */
export function installJsonDepthLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const json = String(text);
    if (jsonDepthOver(json, MAX_JSON_DEPTH)) return done(badRequest({}, [TOO_DEEP]), undefined);
    return parse(request, json, done);
  });
}
