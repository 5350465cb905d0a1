// The kept figures of time not billed (wip-days.ts, migration 0020), which the WIP list and the bill list read, are
// always what pricing everything afresh gives: after any change of what prices time (slips added, changed, removed;
// tasks moved or removed; cases moved, billed, unbilled; rounding rules; block-hour agreements and services; whether a
// service type is block hours; the default rate), bringing the figures up to date prices the months it touched. A property drives random changes
// and compares, after each, the kept figures with a full pricing; the lists answer the same either way; on
// PostgreSQL a change still open while the figures are brought up to date is priced once it commits.
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../../test/support/api.js';
import {
  makeAdmin,
  makeAgreement,
  makeAgreementService,
  makeCase,
  makeOrganization,
  makeServiceType,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../../test/support/factories.js';
import type { ReportResponse } from '../../../../shared/reports.js';
import { loadDefaultRate } from './billing-settings.service.js';
import { snapshotBilledCases } from './billing-snapshot.js';
import { pricedBy, refreshWipDays } from './wip-days.js';

const RUNS = 25;
const MONTHS = ['2026-08', '2026-09'];

let api: ApiHarness;
let db: pg.Pool;
let adminId: number;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
let staff: number[];

beforeAll(async () => {
  api = await setupApi();
  db = api.db.pool;
  const made = await makeAdmin(db, { firstName: 'Wip', lastName: 'Keeper' });
  adminId = made.id;
  admin = await api.signIn(made.email, TEST_PASSWORD);
  staff = [
    (await makeUser(db, { firstName: 'Ada', lastName: 'Worker' })).id,
    (await makeUser(db, { firstName: 'Bo', lastName: 'Worker' })).id,
  ];
});
afterAll(() => api?.close());

type World = {
  orgs: number[];
  cases: number[];
  tasks: number[];
  slips: number[];
  agreements: number[];
  services: number[];
  blockType: number;
  rate: string;
};

/** Three organizations, two cases each of two tasks, a block-hours service on the first. */
async function makeWorld(): Promise<World> {
  const blockType = (await makeServiceType(db, { blockHours: true })).id;
  const world: World = {
    orgs: [],
    cases: [],
    tasks: [],
    slips: [],
    agreements: [],
    services: [],
    blockType,
    rate: '120.00',
  };
  for (let o = 0; o < 3; o++) {
    const org = (await makeOrganization(db)).id;
    world.orgs.push(org);
    for (let c = 0; c < 2; c++) {
      const caseId = (await makeCase(db, { organizationId: org })).id;
      world.cases.push(caseId);
      for (let t = 0; t < 2; t++) world.tasks.push((await makeTask(db, { caseId })).id);
    }
  }
  await addBlockHours(world, 0, 2, 1);
  return world;
}

async function addBlockHours(world: World, org: number, hours: number, startDay: number) {
  const agreement = (
    await makeAgreement(db, { organizationId: world.orgs[org]!, startDate: `${MONTHS[0]}-01` })
  ).id;
  world.agreements.push(agreement);
  const service = await makeAgreementService(db, {
    agreementId: agreement,
    serviceTypeId: world.blockType,
    coveredHours: String(hours),
    unitPrice: String(hours * 90),
    startDate: `${MONTHS[0]}-${String(startDay).padStart(2, '0')}`,
  });
  world.services.push(service.id);
}

const day = (month: number, d: number) => `${MONTHS[month]}-${String(d).padStart(2, '0')}`;
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const pick = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

async function caseOfSlip(slip: number): Promise<{ billed: boolean } | null> {
  const { rows } = await db.query<{ billed: boolean }>(
    `SELECT c.billed_at IS NOT NULL AS billed FROM slips s JOIN tasks t ON t.id = s.task_id
       JOIN cases c ON c.id = t.case_id WHERE s.id = $1`,
    [slip],
  );
  return rows[0] ?? null;
}

/** Those of `ids` still in `table`. */
async function still(table: 'slips' | 'agreement_services', ids: number[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1::int[])`, [ids]);
  return rows.map((r) => r.id);
}

/** One change, as the app would make it (a billed case's slips are not changed). */
const change = fc.oneof(
  fc.record({
    kind: fc.constant('add slip' as const),
    task: fc.nat(),
    user: fc.nat(1),
    month: fc.nat(1),
    day: fc.integer({ min: 1, max: 28 }),
    minutes: fc.integer({ min: 1, max: 200 }),
    multiplier: fc.constantFrom('1', '1.5', '0'),
    finished: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('change slip' as const),
    slip: fc.nat(),
    minutes: fc.integer({ min: 1, max: 200 }),
    month: fc.nat(1),
    day: fc.integer({ min: 1, max: 28 }),
    multiplier: fc.constantFrom('1', '1.5', '0'),
    user: fc.nat(1),
  }),
  fc.record({ kind: fc.constant('remove slip' as const), slip: fc.nat() }),
  fc.record({ kind: fc.constant('move task' as const), task: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('remove task' as const), task: fc.nat() }),
  fc.record({ kind: fc.constant('move case' as const), case: fc.nat(), org: fc.nat() }),
  fc.record({ kind: fc.constant('bill case' as const), case: fc.nat() }),
  fc.record({ kind: fc.constant('unbill case' as const), case: fc.nat() }),
  fc.record({
    kind: fc.constant('organization rule' as const),
    org: fc.nat(),
    minimum: fc.option(fc.integer({ min: 0, max: 30 })),
    increment: fc.option(fc.integer({ min: 1, max: 15 })),
  }),
  fc.record({
    kind: fc.constant('add block hours' as const),
    org: fc.nat(),
    hours: fc.integer({ min: 1, max: 4 }),
    day: fc.integer({ min: 1, max: 28 }),
  }),
  fc.record({
    kind: fc.constant('change service' as const),
    service: fc.nat(),
    hours: fc.integer({ min: 1, max: 4 }),
    minimum: fc.option(fc.integer({ min: 0, max: 30 })),
  }),
  fc.record({ kind: fc.constant('end agreement' as const), agreement: fc.nat() }),
  fc.record({ kind: fc.constant('remove agreement' as const), agreement: fc.nat() }),
  fc.record({ kind: fc.constant('block hours type' as const), on: fc.boolean() }),
  fc.record({
    kind: fc.constant('default rate' as const),
    rate: fc.constantFrom('95.00', '120.00', '150.50'),
  }),
);
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

async function apply(world: World, c: Change): Promise<void> {
  switch (c.kind) {
    case 'add slip': {
      const task = pick(world.tasks, c.task);
      if (!task) return;
      const start = 8 * 60 + (c.minutes % 97);
      const slip = await makeSlip(db, {
        taskId: task,
        userId: staff[c.user]!,
        workDate: day(c.month, c.day),
        startTime: clock(start),
        stopTime: c.finished ? clock(start + c.minutes) : null,
        rateMultiplier: c.multiplier,
      });
      world.slips.push(slip.id);
      return;
    }
    case 'change slip': {
      const slip = pick(world.slips, c.slip);
      if (!slip || (await caseOfSlip(slip))?.billed !== false) return;
      await db.query(
        `UPDATE slips SET work_date = $2, stop_time = start_time + make_interval(mins => $3), rate_multiplier = $4,
                          user_id = $5
          WHERE id = $1`,
        [slip, day(c.month, c.day), c.minutes, c.multiplier, staff[c.user]],
      );
      return;
    }
    case 'remove slip': {
      const slip = pick(world.slips, c.slip);
      if (!slip || (await caseOfSlip(slip))?.billed !== false) return;
      await db.query('DELETE FROM slips WHERE id = $1', [slip]);
      world.slips = world.slips.filter((s) => s !== slip);
      return;
    }
    case 'move task': {
      const task = pick(world.tasks, c.task);
      const to = pick(world.cases, c.to);
      if (!task || !to) return;
      // Only between cases not billed, as the app moves them.
      await db.query(
        `UPDATE tasks SET case_id = $2 WHERE id = $1
            AND (SELECT billed_at IS NULL FROM cases WHERE id = tasks.case_id)
            AND (SELECT billed_at IS NULL FROM cases WHERE id = $2)`,
        [task, to],
      );
      return;
    }
    case 'remove task': {
      const task = pick(world.tasks, c.task);
      if (!task) return;
      const { rows } = await db.query<{ billed: boolean }>(
        'SELECT c.billed_at IS NOT NULL AS billed FROM tasks t JOIN cases c ON c.id = t.case_id WHERE t.id = $1',
        [task],
      );
      if (rows[0]?.billed !== false) return;
      // Its slips first (a task with slips is kept), then the task: the task's own trigger marks the months.
      await db.query('DELETE FROM slips WHERE task_id = $1', [task]);
      await db.query('DELETE FROM tasks WHERE id = $1', [task]);
      world.tasks = world.tasks.filter((t) => t !== task);
      world.slips = await still('slips', world.slips);
      return;
    }
    case 'move case': {
      const caseId = pick(world.cases, c.case);
      if (!caseId) return;
      await db.query('UPDATE cases SET organization_id = $2 WHERE id = $1 AND billed_at IS NULL', [
        caseId,
        pick(world.orgs, c.org),
      ]);
      return;
    }
    case 'bill case': {
      const caseId = pick(world.cases, c.case);
      if (!caseId) return;
      await db.query(
        'UPDATE cases SET billed_at = now(), billed_by = $2 WHERE id = $1 AND billed_at IS NULL',
        [caseId, adminId],
      );
      await snapshotBilledCases(db);
      return;
    }
    case 'unbill case': {
      const caseId = pick(world.cases, c.case);
      if (!caseId) return;
      await db.query('DELETE FROM billed_cases WHERE case_id = $1', [caseId]);
      await db.query('UPDATE cases SET billed_at = NULL, billed_by = NULL WHERE id = $1', [caseId]);
      return;
    }
    case 'organization rule':
      await db.query(
        'UPDATE organizations SET rounding_minimum = $2, rounding_increment = $3 WHERE id = $1',
        [pick(world.orgs, c.org), c.minimum, c.increment],
      );
      return;
    case 'add block hours':
      await addBlockHours(world, c.org % world.orgs.length, c.hours, c.day);
      return;
    case 'change service': {
      const service = pick(world.services, c.service);
      if (!service) return;
      await db.query(
        `UPDATE agreement_services SET covered_hours = $2::int, unit_price = $2::int * 90, rounding_minimum = $3::int,
                                       rounding_increment = CASE WHEN $3::int IS NULL THEN NULL ELSE 10 END
          WHERE id = $1`,
        [service, c.hours, c.minimum],
      );
      return;
    }
    case 'end agreement': {
      const agreement = pick(world.agreements, c.agreement);
      if (agreement)
        await db.query(`UPDATE agreements SET end_date = $2 WHERE id = $1`, [agreement, day(1, 10)]);
      return;
    }
    case 'remove agreement': {
      const agreement = pick(world.agreements, c.agreement);
      if (!agreement) return;
      await db.query('DELETE FROM agreement_services WHERE agreement_id = $1', [agreement]);
      await db.query('DELETE FROM agreements WHERE id = $1', [agreement]);
      world.agreements = world.agreements.filter((a) => a !== agreement);
      world.services = await still('agreement_services', world.services);
      return;
    }
    case 'block hours type':
      await db.query('UPDATE service_types SET block_hours = $2 WHERE id = $1', [world.blockType, c.on]);
      return;
    case 'default rate':
      world.rate = c.rate;
      return;
  }
}

type Kept = {
  org_id: number;
  work_date: string;
  user_id: number;
  minutes: number;
  covered: number;
  amount: string;
};

async function kept(orgs: number[]): Promise<Kept[]> {
  const { rows } = await db.query<Kept>(
    `SELECT org_id, to_char(work_date, 'YYYY-MM-DD') AS work_date, user_id, case_id, task_id, multi::text,
            rate::text, minutes, billable, covered, amount::text
       FROM wip_days WHERE org_id = ANY($1::int[]) ORDER BY org_id, work_date, user_id, case_id, task_id, multi`,
    [orgs],
  );
  return rows;
}

/** The figures priced afresh, everything at once (as a new database would first price them). */
async function pricedAfresh(world: World): Promise<Kept[]> {
  await db.query('DELETE FROM wip_state');
  await refreshWipDays(db, world.rate);
  return kept(world.orgs);
}

describe('the kept figures of time not billed', () => {
  it('are what pricing everything afresh gives, after any change of what prices time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 4, maxLength: 9 }), async (changes) => {
        const world = await makeWorld();
        // A month of slips to start from, over both months, both staff and every task.
        for (let i = 0; i < 8; i++) {
          const slip = await makeSlip(db, {
            taskId: world.tasks[(i * 5) % world.tasks.length]!,
            userId: staff[i % 2]!,
            workDate: day(i % 2, 1 + ((i * 7) % 28)),
            startTime: clock(9 * 60 + i),
            stopTime: clock(9 * 60 + i + 20 + i * 11),
          });
          world.slips.push(slip.id);
        }
        await refreshWipDays(db, world.rate);
        for (const c of changes) {
          await apply(world, c);
          await refreshWipDays(db, world.rate);
          const incremental = await kept(world.orgs);
          const { rows } = await db.query('SELECT count(*)::int AS n FROM wip_dirty');
          expect(rows[0].n, 'marks left after bringing the figures up to date').toBe(0);
          expect(incremental, `after ${JSON.stringify(c)}`).toEqual(await pricedAfresh(world));
        }
        // The figures cover every finished slip of an unbilled case: their minutes add up.
        const { rows } = await db.query<{ minutes: number }>(
          `SELECT COALESCE(sum((extract(epoch FROM s.stop_time - s.start_time) / 60)::int), 0)::int AS minutes
             FROM slips s JOIN tasks t ON t.id = s.task_id JOIN cases c ON c.id = t.case_id
            WHERE c.organization_id = ANY($1::int[]) AND c.billed_at IS NULL AND s.stop_time IS NOT NULL`,
          [world.orgs],
        );
        const keptMinutes = (await kept(world.orgs)).reduce((sum, k) => sum + k.minutes, 0);
        expect(keptMinutes).toBe(rows[0]!.minutes);
      }),
      { numRuns: RUNS },
    );
  }, 240_000);

  it.each([
    ['wip-list', ''],
    // The period of the slips below (MONTHS[1]).
    ['bill-list', '&from=09/01/2026&to=09/30/2026&billed=all'],
  ])('are read by the %s as a full pricing would show them', async (report, extra) => {
    const world = await makeWorld();
    for (let i = 0; i < 6; i++)
      await makeSlip(db, {
        taskId: world.tasks[i]!,
        userId: staff[i % 2]!,
        workDate: day(1, 3 + i),
        startTime: '09:00',
        stopTime: clock(9 * 60 + 17 * (i + 1)),
        rateMultiplier: i === 4 ? '1.5' : '1',
      });
    const query = `/api/report/${report}?organization=${world.orgs.join(',')}&clients=all&limit=50${extra}`;
    const first = await admin.get(query);
    expect(first.statusCode, first.body).toBe(200);
    const before = first.json() as ReportResponse;
    expect(before.total).toBeGreaterThan(0);
    // A slip added after the list was read is in the next read.
    await makeSlip(db, {
      taskId: world.tasks[0]!,
      userId: staff[0]!,
      workDate: day(1, 20),
      startTime: '13:00',
      stopTime: '14:07',
    });
    const after = (await admin.get(query)).json() as ReportResponse;
    const minutes = (r: ReportResponse) => r.rows.reduce((sum, row) => sum + Number(row.minutes), 0);
    expect(minutes(after)).toBe(minutes(before) + 67);
    await db.query('DELETE FROM wip_state');
    const afresh = (await admin.get(query)).json() as ReportResponse;
    expect(after.rows).toEqual(afresh.rows);
    expect(after.summary).toEqual(afresh.summary);
    const { rows } = await db.query('SELECT priced_by FROM wip_state');
    expect(rows[0].priced_by).toBe(pricedBy(await loadDefaultRate(db)));
  });

  it('price a change still open while they are brought up to date once it commits (PostgreSQL)', async (t) => {
    if (api.db.kind !== 'postgres') t.skip();
    const world = await makeWorld();
    await refreshWipDays(db, world.rate);
    const writer = await db.connect();
    try {
      await writer.query('BEGIN');
      await writer.query(
        `INSERT INTO slips (task_id, user_id, work_date, start_time, stop_time, created_by, updated_by)
         VALUES ($1, $2, $3, '10:00', '10:45', $2, $2)`,
        [world.tasks[2], staff[0], day(1, 12)],
      );
      // The mark is the writer's, not committed: the run neither sees nor takes it.
      await refreshWipDays(db, world.rate);
      expect((await kept(world.orgs)).reduce((s, k) => s + k.minutes, 0)).toBe(0);
      await writer.query('COMMIT');
    } finally {
      writer.release();
    }
    await refreshWipDays(db, world.rate);
    expect((await kept(world.orgs)).reduce((s, k) => s + k.minutes, 0)).toBe(45);

    // A month already marked, marked again by a change still open: the run that takes the mark waits for the change
    // to commit, then prices the month with it.
    const slip = (
      await makeSlip(db, {
        taskId: world.tasks[2]!,
        userId: staff[1]!,
        workDate: day(1, 13),
        startTime: '11:00',
        stopTime: '11:30',
      })
    ).id;
    const second = await db.connect();
    let run: Promise<void> | undefined;
    try {
      await second.query('BEGIN');
      await second.query(`UPDATE slips SET stop_time = '12:00' WHERE id = $1`, [slip]);
      run = refreshWipDays(db, world.rate);
      // The run is waiting on the mark the open change holds (a lock wait, seen from the server's side).
      await expect
        .poll(async () => {
          const { rows } = await db.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%DELETE FROM wip_dirty%'`,
          );
          return rows[0].n;
        })
        .toBe(1);
      await second.query('COMMIT');
    } finally {
      second.release();
    }
    await run;
    expect((await kept(world.orgs)).reduce((s, k) => s + k.minutes, 0)).toBe(45 + 60);
  });
});
