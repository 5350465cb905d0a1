// The OpenAPI 3.1 document of the API, generated from the zod schemas the routes validate and serialize with
// (@fastify/swagger in dynamic mode, converted by fastify-type-provider-zod): GET /api/openapi.json, for any signed-in
// user or token. Registered before the routes, so it sees every one of them. Each operation also gets the errors it
// can answer (one shared Error schema) and the responses a route documents without a JSON schema (files, redirects).
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import packageJson from '../../../package.json' with { type: 'json' };
import { MESSAGES } from '../../shared/errors.js';
import { apiErrorSchema } from '../../shared/schemas/api-error.js';
import { body } from './errors.js';
import { operationExample } from './openapi-examples.js';
import { TOKEN_POLICY, TOKEN_WINDOW_SECONDS } from './token-rate-limit.js';
import { webhookDocs } from './webhooks/openapi-webhooks.js';

export const OPENAPI_PATH = '/api/openapi.json';

/** An OpenAPI response object, for what a route sends that is not JSON described by a zod schema. */
export type ResponseDoc = {
  description: string;
  content?: Record<string, { schema: Record<string, unknown> }>;
  headers?: Record<string, { description: string; schema: Record<string, unknown> }>;
};

declare module 'fastify' {
  interface FastifySchema {
    /** Responses documented by hand (files, redirects): the OpenAPI document only, nothing is checked. */
    responseDocs?: Record<number, ResponseDoc>;
  }
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string): ResponseDoc => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
});

/** The headers of an answer to a call made with a token (IETF RateLimit header fields). */
const RATE_LIMIT_HEADERS: ResponseDoc['headers'] = {
  'Retry-After': { description: 'Seconds until the token may call again.', schema: { type: 'integer' } },
  RateLimit: {
    description: `The calls left this minute and the seconds until it ends: "${TOKEN_POLICY}";r=<calls>;t=<seconds>.`,
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: `The token's quota: "${TOKEN_POLICY}";q=<calls a minute>;w=${TOKEN_WINDOW_SECONDS}.`,
    schema: { type: 'string' },
  },
};

/** A file download or a rendered document (PDF, CSV, XLSX, …). */
export function fileResponse(description: string, types: string[]): Record<number, ResponseDoc> {
  return {
    200: {
      description,
      content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }])),
    },
  };
}

/** A redirect (single sign-on): where the browser goes next is in Location. */
export function redirectResponse(description: string): Record<number, ResponseDoc> {
  return {
    302: {
      description,
      headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } },
    },
  };
}

/** Errors a route answers beyond those every route of its kind can (the document adds those by itself). */
export function errorDocs(errors: Record<number, string>): Record<number, ResponseDoc> {
  return Object.fromEntries(Object.entries(errors).map(([status, text]) => [status, errorResponse(text)]));
}

/** The tag of a route: its first path segments after /api, up to the first parameter ("manage/slip", "user"). */
export function routeTag(url: string): string {
  const segments = url.replace(/^\/api\/?/, '').split('/');
  const named: string[] = [];
  for (const s of segments) {
    if (!s || s.startsWith(':') || s.startsWith('{') || s === '*') break;
    named.push(s);
    if (named.length === 2) break;
  }
  return named.join('/') || 'api';
}

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const REQUEST_PARTS = new Set(['body', 'querystring', 'params', 'headers']);

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route?: RouteOptions };
type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown> };

/** What the document says of a route beyond its schemas: which errors it can answer, its hand-written responses. */
type RouteNotes = {
  public: boolean;
  sessionOnly: boolean;
  inputs: boolean;
  versioned: boolean;
  pathParams: boolean;
  idempotent: boolean;
  docs: Record<number, ResponseDoc> | undefined;
};

