// Software (licensed software a customer uses; SPEC §3 stores it as the "Project" entity): form and list query.
import { z } from 'zod';
import { listQuery } from './common.js';
import {
  activeFilter,
  optionalCount,
  optionalDate,
  optionalRef,
  optionalText,
  requiredRef,
  requiredText,
  version,
} from './fields.js';
import { recordBase, refValue } from './record.js';

/** Days ahead within which a renewal counts as expiring (past renewals count too). */
export const RENEWAL_DAYS = 90;

export const softwareForm = z.object({
  version: version(),
  name: requiredText(200),
  vendor: optionalText(200),
  softwareVersion: optionalText(100),
  seats: optionalCount(),
  renewalDate: optionalDate(),
  organization: requiredRef(),
  active: z.boolean(),
  notes: optionalText(10_000),
});
export type SoftwareForm = z.infer<typeof softwareForm>;

export const softwareListQuery = listQuery.extend({
  active: activeFilter,
  /** An organization's Software tab. */
  organization: optionalRef(),
  /** expiring: renewal within RENEWAL_DAYS days from today, or already past. */
  renewal: z.enum(['expiring']).optional(),
  sort: z.enum(['name']).default('name'),
});

/** A piece of software as the API presents it (list rows, the basics screen, a save's answer). */
export const softwareRecord = recordBase.extend({
  name: z.string(),
  vendor: z.string().nullable(),
  softwareVersion: z.string().nullable(),
  seats: z.number().nullable(),
  renewalDate: z.string().nullable(),
  organization: refValue,
  active: z.boolean(),
  notes: z.string().nullable(),
});
export type SoftwareRecord = z.infer<typeof softwareRecord>;
