// Every report's summary worked out again from its rows, as a reader of the table would: the figures (label and
// text), the chart's bars and the row count. Written apart from the server's SQL, so a summary that counts other rows
// than the table, on another day or with another rule, shows up as a difference.
import { minutesToHmm } from '../../src/shared/format/duration.js';
import { formatMoney, fromHundredths, toHundredths } from '../../src/shared/format/money.js';
import type { ReportRow } from '../../src/shared/reports.js';

export type Recomputed = {
  total: number;
  figures: [string, string][];
  chart: [string, number][] | null;
};
/** The report's filters as the address carries them, and the company's today (yyyy-MM-dd). */
export type RecomputeInput = { rows: ReportRow[]; query: Record<string, string>; today: string };

const DAY = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;
const shiftDay = (iso: string, days: number) =>
  new Date((dayNumber(iso) + days) * DAY).toISOString().slice(0, 10);
const count = (rows: ReportRow[], test: (row: ReportRow) => boolean) => rows.filter(test).length;
const sum = (rows: ReportRow[], column: string) => rows.reduce((s, r) => s + Number(r[column] ?? 0), 0);
const text = (n: number) => n.toLocaleString('en-US');
/** One decimal of a share, "—" of nothing. */
const share = (part: number, whole: number) =>
  whole > 0 ? `${(Math.round((part * 1000) / whole) / 10).toFixed(1)}%` : '—';
const distinct = (rows: ReportRow[], column: string) => new Set(rows.map((r) => r[column])).size;
/** The `n` largest values by label (ties by label), as the summaries' "top" charts draw them. */
function top(values: Map<string, number>, n: number, scale = (v: number) => v): [string, number][] {
  return [...values]
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, n)
    .map(([label, v]) => [label, scale(v)]);
}
function byLabel(rows: ReportRow[], label: (row: ReportRow) => string, value: (row: ReportRow) => number) {
  const out = new Map<string, number>();
  for (const r of rows) out.set(label(r), (out.get(label(r)) ?? 0) + value(r));
  return out;
}

function patch({ rows, today }: RecomputeInput): Recomputed {
  const old = shiftDay(today, -30);
  const noData = count(rows, (r) => r.missingPatches === null && r.lastPatchDate === null);
  const missing = count(rows, (r) => Number(r.missingPatches ?? 0) > 0);
  const stale = count(rows, (r) => r.lastPatchDate !== null && String(r.lastPatchDate) < old);
  const compliant = count(
    rows,
    (r) =>
      !(r.missingPatches === null && r.lastPatchDate === null) &&
      Number(r.missingPatches ?? 0) === 0 &&
      !(r.lastPatchDate !== null && String(r.lastPatchDate) < old),
  );
  return {
    total: rows.length,
    figures: [
      ['Devices', text(rows.length)],
      ['Compliant', share(compliant, rows.length - noData)],
      ['Missing patches', text(missing)],
      ['Not patched in 30 days', text(stale)],
      ['No patch data', text(noData)],
    ],
    chart: [
      ['Compliant', compliant],
      ['Missing patches', missing],
      ['Not patched in 30 days', stale],
      ['No patch data', noData],
    ],
  };
}

const WARRANTY_BANDS: [string, number, number][] = [
  ['Expired', -Infinity, -1],
  ['Ending within 30 days', 0, 30],
  ['Ending in 31–60 days', 31, 60],
  ['Ending in 61–90 days', 61, 90],
];
function warranty({ rows, query }: RecomputeInput): Recomputed {
  const within = query.within ?? '90';
  const last = within === 'expired' ? -1 : Number(within);
  const bands = WARRANTY_BANDS.filter(([, , to]) => to <= last).map(([label, from, to]): [string, number] => [
    label,
    count(rows, (r) => Number(r.daysLeft) >= from && Number(r.daysLeft) <= to),
  ]);
  return { total: rows.length, figures: bands.map(([l, n]) => [l, text(n)]), chart: bands };
}

