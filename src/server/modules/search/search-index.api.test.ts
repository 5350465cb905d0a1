// search_entries stays in step with the records: after any sequence of writes to the searched tables and the ones
// their entries show (organizations' names on agreements, task titles on slips, stage names in the settings), the
// index equals one built from scratch; a rolled-back write leaves it as it was; one statement of many rows is one
// refresh; the migrations install the upkeep the sources describe.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
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
import { readMigrations } from '../../db/migrate.js';
import { OPPORTUNITY_SETTINGS_KEY } from '../../db/settings-keys.js';
import { AREAS } from '../areas.js';
import { searchIndexRebuild, searchIndexUpkeep } from './search-index-sql.js';

const SOURCES = AREAS.flatMap((area) => area.searchSources ?? []);

let api: ApiHarness;
let userId: number;
beforeAll(async () => {
  api = await setupApi();
  userId = (await makeUser(api.db.pool)).id;
});
afterAll(() => api?.close());

const ENTRIES = `SELECT kind, record_id, field, label, match, related, typos, prose, term, value, name, detail, id1, id2
  FROM search_entries ORDER BY kind, record_id, field`;

/** The index as it is, and as a rebuild from the records would make it (the rebuild rolled back). */
async function indexAndRebuild() {
  const client = await api.db.pool.connect();
  try {
    const kept = (await client.query(ENTRIES)).rows;
    await client.query('BEGIN');
    for (const statement of searchIndexRebuild(SOURCES)) await client.query(statement);
    const rebuilt = (await client.query(ENTRIES)).rows;
    await client.query('ROLLBACK');
    return { kept, rebuilt };
  } finally {
    client.release();
  }
}

/** Hostile and plain texts: quotes, markup, non-Latin names, empty, LIKE characters, a long word. */
const text = fc.oneof(
  fc.constantFrom(
    'Ørsted & Søn',
    "O'Brien 100%",
    '<b>bold</b>_x',
    '東京 サーバー',
    '',
    'x'.repeat(300),
    'Plain name',
  ),
  fc.string({ minLength: 0, maxLength: 12 }),
);

type Ids = {
  orgs: number[];
  agreements: number[];
  opps: number[];
  cases: number[];
  tasks: number[];
  slips: number[];
};

