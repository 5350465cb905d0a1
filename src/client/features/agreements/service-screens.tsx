// An agreement's services: the list (in force now and later, or every one), basics and field history, in both the
// top-level and the organization's agreement tree.
import { Link, useParams } from 'react-router';
import { formatMoney, formatQuantity } from '../../../shared/format/money';
import { type AgreementServiceRecord, serviceForm } from '../../../shared/schemas/agreement';
import { HistoryView } from '../history/history-view';
import { RecordBasics } from '../records/record-basics';
import type { FieldSection } from '../records/record-fields';
import { type Column, label, RecordList } from '../records/record-list';
import { roundingFieldDefs } from '../records/rounding-field-defs';
import { useQueryFilters } from '../records/use-filters';
import { AgreementHeader, useAgreementChanged } from './agreement-header';
import { agreementPath, useAgreementPlace } from './agreement-paths';

const SECTIONS: FieldSection[] = [
  {
    fields: [
      { name: 'serviceType', label: 'Service Type', kind: 'select', required: true, col: 'col-md-6' },
      { name: 'description', label: 'Description', kind: 'text', col: 'col-md-6' },
      {
        name: 'quantity',
        label: 'Quantity',
        kind: 'text',
        required: true,
        inputMode: 'decimal',
        col: 'col-6 col-md-3',
      },
      {
        name: 'unitPrice',
        label: 'Unit Price',
        kind: 'text',
        required: true,
        inputMode: 'decimal',
        col: 'col-6 col-md-3',
        hint: 'USD, e.g. 1,250.00',
      },
      {
        name: 'billingFrequency',
        label: 'Billing Frequency',
        kind: 'select',
        required: true,
        col: 'col-6 col-md-3',
      },
      {
        name: 'monthly',
        label: 'Monthly Value',
        kind: 'display',
        col: 'col-6 col-md-3',
        display: (v) => monthlyText(v),
        visible: (_v, editing) => !editing,
      },
      { name: 'startDate', label: 'Start Date', kind: 'date', required: true, col: 'col-6 col-md-3' },
      {
        name: 'endDate',
        label: 'End Date',
        kind: 'date',
        col: 'col-6 col-md-3',
        hint: 'Empty: until the agreement ends.',
      },
      {
        name: 'coveredHours',
        label: 'Covered Hours / Month',
        kind: 'text',
        inputMode: 'decimal',
        col: 'col-6 col-md-3',
        hint: 'Block-hours services only.',
      },
      ...roundingFieldDefs('both empty: the organization’s rule.'),
    ],
  },
];

/** What a service adds each month; a one-time charge shows its amount, billed once on its start date. */
const monthlyText = (s: Record<string, unknown>) =>
  (s.billingFrequency as { value?: string } | null)?.value === 'ONE_TIME'
    ? `${formatMoney(String(s.amount ?? '0'))} once`
    : formatMoney(String(s.monthly ?? '0'));

const servicesApi = (agreementId: string) => `/api/manage/agreement/${agreementId}/service`;

export function ServicesPage() {
  const place = useAgreementPlace();
  const state = useQueryFilters(['show'], { show: 'current' });
  const columns: Column<AgreementServiceRecord>[] = [
    {
      key: 'serviceType',
      label: 'Service',
      render: (s) => (
        <Link to={agreementPath(place, 'service', { serviceId: s.id })}>
          {label(s.serviceType)}
          {s.description ? <span className="text-body-secondary"> · {s.description}</span> : null}
        </Link>
      ),
    },
    {
      key: 'quantity',
      label: 'Qty',
      render: (s) => formatQuantity(s.quantity),
      className: 'text-end',
    },
    {
      key: 'unitPrice',
      label: 'Unit Price',
      render: (s) => formatMoney(s.unitPrice),
      className: 'text-end',
      wide: true,
    },
    { key: 'billingFrequency', label: 'Billing', render: (s) => label(s.billingFrequency), wide: true },
    {
      key: 'monthly',
      label: 'Monthly',
      render: (s) => monthlyText(s),
      className: 'text-end',
    },
    {
      key: 'dates',
      label: 'In force',
      render: (s) => `${s.startDate} – ${s.endDate ?? ''}`,
      wide: true,
      className: 'text-nowrap',
    },
  ];
  return (
    <RecordList<AgreementServiceRecord>
      title="Services"
      url={servicesApi(place.agreementId)}
      queryKey="service"
      heading={<AgreementHeader place={place} title="Services" />}
      columns={columns}
      state={state}
      filters={[
        {
          name: 'show',
          label: 'Show',
          kind: 'select',
          options: [{ value: 'current', label: 'In force now or later' }],
          emptyValue: 'all',
          placeholder: 'Every service, ended ones too',
        },
      ]}
      rowKey={(s) => s.id}
      actions={
        <Link
          to={agreementPath(place, 'service', { serviceId: 'create' })}
          className="btn btn-sm btn-primary"
        >
          New Service
        </Link>
      }
    />
  );
}

export function ServiceBasicsPage() {
  const place = useAgreementPlace();
  const changed = useAgreementChanged(place.agreementId);
  const serviceId = useParams().serviceId ?? 'create';
  return (
    <RecordBasics<AgreementServiceRecord>
      api={servicesApi(place.agreementId)}
      entityKey="service"
      historyKey="agreementService"
      id={serviceId}
      schema={serviceForm}
      sections={SECTIONS}
      title={(s) => `${label(s.serviceType)}${s.description ? ` · ${s.description}` : ''}`}
      newTitle="New Service"
      subtitle={(s) =>
        `${formatQuantity(s.quantity)} × ${formatMoney(s.unitPrice)} ${label(s.billingFrequency)}`
      }
      savedPath={(id) => agreementPath(place, 'service', { serviceId: id })}
      cancelPath={agreementPath(place, 'services')}
      historyPath={(id) => agreementPath(place, 'serviceHistory', { serviceId: id })}
      onChanged={changed}
      headerExtra={<AgreementHeader place={place} title="Service" withTitle={false} child />}
    />
  );
}

export function ServiceHistoryPage() {
  const place = useAgreementPlace();
  const serviceId = useParams().serviceId ?? '';
  return (
    <>
      <AgreementHeader place={place} title="Service" />
      <HistoryView
        entity="agreementService"
        id={serviceId}
        objectClass="AgreementService"
        backTo={agreementPath(place, 'service', { serviceId })}
        backText="Service"
      />
    </>
  );
}
