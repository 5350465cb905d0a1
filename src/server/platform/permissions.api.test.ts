// The permission matrix (README "Permissions", shared/permissions.ts) as a role × route table: what a technician
// and an administrator may read, save and delete, the actions each record load offers, whose slips one may change
// and who sees a slip's rate multiplier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import {
  makeAdmin,
  makeAgreement,
  makeCase,
  makeOpportunity,
  makeOrganization,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../test/support/factories.js';
import { recordPath } from '../../../test/support/record-paths.js';
import { allows, RECORD_ACCESS, type RecordKind } from '../../shared/permissions.js';

type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let api: ApiHarness;
const as: Record<'technician' | 'administrator', Caller> = {} as never;
const ids = { technician: 0, administrator: 0, agreement: 0, opportunity: 0 };
beforeAll(async () => {
  api = await setupApi();
  const tech = await makeUser(api.db.pool, { firstName: 'Tess', lastName: 'Tech' });
  const admin = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  ids.technician = tech.id;
  ids.administrator = admin.id;
  as.technician = await api.signIn(tech.email, TEST_PASSWORD);
  as.administrator = await api.signIn(admin.email, TEST_PASSWORD);
  ids.agreement = (await makeAgreement(api.db.pool)).id;
  ids.opportunity = (await makeOpportunity(api.db.pool)).id;
});
afterAll(() => api?.close());

const ROLES = [
  { role: 'technician', isAdmin: false },
  { role: 'administrator', isAdmin: true },
] as const;

describe('records', () => {
  for (const kind of Object.keys(RECORD_ACCESS) as RecordKind[]) {
    for (const { role, isAdmin } of ROLES) {
      const access = RECORD_ACCESS[kind];
      it(`${kind} × ${role}: read ${allows({ isAdmin }, access.read)}, save ${allows({ isAdmin }, access.write)}, delete ${allows({ isAdmin }, access.delete)}`, async () => {
        const caller = as[role];
        const path = recordPath(kind, ids);
        const read = allows({ isAdmin }, access.read);
        const list = await caller.get(path);
        expect(list.statusCode, list.body).toBe(read ? 200 : 403);
        const blank = await caller.get(`${path}/create`);
        expect(blank.statusCode).toBe(read ? 200 : 403);
        if (read) {
          // The screen offers only what the user may do.
          expect(blank.json().can).toEqual({
            save: allows({ isAdmin }, access.write),
            delete: allows({ isAdmin }, access.delete),
          });
        }
        // An empty form: refused by role (403) before validation, or by validation (400) when allowed.
        const save = await caller.post(`${path}/create`, {});
        expect(save.statusCode).toBe(allows({ isAdmin }, access.write) ? 400 : 403);
        const remove = await caller.delete(`${path}/2147483647?version=0`);
        expect(remove.statusCode).toBe(allows({ isAdmin }, access.delete) ? 404 : 403);
      });
    }
  }
});

describe('administration', () => {
  const adminOnly = [
    ['GET', '/api/admin/staff'],
    ['GET', '/api/admin/staff/create'],
    ['POST', '/api/admin/staff/create'],
    ['GET', '/api/admin/device-status'],
    ['POST', '/api/admin/device-status'],
    ['GET', '/api/admin/outage-auto-assignment'],
    ['POST', '/api/admin/outage-auto-assignment'],
    ['GET', '/api/admin/rmm-settings'],
    ['POST', '/api/admin/rmm-settings'],
    ['GET', '/api/admin/rmm-settings/virtual-count'],
    ['GET', '/api/history/rmm-settings/1'],
  ] as const;
  it.each(adminOnly)('%s %s: technician 403, administrator allowed', async (method, url) => {
    const call = (c: Caller) => (method === 'GET' ? c.get(url) : c.post(url, {}));
    expect((await call(as.technician)).statusCode).toBe(403);
    expect([200, 400]).toContain((await call(as.administrator)).statusCode);
  });

  it("a user's own field history: the user and administrators", async () => {
    const mine = `/api/history/user/${ids.technician}`;
    expect((await as.technician.get(mine)).statusCode).toBe(200);
    expect((await as.administrator.get(mine)).statusCode).toBe(200);
    expect((await as.technician.get(`/api/history/user/${ids.administrator}`)).statusCode).toBe(403);
  });
});

