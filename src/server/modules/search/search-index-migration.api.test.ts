// Migration 0019 brings global search's index: a database with records of every searched kind (migrated up to 0018)
// is migrated on, and its records are in search_entries as a rebuild makes them; the indexes only search read are
// gone; the next write is indexed by the triggers.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAgreement,
  makeCase,
  makeEquipment,
  makeOpportunity,
  makeOrganization,
  makePerson,
  makeSlip,
  makeSoftware,
  makeTask,
  makeUser,
} from '../../../../test/support/factories.js';
import { databaseAt, type MigrationDb } from '../../../../test/support/migration-db.js';
import { migrate } from '../../db/migrate.js';
import { AREAS } from '../areas.js';
import { searchIndexRebuild } from './search-index-sql.js';

const BEFORE = '0018_activities';
const MIGRATION = '0019_search_index';
const SOURCES = AREAS.flatMap((area) => area.searchSources ?? []);
const ENTRIES = 'SELECT * FROM search_entries ORDER BY kind, record_id, field';

let db: MigrationDb;
let pool: pg.Pool;
beforeAll(async () => {
  db = await databaseAt(BEFORE);
  pool = db.pool;
}, 120_000);
afterAll(() => db?.close());

describe(`migration ${MIGRATION}`, () => {
  it('indexes the records already there, drops the indexes only search read, and keeps the index in step after', async () => {
    const user = await makeUser(pool);
    const org = await makeOrganization(pool, { name: 'Ørsted & Søn "Dental"', shortCode: 'ORS' });
    await pool.query(`UPDATE organizations SET phone = '(617) 555-0101' WHERE id = $1`, [org.id]);
    const kase = await makeCase(pool, { organizationId: org.id, title: 'Printer offline' });
    const task = await makeTask(pool, { caseId: kase.id, title: 'Replace toner' });
    await makeSlip(pool, {
      taskId: task.id,
      userId: user.id,
      comment: 'Swapped the cartridge, line 1\nline 2',
    });
    await makePerson(pool, { organizationId: org.id, email: 'kim@example.test' });
    await makeEquipment(pool, { organizationId: org.id, serialNumber: 'XK4QTR' });
    await makeSoftware(pool);
    await makeAgreement(pool, { organizationId: org.id, title: 'Care plan' });
    const opp = await makeOpportunity(pool, { organizationId: org.id });
    await pool.query(`INSERT INTO proposals (opportunity_id, number, title) VALUES ($1, 'PR-9', 'Rollout')`, [
      opp.id,
    ]);

    expect(await migrate(pool, db.migrationsUpTo(MIGRATION))).toEqual([MIGRATION]);
    const migrated = (await pool.query(ENTRIES)).rows;
    const kinds = new Set(migrated.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(SOURCES.map((s) => s.kind).sort());

    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      for (const statement of searchIndexRebuild(SOURCES)) await client.query(statement);
      expect((await client.query(ENTRIES)).rows).toEqual(migrated);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    const { rows: gone } = await pool.query(
      `SELECT indexname FROM pg_indexes WHERE indexname IN
         ('slips_comment_trgm', 'organizations_phone_digits_trgm', 'people_phone_digits_trgm')`,
    );
    expect(gone).toEqual([]);

    await pool.query(`UPDATE organizations SET name = 'Renamed Dental' WHERE id = $1`, [org.id]);
    const { rows } = await pool.query<{ kind: string; term: string }>(
      `SELECT kind, term FROM search_entries WHERE term = 'Renamed Dental' ORDER BY kind`,
    );
    // The organization's own name, and its agreement found through it.
    expect(rows.map((r) => r.kind)).toEqual(['agreement', 'organization']);
  });
});
