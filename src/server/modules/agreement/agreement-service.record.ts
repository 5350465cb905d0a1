// The agreement service record (a line of an agreement): table, fields and references for the generic record service.
import { formatMoney, lineAmount, monthlyAmount } from '../../../shared/format/money.js';
import { can } from '../../../shared/permissions.js';
import { agreementServiceRecord, BILLING_FREQUENCIES } from '../../../shared/schemas/agreement.js';
import { agreementServices, agreements, serviceTypes } from '../../db/schema/sales.js';
import { defineRecord } from '../../platform/records.js';

const money = (v: unknown) => (v === null || v === undefined ? null : formatMoney(String(v)));

export const AGREEMENT_SERVICE = defineRecord({
  key: 'agreementService',
  table: agreementServices,
  objectClass: 'AgreementService',
  schema: agreementServiceRecord,
  title:
    "(SELECT st.name FROM service_types st WHERE st.id = t.service_type_id) || coalesce(' · ' || t.description, '')",
  canRead: (user) => can(user, 'agreementService', 'read'),
  fields: [
    {
      name: 'agreement',
      column: agreementServices.agreementId,
      label: 'Agreement',
      kind: 'ref',
      ref: { table: agreements, label: "$.number || ' ' || $.title" },
      history: false,
    },
    {
      name: 'serviceType',
      column: agreementServices.serviceTypeId,
      label: 'Service Type',
      kind: 'ref',
      ref: { table: serviceTypes, label: '$.name' },
    },
    { name: 'description', column: agreementServices.description, label: 'Description' },
    { name: 'quantity', column: agreementServices.quantity, label: 'Quantity' },
    { name: 'unitPrice', column: agreementServices.unitPrice, label: 'Unit Price', display: money },
    {
      name: 'billingFrequency',
      column: agreementServices.billingFrequency,
      label: 'Billing Frequency',
      kind: 'code',
      codes: BILLING_FREQUENCIES,
    },
    { name: 'startDate', column: agreementServices.startDate, label: 'Start Date', kind: 'date' },
    { name: 'endDate', column: agreementServices.endDate, label: 'End Date', kind: 'date' },
    { name: 'coveredHours', column: agreementServices.coveredHours, label: 'Covered Hours / Month' },
    {
      name: 'roundingMinimum',
      column: agreementServices.roundingMinimum,
      label: 'Rounding Minimum (min)',
      kind: 'int',
    },
    {
      name: 'roundingIncrement',
      column: agreementServices.roundingIncrement,
      label: 'Rounding Increment (min)',
      kind: 'int',
    },
    // Set by amendments only: the service this one continues.
    {
      name: 'replaces',
      column: agreementServices.replacesId,
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
        ? monthlyAmount(record.quantity, record.unitPrice, record.billingFrequency.value)
        : '0.00',
      amount: priced ? lineAmount(record.quantity, record.unitPrice) : '0.00',
    };
  },
});
