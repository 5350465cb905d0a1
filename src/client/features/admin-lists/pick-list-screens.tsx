// Admin pick lists with a name, a description and an active flag (device categories, outage types, departments,
// buckets, service and amendment types): list, basics and history, one implementation configured per list.
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { pathFor, type RouteName } from '../../../shared/routes';
import { type AmendmentTypeRecord, amendmentTypeForm } from '../../../shared/schemas/amendment-type';
import { type BucketCategoryRecord, bucketCategoryForm } from '../../../shared/schemas/bucket-category';
import { type DepartmentRecord, departmentForm } from '../../../shared/schemas/department';
import { type DeviceCategoryRecord, deviceCategoryForm } from '../../../shared/schemas/device-category';
import { ACTIVE_CHOICES, codeOptions } from '../../../shared/schemas/fields';
import { type OutageTypeRecord, outageTypeForm } from '../../../shared/schemas/outage-type';
import { SERVICE_UNITS, type ServiceTypeRecord, serviceTypeForm } from '../../../shared/schemas/service-type';
import { HistoryView } from '../history/history-view';
import { RecordBasics } from '../records/record-basics';
import type { FieldSection } from '../records/record-fields';
import { type Column, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';

/** What every pick list's records carry (their shared response schemas). */
type PickListRecord = DepartmentRecord;

type PickList<Rec extends PickListRecord> = {
  title: string;
  one: string;
  api: string;
  entityKey: string;
  historyKey: string;
  objectClass: string;
  list: RouteName;
  basics: RouteName;
  history: RouteName;
  schema: z.ZodType;
  /** The name field's label (default Name), extra list columns and form fields after name and active. */
  nameLabel?: string;
  columns?: Column<Rec>[];
  sections?: FieldSection[];
};

const DEVICE_CATEGORIES: PickList<DeviceCategoryRecord> = {
  title: 'Device Categories',
  one: 'Device Category',
  api: '/api/admin/device-category',
  entityKey: 'deviceCategory',
  historyKey: 'device-category',
  objectClass: 'EquipmentCategory',
  list: 'device_categories',
  basics: 'device_category_basics',
  history: 'device_category_history',
  schema: deviceCategoryForm,
};

const OUTAGE_TYPES: PickList<OutageTypeRecord> = {
  title: 'Outage Types',
  one: 'Outage Type',
  api: '/api/admin/outage-type',
  entityKey: 'outageType',
  historyKey: 'outage-type',
  objectClass: 'OutageType',
  list: 'outage_types',
  basics: 'outage_type_basics',
  history: 'outage_type_history',
  schema: outageTypeForm,
};

const DEPARTMENTS: PickList<DepartmentRecord> = {
  title: 'Departments',
  one: 'Department',
  api: '/api/admin/department',
  entityKey: 'department',
  historyKey: 'department',
  objectClass: 'Department',
  list: 'departments',
  basics: 'department_basics',
  history: 'department_history',
  schema: departmentForm,
};

const BUCKETS: PickList<BucketCategoryRecord> = {
  title: 'Buckets',
  one: 'Bucket',
  api: '/api/admin/bucket',
  entityKey: 'bucketCategory',
  historyKey: 'bucket-category',
  objectClass: 'BucketCategory',
  list: 'buckets',
  basics: 'bucket_basics',
  history: 'bucket_history',
  schema: bucketCategoryForm,
  nameLabel: 'Bucket',
  columns: [{ key: 'sortOrder', label: 'Sort Order', render: (r) => String(r.sortOrder), wide: true }],
  sections: [
    {
      fields: [
        { name: 'name', label: 'Bucket', kind: 'text', required: true, col: 'col-md-6' },
        { name: 'sortOrder', label: 'Sort Order', kind: 'number', col: 'col-6 col-md-3' },
        { name: 'active', label: 'Active', kind: 'checkbox', col: 'col-6 col-md-3 sd-check-cell' },
        { name: 'description', label: 'Description', kind: 'textarea', col: 'col-12' },
      ],
    },
  ],
};

const SERVICE_TYPES: PickList<ServiceTypeRecord> = {
  title: 'Service Types',
  one: 'Service Type',
  api: '/api/admin/service-type',
  entityKey: 'serviceType',
  historyKey: 'serviceType',
  objectClass: 'ServiceType',
  list: 'service_types',
  basics: 'service_type_basics',
  history: 'service_type_history',
  schema: serviceTypeForm,
  columns: [
    { key: 'blockHours', label: 'Block Hours', render: (r) => (r.blockHours ? 'Yes' : 'No') },
    {
      key: 'billedPer',
      label: 'Billed Per',
      render: (r) => r.billedPer?.label ?? '',
    },
  ],
  sections: [
    {
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true, col: 'col-md-6' },
        { name: 'blockHours', label: 'Block Hours', kind: 'checkbox', col: 'col-6 col-md-3 sd-check-cell' },
        { name: 'active', label: 'Active', kind: 'checkbox', col: 'col-6 col-md-3 sd-check-cell' },
        {
          name: 'billedPer',
          label: 'Billed Per',
          kind: 'select',
          col: 'col-md-6',
          options: codeOptions(SERVICE_UNITS),
          hint: 'What one unit stands for at the annual update; empty: not counted.',
        },
        { name: 'description', label: 'Description', kind: 'textarea', col: 'col-12' },
      ],
    },
  ],
};

