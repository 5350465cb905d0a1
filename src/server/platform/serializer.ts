// The one serializer of every route that declares its response: the value is parsed with the response schema (the
// one the OpenAPI document shows), so only the fields it describes leave the server. With strictResponses (tests and
// development) a field the handler returned and the schema does not describe fails the call instead of being left
// out silently: the document then always describes what is really sent. The value is checked in its JSON form
// (what the caller receives), so a date is its ISO string.
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { safeParse } from 'zod/v4/core';

/** The paths of `sent`'s fields (JSON form) that `kept` lacks: what a schema would have dropped. */
export function droppedPaths(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent)) {
    if (!Array.isArray(kept)) return [];
    return sent.flatMap((item, i) => droppedPaths(item, kept[i], `${path}[${i}]`));
  }
  if (sent === null || typeof sent !== 'object') return [];
  if (kept === null || typeof kept !== 'object' || Array.isArray(kept)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(sent)) {
    const at = path ? `${path}.${key}` : key;
    if (!(key in kept)) out.push(at);
    else out.push(...droppedPaths(value, (kept as Record<string, unknown>)[key], at));
  }
  return out;
}

export class UndescribedFieldError extends Error {
  constructor(method: string, url: string, paths: string[]) {
    super(
      `${method} ${url} sent ${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ` and ${paths.length - 5} more` : ''}, ` +
        'which its response schema does not describe',
    );
    this.name = 'UndescribedFieldError';
  }
}

/** `data` as the caller receives it: a Date the handler returned becomes its ISO string. */
const jsonForm = (data: unknown): unknown =>
  data === undefined ? undefined : JSON.parse(JSON.stringify(data));

export function responseSerializer(strict: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    (data) => {
      // The schema describes the JSON that is sent. Most answers already are: parse them as they are, and only
      // an answer holding a Date (a string once sent) is read again in its JSON form. Tests compare in JSON form.
      const sent = strict ? jsonForm(data) : data;
      let result = safeParse(schema, sent);
      if (result.error && !strict) result = safeParse(schema, jsonForm(data));
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      if (strict) {
        const dropped = droppedPaths(sent, result.data);
        if (dropped.length) throw new UndescribedFieldError(method, url, dropped);
      }
      return JSON.stringify(result.data);
    };
}
