// The device inventory and the firmware report (each device's firmware against the newest seen for its model).
import { formatCount } from '../../../../shared/format/figures.js';
import { byName, COLUMNS, deviceSource, NAME_KEY, textColumn } from './equipment-columns.js';
import { col, dateLiteral, num, type PlanBuilder, ROWS } from './plan.js';
import { complianceTone, percentOf, percentText, problemTone } from './rules.js';

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
    COLUMNS.rmmAgent,
    COLUMNS.lastResponse,
  ],
  source: (f) => deviceSource(query, f),
  // Whether the Person column names someone, without joining every person to read their names.
  measures: { assigned: 'e.person_id IS NOT NULL' },
  // One pass counting per category (a plain GROUP BY aggregates in parallel; grouping sets do not); totals are sums.
  summary: () => ({
    sql: `SELECT ${col('category')} AS category, count(*) AS devices,
                 count(*) FILTER (WHERE ${col('rmmAgent')} = 'Yes') AS rmm,
                 count(*) FILTER (WHERE ${col('assigned')}) AS assigned,
                 count(*) FILTER (WHERE ${col('warrantyEnd')} < ${dateLiteral(today)}) AS expired
            FROM ${ROWS} GROUP BY ${col('category')}`,
    present: (rows) => {
      const sum = (field: string) => rows.reduce((total, r) => total + num(r[field]), 0);
      const [devices, rmm, expired, assigned] = [sum('devices'), sum('rmm'), sum('expired'), sum('assigned')];
      const categories = rows
        .map((r) => ({ label: (r.category as string | null) ?? 'No category', value: num(r.devices) }))
        .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
      const shown = categories.slice(0, CHART_CATEGORIES);
      const other = categories.slice(CHART_CATEGORIES).reduce((s, c) => s + c.value, 0);
      return {
        total: devices,
        figures: [
          { label: 'Devices', value: formatCount(devices) },
          { label: 'With an RMM agent', value: percentText(percentOf(rmm, devices)) },
          { label: 'Assigned to a person', value: formatCount(assigned) },
          { label: 'Warranty expired', value: formatCount(expired), tone: problemTone(expired, 'warning') },
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
  }),
});

/** Numbers of a version ("1.15.0" -> {1,15,0}, "A12" -> {12}), compared as such; null when it has none. */
const versionKey = (v: string) =>
  `string_to_array(NULLIF(trim(both '.' FROM regexp_replace(${v}, '[^0-9]+', '.', 'g')), ''), '.')::numeric[]`;

/** A device's firmware key: the expressions of equipment_firmware_idx. */
const FIRMWARE_KEY = `COALESCE(manufacturer, ''), COALESCE(model, ''), firmware_version`;
const FIRMWARE_COLUMNS = `COALESCE(manufacturer, '') AS mf, COALESCE(model, '') AS md, firmware_version AS fw`;

/**
 * The newest firmware seen for each manufacturer and model over every device (not only those reported on). The
 * distinct (manufacturer, model, version) triples are few, so they are read by skipping from one to the next along
 * equipment_firmware_idx (one index probe each) rather than by reading every device.
 */
const LATEST = `RECURSIVE versions AS (
    (SELECT ${FIRMWARE_COLUMNS} FROM equipment WHERE firmware_version IS NOT NULL ORDER BY 1, 2, 3 LIMIT 1)
    UNION ALL
    SELECT n.* FROM versions s CROSS JOIN LATERAL (
      SELECT ${FIRMWARE_COLUMNS} FROM equipment
       WHERE firmware_version IS NOT NULL AND (${FIRMWARE_KEY}) > (s.mf, s.md, s.fw)
       ORDER BY 1, 2, 3 LIMIT 1) n),
  latest AS (
    SELECT DISTINCT ON (v.mf, v.md) v.mf AS manufacturer, v.md AS model, v.fw AS version
      FROM versions v
     ORDER BY v.mf, v.md, ${versionKey('v.fw')} DESC NULLS LAST, v.fw DESC)`;
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
  // The rows are the devices with firmware data: the summary counts them, current or not.
  summary: () => ({
    sql: `SELECT count(*) AS reported, count(*) FILTER (WHERE ${col('status')} = 'Current') AS current
            FROM ${ROWS}`,
    present: ([r]) => {
      const [reported, current] = [num(r?.reported), num(r?.current)];
      const pct = percentOf(current, reported);
      return {
        total: reported,
        figures: [
          { label: 'Devices with firmware data', value: formatCount(reported) },
          { label: 'Current', value: percentText(pct), tone: complianceTone(pct) },
          {
            label: 'Outdated',
            value: formatCount(reported - current),
            tone: problemTone(reported - current, 'warning'),
          },
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
  }),
});