const allowsNull = (schema: unknown): boolean => {
  const s = schema as { type?: unknown; anyOf?: unknown[] } | undefined;
  if (!s) return false;
  if (s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null'))) return true;
  return Array.isArray(s.anyOf) && s.anyOf.some(allowsNull);
};

/**
 * A query as the document shows it. A value that may be null may be left out (a query string has no null: the
 * schemas read a missing or empty value as null). A query of free-form keys (a new record's prefilled values) has no
 * properties to list: one exploded object parameter describes it (OpenAPI's form style), instead of a parameter per
 * JSON-schema keyword.
 */
function documentedQuery(schema: JsonSchema): JsonSchema {
  if (schema.properties) {
    const required = (schema.required as string[] | undefined)?.filter(
      (k) => !allowsNull(schema.properties?.[k]),
    );
    return { ...schema, required };
  }
  if (schema.type !== 'object') return schema;
  return {
    type: 'object',
    properties: {
      values: {
        type: 'object',
        additionalProperties: schema.additionalProperties ?? { type: 'string' },
        description: 'Any number of name=value pairs.',
      },
    },
    style: 'form',
    explode: true,
  };
}

const hasVersion = (schema: unknown) =>
  Boolean(schema && typeof schema === 'object' && 'version' in ((schema as JsonSchema).properties ?? {}));

function transformer(notes: Map<string, RouteNotes>) {
  /** Converts a route's zod schemas; routes outside /api (the client's pages, metrics) and the document are hidden. */
  return (input: TransformInput) => {
    const { url } = input;
    if (!url.startsWith('/api/') || url === OPENAPI_PATH) return { schema: { hide: true }, url };
    // A part given as plain JSON schema (not zod) is already what the document needs: it passes through unchanged.
    const zodParts: Record<string, unknown> = {};
    const plainParts: Record<string, unknown> = {};
    const { responseDocs, ...given } = (input.schema ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(given)) {
      if (REQUEST_PARTS.has(key) && value !== undefined && !(value instanceof $ZodType))
        plainParts[key] = value;
      else zodParts[key] = value;
    }
    const converted = jsonSchemaTransform({ ...input, schema: zodParts as TransformInput['schema'] });
    const schema = { ...(converted.schema as Record<string, unknown>), ...plainParts };
    if (schema.querystring) schema.querystring = documentedQuery(schema.querystring as JsonSchema);
    const methods = [input.route?.method ?? 'GET'].flat();
    for (const method of methods)
      notes.set(`${method.toLowerCase()} ${openApiPath(url)}`, {
        public: Boolean(input.route?.config?.public),
        sessionOnly: Boolean(input.route?.config?.sessionOnly),
        inputs: ['body', 'querystring', 'params', 'headers'].some((k) => schema[k]),
        versioned: hasVersion(schema.body) || hasVersion(schema.querystring),
        pathParams: url.includes(':'),
        idempotent: Boolean((schema.headers as JsonSchema | undefined)?.properties?.['idempotency-key']),
        docs: responseDocs as Record<number, ResponseDoc> | undefined,
      });
    return {
      url: converted.url,
      schema: { ...schema, tags: (schema.tags as string[] | undefined) ?? [routeTag(url)] },
    };
  };
}

/** The errors an operation can answer, each with the one error shape. */
function errorResponses(notes: RouteNotes, method: string): Record<string, ResponseDoc> {
  const out: Record<string, ResponseDoc> = {};
  if (notes.inputs || method !== 'get')
    out['400'] = errorResponse(
      'A value of the request is not valid: form.fields names each field with its problems, form.errors the problems of the request as a whole.',
    );
  if (!notes.public) {
    out['401'] = errorResponse('Not signed in, or the token is unknown, expired or revoked (reason: LOGIN).');
    out['403'] = errorResponse(
      `${MESSAGES.forbidden} The user may not do this, a read-only token sent a change, or a browser call that changes something lacks X-Requested-With.`,
    );
  } else if (method !== 'get')
    out['403'] = errorResponse(
      `${MESSAGES.forbidden} A browser call that changes something lacks X-Requested-With.`,
    );
  if (notes.pathParams) out['404'] = errorResponse(`${MESSAGES.notFound} Nothing has this address.`);
  if (notes.versioned)
    out['409'] = errorResponse(
      `${MESSAGES.conflict} The version sent is not the record's current one; current holds the record as it is now.`,
    );
  // Every call made with a token counts against its calls of the minute (platform/token-rate-limit.ts).
  if (!notes.public && !notes.sessionOnly)
    out['429'] = {
      ...errorResponse(
        'The API token made more calls this minute than it may; wait for Retry-After seconds.',
      ),
      headers: RATE_LIMIT_HEADERS,
    };
  if (notes.idempotent)
    out['422'] = errorResponse('The Idempotency-Key was already used for another change.');
  out['500'] = errorResponse(`${MESSAGES.serverError} Nothing was changed.`);
  return out;
}

type Operation = {
  responses?: Record<string, { description?: string; content?: unknown }>;
  security?: unknown[];
};
type Document = { paths?: Record<string, Record<string, Operation>>; webhooks?: Record<string, unknown> };

/** Adds each operation's errors and hand-written responses to the document @fastify/swagger built. */
export function finishDocument<T extends Document>(document: T, notes: Map<string, RouteNotes>): T {
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const routeNotes = notes.get(`${method} ${path}`);
      if (!routeNotes) continue;
      const responses = { ...operation.responses };
      // @fastify/swagger's placeholder for a route without a response schema.
      const ok = responses['200'];
      if (ok?.description === 'Default Response' && !ok.content) delete responses['200'];
      else if (ok?.description === 'Default Response') ok.description = 'Success.';
      for (const [status, doc] of Object.entries(routeNotes.docs ?? {})) responses[status] = doc;
      // An answer of the demo data as the example of a JSON answer (npm run api:examples writes them).
      const example = method === 'get' ? operationExample(path) : undefined;
      const json = (responses['200']?.content as Record<string, object> | undefined)?.['application/json'];
      if (example && json)
        responses['200'] = {
          ...responses['200'],
          content: {
            ...(responses['200']!.content as object),
            'application/json': { ...json, examples: example },
          },
        };
      // What a route declares or documents itself wins over the errors added for every route of its kind.
      operation.responses = sortedByStatus({ ...errorResponses(routeNotes, method), ...responses });
      // A public route (sign-in, password reset) needs neither a token nor a session; some (managing tokens) refuse a
      // token and take only a signed-in browser's session.
      if (routeNotes.public) operation.security = [];
      else if (routeNotes.sessionOnly) operation.security = [{ cookie: [] }];
    }
  }
  return document;
}

