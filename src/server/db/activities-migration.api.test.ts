// Migration 0018 folds agreement_activities and opportunity_activities into one `activities` table. A database of
// the old shape (migrated up to 0017) with timelines in both tables is migrated on: every row is kept with its
// record, its kind, text, actor and time; an agreement's rows keep their ids, an opportunity's keep their order; new
// rows continue after them; and the foreign keys still cascade.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgreement, makeOpportunity, makeUser } from '../../../test/support/factories.js';
import { databaseAt, type MigrationDb } from '../../../test/support/migration-db.js';
import { activityLog } from '../platform/activity.js';
import { migrate } from './migrate.js';

const BEFORE = '0017_import_recovery';
const MIGRATION = '0018_activities';

// The timelines as the agreement and opportunity areas read and write them.
const AGREEMENT_ACTIVITY = activityLog('agreement_id', 'agreements');
const OPPORTUNITY_ACTIVITY = activityLog('opportunity_id', 'opportunities');

let db: MigrationDb;
let pool: pg.Pool;
beforeAll(async () => {
  db = await databaseAt(BEFORE);
  pool = db.pool;
}, 120_000);
afterAll(() => db?.close());

type Row = { parent: number; kind: string; text: string; actor_id: number | null; at: string };

describe(`migration ${MIGRATION}`, () => {
  it('moves every timeline row of both old tables into activities, and the timelines read as before', async () => {
    const actor = await makeUser(pool);
    const agreements = [await makeAgreement(pool), await makeAgreement(pool)];
    const opportunities = [await makeOpportunity(pool), await makeOpportunity(pool)];
    // Interleaved in time and id, a note by a user and a change by nobody, two rows at the same instant.
    for (let i = 0; i < 6; i++) {
      const at = `2026-0${1 + (i % 3)}-1${i}T10:00:00.123456Z`;
      for (const a of agreements) {
        await pool.query(
          'INSERT INTO agreement_activities (agreement_id, kind, text, actor_id, at) VALUES ($1, $2, $3, $4, $5)',
          [a.id, i % 2 ? 'NOTE' : 'STATUS', `Agreement ${a.id} step ${i}`, i % 2 ? actor.id : null, at],
        );
      }
      for (const o of opportunities) {
        await pool.query(
          'INSERT INTO opportunity_activities (opportunity_id, kind, text, actor_id, at) VALUES ($1, $2, $3, $4, $5)',
          [o.id, i % 2 ? 'NOTE' : 'STAGE', `Opportunity ${o.id} step ${i}`, i % 2 ? actor.id : null, at],
        );
      }
    }
    const read = (sql: string) =>
      pool.query<Row & { id: string }>(`${sql} ORDER BY parent, at, id`).then((r) => r.rows);
    const oldAgreementRows = await read(
      `SELECT id::text, agreement_id AS parent, kind, text, actor_id, at::text FROM agreement_activities`,
    );
    const oldOpportunityRows = await read(
      `SELECT id::text, opportunity_id AS parent, kind, text, actor_id, at::text FROM opportunity_activities`,
    );
    const timelines = async () => ({
      agreements: await Promise.all(
        agreements.map((a) => AGREEMENT_ACTIVITY.list(pool, a.id, { limit: 100 })),
      ),
      opportunities: await Promise.all(
        opportunities.map((o) => OPPORTUNITY_ACTIVITY.list(pool, o.id, { limit: 100 })),
      ),
    });

    expect(await migrate(pool, db.migrationsUpTo(MIGRATION))).toEqual([MIGRATION]);

    const newAgreementRows = await read(
      `SELECT id::text, agreement_id AS parent, kind, text, actor_id, at::text FROM activities
        WHERE agreement_id IS NOT NULL`,
    );
    const newOpportunityRows = await read(
      `SELECT id::text, opportunity_id AS parent, kind, text, actor_id, at::text FROM activities
        WHERE opportunity_id IS NOT NULL`,
    );
    // Every row, with its record, kind, text, actor and exact time; an agreement's keep their ids.
    expect(newAgreementRows).toEqual(oldAgreementRows);
    const withoutId = (rows: (Row & { id: string })[]) => rows.map(({ id: _, ...rest }) => rest);
    expect(withoutId(newOpportunityRows)).toEqual(withoutId(oldOpportunityRows));
    // An opportunity's rows keep their order (ids shifted past the agreements' by one amount).
    const shift = Number(newOpportunityRows[0]!.id) - Number(oldOpportunityRows[0]!.id);
    expect(newOpportunityRows.map((r) => Number(r.id) - shift)).toEqual(
      oldOpportunityRows.map((r) => Number(r.id)),
    );
    const { rows: tables } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables
        WHERE table_name IN ('agreement_activities', 'opportunity_activities')`,
    );
    expect(tables[0]!.n).toBe(0);

    // The timelines as the API pages them: every row, newest first, the note's actor named.
    const after = await timelines();
    for (const [i, page] of after.agreements.entries()) {
      expect(page.items.map((x) => x.text)).toEqual(
        oldAgreementRows
          .filter((r) => r.parent === agreements[i]!.id)
          .reverse()
          .map((r) => r.text),
      );
      expect(page.items.find((x) => x.kind.value === 'NOTE')?.actor?.value).toBe(actor.id);
    }
    for (const [i, page] of after.opportunities.entries()) {
      expect(page.items.map((x) => x.text)).toEqual(
        oldOpportunityRows
          .filter((r) => r.parent === opportunities[i]!.id)
          .reverse()
          .map((r) => r.text),
      );
    }

    // A new row continues after every moved one.
    await AGREEMENT_ACTIVITY.add(pool, {
      parentId: agreements[0]!.id,
      kind: 'NOTE',
      text: 'After',
      actorId: null,
    });
    const { rows: ids } = await pool.query<{ newest: string; before: string }>(
      `SELECT (SELECT id::text FROM activities WHERE text = 'After') AS newest,
              (SELECT max(id)::text FROM activities WHERE text <> 'After') AS before`,
    );
    expect(Number(ids[0]!.newest)).toBeGreaterThan(Number(ids[0]!.before));

    // Exactly one parent, and deleting a record still deletes its timeline.
    await expect(
      pool.query(`INSERT INTO activities (kind, text) VALUES ('NOTE', 'Nobody''s')`),
    ).rejects.toThrow(/activities_one_parent/);
    await expect(
      pool.query(
        `INSERT INTO activities (agreement_id, opportunity_id, kind, text) VALUES ($1, $2, 'NOTE', 'Both')`,
        [agreements[0]!.id, opportunities[0]!.id],
      ),
    ).rejects.toThrow(/activities_one_parent/);
    await pool.query('DELETE FROM agreements WHERE id = $1', [agreements[1]!.id]);
    await pool.query('DELETE FROM opportunities WHERE id = $1', [opportunities[1]!.id]);
    const { rows: left } = await pool.query<{ agreement_id: number | null; opportunity_id: number | null }>(
      'SELECT DISTINCT agreement_id, opportunity_id FROM activities ORDER BY 1, 2',
    );
    expect(left).toEqual([
      { agreement_id: agreements[0]!.id, opportunity_id: null },
      { agreement_id: null, opportunity_id: opportunities[0]!.id },
    ]);
  }, 60_000);
});
