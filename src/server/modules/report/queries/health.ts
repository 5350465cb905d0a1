// Patch compliance, warranty windows and outdated RMM responses: the rows that need attention and how many do.
import type { ReportQuery } from '../../../../shared/reports.js';
import {
  byName,
  COLUMNS,
  deviceScope,
  deviceSource,
  ID_KEY,
  NAME_KEY,
  RESPONSE_KEY,
} from './equipment-columns.js';
import { dateLiteral, num, type PlanBuilder } from './plan.js';
import {
  complianceTone,
  countText,
  PATCH_STATUSES,
  patchSql,
  patchStatus,
  percentOf,
  percentText,
  problemTone,
  WARRANTY_STATUSES,
  warrantyStatus,
} from './rules.js';

export const patchPlan: PlanBuilder = ({ query, today }) => {
  const sql = patchSql(dateLiteral(today));
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
        keys: [{ sql: `COALESCE(e.last_patch_date - DATE '1970-01-01', 2147483647)`, type: 'int' }, NAME_KEY],
      },
      {
        name: 'status',
        title: 'Status',
        kind: 'text',
        sql: `json_build_array(e.missing_patches, to_char(e.last_patch_date, 'YYYY-MM-DD'))`,
        format: (v) => {
          const [missing, last] = v as [number | null, string | null];
          return PATCH_STATUSES[patchStatus(missing, last, today)];
        },
      },
    ],
    source: (f) => deviceSource(query, f),
    summary: (f) => ({
      sql: `SELECT count(*) AS devices, count(*) FILTER (WHERE ${sql.compliant}) AS compliant,
                   count(*) FILTER (WHERE ${sql.missing}) AS missing,
                   count(*) FILTER (WHERE ${sql.stale}) AS stale,
                   count(*) FILTER (WHERE ${sql.noData}) AS no_data
              ${deviceScope(query, f)}`,
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
            { label: 'Devices', value: countText(devices) },
            { label: 'Compliant', value: percentText(pct), tone: complianceTone(pct) },
            { label: PATCH_STATUSES.MISSING, value: countText(missing), tone: problemTone(missing) },
            { label: PATCH_STATUSES.STALE, value: countText(stale), tone: problemTone(stale, 'warning') },
            { label: PATCH_STATUSES.NO_DATA, value: countText(noData) },
          ],
          chart: {
            title: 'Patch compliance',
            kind: 'donut',
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

/** Devices the warranty report lists: expired, or ending within the chosen window. */
function warrantyCondition(query: ReportQuery, today: string): string {
  return query.within === 'expired'
    ? `e.warranty_end < ${today}`
    : `e.warranty_end <= ${today} + ${Number(query.within)}`;
}

export const warrantyPlan: PlanBuilder = ({ query, today }) => {
  const t = dateLiteral(today);
  const band = (from: number, to: number) => `e.warranty_end BETWEEN ${t} + ${from} AND ${t} + ${to}`;
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
    source: (f) => deviceSource(query, f, [warrantyCondition(query, t)]),
    summary: (f) => ({
      sql: `SELECT count(*) AS devices, count(*) FILTER (WHERE ${warrantyCondition(query, t)}) AS listed,
                   count(*) FILTER (WHERE e.warranty_end < ${t}) AS expired,
                   count(*) FILTER (WHERE ${band(0, 30)}) AS d30,
                   count(*) FILTER (WHERE ${band(31, 60)}) AS d60,
                   count(*) FILTER (WHERE ${band(61, 90)}) AS d90,
                   count(*) FILTER (WHERE e.warranty_end > ${t} + 90) AS covered
              ${deviceScope(query, f)}`,
      present: ([r]) => {
        const [devices, expired, d30, d60, d90, covered] = [
          num(r?.devices),
          num(r?.expired),
          num(r?.d30),
          num(r?.d60),
          num(r?.d90),
          num(r?.covered),
        ];
        const none = devices - expired - d30 - d60 - d90 - covered;
        return {
          total: num(r?.listed),
          figures: [
            { label: WARRANTY_STATUSES.EXPIRED, value: countText(expired), tone: problemTone(expired) },
            { label: WARRANTY_STATUSES.DAYS_30, value: countText(d30), tone: problemTone(d30, 'warning') },
            { label: WARRANTY_STATUSES.DAYS_60, value: countText(d60) },
            { label: WARRANTY_STATUSES.DAYS_90, value: countText(d90) },
            { label: WARRANTY_STATUSES.COVERED, value: countText(covered) },
            { label: WARRANTY_STATUSES.NONE, value: countText(none) },
          ],
          chart: {
            title: 'Warranty',
            kind: 'bar',
            data: [
              { label: WARRANTY_STATUSES.EXPIRED, value: expired, tone: 'bad' },
              { label: WARRANTY_STATUSES.DAYS_30, value: d30, tone: 'warning' },
              { label: WARRANTY_STATUSES.DAYS_60, value: d60, tone: 'warning' },
              { label: WARRANTY_STATUSES.DAYS_90, value: d90, tone: 'neutral' },
              { label: WARRANTY_STATUSES.COVERED, value: covered, tone: 'good' },
              { label: WARRANTY_STATUSES.NONE, value: none, tone: 'neutral' },
            ],
          },
        };
      },
    }),
  };
};

export const outdatedResponsePlan: PlanBuilder = ({ query }) => {
  // Never checked in counts as the oldest answer; the expression is equipment_response_idx's, so a range on it.
  const outdated = `${RESPONSE_KEY.sql} < now() - interval '${query.days} days'`;
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
        sql: `floor(extract(epoch FROM now() - e.last_response_at) / 86400)::int`,
      },
    ],
    source: (f) => deviceSource(query, f, [outdated]),
    summary: (f) => ({
      sql: `SELECT count(*) AS devices, count(*) FILTER (WHERE ${outdated}) AS outdated,
                   count(*) FILTER (WHERE e.last_response_at IS NULL) AS never
              ${deviceScope(query, f)}`,
      present: ([r]) => {
        const [devices, outdatedCount, never] = [num(r?.devices), num(r?.outdated), num(r?.never)];
        const pct = percentOf(outdatedCount, devices);
        return {
          total: outdatedCount,
          figures: [
            { label: 'Devices', value: countText(devices) },
            { label: 'Outdated', value: countText(outdatedCount), tone: problemTone(outdatedCount) },
            {
              label: 'Outdated share',
              value: percentText(pct),
              tone: complianceTone(pct === null ? null : 100 - pct),
            },
            { label: 'Never checked in', value: countText(never) },
          ],
          chart: {
            title: 'RMM response',
            kind: 'donut',
            data: [
              { label: `Checked in within ${query.days} days`, value: devices - outdatedCount, tone: 'good' },
              { label: 'Checked in before that', value: outdatedCount - never, tone: 'bad' },
              { label: 'Never checked in', value: never, tone: 'warning' },
            ],
          },
        };
      },
    }),
  };
};
