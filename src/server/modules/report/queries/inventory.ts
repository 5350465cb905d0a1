// The device inventory and the firmware report (each device's firmware against the newest seen for its model).
import { equipmentScope } from '../report-filters.js';
import { byName, COLUMNS, deviceSource, NAME_KEY, textColumn } from './equipment-columns.js';
import { num, type PlanBuilder } from './plan.js';
import { complianceTone, countText, percentOf, percentText, problemTone } from './rules.js';

/** A yyyy-MM-dd the server computed, as a SQL date literal (never user text). */
export const dateLiteral = (day: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a date: ${day}`);
  return `DATE '${day}'`;
};

const CHART_CATEGORIES = 7;

export const devicePlan: PlanBuilder = ({ query, today }) => ({
  ...byName,
  columns: [
    COLUMNS.name,
    COLUMNS.organization,
    COLUMNS.category,
    COLUMNS.manufacturer,
    COLUMNS.model,
    COLUMNS.serialNumber,
    COLUMNS.operatingSystem,
    COLUMNS.person,
    COLUMNS.location,
    COLUMNS.purchaseDate,
    COLUMNS.warrantyEnd,
    COLUMNS.lastResponse,
  ],
  source: (f) => deviceSource(query, f),
  // One pass: the totals (the empty grouping set) and the count of each category (for the chart).
  summary: (f) => {
    const scope = equipmentScope(query, f);
    return {
      sql: `SELECT GROUPING(c.name) AS everything, c.name AS category, count(*) AS devices,
                   count(*) FILTER (WHERE e.rmm_id IS NOT NULL) AS rmm,
                   count(*) FILTER (WHERE e.person_id IS NOT NULL) AS assigned,
                   count(*) FILTER (WHERE e.warranty_end < ${dateLiteral(today)}) AS expired
              FROM equipment e ${scope.join} LEFT JOIN device_categories c ON c.id = e.category_id
             WHERE ${scope.where.length ? scope.where.join(' AND ') : 'true'}
             GROUP BY GROUPING SETS ((), (c.name))`,
      present: (rows) => {
        const all = rows.find((r) => num(r.everything) === 1);
        const devices = num(all?.devices);
        const rmm = num(all?.rmm);
        const expired = num(all?.expired);
        const categories = rows
          .filter((r) => num(r.everything) === 0)
          .map((r) => ({ label: (r.category as string | null) ?? 'No category', value: num(r.devices) }))
          .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
        const shown = categories.slice(0, CHART_CATEGORIES);
        const other = categories.slice(CHART_CATEGORIES).reduce((s, c) => s + c.value, 0);
        return {
          total: devices,
          figures: [
            { label: 'Devices', value: countText(devices) },
            { label: 'With an RMM agent', value: percentText(percentOf(rmm, devices)) },
            { label: 'Assigned to a person', value: countText(num(all?.assigned)) },
            { label: 'Warranty expired', value: countText(expired), tone: problemTone(expired, 'warning') },
          ],
          chart: devices
            ? {
                title: 'Devices by category',
                kind: 'bar',
                data: [...shown, ...(other ? [{ label: 'Other', value: other }] : [])],
              }
            : null,
        };
      },
    };
  },
});

/** Numbers of a version ("1.15.0" -> {1,15,0}, "A12" -> {12}), compared as such; null when it has none. */
const versionKey = (v: string) =>
  `string_to_array(NULLIF(trim(both '.' FROM regexp_replace(${v}, '[^0-9]+', '.', 'g')), ''), '.')::numeric[]`;

/** The newest firmware seen for each manufacturer and model, over every device (not only those reported on). */
const LATEST = `latest AS (
  SELECT DISTINCT ON (v.manufacturer, v.model) v.manufacturer, v.model, v.version
    FROM (SELECT COALESCE(manufacturer, '') AS manufacturer, COALESCE(model, '') AS model, firmware_version AS version
            FROM equipment WHERE firmware_version IS NOT NULL GROUP BY 1, 2, 3) v
   ORDER BY v.manufacturer, v.model, ${versionKey('v.version')} DESC NULLS LAST, v.version DESC)`;
const LATEST_JOIN = `LEFT JOIN latest l ON l.manufacturer = COALESCE(e.manufacturer, '') AND l.model = COALESCE(e.model, '')`;
const CURRENT = 'e.firmware_version = l.version';

export const firmwarePlan: PlanBuilder = ({ query }) => ({
  ...byName,
  columns: [
    COLUMNS.name,
    COLUMNS.organization,
    COLUMNS.manufacturer,
    COLUMNS.model,
    textColumn('firmwareVersion', 'Firmware', 'e.firmware_version'),
    { name: 'latestVersion', title: 'Newest Seen', kind: 'text', sql: 'l.version' },
    {
      name: 'status',
      title: 'Status',
      kind: 'text',
      sql: `CASE WHEN ${CURRENT} THEN 'Current' ELSE 'Outdated' END`,
      sortable: true,
      keys: [{ sql: `CASE WHEN ${CURRENT} THEN 1 ELSE 0 END`, type: 'int' }, NAME_KEY],
    },
  ],
  source: (f) => {
    const { from, where } = deviceSource(query, f, ['e.firmware_version IS NOT NULL']);
    return { with: LATEST, from: `${from} ${LATEST_JOIN}`, where };
  },
  summary: (f) => {
    const scope = equipmentScope(query, f);
    return {
      sql: `WITH ${LATEST}
            SELECT count(*) AS devices, count(*) FILTER (WHERE e.firmware_version IS NOT NULL) AS reported,
                   count(*) FILTER (WHERE ${CURRENT}) AS current
              FROM equipment e ${scope.join} ${LATEST_JOIN}
             WHERE ${scope.where.length ? scope.where.join(' AND ') : 'true'}`,
      present: ([r]) => {
        const [devices, reported, current] = [num(r?.devices), num(r?.reported), num(r?.current)];
        const pct = percentOf(current, reported);
        return {
          total: reported,
          figures: [
            { label: 'Devices with firmware data', value: countText(reported) },
            { label: 'Current', value: percentText(pct), tone: complianceTone(pct) },
            {
              label: 'Outdated',
              value: countText(reported - current),
              tone: problemTone(reported - current, 'warning'),
            },
            { label: 'No firmware data', value: countText(devices - reported) },
          ],
          chart: {
            title: 'Firmware',
            kind: 'donut',
            data: [
              { label: 'Current', value: current, tone: 'good' },
              { label: 'Outdated', value: reported - current, tone: 'warning' },
            ],
          },
        };
      },
    };
  },
});