function outdatedResponse({ rows, query }: RecomputeInput): Recomputed {
  const days = Number(query.days ?? 30);
  const never = count(rows, (r) => r.lastResponse === null);
  const before = `Checked in more than ${days} ${days === 1 ? 'day' : 'days'} ago`;
  return {
    total: rows.length,
    figures: [
      ['Outdated', text(rows.length)],
      [before, text(rows.length - never)],
      ['Never checked in', text(never)],
    ],
    chart: [
      [before, rows.length - never],
      ['Never checked in', never],
    ],
  };
}

function antivirus({ rows }: RecomputeInput): Recomputed {
  const n = (state: string | null) => count(rows, (r) => r.antivirusState === state);
  const [protectedCount, atRisk, disabled, notInstalled, noData] = [
    n('Protected'),
    n('At Risk'),
    n('Disabled'),
    n('Not Installed'),
    n(null),
  ];
  return {
    total: rows.length,
    figures: [
      ['Devices', text(rows.length)],
      ['Protected', share(protectedCount, rows.length - noData)],
      ['At Risk', text(atRisk)],
      ['Disabled', text(disabled)],
      ['Not Installed', text(notInstalled)],
      ['No antivirus data', text(noData)],
    ],
    chart: [
      ['Protected', protectedCount],
      ['At Risk', atRisk],
      ['Disabled', disabled],
      ['Not Installed', notInstalled],
      ['No antivirus data', noData],
    ],
  };
}

function bitlocker({ rows }: RecomputeInput): Recomputed {
  const n = (state: string | null) => count(rows, (r) => r.bitlockerState === state);
  const states = ['Encrypted', 'Partially Encrypted', 'Suspended', 'Not Encrypted', 'Not Supported'];
  const [encrypted, partial, suspended, notEncrypted, notSupported] = states.map(n) as number[];
  const eligible = encrypted! + partial! + suspended! + notEncrypted!;
  return {
    total: rows.length,
    figures: [
      ['Devices', text(rows.length)],
      ['Encrypted', share(encrypted!, eligible)],
      ['Not fully encrypted', text(eligible - encrypted!)],
      ['Not supported', text(notSupported!)],
      ['No BitLocker data', text(n(null))],
    ],
    chart: [...states.map((s): [string, number] => [s, n(s)]), ['No BitLocker data', n(null)]],
  };
}

function device({ rows, today }: RecomputeInput): Recomputed {
  const expired = count(rows, (r) => r.warrantyEnd !== null && String(r.warrantyEnd) < today);
  const categories = [
    ...byLabel(
      rows,
      (r) => String(r.category ?? 'No category'),
      () => 1,
    ),
  ].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const other = categories.slice(7).reduce((s, [, v]) => s + v, 0);
  return {
    total: rows.length,
    figures: [
      ['Devices', text(rows.length)],
      [
        'With an RMM agent',
        share(
          count(rows, (r) => r.rmmAgent === 'Yes'),
          rows.length,
        ),
      ],
      ['Assigned to a person', text(count(rows, (r) => r.person !== null))],
      ['Warranty expired', text(expired)],
    ],
    chart: rows.length
      ? [...categories.slice(0, 7), ...(other ? [['Other', other] as [string, number]] : [])]
      : null,
  };
}

function firmware({ rows }: RecomputeInput): Recomputed {
  const current = count(rows, (r) => r.status === 'Current');
  const outdated = rows.length - current;
  return {
    total: rows.length,
    figures: [
      ['Devices with firmware data', text(rows.length)],
      ['Current', share(current, rows.length)],
      ['Outdated', text(outdated)],
    ],
    chart: [
      ['Current', current],
      ['Outdated', outdated],
    ],
  };
}

