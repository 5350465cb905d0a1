// Patch compliance, warranty windows and outdated RMM responses: the rows that need attention and how many do.
import { formatCount } from '../../../../shared/format/figures.js';
import { byName, COLUMNS, deviceSource, ID_KEY, NAME_KEY, RESPONSE_KEY } from './equipment-columns.js';
import { col, dateLiteral, num, type PlanBuilder, ROWS, zoneLiteral } from './plan.js';
import {
  addDays,
  complianceTone,
  PATCH_STATUSES,
  patchSql,
  patchStatus,
  patchStatusText,
  percentOf,
  percentText,
  problemTone,
  WARRANTY_STATUSES,
  WARRANTY_WINDOW_STATES,
  warrantyStatus,
  warrantyWindowEnd,
} from './rules.js';

export const patchPlan: PlanBuilder = ({ query, today }) => {
  // The summary judges each row by its own Missing Patches and Last Patched, as its Status does.
  const rule = patchSql(dateLiteral(today), col('missingPatches'), col('lastPatchDate'));
  return {
    ...byName,
    columns: [
      COLUMNS.name,
      COLUMNS.organization,
      COLUMNS.operatingSystem,
      {
        name: 'missingPatches',
        title: 'Missing Patches',
        kind: 'number',
        sql: 'e.missing_patches',
        sortable: true,
        keys: [{ sql: 'COALESCE(e.missing_patches, -1)', type: 'int' }, NAME_KEY],
      },
      {
        ...COLUMNS.purchaseDate,
        name: 'lastPatchDate',
        title: 'Last Patched',
        sql: `to_char(e.last_patch_date, 'YYYY-MM-DD')`,
        value: 'e.last_patch_date',
        keys: [{ sql: `COALESCE(e.last_patch_date - DATE '1970-01-01', 2147483647)`, type: 'int' }, NAME_KEY],
      },
      {
        name: 'status',
        title: 'Status',
        kind: 'text',
        sql: `json_build_array(e.missing_patches, to_char(e.last_patch_date, 'YYYY-MM-DD'))`,
        format: (v) => {
          const [missing, last] = v as [number | null, string | null];
          return patchStatusText(patchStatus(missing, last, today));
        },
      },
    ],
    source: (f) => deviceSource(query, f),
    summary: () => ({
      sql: `SELECT count(*) AS devices, count(*) FILTER (WHERE ${rule.compliant}) AS compliant,
                   count(*) FILTER (WHERE ${rule.missing}) AS missing,
                   count(*) FILTER (WHERE ${rule.stale}) AS stale,
                   count(*) FILTER (WHERE ${rule.noData}) AS no_data
              FROM ${ROWS}`,
      present: ([r]) => {
        const [devices, compliant, missing, stale, noData] = [
          num(r?.devices),
          num(r?.compliant),
          num(r?.missing),
          num(r?.stale),
          num(r?.no_data),
        ];
        const pct = percentOf(compliant, devices - noData);
        return {
          total: devices,
          figures: [
            { label: 'Devices', value: formatCount(devices) },
            { label: 'Compliant', value: percentText(pct), tone: complianceTone(pct) },
            { label: PATCH_STATUSES.MISSING, value: formatCount(missing), tone: problemTone(missing) },
            { label: PATCH_STATUSES.STALE, value: formatCount(stale), tone: problemTone(stale, 'warning') },
            { label: PATCH_STATUSES.NO_DATA, value: formatCount(noData) },
          ],
          // Bars, not a donut: a device can both miss patches and not have been patched in 30 days.
          chart: {
            title: 'Patch compliance',
            kind: 'bar',
            data: [
              { label: PATCH_STATUSES.COMPLIANT, value: compliant, tone: 'good' },
              { label: PATCH_STATUSES.MISSING, value: missing, tone: 'bad' },
              { label: PATCH_STATUSES.STALE, value: stale, tone: 'warning' },
              { label: PATCH_STATUSES.NO_DATA, value: noData, tone: 'neutral' },
            ],
          },
        };
      },
    }),
  };
};

const WARRANTY_TONES = {
  EXPIRED: 'bad',
  DAYS_30: 'warning',
  DAYS_60: 'warning',
  DAYS_90: 'neutral',
} as const;

