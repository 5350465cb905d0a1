// Equipment (customers' devices, mostly imported from the RMM): code lists, the form and the list filters.
import { z } from 'zod';
import { listQuery } from './common.js';
import {
  type CodeList,
  codeValues,
  optionalCount,
  optionalDate,
  optionalEnum,
  optionalRef,
  optionalText,
  requiredText,
  version,
} from './fields.js';
import { codeValue, recordBase, refValue } from './record.js';

export const ANTIVIRUS_STATES = [
  { value: 'PROTECTED', label: 'Protected' },
  { value: 'AT_RISK', label: 'At Risk' },
  { value: 'DISABLED', label: 'Disabled' },
  { value: 'NOT_INSTALLED', label: 'Not Installed' },
] as const satisfies CodeList;

export const BITLOCKER_STATES = [
  { value: 'ENCRYPTED', label: 'Encrypted' },
  { value: 'PARTIAL', label: 'Partially Encrypted' },
  { value: 'SUSPENDED', label: 'Suspended' },
  { value: 'NOT_ENCRYPTED', label: 'Not Encrypted' },
  { value: 'NOT_SUPPORTED', label: 'Not Supported' },
] as const satisfies CodeList;

/** SPEC §4 equipment report filter codes. */
export const EQUIPMENT_FILTERS = [
  { value: 'all', label: 'All' },
  { value: '1', label: 'Active' },
  { value: '2', label: 'RMM & Active' },
  { value: '3', label: 'Inactive' },
  { value: '5', label: 'None Assigned' },
] as const satisfies CodeList;
export type EquipmentFilter = (typeof EQUIPMENT_FILTERS)[number]['value'];

export const EQUIPMENT_SORTS = ['name', 'serialNumber', 'warrantyEnd'] as const;

export const WARRANTY_BEFORE_PURCHASE = 'The warranty end cannot be before the purchase date.';
export const PERSON_OF_ORGANIZATION = 'Choose a person of this organization.';

/** yyyyMMdd of a valid MM/dd/yyyy text, else null (a field that failed holds no such text). */
const dateKey = (v: unknown) => {
  if (typeof v !== 'string' || !/^\d{2}\/\d{2}\/\d{4}$/.test(v)) return null;
  const [mm, dd, yyyy] = v.split('/');
  return `${yyyy}${mm}${dd}`;
};

export const equipmentForm = z
  .object({
    version: version(),
    /** The device's hostname. */
    name: requiredText(200),
    /** Empty: none assigned (SPEC §4 filter 5). */
    organization: optionalRef(),
    category: optionalRef(),
    status: optionalRef(),
    manufacturer: optionalText(200),
    model: optionalText(200),
    serialNumber: optionalText(200),
    operatingSystem: optionalText(200),
    osVersion: optionalText(100),
    person: optionalRef(),
    location: optionalText(200),
    purchaseDate: optionalDate(),
    warrantyEnd: optionalDate(),
    rmmId: optionalText(200),
    antivirusProduct: optionalText(200),
    antivirusState: optionalEnum(codeValues(ANTIVIRUS_STATES)),
    bitlockerState: optionalEnum(codeValues(BITLOCKER_STATES)),
    missingPatches: optionalCount(100_000),
    lastPatchDate: optionalDate(),
    firmwareVersion: optionalText(100),
    virtual: z.boolean(),
    active: z.boolean(),
    notes: optionalText(10_000),
  })
  // Runs even when single fields failed, so every message shows at once.
  .superRefine(
    (form, ctx) => {
      const [purchase, warranty] = [dateKey(form.purchaseDate), dateKey(form.warrantyEnd)];
      if (purchase && warranty && warranty < purchase)
        ctx.addIssue({ code: 'custom', path: ['warrantyEnd'], message: WARRANTY_BEFORE_PURCHASE });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type EquipmentForm = z.infer<typeof equipmentForm>;

export const equipmentListQuery = listQuery.extend({
  filter: z.enum(codeValues(EQUIPMENT_FILTERS)).default('1'),
  /** An organization's Equipment tab. */
  organization: optionalRef(),
  category: optionalRef(),
  status: optionalRef(),
  sort: z.enum(EQUIPMENT_SORTS).default('name'),
});
export type EquipmentListQuery = z.infer<typeof equipmentListQuery>;

/** A device as the API presents it (list rows, the basics screen, a save's answer). */
export const equipmentRecord = recordBase.extend({
  name: z.string(),
  organization: refValue.nullable(),
  category: refValue.nullable(),
  status: refValue.nullable(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  serialNumber: z.string().nullable(),
  operatingSystem: z.string().nullable(),
  osVersion: z.string().nullable(),
  person: refValue.nullable(),
  location: z.string().nullable(),
  purchaseDate: z.string().nullable(),
  warrantyEnd: z.string().nullable(),
  lastResponseAt: z.string().nullable(),
  rmmId: z.string().nullable(),
  antivirusProduct: z.string().nullable(),
  antivirusState: codeValue.nullable(),
  bitlockerState: codeValue.nullable(),
  missingPatches: z.number().nullable(),
  lastPatchDate: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  virtual: z.boolean(),
  active: z.boolean(),
  notes: z.string().nullable(),
});
export type EquipmentRecord = z.infer<typeof equipmentRecord>;
