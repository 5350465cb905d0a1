// Actual vs billable: the SQL of billable-sql.ts agrees with src/shared/rounding.ts over a table of minutes, rules and
// multipliers, and a presented slip carries the rule in force on its day (service, else organization, else default).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAgreement,
  makeAgreementService,
  makeCase,
  makeOrganization,
  makeServiceType,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { billable, type RoundingSource, sourceLabel } from '../../../shared/rounding.js';
import { slipSchema } from '../../../shared/schemas/slip.js';
import { billableSql, sourceLabelSql } from './billable-sql.js';

let api: ApiHarness;
let me: Awaited<ReturnType<ApiHarness['signIn']>>;
let userId: number;

beforeAll(async () => {
  api = await setupApi();
  const u = await makeUser(api.db.pool, { firstName: 'Bea', lastName: 'Billable' });
  userId = u.id;
  me = await api.signIn(u.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

describe('billable minutes in SQL', () => {
  it('agree with the TypeScript rule over a table of minutes, rules and multipliers', async () => {
    const rows = fc.sample(
      fc.tuple(
        fc.integer({ min: -30, max: 24 * 60 }),
        fc.integer({ min: 0, max: 480 }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom('0', '1', '1.5', '2'),
      ),
      { numRuns: 300, seed: 17 },
    );
    rows.push([67, 30, 15, '1.5'], [0, 30, 15, '1'], [1, 0, 5, '1.5'], [45, 0, 1, '1.5']);
    const values = rows.map(
      (_, i) => `($${i * 4 + 1}::int, $${i * 4 + 2}::int, $${i * 4 + 3}::int, $${i * 4 + 4}::numeric)`,
    );
    const { rows: got } = await api.db.pool.query<{ b: number }>(
      `SELECT ${billableSql('v.m', 'v.mn', 'v.inc', 'v.x')} AS b FROM (VALUES ${values.join(', ')}) v(m, mn, inc, x)`,
      rows.flat(),
    );
    expect(got.map((r) => r.b)).toEqual(
      rows.map(([m, minimum, increment, x]) => billable(m, { minimum, increment }, Number(x))),
    );
  });
});

describe('the label of a rule in SQL', () => {
  it('agrees with the TypeScript sourceLabel', async () => {
    const rows: [RoundingSource, string, string | null][] = [
      ['SERVICE', 'Acme Corp', 'Block Hours'],
      ['SERVICE', 'Acme Corp', null],
      ['ORGANIZATION', 'Zoë’s Café, "Ltd"', 'Ignored'],
      ['DEFAULT', 'Acme Corp', 'Block Hours'],
    ];
    const values = rows.map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3})`);
    const { rows: got } = await api.db.pool.query<{ label: string }>(
      `SELECT ${sourceLabelSql('v.src', 'v.org', 'v.svc')} AS label FROM (VALUES ${values.join(', ')}) v(src, org, svc)`,
      rows.flat(),
    );
    expect(got.map((r) => r.label)).toEqual(rows.map(([src, org, svc]) => sourceLabel(src, org, svc)));
  });
});

describe('the rule a slip gets', () => {
  it('is the agreement service rule in force that day, else the organization rule, else the default', async () => {
    const db = api.db.pool;
    const org = await makeOrganization(db, { name: 'Acme Rounding' });
    await db.query('UPDATE organizations SET rounding_minimum = 30, rounding_increment = 10 WHERE id = $1', [
      org.id,
    ]);
    const plain = await makeOrganization(db, { name: 'Plain Co' });
    const agreement = await makeAgreement(db, { organizationId: org.id });
    const type = await makeServiceType(db, { name: 'Block Hours' });
    const service = await makeAgreementService(db, {
      agreementId: agreement.id,
      serviceTypeId: type.id,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
    await db.query(
      'UPDATE agreement_services SET rounding_minimum = 30, rounding_increment = 15 WHERE id = $1',
      [service.id],
    );
    // A later service with only an increment: the latest start wins, its minimum is the default's.
    const later = await makeAgreementService(db, {
      agreementId: agreement.id,
      serviceTypeId: type.id,
      startDate: '2026-11-20',
      endDate: '2026-11-30',
    });
    await db.query('UPDATE agreement_services SET rounding_increment = 6 WHERE id = $1', [later.id]);
    // A closed agreement's rule never applies.
    const closed = await makeAgreement(db, { organizationId: org.id, status: 'CLOSED' });
    const gone = await makeAgreementService(db, { agreementId: closed.id, startDate: '2026-01-01' });
    await db.query('UPDATE agreement_services SET rounding_increment = 60 WHERE id = $1', [gone.id]);

    const task = await makeTask(db, { caseId: (await makeCase(db, { organizationId: org.id })).id });
    const plainTask = await makeTask(db, { caseId: (await makeCase(db, { organizationId: plain.id })).id });
    const slip = (taskId: number, workDate: string, stopTime: string | null, rateMultiplier = '1') =>
      makeSlip(db, { taskId, userId, workDate, startTime: '09:00', stopTime, rateMultiplier });
    const cases = [
      {
        s: await slip(task.id, '2026-11-10', '10:07', '1.5'),
        billable: 113,
        source: 'SERVICE',
        min: 30,
        inc: 15,
      },
      { s: await slip(task.id, '2026-11-25', '09:10'), billable: 12, source: 'SERVICE', min: 0, inc: 6 },
      {
        s: await slip(task.id, '2026-12-02', '09:10'),
        billable: 30,
        source: 'ORGANIZATION',
        min: 30,
        inc: 10,
      },
      {
        s: await slip(plainTask.id, '2026-11-10', '10:07', '2'),
        billable: 140,
        source: 'DEFAULT',
        min: 0,
        inc: 5,
      },
      { s: await slip(plainTask.id, '2026-11-11', null), billable: null, source: 'DEFAULT', min: 0, inc: 5 },
    ];
    for (const c of cases) {
      const res = await me.get(`/api/manage/slip/${c.s.id}`);
      expect(res.statusCode).toBe(200);
      const presented = slipSchema.parse(res.json().slip);
      expect(presented.billableMinutes).toBe(c.billable);
      expect(presented.billing).toMatchObject({ source: c.source, minimum: c.min, increment: c.inc });
      // The times are kept as worked.
      expect(presented.startTime).toBe('9:00 AM');
    }
    const first = slipSchema.parse((await me.get(`/api/manage/slip/${cases[0]!.s.id}`)).json().slip);
    expect(first.minutes).toBe(67);
    expect(first.billing.explanation).toBe(
      '1:07 rounded up to 1:15 (15-minute increments, 30-minute minimum: Acme Rounding agreement service Block Hours) × 1.5 = 1:53',
    );
    const running = slipSchema.parse((await me.get(`/api/manage/slip/${cases[4]!.s.id}`)).json().slip);
    expect(running.billing.explanation).toBeNull();
  });
});
