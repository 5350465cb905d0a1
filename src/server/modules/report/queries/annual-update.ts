// Annual update: each client's open agreements coming up for their yearly review, with what the review weighs: the
// services in force and their monthly value, last year's hours against the hours the block-hour services covered,
// and the devices and users counted now against what the agreement bills per device and per user.
//
// One row per agreement. The cheap per-agreement and per-organization figures (services, covered hours, devices,
// people) are LATERAL look-ups on their indexes; last year's hours (slips through the organization's cases and their
// tasks, slips_task_day_idx) are a scalar subquery of the column, which PostgreSQL evaluates after ORDER BY ... LIMIT,
// so a page costs the hours of its own rows only.

import { formatCount, formatHours } from '../../../../shared/format/figures.js';
import type { ListFilter } from '../../../platform/records.js';
import { inForce, MONTHLY_SQL } from '../../agreement/index.js';
import { virtualCondition } from '../../rmm-settings/index.js';
import { organizationScope } from '../engine/report-filters.js';
import { billedNumber, billedUnitsSql } from './billed-units.js';
import {
  and,
  type ColumnSpec,
  dateLiteral,
  num,
  type PlanBuilder,
  type ReportContext,
  type SortKey,
} from './plan.js';
import { addDays, daysBetween, minusYears, monthOf, problemTone } from './rules.js';

// ---- the review date ----

/** The same day `years` later; 29 February becomes 28 February in other years (as PostgreSQL's date + interval). */
const plusYears = (day: string, years: number) => minusYears(day, -years);

/**
 * The day of an agreement's yearly review, seen on `today` (all yyyy-MM-dd): its renewal date when set and not past,
 * else the next anniversary of its start on or after today (a whole year after the start at the earliest).
 */
export function reviewDate(start: string, renewal: string | null, today: string): string {
  if (renewal && renewal >= today) return renewal;
  const years = Math.max(1, Number(today.slice(0, 4)) - Number(start.slice(0, 4)));
  const anniversary = plusYears(start, years);
  return anniversary >= today ? anniversary : plusYears(start, years + 1);
}

/** `reviewDate` in SQL over agreement `a` (start_date, renewal_date), as a LATERAL of one column, review_date. */
export function reviewSql(today: string): string {
  const t = dateLiteral(today);
  const year = Number(today.slice(0, 4));
  const years = `GREATEST(1, ${year} - extract(year FROM a.start_date)::int)`;
  const anniversary = (extra: string) => `(a.start_date + make_interval(years => ${years}${extra}))::date`;
  return `SELECT CASE WHEN a.renewal_date >= ${t} THEN a.renewal_date
                      WHEN ${anniversary('')} >= ${t} THEN ${anniversary('')}
                      ELSE ${anniversary(' + 1')} END AS review_date`;
}

// ---- last year ----

/** The twelve months before today: from the day after today a year ago, through today. */
const lastYear = (today: string) => ({ from: addDays(minusYears(today, 1), 1), to: today });

/** Minutes of the organization `o`'s finished slips worked in the twelve months (its cases, their tasks). */
function hoursSql(today: string): string {
  const year = lastYear(today);
  return `(SELECT COALESCE(sum(extract(epoch FROM sl.stop_time - sl.start_time) / 60), 0)::int
             FROM cases c JOIN tasks tk ON tk.case_id = c.id JOIN slips sl ON sl.task_id = tk.id
            WHERE c.organization_id = o.id AND sl.stop_time IS NOT NULL
              AND sl.work_date BETWEEN ${dateLiteral(year.from)} AND ${dateLiteral(year.to)})`;
}

/**
 * Minutes the agreement `a`'s block-hour services covered in the twelve months: each calendar month, covered hours ×
 * quantity, pro-rated by the days the service and its agreement were in force in that month and the twelve months,
 * rounded down to whole minutes (as the bill list covers a month).
 */
