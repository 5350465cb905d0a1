// Equipment: the list (/manage/equipment, filters in the address, and an organization's Equipment tab), basics
// and history, in both places.
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { Option } from '../../../shared/schemas/common';
import { EQUIPMENT_FILTERS, type EquipmentRecord, equipmentForm } from '../../../shared/schemas/equipment';
import { loadEntity } from '../../api/entity';
import { formatWhen } from '../history/history-api';
import { HistoryView } from '../history/history-view';
import {
  organizationList,
  organizationListProps,
  organizationScopedPaths,
  organizationScopedRecord,
  organizationTabs,
  type ScopedProps,
  type ScopedRecordProps,
} from '../organizations/organization-scope';
import { RecordBasics } from '../records/record-basics';
import type { FieldSection } from '../records/record-fields';
import { type Column, type FilterDef, label, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';
import { useRouteFilters } from './use-route-filters';

const SECTIONS: FieldSection[] = [
  {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, col: 'col-md-4', hint: 'The hostname.' },
      { name: 'category', label: 'Category', kind: 'select', col: 'col-md-4' },
      { name: 'status', label: 'Status', kind: 'select', col: 'col-md-4' },
      {
        name: 'organization',
        label: 'Organization',
        kind: 'typeahead',
        url: '/api/suggest/clients/',
        col: 'col-md-4',
        hint: 'Empty: none assigned.',
      },
      {
        name: 'person',
        label: 'Assigned Person',
        kind: 'typeahead',
        url: '/api/suggest/people/',
        params: (v) => ({ organization: (v.organization as Option | null)?.value ?? '-1' }),
        col: 'col-md-4',
      },
      { name: 'location', label: 'Location', kind: 'text', col: 'col-md-4' },
      { name: 'active', label: 'Active', kind: 'checkbox', col: 'col-6 col-md-2 sd-check-cell' },
      { name: 'virtual', label: 'Virtual', kind: 'checkbox', col: 'col-6 col-md-2 sd-check-cell' },
    ],
  },
  {
    title: 'Hardware',
    fields: [
      { name: 'manufacturer', label: 'Manufacturer', kind: 'text', col: 'col-md-4' },
      { name: 'model', label: 'Model', kind: 'text', col: 'col-md-4' },
      { name: 'serialNumber', label: 'Serial Number', kind: 'text', col: 'col-md-4' },
      { name: 'purchaseDate', label: 'Purchase Date', kind: 'date', col: 'col-md-4' },
      { name: 'warrantyEnd', label: 'Warranty End', kind: 'date', col: 'col-md-4' },
      { name: 'firmwareVersion', label: 'Firmware Version', kind: 'text', col: 'col-md-4' },
    ],
  },
  {
    title: 'Software and Security',
    fields: [
      { name: 'operatingSystem', label: 'Operating System', kind: 'text', col: 'col-md-4' },
      { name: 'osVersion', label: 'OS Version', kind: 'text', col: 'col-md-4' },
      {
        name: 'lastResponseAt',
        label: 'Last RMM Response',
        kind: 'display',
        col: 'col-md-4',
        display: (v) => (v.lastResponseAt ? formatWhen(String(v.lastResponseAt)) : 'Never'),
      },
      { name: 'rmmId', label: 'RMM ID', kind: 'text', col: 'col-md-4' },
      { name: 'antivirusProduct', label: 'Antivirus Product', kind: 'text', col: 'col-md-4' },
      { name: 'antivirusState', label: 'Antivirus State', kind: 'select', col: 'col-md-4' },
      { name: 'bitlockerState', label: 'BitLocker State', kind: 'select', col: 'col-md-4' },
      { name: 'missingPatches', label: 'Missing Patches', kind: 'number', col: 'col-md-4' },
      { name: 'lastPatchDate', label: 'Last Patch Date', kind: 'date', col: 'col-md-4' },
    ],
  },
  { fields: [{ name: 'notes', label: 'Notes', kind: 'textarea', col: 'col-12' }] },
];

const paths = organizationScopedPaths({
  param: 'equipmentId',
  list: ['equipment', 'organization_equipment'],
  basics: ['equipment_basics', 'organization_equipment_basics'],
  history: ['equipment_history', 'organization_equipment_history'],
});
const basicsPath = paths.basics;

