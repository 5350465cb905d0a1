// The bill list reconciles line by line over the demo data set: for every case it lists (billed or not), the sum of
// its lines (the drill-down, one per slip) and the sum of its detail lines (per task and multiplier) are its amount
// to the cent; for every WIP row, the lines of its organization's and staff member's time not billed add up to its
// amount. The demo data is the one data set with months of billed and unbilled time over block-hour agreements. All
// lines are read at once by the SQL the drill-down reads; the drill-down itself is read for a sample of cases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../../test/support/api.js';
import { bootstrapDatabase, DEFAULT_ADMIN_EMAIL } from '../../../../seed/index.js';
import type { BillLine, BillLines } from '../../../../shared/billing.js';
import { toHundredths } from '../../../../shared/format/money.js';
import type { ReportResponse, ReportRow } from '../../../../shared/reports.js';
import { companyDay } from '../engine/report-source.js';
import { pricedSlips } from '../queries/billing.js';
import { addDays } from '../queries/rules.js';
import { CASE_SLIPS, SETTINGS_RATE_SQL } from './billing-snapshot.js';

const PASSWORD = 'demo admin password';
const PAGE = 100;
/** Cases whose drill-down is read through the API (the rest through the same SQL at once). */
const SAMPLE = 40;

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
let today: string;

beforeAll(async () => {
  api = await setupApi();
  await bootstrapDatabase(api.db, { adminPassword: PASSWORD, demo: true, timeZone: api.config.timeZone });
  admin = await api.signIn(DEFAULT_ADMIN_EMAIL, PASSWORD);
  today = companyDay(api.config.timeZone);
}, 300_000);
afterAll(() => api?.close());