function coveredSql(today: string): string {
  const year = lastYear(today);
  const [from, to] = [dateLiteral(year.from), dateLiteral(year.to)];
  const first = `GREATEST(s.start_date, a.start_date, m.first, ${from})`;
  const last = `LEAST(COALESCE(s.end_date, ${to}), COALESCE(a.end_date, ${to}), m.last, ${to})`;
  const months = monthsOf(year.from, year.to)
    .map((m) => `(${dateLiteral(m.from)}, ${dateLiteral(m.to)}, ${daysBetween(m.from, m.to) + 1})`)
    .join(', ');
  return `SELECT COALESCE(sum(floor(s.covered_hours * s.quantity * 60 * (${last} - ${first} + 1) / m.days)), 0)::int
                 AS minutes
            FROM agreement_services s
            JOIN service_types st ON st.id = s.service_type_id AND st.block_hours
           CROSS JOIN (VALUES ${months}) m(first, last, days)
           WHERE s.agreement_id = a.id AND s.covered_hours IS NOT NULL AND ${first} <= ${last}`;
}

/** The calendar months (first and last days) the days `from`..`to` touch. */
function monthsOf(from: string, to: string): { from: string; to: string }[] {
  const months = [monthOf(from)];
  while (months[months.length - 1]!.to < to) months.push(monthOf(addDays(months[months.length - 1]!.to, 1)));
  return months;
}

// ---- rows ----

/**
 * The agreements due (o, a, review date r) with their look-ups (sv services now, bu devices and users billed, cv
 * covered, u people, d devices).
 */
function agreementsDue(ctx: ReportContext, f: ListFilter): { from: string; where: string[] } {
  const t = dateLiteral(ctx.today);
  const next = f.params.length + 1;
  const virtual = virtualCondition('e', ctx.virtual, next);
  f.params.push(...virtual.params);
  return {
    from: `organizations o
      JOIN agreements a ON a.organization_id = o.id AND a.status = 'OPEN'
      CROSS JOIN LATERAL (${reviewSql(ctx.today)}) r
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS services, COALESCE(sum(${MONTHLY_SQL}), 0)::numeric(14,2)::text AS monthly
          FROM agreement_services s
         WHERE s.agreement_id = a.id AND ${inForce(t, 'a')}) sv
      CROSS JOIN LATERAL (${billedUnitsSql(ctx.today, 'ba.id = a.id')}) bu
      CROSS JOIN LATERAL (${coveredSql(ctx.today)}) cv
      CROSS JOIN LATERAL (SELECT count(*)::int AS users FROM people p WHERE p.organization_id = o.id AND p.active) u
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS devices FROM equipment e
         WHERE e.organization_id = o.id AND e.active AND NOT ((${virtual.condition}) IS TRUE)) d`,
    where: [
      ...organizationScope(ctx.query, f),
      `r.review_date BETWEEN ${t} AND ${dateLiteral(addDays(ctx.today, Number(ctx.query.review)))}`,
    ],
  };
}

const REVIEW: SortKey = { sql: 'r.review_date', type: 'date' };