/** One write to a searched table or one its entries show. */
const operation = fc.oneof(
  fc.record({ op: fc.constant('rename organization' as const), pick: fc.nat(), to: text }),
  fc.record({
    op: fc.constant('phone' as const),
    pick: fc.nat(),
    to: fc.constantFrom('(617) 555-0101', null, ''),
  }),
  fc.record({ op: fc.constant('new agreement' as const), pick: fc.nat(), to: text }),
  fc.record({ op: fc.constant('move agreement' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ op: fc.constant('retitle task' as const), pick: fc.nat(), to: text }),
  fc.record({ op: fc.constant('new slip' as const), pick: fc.nat(), to: fc.option(text) }),
  fc.record({ op: fc.constant('move slip' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ op: fc.constant('edit slip minutes' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ op: fc.constant('delete slip' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ op: fc.constant('rename stage' as const), pick: fc.nat(), to: text }),
  fc.record({ op: fc.constant('retitle opportunity' as const), pick: fc.nat(), to: text }),
  fc.record({ op: fc.constant('delete agreement' as const), pick: fc.nat(), to: fc.nat() }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

const pickOf = (list: number[], n: number) => list[n % list.length]!;

async function apply(ids: Ids, { op, pick, to }: Operation): Promise<void> {
  const q = (sql: string, values: unknown[]) => api.db.pool.query(sql, values);
  switch (op) {
    case 'rename organization':
      await q('UPDATE organizations SET name = $2 WHERE id = $1', [pickOf(ids.orgs, pick), to || 'Unnamed']);
      return;
    case 'phone':
      await q('UPDATE organizations SET phone = $2 WHERE id = $1', [pickOf(ids.orgs, pick), to]);
      return;
    case 'new agreement': {
      const made = await makeAgreement(api.db.pool, {
        organizationId: pickOf(ids.orgs, pick),
        title: (to as string) || 'Agreement',
      });
      ids.agreements.push(made.id);
      return;
    }
    case 'move agreement':
      if (ids.agreements.length)
        await q('UPDATE agreements SET organization_id = $2 WHERE id = $1', [
          pickOf(ids.agreements, pick),
          pickOf(ids.orgs, to as number),
        ]);
      return;
    case 'delete agreement':
      if (ids.agreements.length) {
        const id = pickOf(ids.agreements, pick);
        await q('DELETE FROM agreements WHERE id = $1', [id]);
        ids.agreements = ids.agreements.filter((a) => a !== id);
      }
      return;
    case 'retitle task':
      await q('UPDATE tasks SET title = $2 WHERE id = $1', [pickOf(ids.tasks, pick), to || 'Task']);
      return;
    case 'new slip': {
      const made = await makeSlip(api.db.pool, {
        taskId: pickOf(ids.tasks, pick),
        userId,
        comment: to as string | null,
      });
      ids.slips.push(made.id);
      return;
    }
    case 'move slip':
      if (ids.slips.length)
        await q('UPDATE slips SET task_id = $2 WHERE id = $1', [
          pickOf(ids.slips, pick),
          pickOf(ids.tasks, to as number),
        ]);
      return;
    case 'edit slip minutes':
      if (ids.slips.length)
        await q(`UPDATE slips SET stop_time = '11:00' WHERE id = $1`, [pickOf(ids.slips, pick)]);
      return;
    case 'delete slip':
      if (ids.slips.length) {
        const id = pickOf(ids.slips, pick);
        await q('DELETE FROM slips WHERE id = $1', [id]);
        ids.slips = ids.slips.filter((s) => s !== id);
      }
      return;
    case 'rename stage': {
      const stages = [
        { id: 1, name: (to as string) || 'Qualification', probability: 10 },
        { id: 2, name: 'Won', probability: 100 },
      ];
      await q(
        `INSERT INTO settings (key, value) VALUES ($1, $2::jsonb)
         ON CONFLICT (key) DO UPDATE SET value = jsonb_set(settings.value, '{stages}', $2::jsonb -> 'stages')`,
        [OPPORTUNITY_SETTINGS_KEY, JSON.stringify({ stages })],
      );
      return;
    }
    case 'retitle opportunity':
      await q('UPDATE opportunities SET title = $2 WHERE id = $1', [pickOf(ids.opps, pick), to || 'Deal']);
      return;
  }
}

describe('search_entries', () => {
  it('after any writes, equals the index built from the records', async () => {
    const orgs = [
      await makeOrganization(api.db.pool),
      await makeOrganization(api.db.pool, { name: 'Tamarisk' }),
    ];
    const cases = [await makeCase(api.db.pool, { organizationId: orgs[0]!.id })];
    const tasks = [
      await makeTask(api.db.pool, { caseId: cases[0]!.id }),
      await makeTask(api.db.pool, { caseId: cases[0]!.id }),
    ];
    const opp = await makeOpportunity(api.db.pool, { organizationId: orgs[1]!.id });
    await api.db.pool.query(
      `INSERT INTO proposals (opportunity_id, number, title) VALUES ($1, 'PR-1', 'Rollout')`,
      [opp.id],
    );
    await makePerson(api.db.pool, { organizationId: orgs[0]!.id, email: 'kim@example.test' });
    await makeEquipment(api.db.pool, { organizationId: orgs[0]!.id, serialNumber: 'XK4QTR' });
    await makeSoftware(api.db.pool);
    const agreement = await makeAgreement(api.db.pool, { organizationId: orgs[1]!.id, title: 'Care plan' });
    const slip = await makeSlip(api.db.pool, { taskId: tasks[0]!.id, userId, comment: 'Replaced the toner' });
    // Every kind is in the index.
    const kinds = (await api.db.pool.query<{ kind: string }>('SELECT DISTINCT kind FROM search_entries'))
      .rows;
    expect(kinds.map((k) => k.kind).sort()).toEqual(SOURCES.map((s) => s.kind).sort());
    const ids: Ids = {
      orgs: orgs.map((o) => o.id),
      agreements: [agreement.id],
      opps: [opp.id],
      cases: cases.map((c) => c.id),
      tasks: tasks.map((t) => t.id),
      slips: [slip.id],
    };
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        for (const o of operations) await apply(ids, o);
        const { kept, rebuilt } = await indexAndRebuild();
        expect(kept).toEqual(rebuilt);
      }),
      { numRuns: 25 },
    );
  });

  it('a rolled-back write leaves the index as it was', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Before Rollback' });
    const client = await api.db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`UPDATE organizations SET name = 'After Rollback' WHERE id = $1`, [org.id]);
      await client.query(`INSERT INTO organizations (name) VALUES ('Never Committed')`);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    const terms = await api.db.pool.query<{ term: string }>(
      `SELECT term FROM search_entries WHERE kind = 'organization' AND term IN ('Before Rollback', 'After Rollback', 'Never Committed')`,
    );
    expect(terms.rows).toEqual([{ term: 'Before Rollback' }]);
  });

  it('indexes a statement of many rows at once, and drops what a statement deletes', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Bulk Import Client' });
    await api.db.pool.query(
      `INSERT INTO equipment (organization_id, name, serial_number, model)
       SELECT $1, 'BULK-' || g, 'SN' || g, 'OptiPlex 7090' FROM generate_series(1, 2000) g`,
      [org.id],
    );
    const count = async () =>
      Number(
        (
          await api.db.pool.query<{ n: string }>(
            `SELECT count(*) AS n FROM search_entries e JOIN equipment d ON d.id = e.record_id
             WHERE e.kind = 'equipment' AND d.organization_id = $1`,
            [org.id],
          )
        ).rows[0]!.n,
      );
    expect(await count()).toBe(6000);
    await api.db.pool.query(`DELETE FROM equipment WHERE organization_id = $1 AND name LIKE 'BULK-1%'`, [
      org.id,
    ]);
    const left = Number(
      (
        await api.db.pool.query<{ n: string }>(
          'SELECT count(*) AS n FROM equipment WHERE organization_id = $1',
          [org.id],
        )
      ).rows[0]!.n,
    );
    expect(await count()).toBe(left * 3);
  });

  it('is installed by the migrations as the sources describe it', () => {
    const statements = readMigrations()
      .filter((m) => m.statements.some((s) => s.includes('search_refresh_')))
      .at(-1)!
      .statements.map((s) => s.replace(/;$/, ''));
    const missing = searchIndexUpkeep(SOURCES).filter((s) => !statements.includes(s));
    // A source changed: write a migration with `npx drizzle-kit generate --custom` and the output of
    // `npx tsx scripts/search-index-sql.ts`.
    expect(missing).toEqual([]);
  });
});
