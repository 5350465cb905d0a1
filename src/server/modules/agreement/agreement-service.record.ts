// The agreement service record (a line of an agreement): table, fields and references for the generic record service.
import {
  type BillingFrequency,
  formatMoney,
  lineAmount,
  monthlyAmount,
} from '../../../shared/format/money.js';
import { can } from '../../../shared/permissions.js';
import { BILLING_FREQUENCIES } from '../../../shared/schemas/agreement.js';
import type { Option } from '../../../shared/schemas/common.js';
import type { RecordDef } from '../../platform/records.js';

const money = (v: unknown) => (v === null || v === undefined ? null : formatMoney(String(v)));

export const AGREEMENT_SERVICE: RecordDef = {
  key: 'agreementService',
  table: 'agreement_services',
  objectClass: 'AgreementService',
  title:
    "(SELECT st.name FROM service_types st WHERE st.id = t.service_type_id) || coalesce(' · ' || t.description, '')",
  canRead: (user) => can(user, 'agreementService', 'read'),
  fields: [
    {
      name: 'agreement',
      column: 'agreement_id',
      label: 'Agreement',
      kind: 'ref',
      ref: { table: 'agreements', label: "$.number || ' ' || $.title" },
      history: false,
    },
    {
      name: 'serviceType',
      column: 'service_type_id',
      label: 'Service Type',
      kind: 'ref',
      ref: { table: 'service_types', label: '$.name' },
    },
    { name: 'description', column: 'description', label: 'Description' },
    { name: 'quantity', column: 'quantity', label: 'Quantity' },
    { name: 'unitPrice', column: 'unit_price', label: 'Unit Price', display: money },
    {
      name: 'billingFrequency',
      column: 'billing_frequency',
      label: 'Billing Frequency',
      kind: 'code',
      codes: BILLING_FREQUENCIES,
    },
    { name: 'startDate', column: 'start_date', label: 'Start Date', kind: 'date' },
    { name: 'endDate', column: 'end_date', label: 'End Date', kind: 'date' },
    { name: 'coveredHours', column: 'covered_hours', label: 'Covered Hours / Month' },
    { name: 'roundingMinimum', column: 'rounding_minimum', label: 'Rounding Minimum (min)', kind: 'int' },
    {
      name: 'roundingIncrement',
      column: 'rounding_increment',
      label: 'Rounding Increment (min)',
      kind: 'int',
    },
    // Set by amendments only: the service this one continues.
    {
      name: 'replaces',
      column: 'replaces_id',
      label: 'Continues',
      kind: 'int',
      writable: false,
      history: false,
    },
  ],
  // `monthly` is what it adds to the monthly value (nothing for a one-time charge); `amount` is quantity × price,
  // what a one-time charge bills once, on its start date.
  present: (record) => {
    const priced = record.quantity && record.unitPrice && record.billingFrequency;
    return {
      ...record,
      monthly: priced
        ? monthlyAmount(
            String(record.quantity),
            String(record.unitPrice),
            (record.billingFrequency as Option).value as BillingFrequency,
          )
        : '0.00',
      amount: priced ? lineAmount(String(record.quantity), String(record.unitPrice)) : '0.00',
    };
  },
};
