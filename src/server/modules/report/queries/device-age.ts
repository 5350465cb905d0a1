// Device summary by age: devices counted by age band (purchase date) per organization, or per organization and
// site (address and device location) with the bands that matter for replacement planning.
import type { ListFilter } from '../../../platform/records.js';
import { equipmentScope } from '../report-filters.js';
import { dateLiteral } from './inventory.js';
import { type ColumnSpec, num, type PlanBuilder, type ReportContext, type SortKey } from './plan.js';
import {
  AGE_BANDS,
  ageBandSql,
  countText,
  percentOf,
  percentText,
  problemTone,
  UNKNOWN_AGE,
} from './rules.js';

const ORG_KEY: SortKey = { sql: `COALESCE(g.organization, '')`, type: 'text' };
const organization: ColumnSpec = {
  name: 'organization',
  title: 'Organization',
  kind: 'text',
  sql: 'g.organization',
  sortable: true,
  keys: [ORG_KEY],
};
const count = (name: string, title: string): ColumnSpec => ({
  name,
  title,
  kind: 'number',
  sql: `g.${name}`,
  sortable: true,
  keys: [{ sql: `g.${name}`, type: 'int' }],
});

/** Devices in scope grouped by organization and band (or site): the rows, and what the summary adds up. */
function grouped(ctx: ReportContext, f: ListFilter): string {
  const scope = equipmentScope(ctx.query, f);
  const where = scope.where.length ? scope.where.join(' AND ') : 'true';
  const t = dateLiteral(ctx.today);
  if (ctx.query.by === 'age')
    return `SELECT o.id AS org_id, o.name AS organization, ${ageBandSql('e.purchase_date', t)} AS band,
                   count(*)::int AS devices,
                   round(100.0 * count(*) / sum(count(*)) OVER (PARTITION BY o.id), 1)::float8 AS percent
              FROM equipment e ${scope.join} WHERE ${where} GROUP BY 1, 2, 3`;
  const older = (y: number) => `e.purchase_date <= ${t} - interval '${y} year'`;
  return `SELECT o.id AS org_id, o.name AS organization, o.address, NULLIF(trim(e.location), '') AS location,
                 count(*)::int AS devices,
                 count(*) FILTER (WHERE NOT ${older(3)})::int AS under3,
                 count(*) FILTER (WHERE ${older(3)} AND NOT ${older(5)})::int AS from3to5,
                 count(*) FILTER (WHERE ${older(5)})::int AS over5,
                 count(*) FILTER (WHERE e.purchase_date IS NULL)::int AS unknown
            FROM equipment e ${scope.join} WHERE ${where} GROUP BY o.id, 4`;
}

const byAge = (ctx: ReportContext) => ({
  tieBreak: [
    { sql: 'COALESCE(g.org_id, 0)', type: 'int' },
    { sql: 'g.band', type: 'int' },
  ] satisfies SortKey[],
  columns: [
    organization,
    {
      name: 'age',
      title: 'Age',
      kind: 'text',
      sql: 'g.band',
      sortable: true,
      keys: [{ sql: 'g.band', type: 'int' }, ORG_KEY],
      format: (v: unknown) => AGE_BANDS[v as number] ?? null,
    },
    count('devices', 'Devices'),
    { name: 'percent', title: 'Share of Organization', kind: 'percent', sql: 'g.percent' },
  ] satisfies ColumnSpec[],
  summary: (f: ListFilter) => ({
    sql: `SELECT count(*) AS total, sum(devices) AS devices,
                 ${AGE_BANDS.map((_, i) => `sum(devices) FILTER (WHERE band = ${i}) AS b${i}`).join(', ')}
            FROM (${grouped(ctx, f)}) g`,
    present: ([r]: Record<string, unknown>[]) => {
      const bands = AGE_BANDS.map((_, i) => num(r?.[`b${i}`]));
      const devices = num(r?.devices);
      const known = devices - bands[UNKNOWN_AGE]!;
      const under3 = bands[0]! + bands[1]! + bands[2]!;
      return {
        total: num(r?.total),
        figures: [
          { label: 'Devices', value: countText(devices) },
          { label: 'Under 3 years', value: percentText(percentOf(under3, known)) },
          { label: '5+ years', value: countText(bands[5]!), tone: problemTone(bands[5]!, 'warning') },
          { label: 'Unknown age', value: countText(bands[UNKNOWN_AGE]!) },
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
  }),
});

const bySite = (ctx: ReportContext) => ({
  tieBreak: [
    { sql: 'COALESCE(g.org_id, 0)', type: 'int' },
    { sql: `COALESCE(g.location, '')`, type: 'text' },
  ] satisfies SortKey[],
  columns: [
    organization,
    { name: 'address', title: 'Address', kind: 'text', sql: 'g.address' },
    {
      name: 'location',
      title: 'Location',
      kind: 'text',
      sql: 'g.location',
      sortable: true,
      keys: [{ sql: `COALESCE(g.location, '')`, type: 'text' }, ORG_KEY],
    },
    count('devices', 'Devices'),
    count('under3', 'Under 3 years'),
    count('from3to5', '3–5 years'),
    count('over5', '5+ years'),
    count('unknown', 'Unknown age'),
  ] satisfies ColumnSpec[],
  summary: (f: ListFilter) => ({
    sql: `SELECT count(*) AS total, sum(devices) AS devices, sum(under3) AS under3, sum(from3to5) AS from3to5,
                 sum(over5) AS over5, sum(unknown) AS unknown
            FROM (${grouped(ctx, f)}) g`,
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
          { label: 'Devices', value: countText(devices) },
          { label: 'Sites', value: countText(sites) },
          { label: '5+ years', value: countText(over5), tone: problemTone(over5, 'warning') },
          { label: 'Unknown age', value: countText(unknown) },
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
  }),
});

export const deviceAgePlan: PlanBuilder = (ctx) => ({
  ...(ctx.query.by === 'age' ? byAge(ctx) : bySite(ctx)),
  defaultSort: { field: 'organization', dir: 'asc' },
  source: (f) => ({ from: `(${grouped(ctx, f)}) g`, where: [] }),
});
