// GET /api/openapi.json: the OpenAPI 3 document generated from the routes' zod schemas.

import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import { createApiToken } from '../../../test/support/api-tokens.js';
import { makeUser, TEST_PASSWORD } from '../../../test/support/factories.js';
import { API_BAD_REQUEST, MESSAGES } from '../../shared/errors.js';
import { INVALID_DAY } from '../../shared/schemas/path-date.js';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '../../shared/schemas/webhook.js';
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
    expect(doc.openapi).toBe('3.1.0');
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

  it('is a valid OpenAPI 3.1 document (swagger-parser) documenting every answer and error of every operation', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    const doc = (await caller.get(OPENAPI_PATH)).json() as Document & {
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    // Validated by a parser no one here wrote; it throws with every problem it finds.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
    expect(doc.components.schemas.Error).toMatchObject({
      type: 'object',
      required: ['message', 'code', 'form'],
    });

    const undocumented: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        if (!statuses.some((s) => /^[23]\d\d$/.test(s))) undocumented.push(`${method.toUpperCase()} ${path}`);
        expect(statuses, `${method} ${path}`).toContain('500');
      }
    expect(undocumented).toEqual([]);

    // Every webhook event, with the Standard Webhooks headers and the entity's documented answer as its data.
    type Post = {
      requestBody: { content: Record<string, { schema: { properties: object } }> };
      responses: Record<string, unknown>;
    };
    const webhooks = (doc as unknown as { webhooks: Record<string, { post: Post }> }).webhooks;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT].sort());
    for (const [type, item] of Object.entries(webhooks)) {
      const schema = item.post.requestBody.content['application/json']!.schema;
      expect(schema.properties, type).toMatchObject({ type: { const: type }, data: expect.any(Object) });
      expect(Object.keys(item.post.responses).sort()).toEqual(['2XX', '410', 'default']);
    }

    const summary = doc.paths['/api/manage/slip/summary/{date}']!.get!;
    // The path's format is in the document, and its 400 is listed with the shared error shape.
    expect(summary.parameters).toEqual([
      expect.objectContaining({
        name: 'date',
        in: 'path',
        schema: expect.objectContaining({ type: 'string', pattern: '^\\d{8}$' }),
        description: expect.stringContaining('MMddyyyy'),
      }),
    ]);
    expect(summary.responses['400']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    expect(Object.keys(summary.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404']),
    );
    // A save of an existing record can meet a newer version: 409.
    expect(doc.paths['/api/manage/case/{id}']!.post!.responses['409']).toBeDefined();
    // Signing in needs no token or session.
    expect((doc.paths['/api/auth/login']!.post as { security?: unknown[] }).security).toEqual([]);
    // A new record's screen takes any prefilled values: one exploded object parameter, no invented `type`.
    const one = doc.paths['/api/manage/organization/{id}']!.get!;
    expect(one.parameters?.map((p) => p.name)).toEqual(['values', 'id']);
  });

  it('answers a day in the path written another way with 400 naming the format', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    for (const day of ['2026-11-29', '11-29-2026', '1129202', '02302026']) {
      const res = await caller.get(`/api/manage/slip/summary/${day}`);
      expect(res.statusCode, day).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'BAD_REQUEST',
        message: INVALID_DAY,
        form: { errors: [INVALID_DAY], fields: { date: [INVALID_DAY] } },
      });
    }
    expect((await caller.get('/api/manage/slip/summary/11292026')).statusCode).toBe(200);
    // A malformed id still names nothing.
    expect((await caller.get('/api/manage/case/abc')).statusCode).toBe(404);
  });

  it('tells a program with a token about its request, and a screen about its page', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    const { token } = await createApiToken(caller);
    const bad = { task: 'nope', date: 'someday', startTime: '25:00' };
    const fromProgram = await api.app.inject({
      method: 'POST',
      url: '/api/manage/slip/create',
      headers: { authorization: `Bearer ${token}` },
      payload: bad,
    });
    const fromScreen = await caller.post('/api/manage/slip/create', bad);
    expect(fromProgram.statusCode).toBe(400);
    expect(fromScreen.statusCode).toBe(400);
    expect(fromProgram.json().message).toBe(API_BAD_REQUEST);
    expect(fromScreen.json().message).toBe(MESSAGES.badRequest);
    // The same fields either way.
    expect(fromProgram.json().form).toEqual(fromScreen.json().form);
    expect(Object.keys(fromProgram.json().form.fields)).toEqual(
      expect.arrayContaining(['task', 'date', 'startTime']),
    );
  });

  it('tags a route by its first path segments', () => {
    expect(routeTag('/api/manage/slip/:id')).toBe('manage/slip');
    expect(routeTag('/api/user/settings')).toBe('user/settings');
    expect(routeTag('/api/history/:entity/:id')).toBe('history');
    expect(routeTag('/api/admin/staff/:id/security')).toBe('admin/staff');
  });
});
