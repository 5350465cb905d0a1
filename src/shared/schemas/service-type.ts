// Service types (/admin/service-type, SPEC "ServiceType"): the admin list an agreement's service lines are kinds of.
import { z } from 'zod';
import { listQuery } from './common.js';
import {
  activeFilter,
  type CodeList,
  codeValues,
  optionalEnum,
  optionalText,
  requiredText,
  version,
} from './fields.js';
import { codeValue, recordBase } from './record.js';

export { NAME_USED } from './device-category.js';

/**
 * What one unit of a service of this type stands for, counted at the annual update against the organization's
 * active devices or people; empty: nothing counted (a block of hours, a one-time charge).
 */
export const SERVICE_UNITS = [
  { value: 'DEVICE', label: 'Device' },
  { value: 'USER', label: 'User' },
] as const satisfies CodeList;
export type ServiceUnit = (typeof SERVICE_UNITS)[number]['value'];

export const serviceTypeForm = z.object({
  version: version(),
  name: requiredText(100),
  description: optionalText(2000),
  /** Services of this type are blocks of prepaid hours. */
  blockHours: z.boolean(),
  /** Billed per device or per user (null: not counted). */
  billedPer: optionalEnum(codeValues(SERVICE_UNITS)),
  active: z.boolean(),
});
export type ServiceTypeForm = z.infer<typeof serviceTypeForm>;

export const serviceTypeListQuery = listQuery.extend({
  /** SPEC §4 active filter codes: all, 1 Active, 2 Inactive. */
  active: activeFilter,
  sort: z.enum(['name']).default('name'),
});

/** A service type as the API presents it (list rows, the record screen, a save's answer). */
export const serviceTypeRecord = recordBase.extend({
  name: z.string(),
  description: z.string().nullable(),
  blockHours: z.boolean(),
  billedPer: codeValue.nullable(),
  active: z.boolean(),
});
export type ServiceTypeRecord = z.infer<typeof serviceTypeRecord>;
