// Crafted input on every route: NUL bytes and control characters, ids past the integer columns, loosely written
// ids, saves and deletes without a version. Each answers with a clear 400 or 404 in the one error shape, never a
// 500 and never a validator's own wording.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import {
  makeAdmin,
  makeBucketCategory,
  makeCase,
  makeOrganization,
  makeSlip,
  makeTask,
  TEST_PASSWORD,
} from '../../../test/support/factories.js';
import { MESSAGES } from '../../shared/errors.js';
import { VERSION_MISSING } from './errors.js';
import { CONTROL_CHARACTER } from './validation.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
let adminId: number;
let task: { id: number; caseId: number };
let category: { id: number };
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool);
  adminId = a.id;
  admin = await api.signIn(a.email, TEST_PASSWORD);
  const org = await makeOrganization(api.db.pool);
  const kase = await makeCase(api.db.pool, { organizationId: org.id });
  task = await makeTask(api.db.pool, { caseId: kase.id });
  category = await makeBucketCategory(api.db.pool, { name: 'Training' });
});
afterAll(() => api?.close());

const TEXT_FIELDS = [
  'name',
  'title',
  'comment',
  'description',
  'firstName',
  'lastName',
  'email',
  'notes',
  'q',
];
const ID_FIELDS = ['task', 'organization', 'category', 'targetTask', 'department', 'assignedTo', 'person'];
const QUERY = [
  'q',
  'term',
  'organization',
  'task',
  'client',
  'department',
  'slipId',
  'taskId',
  'after',
  'active',
];

/** A route's path with every parameter filled in. */
function pathOf(url: string, value: string): string {
  return url
    .replace(/:entity/g, 'organization')
    .replace(/:date/g, '11202026')
    .replace(/:\w+/g, value);
}

/** No raw validator text: zod's defaults read "Invalid input", "expected …", "received …", "Too big". */
function expectReadable(body: string, where: string) {
  expect(body, where).not.toMatch(
    /Invalid input|expected (a |an )?(number|string|int)|received|Too (big|small)/i,
  );
}

function expectClear(res: { statusCode: number; body: string }, where: string) {
  expect(res.statusCode, `${where}: ${res.body}`).toBeLessThan(500);
  expectReadable(res.body, where);
  if (res.statusCode >= 400) expect(JSON.parse(res.body), where).toHaveProperty('form');
}

// Sign-out would end the session the sweep calls with. The OpenAPI document takes no input and quotes the API's
// texts (its descriptions name what a field "received" and the like): not a validator's answer.
const apiRoutes = () =>
  api.app.routeTable.filter(
    (r) =>
      r.url.startsWith('/api/') &&
      r.method !== 'HEAD' &&
      r.url !== '/api/auth/logout' &&
      r.url !== '/api/openapi.json',
  );

