// Prepared statements: a list's page, its count and the session lookup are parsed and planned once per connection
// (PostgreSQL's generic plan, not a fresh plan each call), and on the embedded database (one session behind every
// connection) a connection that replaces another prepares them again without a clash.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import { makeAdmin, makeOrganization, TEST_PASSWORD } from '../../../test/support/factories.js';
import { prepared } from '../db/prepared.js';
import { defineRecord, listRecords, loadRecord } from './records.js';
import { findSessionUser } from './sessions.js';

/** Organizations as a record of the list contract (the platform names no area's own definition). */
const ORGANIZATION = defineRecord({
  key: 'organization',
  table: 'organizations',
  objectClass: 'Organization',
  title: 't.name',
  canRead: () => true,
  fields: [{ name: 'name', column: 'name', label: 'Name' }],
});

let api: ApiHarness;
let cookie: string;
beforeAll(async () => {
  api = await setupApi();
  const admin = await makeAdmin(api.db.pool);
  cookie = (await api.signIn(admin.email, TEST_PASSWORD)).cookie;
  for (let i = 1; i <= 30; i++) await makeOrganization(api.db.pool, { name: `Prepared Widgets ${i}` });
});
afterAll(() => api?.close());

type PreparedRow = { statement: string; generic_plans: number; custom_plans: number };

/** This connection's prepared statements (PostgreSQL lists a session's own). */
async function preparedOn(client: pg.PoolClient): Promise<PreparedRow[]> {
  const { rows } = await client.query<PreparedRow>(
    'SELECT statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements',
  );
  return rows;
}

describe('prepared statements', () => {
  it('a list page and its count are planned once, then run on the generic plan', async () => {
    const client = await api.db.pool.connect();
    try {
      const page = () =>
        listRecords(client, ORGANIZATION, {
          filter: { where: ['t.name BETWEEN $1 AND $2'], params: ['Prepared Widgets', 'Prepared Widgets~'] },
          sort: { keys: ['t.name'] },
          limit: 25,
        });
      const first = await page();
      expect(first.items).toHaveLength(25);
      expect(first.total).toBe(30);
      for (let i = 0; i < 9; i++)
        expect((await page()).items.map((x) => x.id)).toEqual(first.items.map((x) => x.id));
      const mine = (await preparedOn(client)).filter((s) => s.statement.includes('FROM organizations t'));
      const rows = mine.find((s) => s.statement.includes('ORDER BY'));
      const counted = mine.find((s) => s.statement.includes('count(*)'));
      // PostgreSQL tries five fresh plans, then keeps the generic one when it costs no more: the limit is in the text,
      // else the generic plan would assume a tenth of the table and lose every time.
      expect(rows).toMatchObject({ generic_plans: 5, custom_plans: 5 });
      expect(rows!.statement).toContain('LIMIT 26');
      expect(counted!.generic_plans + counted!.custom_plans).toBe(10);
      const record = await loadRecord(client, ORGANIZATION, first.items[0]!.id);
      expect(record?.name).toBe(first.items[0]!.name);
    } finally {
      client.release();
    }
  });

  it('a search (a LIKE pattern) is planned on each call: its plan depends on the pattern', async () => {
    const client = await api.db.pool.connect();
    try {
      const search = (q: string) =>
        listRecords(client, ORGANIZATION, {
          filter: { where: ['t.name ILIKE $1'], params: [`%${q}%`] },
          sort: { keys: ['t.name'] },
          limit: 25,
        });
      expect((await search('Widgets 1')).total).toBe(11);
      expect((await search('Widgets 30')).total).toBe(1);
      expect((await preparedOn(client)).some((s) => s.statement.includes('ILIKE'))).toBe(false);
    } finally {
      client.release();
    }
  });

  it('the session lookup is prepared; a signed-in call still finds its user', async () => {
    const token = decodeURIComponent(/=([^;]+)/.exec(cookie)![1]!);
    const client = await api.db.pool.connect();
    try {
      const policy = { idleMinutes: 120, maxHours: 12, secureCookies: false };
      for (let i = 0; i < 3; i++) expect((await findSessionUser(client, token, policy))?.email).toMatch(/@/);
      expect(await findSessionUser(client, 'not-a-token', policy)).toBeNull();
      expect(
        (await preparedOn(client)).some((s) => s.statement.includes('FROM sessions s JOIN users u')),
      ).toBe(true);
    } finally {
      client.release();
    }
    expect((await api.callerWithCookie(cookie).get('/api/manage/organization?limit=5')).statusCode).toBe(200);
  });

  it('a connection that replaces a broken one prepares the same statement again', async () => {
    const statement = prepared('SELECT $1::int + 1 AS n', [41]);
    const first = await api.db.pool.connect();
    expect((await first.query<{ n: number }>(statement)).rows[0]!.n).toBe(42);
    first.release(new Error('dropped, as a broken connection is'));
    const second = await api.db.pool.connect();
    try {
      expect(second).not.toBe(first);
      // On the embedded database this is the same session, which still holds the first connection's statement.
      expect((await second.query<{ n: number }>(statement)).rows[0]!.n).toBe(42);
      expect((await second.query<{ n: number }>(prepared('SELECT $1::int + 1 AS n', [1]))).rows[0]!.n).toBe(
        2,
      );
    } finally {
      second.release();
    }
    expect((await api.callerWithCookie(cookie).get('/api/manage/organization?limit=5')).statusCode).toBe(200);
  });
});
