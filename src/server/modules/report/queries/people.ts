// The user report: the organizations' people (SPEC §4 user filter codes) with the devices assigned to them.
import { formatCount } from '../../../../shared/format/figures.js';
import { param } from '../../../platform/records.js';
import { organizationScope, peopleScope } from '../engine/report-filters.js';
import { type ColumnSpec, col, num, type PlanBuilder, ROWS, type SortKey } from './plan.js';

const NAME: SortKey[] = [
  { sql: 'p.last_name', type: 'text' },
  { sql: 'p.first_name', type: 'text' },
];
const DEVICES = '(SELECT count(*)::int FROM equipment e WHERE e.person_id = p.id AND e.active)';
const then = (key: SortKey): SortKey[] => [key, ...NAME];

export const userPlan: PlanBuilder = ({ query }) => ({
  tieBreak: [{ sql: 'p.id', type: 'int' }],
  // people_name_idx walks them in this order.
  defaultSort: { field: 'name', dir: 'asc' },
  columns: [
    {
      name: 'name',
      title: 'Name',
      kind: 'text',
      sql: `p.last_name || ', ' || p.first_name`,
      sortable: true,
      keys: NAME,
    },
    {
      name: 'organization',
      title: 'Organization',
      kind: 'text',
      sql: 'o.name',
      sortable: true,
      keys: then({ sql: 'o.name', type: 'text' }),
    },
    { name: 'title', title: 'Title', kind: 'text', sql: 'p.title' },
    {
      name: 'email',
      title: 'Email',
      kind: 'text',
      sql: 'p.email',
      sortable: true,
      keys: then({ sql: `COALESCE(p.email, '')`, type: 'text' }),
    },
    { name: 'phone', title: 'Phone', kind: 'text', sql: 'COALESCE(p.phone, p.mobile)' },
    {
      name: 'active',
      title: 'Active',
      kind: 'text',
      sql: `CASE WHEN p.active THEN 'Yes' ELSE 'No' END`,
      sortable: true,
      keys: then({ sql: 'CASE WHEN p.active THEN 1 ELSE 0 END', type: 'int' }),
    },
    {
      name: 'devices',
      title: 'Devices',
      kind: 'number',
      sql: DEVICES,
      sortable: true,
      keys: then({ sql: DEVICES, type: 'int' }),
    },
  ] satisfies ColumnSpec[],
  source: (f) => {
    const where = [...organizationScope(query, f), ...peopleScope(query)];
    // The same ids on the person side, so people_org_name_idx can serve them.
    if (query.organization?.length)
      where.push(`p.organization_id = ANY(${param(f, query.organization)}::int[])`);
    return { from: 'people p JOIN organizations o ON o.id = p.organization_id', where };
  },
  // Devices > 0 without counting them all: one index probe a person.
  measures: { has_device: 'EXISTS (SELECT 1 FROM equipment e WHERE e.person_id = p.id AND e.active)' },
  summary: () => ({
    sql: `SELECT count(*) AS people, count(*) FILTER (WHERE ${col('active')} = 'Yes') AS active,
                 count(*) FILTER (WHERE ${col('has_device')}) AS with_devices
            FROM ${ROWS}`,
    present: ([r]) => {
      const [people, active, withDevices] = [num(r?.people), num(r?.active), num(r?.with_devices)];
      return {
        total: people,
        figures: [
          { label: 'People', value: formatCount(people) },
          { label: 'Active', value: formatCount(active) },
          { label: 'Inactive', value: formatCount(people - active) },
          { label: 'With a device', value: formatCount(withDevices) },
          { label: 'Without a device', value: formatCount(people - withDevices) },
        ],
        chart: null,
      };
    },
  }),
});