function columns(organization: string | null): Column<EquipmentRecord>[] {
  return [
    {
      key: 'name',
      label: 'Name',
      render: (e) => <Link to={basicsPath(organization, e.id)}>{e.name}</Link>,
    },
    ...(organization
      ? []
      : [
          {
            key: 'organization',
            label: 'Organization',
            render: (e: EquipmentRecord) => label(e.organization),
          },
        ]),
    { key: 'category', label: 'Category', render: (e) => label(e.category), wide: true },
    {
      key: 'model',
      label: 'Model',
      render: (e) => [e.manufacturer, e.model].filter(Boolean).join(' '),
      wide: true,
    },
    { key: 'serialNumber', label: 'Serial Number', render: (e) => e.serialNumber ?? '' },
    {
      key: 'lastResponseAt',
      label: 'Last Response',
      render: (e) => (e.lastResponseAt ? formatWhen(e.lastResponseAt) : ''),
      wide: true,
      className: 'text-nowrap',
    },
    { key: 'warrantyEnd', label: 'Warranty End', render: (e) => e.warrantyEnd ?? '', wide: true },
  ];
}

/** The category and status options come with the form of a new device. */
function useEquipmentOptions() {
  const query = useQuery({
    queryKey: ['equipment-options'],
    queryFn: ({ signal }) =>
      loadEntity<EquipmentRecord, Record<string, Option[]>>('/api/manage/equipment/create', 'equipment', {
        signal,
      }),
    staleTime: 5 * 60_000,
  });
  return query.data?.formOptions ?? {};
}

function filterDefs(options: Record<string, Option[]>): FilterDef[] {
  return [
    { name: 'q', label: 'Search', kind: 'text', placeholder: 'Name, serial number or model' },
    {
      name: 'filter',
      label: 'Show',
      kind: 'select',
      options: EQUIPMENT_FILTERS.filter((f) => f.value !== 'all').map((f) => ({ ...f })),
      emptyValue: 'all',
    },
    { name: 'category', label: 'Category', kind: 'select', options: options.category ?? [] },
    {
      name: 'sort',
      label: 'Sort',
      kind: 'select',
      placeholder: 'Name',
      options: [
        { value: 'serialNumber', label: 'Serial Number' },
        { value: 'warrantyEnd', label: 'Warranty End' },
      ],
    },
  ];
}

const FILTER_NAMES = ['q', 'filter', 'category', 'sort'];
const DEFAULTS = { filter: '1' };

function EquipmentList({ organization, state }: ScopedProps & { state: ReturnType<typeof useQueryFilters> }) {
  const options = useEquipmentOptions();
  return (
    <RecordList<EquipmentRecord>
      title="Equipment"
      url="/api/manage/equipment"
      queryKey="equipment"
      {...organizationListProps(organization, 'Equipment')}
      columns={columns(organization)}
      state={state}
      filters={filterDefs(options)}
      rowKey={(e) => e.id}
      rowClassName={(e) => (e.active ? undefined : 'sd-row-inactive')}
      actions={
        <Link to={basicsPath(organization, 'create')} className="btn btn-sm btn-primary">
          New Device
        </Link>
      }
    />
  );
}

export function EquipmentListPage() {
  return <EquipmentList organization={null} state={useRouteFilters(FILTER_NAMES, DEFAULTS)} />;
}

/** An organization's tab keeps its filters in the query string (the top-level list's live in the path). */
export const OrganizationEquipmentPage = organizationList(({ organization }) => (
  <EquipmentList organization={organization} state={useQueryFilters(FILTER_NAMES, DEFAULTS)} />
));

function EquipmentBasics({ organization, id }: ScopedRecordProps) {
  const [search] = useSearchParams();
  // Reached with ?orgId=, Cancel goes to that organization's equipment (SPEC §2).
  const from = organization ?? search.get('orgId');
  return (
    <RecordBasics<EquipmentRecord>
      api="/api/manage/equipment"
      entityKey="equipment"
      historyKey="equipment"
      id={id}
      prefill={{ organization: from ?? search.get('organization') ?? undefined }}
      schema={equipmentForm}
      sections={SECTIONS}
      title={(e) => e.name}
      newTitle="New Device"
      subtitle={(e) => [label(e.category), label(e.organization)].filter(Boolean).join(' · ')}
      savedPath={(eid) => basicsPath(organization, eid)}
      cancelPath={paths.list(from)}
      historyPath={(eid) => paths.history(organization, eid)}
      headerExtra={organizationTabs(organization)}
    />
  );
}

export const EquipmentBasicsPage = organizationScopedRecord(EquipmentBasics, 'equipmentId');
export const OrganizationEquipmentBasicsPage = EquipmentBasicsPage;

function EquipmentHistory({ organization, id }: ScopedRecordProps) {
  return (
    <HistoryView
      entity="equipment"
      id={id}
      objectClass="Equipment"
      backTo={basicsPath(organization, id)}
      backText="Equipment"
    />
  );
}

export const EquipmentHistoryPage = organizationScopedRecord(EquipmentHistory, 'equipmentId');
