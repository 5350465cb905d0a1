// The OpenAPI 3 document of the API, generated from the zod schemas the routes validate with (@fastify/swagger in
// dynamic mode, converted by fastify-type-provider-zod): GET /api/openapi.json, for any signed-in user or token.
// Registered before the routes, so it sees every one of them.
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';
import packageJson from '../../../package.json' with { type: 'json' };

export const OPENAPI_PATH = '/api/openapi.json';

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

const REQUEST_PARTS = new Set(['body', 'querystring', 'params', 'headers']);

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** Converts a route's zod schemas; routes outside /api (the client's pages, metrics) and the document are hidden. */
function transform(input: TransformInput) {
  const { url } = input;
  if (!url.startsWith('/api/') || url === OPENAPI_PATH) return { schema: { hide: true }, url };
  // A part given as plain JSON schema (not zod) is already what the document needs: it passes through unchanged.
  const zodParts: Record<string, unknown> = {};
  const plainParts: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input.schema ?? {})) {
    if (REQUEST_PARTS.has(key) && value !== undefined && !(value instanceof $ZodType))
      plainParts[key] = value;
    else zodParts[key] = value;
  }
  const converted = jsonSchemaTransform({ ...input, schema: zodParts as TransformInput['schema'] });
  const schema = { ...(converted.schema as Record<string, unknown>), ...plainParts };
  return {
    url: converted.url,
    schema: { ...schema, tags: (schema.tags as string[] | undefined) ?? [routeTag(url)] },
  };
}

export async function installOpenApi(app: FastifyInstance, cookieName: string): Promise<void> {
  await app.register(fastifySwagger, {
    mode: 'dynamic',
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'SD6 API',
        version: packageJson.version,
        description:
          'The API of SD6. Call it with a personal API token (`Authorization: Bearer sd6_…`, made on your profile) ' +
          'or from a signed-in browser session. A read-only token may use GET and HEAD only.',
      },
      components: {
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
    transform: transform as never,
    transformObject: jsonSchemaTransformObject,
  });
}

/** GET /api/openapi.json: the document (built once, on the first call, when every route is registered). */
export function openApiRoutes(app: FastifyInstance): void {
  let document: unknown = null;
  app.get(OPENAPI_PATH, async () => {
    document ??= app.swagger();
    return document;
  });
}