const AMENDMENT_TYPES: PickList<AmendmentTypeRecord> = {
  title: 'Amendment Types',
  one: 'Amendment Type',
  api: '/api/admin/amendment-type',
  entityKey: 'amendmentType',
  historyKey: 'amendmentType',
  objectClass: 'AmendmentType',
  list: 'amendment_types',
  basics: 'amendment_type_basics',
  history: 'amendment_type_history',
  schema: amendmentTypeForm,
};

const SECTIONS: FieldSection[] = [
  {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, col: 'col-md-8' },
      { name: 'active', label: 'Active', kind: 'checkbox', col: 'col-md-4 sd-check-cell' },
      { name: 'description', label: 'Description', kind: 'textarea', col: 'col-12' },
    ],
  },
];

function PickListList<Rec extends PickListRecord>({ list }: { list: PickList<Rec> }) {
  const state = useQueryFilters(['q', 'active'], { active: '1' });
  const columns: Column<Rec>[] = [
    {
      key: 'name',
      label: list.nameLabel ?? 'Name',
      render: (r) => <Link to={pathFor(list.basics, { id: r.id })}>{r.name}</Link>,
    },
    { key: 'description', label: 'Description', render: (r) => r.description ?? '', wide: true },
    ...(list.columns ?? []),
    { key: 'active', label: 'Status', render: (r) => (r.active ? 'Active' : 'Inactive') },
  ];
  return (
    <RecordList<Rec>
      title={list.title}
      url={list.api}
      queryKey={list.entityKey}
      columns={columns}
      state={state}
      filters={[
        { name: 'q', label: 'Search', kind: 'text' },
        {
          name: 'active',
          label: 'Show',
          kind: 'select',
          options: ACTIVE_CHOICES,
          emptyValue: 'all',
        },
      ]}
      rowKey={(r) => r.id}
      rowClassName={(r) => (r.active ? undefined : 'sd-row-inactive')}
      actions={
        <Link to={pathFor(list.basics, { id: 'create' })} className="btn btn-sm btn-primary">
          New {list.one}
        </Link>
      }
    />
  );
}

function PickListBasics<Rec extends PickListRecord>({ list }: { list: PickList<Rec> }) {
  const id = useParams().id ?? 'create';
  return (
    <RecordBasics<Rec>
      api={list.api}
      entityKey={list.entityKey}
      historyKey={list.historyKey}
      id={id}
      schema={list.schema}
      sections={list.sections ?? SECTIONS}
      title={(r) => r.name}
      newTitle={`New ${list.one}`}
      savedPath={(rid) => pathFor(list.basics, { id: rid })}
      cancelPath={pathFor(list.list)}
      historyPath={(rid) => pathFor(list.history, { id: rid })}
    />
  );
}

function PickListHistory<Rec extends PickListRecord>({ list }: { list: PickList<Rec> }) {
  const id = useParams().id ?? '';
  return (
    <HistoryView
      entity={list.historyKey}
      id={id}
      objectClass={list.objectClass}
      backTo={pathFor(list.basics, { id })}
      backText={list.one}
    />
  );
}

export const DeviceCategoryListPage = () => <PickListList list={DEVICE_CATEGORIES} />;
export const DeviceCategoryBasicsPage = () => <PickListBasics list={DEVICE_CATEGORIES} />;
export const DeviceCategoryHistoryPage = () => <PickListHistory list={DEVICE_CATEGORIES} />;
export const OutageTypeListPage = () => <PickListList list={OUTAGE_TYPES} />;
export const OutageTypeBasicsPage = () => <PickListBasics list={OUTAGE_TYPES} />;
export const OutageTypeHistoryPage = () => <PickListHistory list={OUTAGE_TYPES} />;
export const DepartmentListPage = () => <PickListList list={DEPARTMENTS} />;
export const DepartmentBasicsPage = () => <PickListBasics list={DEPARTMENTS} />;
export const DepartmentHistoryPage = () => <PickListHistory list={DEPARTMENTS} />;
export const BucketListPage = () => <PickListList list={BUCKETS} />;
export const BucketBasicsPage = () => <PickListBasics list={BUCKETS} />;
export const BucketHistoryPage = () => <PickListHistory list={BUCKETS} />;
export const ServiceTypeListPage = () => <PickListList list={SERVICE_TYPES} />;
export const ServiceTypeBasicsPage = () => <PickListBasics list={SERVICE_TYPES} />;
export const ServiceTypeHistoryPage = () => <PickListHistory list={SERVICE_TYPES} />;
export const AmendmentTypeListPage = () => <PickListList list={AMENDMENT_TYPES} />;
export const AmendmentTypeBasicsPage = () => <PickListBasics list={AMENDMENT_TYPES} />;
export const AmendmentTypeHistoryPage = () => <PickListHistory list={AMENDMENT_TYPES} />;