describe('every route', () => {
  it('refuses a NUL byte or control character in any text, query or search term with a field error', async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    let refused = 0;
    for (const route of routes) {
      const where = `${route.method} ${route.url}`;
      const url = pathOf(route.url, String(adminId));
      if (route.method === 'GET' || route.method === 'DELETE') {
        const query = QUERY.map((k) => `${k}=a%00b`).join('&');
        const res = await api.app.inject({
          method: route.method as 'GET',
          url: `${url}?${query}`,
          headers: { cookie: admin.cookie, 'x-requested-with': 'XMLHttpRequest' },
        });
        expectClear(res, where);
        if (res.statusCode === 400) refused++;
      } else {
        const payload = Object.fromEntries(TEXT_FIELDS.map((k) => [k, 'Acme\u0000 Dental']));
        const res = await admin.post(url, payload);
        expectClear(res, where);
        if (res.statusCode === 400) refused++;
      }
    }
    expect(refused).toBeGreaterThan(30);
    const term = await admin.get('/api/suggest/global-search/?term=acme%00');
    expect(term.statusCode).toBe(400);
    expect(term.json().form.fields).toEqual({ term: [CONTROL_CHARACTER] });
    const text = await admin.post('/api/manage/slip/create', {
      startTime: '9:00 AM',
      stopTime: '10:00 AM',
      date: '11/20/2026',
      task: task.id,
      where: 'REMOTE',
      how: 'PHONE',
      rateMultiplier: '1',
      comment: 'Rebooted\u0007 the server',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().form.fields).toEqual({ comment: [CONTROL_CHARACTER] });
  });

  it('answers 404 for ids past the integer columns and for ids not written in plain digits', async () => {
    for (const route of apiRoutes().filter((r) => r.method === 'GET' && /:(\w*[iI]d)\b/.test(r.url))) {
      for (const id of ['2147483648', '99999999999999999999', '0x10', '1e3', '-1', '1.5', ' 7']) {
        const url = route.url
          .replace(/:entity/g, 'organization')
          .replace(/:date/g, '11202026')
          .replace(/:\w+/g, encodeURIComponent(id));
        const res = await admin.get(url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
        expect(res.json().message).toBe(MESSAGES.notFound);
      }
    }
    const slip = await makeSlip(api.db.pool, { taskId: task.id, userId: adminId });
    expect((await admin.get(`/api/manage/slip/${slip.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/manage/slip/0x${slip.id.toString(16)}`)).statusCode).toBe(404);
  });

  it('gives a field error for references and filters past the integer columns', async () => {
    for (const route of apiRoutes().filter((r) => r.method === 'POST')) {
      const url = pathOf(route.url, 'create');
      const payload = Object.fromEntries(ID_FIELDS.map((k) => [k, 2147483648]));
      expectClear(await admin.post(url, payload), `POST ${route.url}`);
    }
    for (const route of apiRoutes().filter((r) => r.method === 'GET')) {
      const url = pathOf(route.url, String(adminId));
      const query = QUERY.map((k) => `${k}=2147483648`).join('&');
      expectClear(await admin.get(`${url}?${query}`), `GET ${route.url}`);
    }
    const list = await admin.get('/api/manage/equipment?organization=2147483648');
    expect(list.statusCode).toBe(400);
    expect(list.json().form.fields.organization).toEqual(['This value is not valid.']);
    const slips = await admin.get('/api/manage/slip?task=2147483648');
    expect(slips.statusCode).toBe(400);
    expect(slips.json().form.fields.task).toEqual(['This value is not valid.']);
  });
});

describe('versions', () => {
  const slipForm = (over: Record<string, unknown> = {}) => ({
    startTime: '9:00 AM',
    stopTime: '10:00 AM',
    date: '11/20/2026',
    task: task.id,
    user: null,
    where: 'REMOTE',
    how: 'PHONE',
    rateMultiplier: '1',
    comment: 'Checked the backups',
    ...over,
  });

  it('creates a slip from the SPEC §7 payload, which has no version', async () => {
    const res = await admin.post('/api/manage/slip/create', slipForm());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().slip).toMatchObject({ version: 0, comment: 'Checked the backups' });
  });

  it('refuses a save of an existing slip without a version; a delete checks a version only when given', async () => {
    const created = (await admin.post('/api/manage/slip/create', slipForm())).json().slip;
    const save = await admin.post(`/api/manage/slip/${created.id}`, slipForm({ comment: 'Changed' }));
    expect(save.statusCode).toBe(400);
    expect(save.json()).toMatchObject({
      message: VERSION_MISSING,
      form: { fields: { version: [VERSION_MISSING] } },
    });
    const nan = await admin.post(`/api/manage/slip/${created.id}`, slipForm({ version: 'abc' }));
    expect(nan.statusCode).toBe(400);
    expect(nan.json().form.fields.version).toEqual(['This value is not valid.']);
    const stale = await admin.delete(`/api/manage/slip/${created.id}?version=${created.version + 1}`);
    expect(stale.statusCode).toBe(409);
    const { rowCount } = await api.db.pool.query('SELECT 1 FROM slips WHERE id = $1', [created.id]);
    expect(rowCount).toBe(1);
    // SPEC §7: a delete without a version deletes.
    expect((await admin.delete(`/api/manage/slip/${created.id}`)).json()).toEqual({ deleted: true });
  });

  it('refuses a bucket save without a version, a stale one with 409', async () => {
    const path = `/api/manage/bucket/${category.id}/11202026`;
    const missing = await admin.post(path, { time: '1:00', comment: 'Course' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(VERSION_MISSING);
    const first = await admin.post(path, { time: '1:00', comment: 'Course', version: 0 });
    expect(first.statusCode).toBe(200);
    const stale = await admin.post(path, {
      time: '2:00',
      comment: 'Course',
      version: first.json().bucket.version + 1,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('refuses a record save without a version; a delete without one deletes (the generic record routes)', async () => {
    const blank = (await admin.get('/api/manage/organization/create')).json().organization;
    // Select-style values go back as their bare value (SPEC §7).
    const org = Object.fromEntries(
      Object.entries(blank).map(([k, v]) => [k, v && typeof v === 'object' && 'value' in v ? v.value : v]),
    );
    const created = await admin.post('/api/manage/organization/create', { ...org, name: 'Versionless Ltd' });
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json().organization;
    const { version: _v, ...values } = record;
    const rest = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, v && typeof v === 'object' && 'value' in v ? v.value : v]),
    );
    const save = await admin.post(`/api/manage/organization/${record.id}`, { ...rest, name: 'Renamed' });
    expect(save.statusCode).toBe(400);
    expect(save.json().message).toBe(VERSION_MISSING);
    const del = await admin.delete(`/api/manage/organization/${record.id}`);
    expect(del.json()).toEqual({ deleted: true });
  });
});
