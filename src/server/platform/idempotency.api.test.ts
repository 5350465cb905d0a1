// Idempotency keys on the slip and bucket writes (the offline queue's retries): a repeat is answered, never applied
// twice — also when both sends arrive at once; a key is the user's own; another change under a used key is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import {
  makeBucketCategory,
  makeCase,
  makeOrganization,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../test/support/factories.js';
import { KEY_INVALID, KEY_REUSED } from './idempotency.js';
import { cleanUpSessions } from './session-cleanup.js';

let api: ApiHarness;
let ownerId: number;
let otherCookie: string;
let ownerCookie: string;
let taskId: number;
let categoryId: number;

beforeAll(async () => {
  api = await setupApi();
  const owner = await makeUser(api.db.pool, { firstName: 'Ida', lastName: 'Empotent' });
  const other = await makeUser(api.db.pool, { firstName: 'Otto', lastName: 'Other' });
  ownerId = owner.id;
  ownerCookie = (await api.signIn(owner.email, TEST_PASSWORD)).cookie;
  otherCookie = (await api.signIn(other.email, TEST_PASSWORD)).cookie;
  const org = await makeOrganization(api.db.pool, { name: 'Retry Dental' });
  const kase = await makeCase(api.db.pool, { organizationId: org.id, title: 'Basement server' });
  taskId = (await makeTask(api.db.pool, { caseId: kase.id, title: 'Swap the UPS' })).id;
  categoryId = (await makeBucketCategory(api.db.pool, { name: 'Admin', sortOrder: 1 })).id;
});
afterAll(() => api?.close());

function send(cookie: string, method: 'POST' | 'DELETE', url: string, key: string | null, payload?: object) {
  return api.app.inject({
    method,
    url,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      cookie,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    ...(payload ? { payload } : {}),
  });
}

const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  startTime: '9:00 AM',
  stopTime: '10:00 AM',
  date: '11/20/2026',
  task: taskId,
  user: null,
  where: 'REMOTE',
  how: 'PHONE',
  rateMultiplier: '1',
  comment: 'Offline in the basement',
  ...over,
});

async function slipCount(comment: string): Promise<number> {
  const { rows } = await api.db.pool.query<{ n: string }>(
    'SELECT count(*) AS n FROM slips WHERE user_id = $1 AND comment = $2',
    [ownerId, comment],
  );
  return Number(rows[0]!.n);
}