const AGES = ['< 1 year', '1–2 years', '2–3 years', '3–4 years', '4–5 years', '5+ years', 'Unknown'];
function deviceAddress({ rows }: RecomputeInput): Recomputed {
  const [under3, from3to5, over5, unknown] = ['under3', 'from3to5', 'over5', 'unknown'].map((c) =>
    sum(rows, c),
  ) as number[];
  return {
    total: rows.length,
    figures: [
      ['Devices', text(sum(rows, 'devices'))],
      ['Sites', text(rows.length)],
      ['5+ years', text(over5!)],
      ['Unknown age', text(unknown!)],
    ],
    chart: [
      ['Under 3 years', under3!],
      ['3–5 years', from3to5!],
      ['5+ years', over5!],
      ['Unknown age', unknown!],
    ],
  };
}

function deviceAge({ rows }: RecomputeInput): Recomputed {
  const bands = AGES.map((age) =>
    sum(
      rows.filter((r) => r.age === age),
      'devices',
    ),
  );
  const devices = sum(rows, 'devices');
  const known = devices - bands[6]!;
  return {
    total: rows.length,
    figures: [
      ['Devices', text(devices)],
      ['Under 3 years', share(bands[0]! + bands[1]! + bands[2]!, known)],
      ['5+ years', text(bands[5]!)],
      ['Unknown age', text(bands[6]!)],
    ],
    chart: AGES.map((age, i) => [age, bands[i]!]),
  };
}

function servicesActivity({ rows }: RecomputeInput): Recomputed {
  const time = rows.filter((r) => r.minutes !== null);
  const chart = top(
    byLabel(
      time,
      (r) => String(r.organization),
      (r) => Number(r.minutes),
    ),
    10,
  );
  return {
    total: rows.length,
    figures: [
      ['Organizations', text(distinct(rows, 'organization'))],
      ['Services in force', text(rows.length - time.length)],
      ['Time logged', minutesToHmm(sum(time, 'minutes'))],
    ],
    chart: chart.length ? chart : null,
  };
}

function userAndDeviceCounts({ rows }: RecomputeInput): Recomputed {
  return {
    total: rows.length,
    figures: [
      ['Organizations', text(rows.length)],
      ['Active users', text(sum(rows, 'users'))],
      ['Devices', text(sum(rows, 'devices'))],
      ['Virtual devices (not billed)', text(sum(rows, 'virtualDevices'))],
      // What the organizations' open agreements bill per user and per device.
      ['Billed users', text(sum(rows, 'usersBilled'))],
      ['Billed devices', text(sum(rows, 'devicesBilled'))],
    ],
    chart: null,
  };
}

function user({ rows }: RecomputeInput): Recomputed {
  const active = count(rows, (r) => r.active === 'Yes');
  const withDevices = count(rows, (r) => Number(r.devices) > 0);
  return {
    total: rows.length,
    figures: [
      ['People', text(rows.length)],
      ['Active', text(active)],
      ['Inactive', text(rows.length - active)],
      ['With a device', text(withDevices)],
      ['Without a device', text(rows.length - withDevices)],
    ],
    chart: null,
  };
}

function weeklySummary({ rows }: RecomputeInput): Recomputed {
  const chart = top(
    byLabel(
      rows,
      (r) => String(r.staff),
      (r) => Number(r.total),
    ),
    10,
  );
  const short = sum(rows, 'shortDays');
  return {
    total: rows.length,
    figures: [
      ['Staff members', text(distinct(rows, 'staffId'))],
      ['Total hours', minutesToHmm(sum(rows, 'total'))],
      ['Case hours', minutesToHmm(sum(rows, 'caseMinutes'))],
      ['Bucket hours', minutesToHmm(sum(rows, 'bucketMinutes'))],
      ['Support hours', minutesToHmm(sum(rows, 'support'))],
      ['Project hours', minutesToHmm(sum(rows, 'project'))],
      ['Billable hours', minutesToHmm(sum(rows, 'billable'))],
      ['Short days', text(short)],
    ],
    chart: chart.length ? chart : null,
  };
}

/** Money of the rows (decimal texts) added in cents. */
const money = (rows: ReportRow[], column: string) =>
  fromHundredths(rows.reduce((s, r) => s + toHundredths(String(r[column] ?? '0')), 0n));

