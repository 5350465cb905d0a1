// Device summary by age (devices counted by age band of their purchase date, per organization) and device summary
// by address (per organization and site: its address and the device location, with the bands that matter for
// replacement planning): two reports over the same counts.
//
// Two forms of the same rows. Sorted by organization, each organization of the page is counted on its own (its
// devices through equipment_org_name_idx, organizations in name order through their index), so the first page
// costs what its few organizations do. Any other sort, and the summary, count every device in one parallel pass.
import { formatCount } from '../../../../shared/format/figures.js';
import type { ListFilter } from '../../../platform/records.js';
import { equipmentCode, equipmentScope, noneAssigned, organizationScope } from '../engine/report-filters.js';
import {
  and,
  type ColumnSpec,
  col,
  dateLiteral,
  num,
  type PlanBuilder,
  type ReportContext,
  ROWS,
  type SortKey,
} from './plan.js';
import {
  AGE_BANDS,
  ageBandConditions,
  minusYears,
  percentOf,
  percentText,
  problemTone,
  UNKNOWN_AGE,
} from './rules.js';

const BANDS = AGE_BANDS.map((_, i) => i);

/** The counts of each organization's devices in scope (`columns` over e), one row per organization. */
function perOrganization(ctx: ReportContext, f: ListFilter, columns: string, lateral: boolean, groupBy = '') {
  if (lateral)
    return `SELECT o.id AS org_id, o.name AS organization, o.address, x.*
              FROM organizations o CROSS JOIN LATERAL (
                SELECT ${columns} FROM equipment e
                 WHERE e.organization_id = o.id AND ${and(equipmentCode(ctx.query))} ${groupBy}) x
             WHERE ${and(organizationScope(ctx.query, f))}`;
  const scope = equipmentScope(ctx.query, f);
  return `SELECT o.id AS org_id, o.name AS organization, o.address, ${columns}
            FROM equipment e ${scope.join} WHERE ${and(scope.where)}
           GROUP BY o.id${groupBy.replace('GROUP BY', ',')}`;
}

/** Rows (organization, band, devices, share) from the per-organization band counts. */
function ageRows(ctx: ReportContext, f: ListFilter, lateral: boolean): string {
  const bands = ageBandConditions('e.purchase_date', ctx.today);
  const counts = `${bands.map((c, b) => `count(*) FILTER (WHERE ${c})::int AS b${b}`).join(', ')}, count(*)::int AS n`;
  return `SELECT c.org_id, c.organization, v.band, v.devices, round(v.devices::numeric / c.n, 3)::float8 AS percent
            FROM (${perOrganization(ctx, f, counts, lateral)}) c
            CROSS JOIN LATERAL (VALUES ${BANDS.map((b) => `(${b}, c.b${b})`).join(', ')}) v(band, devices)
           WHERE v.devices > 0`;
}

/** Rows (organization, address, location, devices and three age groups) per organization and location. */
function siteRows(ctx: ReportContext, f: ListFilter, lateral: boolean): string {
  const older = (y: number) => `e.purchase_date <= ${dateLiteral(minusYears(ctx.today, y))}`;
  const counts = `NULLIF(trim(e.location), '') AS location, count(*)::int AS devices,
                  count(*) FILTER (WHERE NOT ${older(3)})::int AS under3,
                  count(*) FILTER (WHERE ${older(3)} AND NOT ${older(5)})::int AS from3to5,
                  count(*) FILTER (WHERE ${older(5)})::int AS over5,
                  count(*) FILTER (WHERE e.purchase_date IS NULL)::int AS unknown`;
  return perOrganization(ctx, f, counts, lateral, `GROUP BY NULLIF(trim(e.location), '')`);
}

const count = (name: string, title: string, then: SortKey): ColumnSpec => ({
  name,
  title,
  kind: 'number',
  sql: `g.${name}`,
  sortable: true,
  keys: [{ sql: `g.${name}`, type: 'int' }, then],
});

