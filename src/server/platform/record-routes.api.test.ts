// The generic entity DELETE of SPEC §7 ("delete is DELETE", no payload): it deletes without a version, checks one
// when given (in the query as the SD6 screens send it, or as a body), and still authorises before anything else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import {
  makeAdmin,
  makeAgreement,
  makeAgreementService,
  makeDepartment,
  makeOpportunity,
  makeOrganization,
  makeUser,
  TEST_PASSWORD,
} from '../../../test/support/factories.js';
import { recordPath } from '../../../test/support/record-paths.js';
import { RECORD_ACCESS, type RecordKind } from '../../shared/permissions.js';

type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let api: ApiHarness;
let admin: Caller;
let tech: Caller;
let agreementId: number;
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  const t = await makeUser(api.db.pool, { firstName: 'Tess', lastName: 'Tech' });
  admin = await api.signIn(a.email, TEST_PASSWORD);
  tech = await api.signIn(t.email, TEST_PASSWORD);
  agreementId = (await makeAgreement(api.db.pool)).id;
});
afterAll(() => api?.close());

type Payload = { headers?: Record<string, string>; payload?: string };
const json = { 'content-type': 'application/json' };
const remove = (caller: Caller, url: string, extra: Payload = {}) =>
  api.app.inject({
    method: 'DELETE',
    url,
    headers: { 'x-requested-with': 'XMLHttpRequest', cookie: caller.cookie, ...extra.headers },
    ...(extra.payload === undefined ? {} : { payload: extra.payload }),
  });

/** Record kinds with a factory: where their routes are, the table and a fresh record at version 1. */
const KINDS = [
  {
    name: 'organization',
    path: () => '/api/manage/organization',
    table: 'organizations',
    make: async () => (await makeOrganization(api.db.pool)).id,
  },
  {
    name: 'department',
    path: () => '/api/admin/department',
    table: 'departments',
    make: async () => (await makeDepartment(api.db.pool)).id,
  },
  {
    name: 'agreement service (under a parent)',
    path: () => `/api/manage/agreement/${agreementId}/service`,
    table: 'agreement_services',
    make: async () => (await makeAgreementService(api.db.pool, { agreementId })).id,
  },
];

async function fresh(kind: (typeof KINDS)[number]): Promise<number> {
  const id = await kind.make();
  await api.db.pool.query(`UPDATE ${kind.table} SET version = 1 WHERE id = $1`, [id]);
  return id;
}
const exists = async (table: string, id: number) =>
  (await api.db.pool.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])).rowCount === 1;

describe.each(KINDS)('$name', (kind) => {
  it('deletes without a payload, with a JSON type and no body, and with an empty object', async () => {
    const ways: Payload[] = [
      {},
      { headers: json },
      { headers: json, payload: '' },
      { headers: json, payload: '{}' },
    ];
    for (const extra of ways) {
      const id = await fresh(kind);
      const res = await remove(admin, `${kind.path()}/${id}`, extra);
      expect(res.statusCode, `${JSON.stringify(extra)} ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ deleted: true });
      expect(await exists(kind.table, id)).toBe(false);
    }
  });

  it('checks a version given in the body or the query: stale is 409 with the current record', async () => {
    const id = await fresh(kind);
    const url = `${kind.path()}/${id}`;
    for (const [target, extra] of [
      [url, { headers: json, payload: '{"version":0}' }],
      [`${url}?version=0`, {}],
    ] as const) {
      const stale = await remove(admin, target, extra);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toMatch(/^This record was changed /);
      expect(stale.json().current).toMatchObject({ id, version: 1 });
    }
    const bad = await remove(admin, url, { headers: json, payload: '{"version":"one"}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().form.fields.version).toEqual(['This value is not valid.']);
    expect(await exists(kind.table, id)).toBe(true);
    expect((await remove(admin, url, { headers: json, payload: '{"version":1}' })).json()).toEqual({
      deleted: true,
    });
  });
});

describe('authorisation first', () => {
  it('a technician deleting an admin record gets 403 whatever the payload says, and nothing changes', async () => {
    const id = await makeDepartment(api.db.pool);
    for (const extra of [{}, { headers: json, payload: '{"version":"one"}' }, { headers: json }]) {
      const res = await remove(tech, `/api/admin/department/${id.id}`, extra);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
    expect(await exists('departments', id.id)).toBe(true);
  });

  it('every record kind takes a delete with a JSON type and no body (an unknown id: 404, not a parser error)', async () => {
    const opportunityId = (await makeOpportunity(api.db.pool)).id;
    for (const kind of Object.keys(RECORD_ACCESS) as RecordKind[]) {
      const url = `${recordPath(kind, { agreement: agreementId, opportunity: opportunityId })}/2147483647`;
      const res = await remove(admin, url, { headers: json });
      expect(res.statusCode, `${url} ${res.body}`).toBe(404);
    }
  });
});