export const warrantyPlan: PlanBuilder = ({ query, today }) => {
  const t = dateLiteral(today);
  const last = warrantyWindowEnd(query.within);
  // The windows the chosen one lists (expired, then 30-day bands), each counted on the rows' Days Left.
  const states = WARRANTY_WINDOW_STATES.filter((s) => s.upTo <= last);
  const band = (i: number) =>
    i === 0
      ? `${col('daysLeft')} <= ${states[0]!.upTo}`
      : `${col('daysLeft')} BETWEEN ${states[i - 1]!.upTo + 1} AND ${states[i]!.upTo}`;
  return {
    tieBreak: [ID_KEY],
    // Soonest (longest expired) first: equipment_warranty_idx walks them in this order.
    defaultSort: { field: 'warrantyEnd', dir: 'asc' },
    columns: [
      COLUMNS.name,
      COLUMNS.organization,
      COLUMNS.category,
      COLUMNS.manufacturer,
      COLUMNS.model,
      COLUMNS.serialNumber,
      COLUMNS.purchaseDate,
      // Every row has a warranty end, so the plain column is the key.
      { ...COLUMNS.warrantyEnd, keys: [{ sql: 'e.warranty_end', type: 'date' }] },
      {
        name: 'daysLeft',
        title: 'Days Left',
        kind: 'number',
        sql: `e.warranty_end - ${t}`,
        sortable: true,
        keys: [{ sql: 'e.warranty_end', type: 'date' }],
      },
      {
        name: 'status',
        title: 'Status',
        kind: 'text',
        sql: `to_char(e.warranty_end, 'YYYY-MM-DD')`,
        format: (v) => WARRANTY_STATUSES[warrantyStatus(v as string | null, today)],
      },
    ],
    source: (f) => deviceSource(query, f, [`e.warranty_end <= ${t} + (${last})`]),
    summary: () => ({
      sql: `SELECT count(*) AS total,
                   ${states.map((s, i) => `count(*) FILTER (WHERE ${band(i)}) AS "${s.status}"`).join(', ')}
              FROM ${ROWS}`,
      present: ([r]) => {
        const counts = states.map((s) => ({ status: s.status, n: num(r?.[s.status]) }));
        return {
          total: num(r?.total),
          figures: counts.map(({ status, n }) => ({
            label: WARRANTY_STATUSES[status],
            value: formatCount(n),
            ...(status === 'EXPIRED' ? { tone: problemTone(n) } : {}),
            ...(status === 'DAYS_30' ? { tone: problemTone(n, 'warning') } : {}),
          })),
          chart: {
            title: 'Warranty',
            kind: 'bar',
            data: counts.map(({ status, n }) => ({
              label: WARRANTY_STATUSES[status],
              value: n,
              tone: WARRANTY_TONES[status],
            })),
          },
        };
      },
    }),
  };
};

export const outdatedResponsePlan: PlanBuilder = ({ query, today, timeZone }) => {
  // Days are the company's calendar days: a check-in on the day `days` before today is `days` days old, so the rows
  // are the devices whose last check-in was before that day began (never: the oldest answer, first). The cut is a
  // constant, so equipment_response_idx serves it as a range.
  const zone = zoneLiteral(timeZone);
  const t = dateLiteral(today);
  const cut = `(${dateLiteral(addDays(today, -query.days))})::timestamp AT TIME ZONE ${zone}`;
  const outdated = `${RESPONSE_KEY.sql} < ${cut}`;
  return {
    tieBreak: [ID_KEY],
    defaultSort: { field: 'lastResponse', dir: 'asc' },
    columns: [
      COLUMNS.name,
      COLUMNS.organization,
      COLUMNS.category,
      COLUMNS.operatingSystem,
      COLUMNS.person,
      COLUMNS.lastResponse,
      {
        name: 'daysSince',
        title: 'Days Since',
        kind: 'number',
        sql: `${t} - (e.last_response_at AT TIME ZONE ${zone})::date`,
      },
    ],
    source: (f) => deviceSource(query, f, [outdated]),
    summary: () => ({
      sql: `SELECT count(*) AS outdated, count(*) FILTER (WHERE ${col('lastResponse')} IS NULL) AS never
              FROM ${ROWS}`,
      present: ([r]) => {
        const [outdatedCount, never] = [num(r?.outdated), num(r?.never)];
        const before = `Checked in more than ${query.days} ${query.days === 1 ? 'day' : 'days'} ago`;
        return {
          total: outdatedCount,
          figures: [
            { label: 'Outdated', value: formatCount(outdatedCount), tone: problemTone(outdatedCount) },
            { label: before, value: formatCount(outdatedCount - never) },
            { label: 'Never checked in', value: formatCount(never) },
          ],
          chart: {
            title: 'RMM response',
            kind: 'donut',
            data: [
              { label: before, value: outdatedCount - never, tone: 'bad' },
              { label: 'Never checked in', value: never, tone: 'warning' },
            ],
          },
        };
      },
    }),
  };
};