const display = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** Every row of a report, page by page. */
async function allRows(report: string, query: string): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  for (let start = 0; ; start += PAGE) {
    const res = await admin.get(`/api/report/${report}?${query}&limit=${PAGE}&start=${start}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as ReportResponse;
    rows.push(...page.rows);
    if (rows.length >= page.total || page.rows.length === 0) return rows;
  }
}

/** Every line of a case. */
async function caseLines(caseId: number): Promise<{ lines: BillLine[]; totals: BillLines['totals'] }> {
  const lines: BillLine[] = [];
  for (let start = 0; ; start += 500) {
    const res = await admin.get(`/api/report/bill-list/${caseId}/lines?start=${start}&limit=500`);
    expect(res.statusCode, res.body).toBe(200);
    const page: BillLines = res.json().lines;
    lines.push(...page.items);
    if (lines.length >= page.total) return { lines, totals: page.totals };
  }
}

const cents = (amount: string) => toHundredths(amount);
const sumCents = (amounts: string[]) => amounts.reduce((s, a) => s + cents(a), 0n);
/** The amounts of the detail's lines: "Task — 1:30 worked → 1:30 billable at 1x: $1,225.00". */
const detailAmounts = (detail: unknown) =>
  String(detail ?? '')
    .split('\n')
    .map((line) => /: \$([\d,]+\.\d\d)$/.exec(line)?.[1]?.replaceAll(',', '') ?? 'missing');
const ABS = (n: bigint) => (n < 0n ? -n : n);

type Line = {
  case_id: number;
  org: string;
  staff_id: number;
  day: string;
  billed: boolean;
  amount: string;
  minutes: number;
};

/** Every line of every case in one statement: the SQL the drill-down and Mark Billed read (slip_lines). */
async function everyLine(): Promise<Line[]> {
  const { rows } = await api.db.pool.query<Line>(
    `WITH ${pricedSlips({ from: CASE_SLIPS, where: 'true', billed: true }, [], SETTINGS_RATE_SQL)}
     SELECT sl.case_id, o.name AS org, sl.user_id AS staff_id, to_char(sl.work_date, 'YYYY-MM-DD') AS day,
            c.billed_at IS NOT NULL AS billed, sl.amount::text AS amount, sl.minutes
       FROM slip_lines sl JOIN cases c ON c.id = sl.case_id JOIN organizations o ON o.id = c.organization_id`,
  );
  return rows;
}

describe('the demo data reconciles line by line', () => {
  it('every case of the bill list is the sum of its lines, and every WIP row too, to the cent', async () => {
    // The bill list over one-year windows back to the oldest work: each case once.
    const cases = new Map<number, ReportRow>();
    for (let to = addDays(today, 400), empty = 0; empty < 2; to = addDays(to, -365)) {
      const from = addDays(to, -364);
      const rows = await allRows(
        'bill-list',
        `from=${display(from)}&to=${display(to)}&clients=all&billed=all&sort=organization`,
      );
      empty = rows.length === 0 ? empty + 1 : 0;
      for (const row of rows) cases.set(Number(row.caseId), row);
    }
    const { rows: expected } = await api.db.pool.query<{ n: number; billed: number }>(
      `SELECT count(DISTINCT c.id)::int AS n, count(DISTINCT c.id) FILTER (WHERE c.billed_at IS NOT NULL)::int AS billed
         FROM cases c JOIN tasks t ON t.case_id = c.id JOIN slips s ON s.task_id = t.id WHERE s.stop_time IS NOT NULL`,
    );
    expect(cases.size).toBe(expected[0]!.n);
    const billed = [...cases.values()].filter((r) => r.billed).length;
    expect(billed).toBe(expected[0]!.billed);

    // Each case: its lines, and its detail's lines, add up to its amount.
    const lines = await everyLine();
    const byCase = new Map<number, Line[]>();
    for (const l of lines) byCase.set(l.case_id, [...(byCase.get(l.case_id) ?? []), l]);
    let lineDiff = 0n;
    let detailDiff = 0n;
    for (const [caseId, row] of cases) {
      const amount = cents(String(row.amount));
      const own = byCase.get(caseId) ?? [];
      lineDiff += ABS(sumCents(own.map((l) => l.amount)) - amount);
      detailDiff += ABS(sumCents(detailAmounts(row.detail)) - amount);
      expect(
        own.reduce((s, l) => s + l.minutes, 0),
        `case ${caseId}`,
      ).toBe(row.minutes);
    }
    // The drill-down of a sample of cases (billed and not) is those lines, and its total the case's amount.
    const sample = [...cases.keys()].filter((_, i) => i % Math.ceil(cases.size / SAMPLE) === 0);
    let sampleDiff = 0n;
    for (const caseId of sample) {
      const drill = await caseLines(caseId);
      const amount = cents(String(cases.get(caseId)!.amount));
      sampleDiff +=
        ABS(sumCents(drill.lines.map((l) => l.amount)) - amount) + ABS(cents(drill.totals.amount) - amount);
      expect(drill.lines.map((l) => l.amount).sort()).toEqual(
        byCase
          .get(caseId)!
          .map((l) => l.amount)
          .sort(),
      );
    }

    // WIP: per organization and staff member, the lines of cases not billed worked up to today.
    const wipLines = new Map<string, bigint>();
    for (const l of lines)
      if (!l.billed && l.day <= today) {
        const key = `${l.org}|${l.staff_id}`;
        wipLines.set(key, (wipLines.get(key) ?? 0n) + cents(l.amount));
      }
    const wip = await allRows('wip-list', 'clients=all');
    const wipByKey = new Map(wip.map((w) => [`${w.organization}|${w.staffId}`, cents(String(w.amount))]));
    let wipDiff = 0n;
    for (const key of new Set([...wipByKey.keys(), ...wipLines.keys()]))
      wipDiff += ABS((wipByKey.get(key) ?? 0n) - (wipLines.get(key) ?? 0n));

    console.log(
      `bill list reconciliation over the demo data: ${cases.size} cases (${billed} billed), ${lines.length} lines: ` +
        `${lineDiff} cents of difference (lines), ${detailDiff} (detail), ${sampleDiff} (drill-down of ` +
        `${sample.length} cases); WIP: ${wip.length} rows, ${wipDiff} cents`,
    );
    expect(cases.size).toBeGreaterThan(100);
    expect(billed).toBeGreaterThan(0);
    expect({ lineDiff, detailDiff, sampleDiff, wipDiff }).toEqual({
      lineDiff: 0n,
      detailDiff: 0n,
      sampleDiff: 0n,
      wipDiff: 0n,
    });
  }, 300_000);
});
