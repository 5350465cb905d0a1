// Organizations (customers, prospects, competitors, vendors): codes of SPEC §4, the form and the list filters.
import { z } from 'zod';
import { listQuery } from './common.js';
import {
  type CodeList,
  codeValues,
  optionalDuns,
  optionalEnum,
  optionalPhone,
  optionalRef,
  optionalTaxId,
  optionalText,
  requiredText,
  version,
} from './fields.js';
import { codeValue, recordBase, refValue } from './record.js';
import { roundingIncrementField, roundingMinimumField } from './rounding-fields.js';
import { shortCodeSchema } from './user.js';

export const SALES_STATUSES = [
  { value: 'CLIENT', label: 'Client' },
  { value: 'COMPETITOR', label: 'Competitor' },
  { value: 'FORMER_CLIENT', label: 'Former Client - Avoid' },
  { value: 'PROSPECT', label: 'Prospect' },
] as const satisfies CodeList;
export const VENDOR_STATUSES = [
  { value: 'VENDOR', label: 'Vendor / Manufacturer' },
] as const satisfies CodeList;
export const RMM_PLANS = [
  { value: 'RMM', label: 'RMM' },
  { value: 'RMM_BILL_BY_DEVICE', label: 'RMM - Bill By Device' },
  { value: 'RMM_BILL_BY_USER', label: 'RMM - Bill By User' },
] as const satisfies CodeList;

/** SPEC §4 client report filter codes. */
export const CLIENT_FILTERS = [
  { value: 'all', label: 'All' },
  { value: '1', label: 'Active' },
  { value: '3', label: 'Inactive' },
  { value: '2', label: 'RMM' },
  { value: '4', label: 'RMM - Bill By Device' },
  { value: '5', label: 'RMM - Bill By User' },
] as const satisfies CodeList;
export type ClientFilter = (typeof CLIENT_FILTERS)[number]['value'];

export const organizationForm = z.object({
  version: version(),
  name: requiredText(200),
  shortCode: z
    .preprocess((v) => (v === '' ? null : v), shortCodeSchema.nullish())
    .transform((v) => v ?? null),
  salesStatus: optionalEnum(codeValues(SALES_STATUSES)),
  vendorStatus: optionalEnum(codeValues(VENDOR_STATUSES)),
  active: z.boolean(),
  rmmPlan: optionalEnum(codeValues(RMM_PLANS)),
  phone: optionalPhone(),
  website: optionalText(200),
  address: optionalText(1000),
  federalTaxId: optionalTaxId(),
  duns: optionalDuns(),
  accountManager: optionalRef(),
  primaryContact: optionalRef(),
  notes: optionalText(10_000),
  roundingMinimum: roundingMinimumField(),
  roundingIncrement: roundingIncrementField(),
});
export type OrganizationForm = z.infer<typeof organizationForm>;

export const organizationListQuery = listQuery.extend({
  filter: z.enum(codeValues(CLIENT_FILTERS)).default('1'),
  salesStatus: optionalEnum(codeValues(SALES_STATUSES)),
  sort: z.enum(['name', 'shortCode']).default('name'),
});

/** An organization as the API presents it (list rows, the basics screen, a save's answer). */
export const organizationRecord = recordBase.extend({
  name: z.string(),
  shortCode: z.string().nullable(),
  salesStatus: codeValue.nullable(),
  vendorStatus: codeValue.nullable(),
  active: z.boolean(),
  rmmPlan: codeValue.nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  federalTaxId: z.string().nullable(),
  duns: z.string().nullable(),
  accountManager: refValue.nullable(),
  primaryContact: refValue.nullable(),
  notes: z.string().nullable(),
  roundingMinimum: z.number().nullable(),
  roundingIncrement: z.number().nullable(),
});
export type OrganizationRecord = z.infer<typeof organizationRecord>;