const summaryPlan =
  (site: boolean): PlanBuilder =>
  (ctx) => {
    // Unassigned devices have no organization; otherwise the plain columns, so the name index can order them.
    const none = noneAssigned(ctx.query);
    const orgKey: SortKey = { sql: none ? `COALESCE(g.organization, '')` : 'g.organization', type: 'text' };
    const orgId: SortKey = { sql: none ? 'COALESCE(g.org_id, 0)' : 'g.org_id', type: 'int' };
    const rows = (f: ListFilter, lateral: boolean) => (site ? siteRows : ageRows)(ctx, f, lateral);
    const organization: ColumnSpec = {
      name: 'organization',
      title: 'Organization',
      kind: 'text',
      sql: 'g.organization',
      sortable: true,
      keys: [orgKey],
    };
    const columns: ColumnSpec[] = site
      ? [
          organization,
          { name: 'address', title: 'Address', kind: 'text', sql: 'g.address' },
          {
            name: 'location',
            title: 'Location',
            kind: 'text',
            sql: 'g.location',
            sortable: true,
            keys: [{ sql: `COALESCE(g.location, '')`, type: 'text' }, orgKey],
          },
          count('devices', 'Devices', orgKey),
          count('under3', 'Under 3 years', orgKey),
          count('from3to5', '3–5 years', orgKey),
          count('over5', '5+ years', orgKey),
          count('unknown', 'Unknown age', orgKey),
        ]
      : [
          organization,
          {
            name: 'age',
            title: 'Age',
            kind: 'text',
            sql: 'g.band',
            sortable: true,
            keys: [{ sql: 'g.band', type: 'int' }, orgKey],
            format: (v) => AGE_BANDS[v as number] ?? null,
          },
          count('devices', 'Devices', orgKey),
          { name: 'percent', title: 'Share of Organization', kind: 'percent', sql: 'g.percent' },
        ];
    return {
      columns,
      tieBreak: [
        orgId,
        site ? { sql: `COALESCE(g.location, '')`, type: 'text' } : { sql: 'g.band', type: 'int' },
      ],
      defaultSort: { field: 'organization', dir: 'asc' },
      // The summary reads every row at once (no sort): the one-pass form.
      source: (f, sort) => ({ from: `(${rows(f, sort?.field === 'organization' && !none)}) g`, where: [] }),
      summary: () => (site ? siteSummary() : ageSummary()),
    };
  };

export const deviceAgePlan = summaryPlan(false);
export const deviceAddressPlan = summaryPlan(true);

function ageSummary() {
  return {
    // A row per organization and band it has devices in: the devices of each band are the sum of its rows.
    sql: `SELECT count(*) AS total,
                 ${BANDS.map((b) => `COALESCE(sum(${col('devices')}) FILTER (WHERE ${col('age')} = ${b}), 0) AS b${b}`).join(', ')}
            FROM ${ROWS}`,
    present: ([r]: Record<string, unknown>[]) => {
      const bands = BANDS.map((b) => num(r?.[`b${b}`]));
      const devices = bands.reduce((a, b) => a + b, 0);
      const known = devices - bands[UNKNOWN_AGE]!;
      const under3 = bands[0]! + bands[1]! + bands[2]!;
      return {
        total: num(r?.total),
        figures: [
          { label: 'Devices', value: formatCount(devices) },
          { label: 'Under 3 years', value: percentText(percentOf(under3, known)) },
          { label: '5+ years', value: formatCount(bands[5]!), tone: problemTone(bands[5]!, 'warning') },
          { label: 'Unknown age', value: formatCount(bands[UNKNOWN_AGE]!) },
        ],
        chart: {
          title: 'Devices by age',
          kind: 'bar' as const,
          data: AGE_BANDS.map((label, i) => ({
            label,
            value: bands[i]!,
            tone: i === 5 ? ('bad' as const) : i === 4 ? ('warning' as const) : ('neutral' as const),
          })),
        },
      };
    },
  };
}

function siteSummary() {
  const sum = (name: string) => `COALESCE(sum(${col(name)}), 0) AS ${name.toLowerCase()}`;
  return {
    sql: `SELECT count(*) AS total, ${['devices', 'under3', 'from3to5', 'over5', 'unknown'].map(sum).join(', ')}
            FROM ${ROWS}`,
    present: ([r]: Record<string, unknown>[]) => {
      const [sites, devices, under3, from3to5, over5, unknown] = [
        num(r?.total),
        num(r?.devices),
        num(r?.under3),
        num(r?.from3to5),
        num(r?.over5),
        num(r?.unknown),
      ];
      return {
        total: sites,
        figures: [
          { label: 'Devices', value: formatCount(devices) },
          { label: 'Sites', value: formatCount(sites) },
          { label: '5+ years', value: formatCount(over5), tone: problemTone(over5, 'warning') },
          { label: 'Unknown age', value: formatCount(unknown) },
        ],
        chart: {
          title: 'Devices by age',
          kind: 'bar' as const,
          data: [
            { label: 'Under 3 years', value: under3, tone: 'good' as const },
            { label: '3–5 years', value: from3to5, tone: 'warning' as const },
            { label: '5+ years', value: over5, tone: 'bad' as const },
            { label: 'Unknown age', value: unknown, tone: 'neutral' as const },
          ],
        },
      };
    },
  };
}