describe('idempotency keys', () => {
  it('a create sent twice with one key makes one slip and answers both with it', async () => {
    const body = form({ comment: 'created once' });
    const first = await send(ownerCookie, 'POST', '/api/manage/slip/create', 'c-0001-aaaa', body);
    const again = await send(ownerCookie, 'POST', '/api/manage/slip/create', 'c-0001-aaaa', body);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await slipCount('created once')).toBe(1);
  });

  it('the same create sent five times at once makes one slip', async () => {
    const body = form({ comment: 'burst' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        send(ownerCookie, 'POST', '/api/manage/slip/create', 'c-burst-0001', body),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => a.json().slip.id));
    expect(ids.size).toBe(1);
    expect(await slipCount('burst')).toBe(1);
  });

  it('without a key every send is applied (the old behaviour)', async () => {
    const body = form({ comment: 'no key' });
    await send(ownerCookie, 'POST', '/api/manage/slip/create', null, body);
    await send(ownerCookie, 'POST', '/api/manage/slip/create', null, body);
    expect(await slipCount('no key')).toBe(2);
  });

  it('an update retried after it succeeded is answered, not refused as stale', async () => {
    const slip = await makeSlip(api.db.pool, { taskId, userId: ownerId, workDate: '2026-11-20' });
    const body = form({ version: 0, comment: 'edited offline' });
    const first = await send(ownerCookie, 'POST', `/api/manage/slip/${slip.id}`, 'u-0001-aaaa', body);
    expect(first.json().slip.version).toBe(1);
    const again = await send(ownerCookie, 'POST', `/api/manage/slip/${slip.id}`, 'u-0001-aaaa', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().slip.version).toBe(1);
    // A new key at the old version is a real conflict.
    const stale = await send(ownerCookie, 'POST', `/api/manage/slip/${slip.id}`, 'u-0002-aaaa', body);
    expect(stale.statusCode).toBe(409);
  });

  it('a delete retried after it succeeded answers deleted again instead of 404', async () => {
    const slip = await makeSlip(api.db.pool, { taskId, userId: ownerId, workDate: '2026-11-20' });
    const url = `/api/manage/slip/${slip.id}?version=0`;
    expect((await send(ownerCookie, 'DELETE', url, 'd-0001-aaaa')).json()).toEqual({ deleted: true });
    const again = await send(ownerCookie, 'DELETE', url, 'd-0001-aaaa');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ deleted: true });
    expect((await send(ownerCookie, 'DELETE', url, 'd-0002-aaaa')).statusCode).toBe(404);
  });

  it('a bucket save retried is applied once', async () => {
    const url = `/api/manage/bucket/${categoryId}/11202026`;
    const body = { time: '1:30', comment: 'Timesheets', version: 0 };
    const first = await send(ownerCookie, 'POST', url, 'b-0001-aaaa', body);
    const again = await send(ownerCookie, 'POST', url, 'b-0001-aaaa', body);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json().bucket).toMatchObject({ minutes: 90, comment: 'Timesheets' });
    const { rows } = await api.db.pool.query(
      'SELECT version FROM buckets WHERE user_id = $1 AND category_id = $2',
      [ownerId, categoryId],
    );
    expect(rows).toEqual([{ version: first.json().bucket.version }]);
  });

  it('a refused change keeps no key: it may be sent again once fixed', async () => {
    const bad = await send(
      ownerCookie,
      'POST',
      '/api/manage/slip/create',
      'c-fix-0001',
      form({ task: 999999 }),
    );
    expect(bad.statusCode).toBe(400);
    const good = await send(
      ownerCookie,
      'POST',
      '/api/manage/slip/create',
      'c-fix-0001',
      form({ comment: 'fixed' }),
    );
    expect(good.statusCode).toBe(200);
    expect(await slipCount('fixed')).toBe(1);
  });

  it('another change under a used key is refused with a clear message', async () => {
    await send(
      ownerCookie,
      'POST',
      '/api/manage/slip/create',
      'c-reuse-0001',
      form({ comment: 'first use' }),
    );
    const reused = await send(
      ownerCookie,
      'POST',
      '/api/manage/slip/create',
      'c-reuse-0001',
      form({ comment: 'x' }),
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(KEY_REUSED);
    expect(await slipCount('x')).toBe(0);
  });

  it("keys are each user's own: another user's same key applies their change", async () => {
    const body = form({ comment: 'mine' });
    await send(ownerCookie, 'POST', '/api/manage/slip/create', 'c-shared-0001', body);
    const theirs = await send(otherCookie, 'POST', '/api/manage/slip/create', 'c-shared-0001', body);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().slip.user.value).not.toBe(ownerId);
  });

  it.each(['short', 'has space in it', 'x'.repeat(101), 'semi;colon-key', ''])(
    'a malformed key %j is refused (400) with a clear message',
    async (key) => {
      const res = await send(
        ownerCookie,
        'POST',
        '/api/manage/slip/create',
        key,
        form({ comment: 'bad key' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(KEY_INVALID);
      expect(await slipCount('bad key')).toBe(0);
    },
  );

  it('the OpenAPI document names the header on the three writes', async () => {
    const doc = (await api.callerWithCookie(ownerCookie).get('/api/openapi.json')).json();
    const names = (op: { parameters?: { name: string; in: string }[] }) =>
      (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
    expect(names(doc.paths['/api/manage/slip/{id}'].post)).toContain('idempotency-key');
    expect(names(doc.paths['/api/manage/slip/{id}'].delete)).toContain('idempotency-key');
    expect(names(doc.paths['/api/manage/bucket/{categoryId}/{date}'].post)).toContain('idempotency-key');
  });

  it('the hourly clean-up drops answers older than a week', async () => {
    await send(ownerCookie, 'POST', '/api/manage/slip/create', 'c-old-0001', form({ comment: 'old' }));
    await api.db.pool.query(
      "UPDATE idempotent_requests SET created_at = now() - interval '8 days' WHERE key = 'c-old-0001'",
    );
    const result = await cleanUpSessions(api.db.pool, 60);
    expect(result.idempotentRequests).toBe(1);
    const { rows } = await api.db.pool.query("SELECT 1 FROM idempotent_requests WHERE key = 'c-old-0001'");
    expect(rows).toHaveLength(0);
  });
});