const sortedByStatus = <T>(responses: Record<string, T>) =>
  Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));

export async function installOpenApi(
  app: FastifyInstance,
  cookieName: string,
  { strictStatuses = false, tokenRateLimit }: { strictStatuses?: boolean; tokenRateLimit: number },
): Promise<void> {
  const notes = new Map<string, RouteNotes>();
  let document: Document | null = null;
  app.decorate('openApiDocument', () => {
    document ??= { ...finishDocument(app.swagger() as Document, notes), webhooks: webhookDocs() };
    return document;
  });
  if (strictStatuses) checkStatuses(app);
  await app.register(fastifySwagger, {
    mode: 'dynamic',
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SD6 API',
        version: packageJson.version,
        description: [
          'The API of SD6. Call it with a personal API token (`Authorization: Bearer sd6_…`, made on your profile) ',
          'or from a signed-in browser session. A read-only token may use GET and HEAD only.',
          '',
          'Every failed call answers the one `Error` shape with the status of the failure: `form.fields` names each ',
          'field that is not valid with every one of its problems, `form.errors` the problems of the request as a ',
          'whole. A save of an existing record carries the `version` it was read at; a stale one answers 409 with ',
          'the record as it is now in `current`.',
          '',
          `Each API token may make ${tokenRateLimit} calls a minute (SD6_TOKEN_RATE_LIMIT). Every answer to a token `,
          `says where it stands with the IETF RateLimit header fields: \`RateLimit-Policy: "${TOKEN_POLICY}";q=${tokenRateLimit};w=${TOKEN_WINDOW_SECONDS}\` `,
          `and \`RateLimit: "${TOKEN_POLICY}";r=<calls left>;t=<seconds until the minute ends>\`; a call past the limit answers `,
          '429 with Retry-After and does nothing.',
          '',
          'Days in paths are written MMddyyyy (11292026 is November 29, 2026); in bodies and queries as the ',
          'schema of each field says. Writes of time slips and the timer take an optional `Idempotency-Key` ',
          'header: a retry with the same key is answered with the first answer, never applied twice.',
        ].join('\n'),
      },
      components: {
        schemas: {
          Error: z.toJSONSchema(apiErrorSchema, { target: 'draft-2020-12' }) as Record<string, unknown>,
        },
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal API token (sd6_…), created on the profile page.',
          },
          cookie: {
            type: 'apiKey',
            in: 'cookie',
            name: cookieName,
            description:
              'The session of a signed-in browser (state-changing calls also need X-Requested-With: XMLHttpRequest).',
          },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: transformer(notes) as never,
    transformObject: jsonSchemaTransformObject,
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The finished document, built once when first asked for (every route is registered by then). */
    openApiDocument: () => Document;
  }
}

/**
 * Tests and development: an answer whose status the operation's document does not list fails the call (500 saying
 * so), so every API test also proves the document lists each error a caller can meet.
 */
function checkStatuses(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/') || route === OPENAPI_PATH || reply.statusCode === 500) return payload;
    const method = request.method === 'HEAD' ? 'get' : request.method.toLowerCase();
    const operation = app.openApiDocument().paths?.[openApiPath(route)]?.[method];
    if (!operation || String(reply.statusCode) in (operation.responses ?? {})) return payload;
    const text = `${request.method} ${route} answered ${reply.statusCode}, which its OpenAPI document does not list`;
    reply.code(500).type('application/json');
    return JSON.stringify(body('SERVER_ERROR', MESSAGES.serverError, {}, [text]));
  });
}

/** GET /api/openapi.json: the document. */
export function openApiRoutes(app: FastifyInstance): void {
  app.get(OPENAPI_PATH, async () => app.openApiDocument());
}
