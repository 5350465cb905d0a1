// /manage/organization: client filter codes (SPEC §4), sales status and text; rows open the basics screen.
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes';
import {
  CLIENT_FILTERS,
  type OrganizationRecord,
  SALES_STATUSES,
} from '../../../shared/schemas/organization';
import { type Column, label, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';

const COLUMNS: Column<OrganizationRecord>[] = [
  {
    key: 'name',
    label: 'Name',
    render: (o) => <Link to={pathFor('organization_basics', { id: o.id })}>{o.name}</Link>,
  },
  { key: 'shortCode', label: 'Short Code', render: (o) => o.shortCode ?? '', wide: true },
  { key: 'salesStatus', label: 'Sales Status', render: (o) => label(o.salesStatus) },
  { key: 'rmmPlan', label: 'RMM Service Plan', render: (o) => label(o.rmmPlan), wide: true },
  {
    key: 'phone',
    label: 'Phone',
    render: (o) => o.phone ?? '',
    wide: true,
    className: 'text-nowrap',
  },
  { key: 'accountManager', label: 'Account Manager', render: (o) => label(o.accountManager), wide: true },
];

export function OrganizationListPage() {
  const state = useQueryFilters(['q', 'filter', 'salesStatus'], { filter: '1' });
  return (
    <RecordList<OrganizationRecord>
      title="Organizations"
      url="/api/manage/organization"
      queryKey="organization"
      columns={COLUMNS}
      state={state}
      filters={[
        { name: 'q', label: 'Search', kind: 'text', placeholder: 'Name, short code or phone' },
        {
          name: 'filter',
          label: 'Show',
          kind: 'select',
          options: CLIENT_FILTERS.filter((f) => f.value !== 'all').map((f) => ({ ...f })),
          emptyValue: 'all',
        },
        {
          name: 'salesStatus',
          label: 'Sales Status',
          kind: 'select',
          options: SALES_STATUSES.map((s) => ({ ...s })),
        },
      ]}
      rowKey={(o) => o.id}
      rowClassName={(o) => (o.active ? undefined : 'sd-row-inactive')}
      actions={
        <Link to={pathFor('organization_basics', { id: 'create' })} className="btn btn-sm btn-primary">
          New Organization
        </Link>
      }
    />
  );
}