function billList({ rows }: RecomputeInput): Recomputed {
  const amounts = new Map<string, bigint>();
  for (const r of rows)
    amounts.set(
      String(r.organization),
      (amounts.get(String(r.organization)) ?? 0n) + toHundredths(String(r.amount)),
    );
  const chart = [...amounts]
    .sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : a[0] < b[0] ? -1 : 1))
    .slice(0, 10)
    .map(([label, cents]): [string, number] => [label, Number(fromHundredths(cents))]);
  return {
    total: rows.length,
    figures: [
      ['Cases', text(rows.length)],
      ['Organizations', text(distinct(rows, 'organization'))],
      ['Hours', minutesToHmm(sum(rows, 'minutes'))],
      ['Covered by block hours', minutesToHmm(sum(rows, 'covered'))],
      ['Billable hours', minutesToHmm(sum(rows, 'billable'))],
      ['No charge', minutesToHmm(sum(rows, 'noCharge'))],
      ['Amount', formatMoney(money(rows, 'amount'))],
    ],
    chart: chart.length ? chart : null,
  };
}

const WIP = ['age30', 'age60', 'age90', 'ageOver90'];
function wipList({ rows }: RecomputeInput): Recomputed {
  const titles = ['0–30 Days', '31–60 Days', '61–90 Days', '90+ Days'];
  return {
    total: rows.length,
    figures: [
      ['Organizations', text(distinct(rows, 'organization'))],
      ['Staff', text(distinct(rows, 'staffId'))],
      ['Hours not billed', minutesToHmm(sum(rows, 'minutes'))],
      ['Amount', formatMoney(money(rows, 'amount'))],
      ['Older than 90 days', minutesToHmm(sum(rows, 'ageOver90'))],
    ],
    // Charts of time carry minutes (written as h:mm).
    chart: WIP.map((band, i) => [titles[i]!, sum(rows, band)]),
  };
}

function annualUpdate({ rows }: RecomputeInput): Recomputed {
  // Hours last year are the organization's: once per organization, however many of its agreements are due.
  const perOrganization = new Map(rows.map((r) => [r.organization, Number(r.hoursLastYear)]));
  const over = (now: string, billed: string) =>
    count(rows, (r) => r[billed] !== null && Number(r[now]) > Number(r[billed]));
  const covered = (r: ReportRow) => Number(r.coveredLastYear);
  return {
    total: rows.length,
    figures: [
      ['Agreements due', text(rows.length)],
      ['Organizations', text(perOrganization.size)],
      ['Hours last year', minutesToHmm([...perOrganization.values()].reduce((a, b) => a + b, 0))],
      ['Covered last year', minutesToHmm(sum(rows, 'coveredLastYear'))],
      ['More devices than billed', text(over('devicesNow', 'devicesBilled'))],
      ['More users than billed', text(over('usersNow', 'usersBilled'))],
    ],
    chart: rows.length
      ? [
          ['Over covered hours', count(rows, (r) => covered(r) > 0 && Number(r.hoursLastYear) > covered(r))],
          [
            'Within covered hours',
            count(rows, (r) => covered(r) > 0 && Number(r.hoursLastYear) <= covered(r)),
          ],
          ['No block hours', count(rows, (r) => covered(r) === 0)],
        ]
      : null,
  };
}

export const RECOMPUTE: Record<string, (input: RecomputeInput) => Recomputed> = {
  antivirus,
  bitlocker,
  device,
  'device-summary-by-age': deviceAge,
  'device-summary-by-address': deviceAddress,
  firmware,
  'outdated-response': outdatedResponse,
  patch,
  'services-activity': servicesActivity,
  'user-and-device-counts': userAndDeviceCounts,
  warranty,
  user,
  'weekly-summary': weeklySummary,
  'bill-list': billList,
  'wip-list': wipList,
  'annual-update': annualUpdate,
};
