// The report rules, table-driven: age bands, patch compliance, warranty windows, the tone of a percentage, the
// default period, and the filters as words and as a sort.
import { describe, expect, it } from 'vitest';
import { reportDef, reportQuery } from '../../../../shared/reports.js';
import type { ReportPlan } from '../queries/plan.js';
import {
  AGE_BANDS,
  ageBand,
  complianceTone,
  defaultPeriod,
  minusYears,
  patchStatus,
  patchStatusText,
  percentOf,
  warrantyStatus,
} from '../queries/rules.js';
import { filtersText, resolvePeriod } from './report-filters.js';
import { resolveSort } from './report-source.js';

describe('age band by purchase date', () => {
  const today = '2026-03-15';
  it.each([
    [null, 'Unknown'],
    ['2026-04-01', '< 1 year'],
    ['2026-03-15', '< 1 year'],
    ['2025-03-16', '< 1 year'],
    ['2025-03-15', '1–2 years'],
    ['2024-03-16', '1–2 years'],
    ['2024-03-15', '2–3 years'],
    ['2023-03-15', '3–4 years'],
    ['2022-03-15', '4–5 years'],
    ['2021-03-16', '4–5 years'],
    ['2021-03-15', '5+ years'],
    ['2001-01-01', '5+ years'],
  ])('bought %s: %s', (purchase, band) => {
    expect(AGE_BANDS[ageBand(purchase, today)]).toBe(band);
  });

  it.each([
    ['2024-02-29', 1, '2023-02-28'],
    ['2024-02-29', 4, '2020-02-29'],
    ['2026-12-31', 5, '2021-12-31'],
  ])('%s minus %i years is %s (as PostgreSQL counts)', (day, years, expected) => {
    expect(minusYears(day, years)).toBe(expected);
  });
});

describe('patch compliance', () => {
  const today = '2026-03-31';
  it.each([
    [null, null, 'No patch data'],
    [0, '2026-03-30', 'Compliant'],
    [0, '2026-03-01', 'Compliant'],
    [0, '2026-04-05', 'Compliant'],
    [0, '2026-02-28', 'Not patched in 30 days'],
    [null, '2026-02-01', 'Not patched in 30 days'],
    [0, null, 'Compliant'],
    [2, '2026-03-30', 'Missing patches'],
    [2, '2026-03-01', 'Missing patches'],
    // Last patched in May of the year before and missing patches: both problems, each counted.
    [2, '2025-05-12', 'Missing patches · Not patched in 30 days'],
    [1, '2026-02-28', 'Missing patches · Not patched in 30 days'],
    [1, null, 'Missing patches'],
  ] as const)('missing %s, last patched %s: %s', (missing, last, status) => {
    expect(patchStatusText(patchStatus(missing, last, today))).toBe(status);
  });
});

describe('warranty windows', () => {
  const today = '2026-03-31';
  it.each([
    [null, 'NONE'],
    ['2026-03-30', 'EXPIRED'],
    ['2026-03-31', 'DAYS_30'],
    ['2026-04-30', 'DAYS_30'],
    ['2026-05-01', 'DAYS_60'],
    ['2026-05-30', 'DAYS_60'],
    ['2026-05-31', 'DAYS_90'],
    ['2026-06-29', 'DAYS_90'],
    ['2026-06-30', 'COVERED'],
  ] as const)('ends %s: %s', (end, status) => {
    expect(warrantyStatus(end, today)).toBe(status);
  });
});

describe('figures', () => {
  it.each([
    [null, undefined],
    [100, 'good'],
    [90, 'good'],
    [89.9, 'warning'],
    [75, 'warning'],
    [74.9, 'bad'],
    [0, 'bad'],
  ] as const)('%s%% is %s', (p, tone) => {
    expect(complianceTone(p)).toBe(tone);
  });

  it.each([
    [1, 3, 33.3],
    [2, 3, 66.7],
    [0, 0, null],
    [5, 5, 100],
  ])('%i of %i is %s%%', (part, whole, p) => {
    expect(percentOf(part, whole)).toBe(p);
  });
});

describe('period', () => {
  it.each([
    ['2026-03-15', '2026-02-01', '2026-02-28'],
    ['2024-03-01', '2024-02-01', '2024-02-29'],
    ['2026-01-31', '2025-12-01', '2025-12-31'],
  ])('on %s the default is %s – %s (last month)', (today, from, to) => {
    expect(defaultPeriod(today)).toEqual({ from, to });
  });

  it.each([
    [{ from: '01/05/2026', to: '01/20/2026' }, '2026-01-05', '2026-01-20'],
    [{ from: '01/05/2026' }, '2026-01-05', '2026-01-31'],
    [{ to: '02/10/2026' }, '2026-02-01', '2026-02-10'],
    [{}, '2026-02-01', '2026-02-28'],
  ])('%o -> %s – %s', (given, from, to) => {
    expect(resolvePeriod(reportQuery.parse(given), '2026-03-15')).toEqual({ from, to });
  });
});

describe('filters in words', () => {
  it.each([
    ['warranty', {}, [], 'Clients: Active · Devices: Active · Expired or ending within 90 days'],
    [
      'antivirus',
      { clients: '4', equipment: '2' },
      [],
      'Clients: RMM - Bill By Device · Devices: RMM & Active',
    ],
    [
      'outdated-response',
      { days: '1' },
      [],
      'Clients: Active · Devices: Active · No check-in for more than 1 day',
    ],
    ['user', { users: '2', clients: 'all' }, [], 'Clients: All · Users: Inactive'],
    ['user-and-device-counts', { equipment: '3' }, [{ id: 1, name: 'Acme' }], 'Organization: Acme'],
    [
      'device',
      {},
      ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((name, id) => ({ id, name })),
      'Organizations: A, B, C, D, E and 2 more · Devices: Active',
    ],
  ] as const)('%s %o', (key, query, selection, text) => {
    const def = reportDef(key)!;
    const q = reportQuery.parse(query);
    expect(
      filtersText(def, q, [...selection], def.period ? { from: '2026-01-01', to: '2026-01-31' } : null),
    ).toBe(text);
  });
});

describe('sort', () => {
  const plan = {
    columns: [
      {
        name: 'name',
        title: 'Name',
        kind: 'text',
        sql: 'e.name',
        sortable: true,
        keys: [{ sql: 'e.name', type: 'text' }],
      },
      { name: 'model', title: 'Model', kind: 'text', sql: 'e.model' },
      {
        name: 'end',
        title: 'End',
        kind: 'date',
        sql: 'e.end',
        sortable: true,
        keys: [{ sql: 'e.end', type: 'date' }],
      },
    ],
    tieBreak: [{ sql: 'e.id', type: 'int' }],
    defaultSort: { field: 'end', dir: 'desc' },
  } as unknown as ReportPlan;
  it.each([
    [{}, 'end', 'desc', ['e.end', 'e.id']],
    [{ sort: 'name' }, 'name', 'asc', ['e.name', 'e.id']],
    [{ sort: 'name', dir: 'desc' }, 'name', 'desc', ['e.name', 'e.id']],
    [{ sort: 'model' }, 'end', 'desc', ['e.end', 'e.id']],
    [{ sort: 'bogus', dir: 'asc' }, 'end', 'asc', ['e.end', 'e.id']],
  ] as const)('%o -> %s %s', (query, field, dir, keys) => {
    const sort = resolveSort(plan, query);
    expect([sort.field, sort.dir, sort.keys.map((k) => k.sql)]).toEqual([field, dir, keys]);
  });
});