export const annualUpdatePlan: PlanBuilder = (ctx) => {
  const hours = hoursSql(ctx.today);
  const count = (name: string, title: string, sql: string, format?: ColumnSpec['format']): ColumnSpec => ({
    name,
    title,
    kind: 'number',
    sql,
    ...(format ? { format } : {}),
  });
  return {
    tieBreak: [{ sql: 'a.id', type: 'int' }],
    defaultSort: { field: 'reviewDate', dir: 'asc' },
    columns: [
      {
        name: 'organization',
        title: 'Organization',
        kind: 'text',
        sql: 'o.name',
        sortable: true,
        keys: [{ sql: 'o.name', type: 'text' }, REVIEW],
      },
      {
        name: 'agreement',
        title: 'Agreement',
        kind: 'text',
        sql: `a.number || ' – ' || a.title`,
        sortable: true,
        keys: [{ sql: 'a.number', type: 'text' }],
      },
      {
        name: 'reviewDate',
        title: 'Review Date',
        kind: 'date',
        sql: `to_char(r.review_date, 'YYYY-MM-DD')`,
        sortable: true,
        keys: [REVIEW, { sql: 'o.name', type: 'text' }],
      },
      count('services', 'Services', 'sv.services'),
      { name: 'monthlyValue', title: 'Monthly Value', kind: 'money', sql: 'sv.monthly' },
      { name: 'hoursLastYear', title: 'Hours Last Year', kind: 'minutes', sql: hours },
      { name: 'coveredLastYear', title: 'Covered Last Year', kind: 'minutes', sql: 'cv.minutes' },
      {
        name: 'usedPercent',
        title: 'Used',
        kind: 'percent',
        // A fraction (1.038 is 103.8 %), as every percent column carries it.
        sql: `CASE WHEN cv.minutes > 0 THEN round(${hours}::numeric / cv.minutes, 3)::float8 END`,
      },
      count('devicesNow', 'Devices Now', 'd.devices'),
      count('devicesBilled', 'Devices Billed', 'bu.devices_billed', billedNumber),
      count('usersNow', 'Users Now', 'u.users'),
      count('usersBilled', 'Users Billed', 'bu.users_billed', billedNumber),
    ],
    source: (f) => agreementsDue(ctx, f),
    summary: (f) => {
      const due = agreementsDue(ctx, f);
      return {
        // Hours are the organization's: counted once per organization, however many of its agreements are due.
        sql: `WITH g AS (
                SELECT o.id AS org_id, cv.minutes AS covered, d.devices, bu.devices_billed, u.users, bu.users_billed
                  FROM ${due.from} WHERE ${and(due.where)}),
              h AS (SELECT o.id AS org_id, ${hours} AS minutes
                      FROM organizations o WHERE o.id IN (SELECT org_id FROM g))
              SELECT count(*) AS total, count(DISTINCT g.org_id) AS organizations,
                     (SELECT COALESCE(sum(minutes), 0) FROM h) AS hours, COALESCE(sum(g.covered), 0) AS covered,
                     count(*) FILTER (WHERE g.devices > g.devices_billed) AS devices_over,
                     count(*) FILTER (WHERE g.users > g.users_billed) AS users_over,
                     count(*) FILTER (WHERE g.covered > 0 AND h.minutes > g.covered) AS over_covered,
                     count(*) FILTER (WHERE g.covered > 0 AND h.minutes <= g.covered) AS within_covered,
                     count(*) FILTER (WHERE g.covered = 0) AS no_block
                FROM g JOIN h ON h.org_id = g.org_id`,
        present: ([r]) => {
          const total = num(r?.total);
          const devicesOver = num(r?.devices_over);
          const usersOver = num(r?.users_over);
          return {
            total,
            figures: [
              { label: 'Agreements due', value: formatCount(total) },
              { label: 'Organizations', value: formatCount(num(r?.organizations)) },
              { label: 'Hours last year', value: formatHours(num(r?.hours)) },
              { label: 'Covered last year', value: formatHours(num(r?.covered)) },
              {
                label: 'More devices than billed',
                value: formatCount(devicesOver),
                tone: problemTone(devicesOver, 'warning'),
              },
              {
                label: 'More users than billed',
                value: formatCount(usersOver),
                tone: problemTone(usersOver, 'warning'),
              },
            ],
            chart: total
              ? {
                  title: 'Block hours last year',
                  kind: 'donut',
                  data: [
                    { label: 'Over covered hours', value: num(r?.over_covered), tone: 'bad' },
                    { label: 'Within covered hours', value: num(r?.within_covered), tone: 'good' },
                    { label: 'No block hours', value: num(r?.no_block), tone: 'neutral' },
                  ],
                }
              : null,
          };
        },
      };
    },
  };
};
