// GET /api/openapi.json: the OpenAPI 3 document generated from the routes' zod schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import { makeUser, TEST_PASSWORD } from '../../../test/support/factories.js';
import { OPENAPI_PATH, routeTag } from './openapi.js';

let api: ApiHarness;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

type Operation = {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, unknown>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
};

describe('the OpenAPI document', () => {
  it('is refused to anonymous callers', async () => {
    const res = await api.anonymous.get(OPENAPI_PATH);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('LOGIN');
  });

  it('has the OpenAPI 3 shape, every /api route with its schemas, and not itself', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    const res = await caller.get(OPENAPI_PATH);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as Document;
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toBe('SD6 API');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.cookie).toMatchObject({ type: 'apiKey' });

    const slip = doc.paths['/api/manage/slip/{id}'];
    expect(slip?.post).toBeDefined();
    const body = slip!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties ?? {})).toEqual(
      expect.arrayContaining(['startTime', 'stopTime', 'date', 'task', 'comment']),
    );
    expect(slip!.post!.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]),
    );
    expect(slip!.post!.tags).toEqual(['manage/slip']);

    const tokens = doc.paths['/api/user/api-tokens']!;
    expect(tokens.post!.summary).toMatch(/API token/);
    expect(Object.keys(tokens.post!.requestBody!.content['application/json']!.schema.properties!)).toEqual([
      'name',
      'scope',
      'expiresIn',
    ]);

    for (const [path, operations] of Object.entries(doc.paths)) {
      expect(path.startsWith('/api/'), path).toBe(true);
      for (const operation of Object.values(operations)) {
        expect(operation.responses, path).toBeDefined();
        expect(operation.tags?.length, path).toBe(1);
      }
    }
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const routes = api.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.url !== OPENAPI_PATH,
    );
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
    expect(documented.has(`GET ${OPENAPI_PATH}`)).toBe(false);
  });

  it('tags a route by its first path segments', () => {
    expect(routeTag('/api/manage/slip/:id')).toBe('manage/slip');
    expect(routeTag('/api/user/settings')).toBe('user/settings');
    expect(routeTag('/api/history/:entity/:id')).toBe('history');
    expect(routeTag('/api/admin/staff/:id/security')).toBe('admin/staff');
  });
});
