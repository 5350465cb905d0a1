// Systems (an organization's documented systems tying its equipment and software together): codes, form, list query.
import { z } from 'zod';
import { listQuery, recordId } from './common.js';
import {
  type CodeList,
  codeValues,
  optionalEnum,
  optionalRef,
  optionalText,
  requiredRef,
  requiredText,
  version,
} from './fields.js';
import { codeValue, recordBase, refValue } from './record.js';

export const SYSTEM_CATEGORIES = [
  { value: 'EMAIL', label: 'Email' },
  { value: 'BACKUP', label: 'Backup' },
  { value: 'FIREWALL', label: 'Firewall / Network' },
  { value: 'SERVER', label: 'Server / Virtualization' },
  { value: 'LOB', label: 'Line of Business' },
  { value: 'SECURITY', label: 'Security' },
  { value: 'PHONE', label: 'Phone System' },
  { value: 'OTHER', label: 'Other' },
] as const satisfies CodeList;

/** Picked records of a multi-select, as bare ids; missing is none, repeats count once. */
const refList = () =>
  z
    .array(recordId())
    .max(500)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]);

export const systemForm = z.object({
  version: version(),
  name: requiredText(200),
  category: optionalEnum(codeValues(SYSTEM_CATEGORIES)),
  description: optionalText(10_000),
  organization: requiredRef(),
  equipment: refList(),
  software: refList(),
});
export type SystemForm = z.infer<typeof systemForm>;

export const systemListQuery = listQuery.extend({
  /** An organization's Systems tab (the list also works across organizations). */
  organization: optionalRef(),
  category: optionalEnum(codeValues(SYSTEM_CATEGORIES)),
  sort: z.enum(['name']).default('name'),
});

/**
 * A system as the API presents it (list rows, the basics screen, a save's answer); one system's screen and a save's
 * answer also carry its equipment and software.
 */
export const systemRecord = recordBase.extend({
  name: z.string(),
  category: codeValue.nullable(),
  description: z.string().nullable(),
  organization: refValue,
  equipment: z.array(refValue).optional(),
  software: z.array(refValue).optional(),
});
export type SystemRecord = z.infer<typeof systemRecord>;