describe('slips', () => {
  it("only the slip's own user changes it; its rate is seen by that user and administrators only", async () => {
    const org = await makeOrganization(api.db.pool);
    const kase = await makeCase(api.db.pool, { organizationId: org.id });
    const task = await makeTask(api.db.pool, { caseId: kase.id });
    const adminSlip = await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: ids.administrator,
      rateMultiplier: '1.5',
    });
    const techSlip = await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: ids.technician,
      rateMultiplier: '2',
    });
    const rate = async (c: Caller, id: number) =>
      (await c.get(`/api/manage/slip/${id}`)).json().slip.rateMultiplier;
    expect(await rate(as.technician, adminSlip.id)).toBeNull();
    expect(await rate(as.technician, techSlip.id)).toEqual({ value: '2', label: '2x' });
    expect(await rate(as.administrator, techSlip.id)).toEqual({ value: '2', label: '2x' });
    const listed = (await as.technician.get(`/api/manage/slip?task=${task.id}`)).json().items;
    const byId = new Map(
      listed.map((s: { id: number; rateMultiplier: unknown }) => [s.id, s.rateMultiplier]),
    );
    expect(byId.get(adminSlip.id)).toBeNull();
    expect(byId.get(techSlip.id)).toEqual({ value: '2', label: '2x' });
    // Another user's slip cannot be changed or deleted, by an administrator either.
    for (const [caller, slip] of [
      [as.technician, adminSlip],
      [as.administrator, techSlip],
    ] as const) {
      expect((await caller.delete(`/api/manage/slip/${slip.id}?version=0`)).statusCode).toBe(403);
    }
  });
});

describe('access before validation', () => {
  // Open to anyone by design: their answers to a bad body are validation errors (or redirects), never 401.
  const OPEN = new Set([
    'POST /api/auth/login',
    'POST /api/auth/logout',
    'POST /api/auth/forgot-password',
    'GET /api/auth/reset-password/:token',
    'POST /api/auth/reset-password/:token',
    'GET /api/auth/options',
    'GET /api/auth/pending',
    'GET /api/auth/sso/start',
    'GET /api/auth/sso/callback',
  ]);
  const BAD_BODIES = [
    { version: 'x', id: -1, name: 7, items: 'none' },
    JSON.parse(`${'['.repeat(100)}${']'.repeat(100)}`),
  ];

  it('answers every route an anonymous call with a bad body or query 401 before reading it', async () => {
    const routes = api.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !['HEAD', 'OPTIONS'].includes(r.method),
    );
    expect(routes.length).toBeGreaterThan(150);
    const wrong: string[] = [];
    for (const { method, url } of routes) {
      if (OPEN.has(`${method} ${url}`)) continue;
      const path = url.replace(/:\w+/g, '1').replace(/\*$/, 'x');
      const sends = ['GET', 'DELETE'].includes(method) ? [undefined] : BAD_BODIES;
      for (const payload of sends) {
        const res = await api.app.inject({
          method: method as 'GET',
          url: `${path}?page=-1&id=x&version=y`,
          headers: { 'x-requested-with': 'XMLHttpRequest' },
          ...(payload === undefined ? {} : { payload }),
        });
        if (res.statusCode !== 401)
          wrong.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the open routes open, and the two-factor steps to a sign-in waiting for them', async () => {
    expect(
      api.app.routeTable
        .filter((r) => r.public && r.url.startsWith('/api/') && r.method !== 'HEAD')
        .map((r) => `${r.method} ${r.url}`)
        .filter((r) => !OPEN.has(r))
        .sort(),
    ).toEqual(['POST /api/auth/2fa', 'POST /api/auth/2fa/setup', 'POST /api/auth/2fa/setup/confirm']);
    const confirm = await api.anonymous.post('/api/auth/2fa/setup/confirm', {});
    expect(confirm.statusCode).toBe(401);
    expect(confirm.json().reason).toBe('LOGIN');
  });
});
