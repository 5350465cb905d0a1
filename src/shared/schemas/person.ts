// People (an organization's contacts): the form, the SPEC §4 user-report active filter and the list query.
import { z } from 'zod';
import { listQuery } from './common.js';
import {
  activeFilter,
  optionalEmail,
  optionalPhone,
  optionalRef,
  optionalText,
  requiredRef,
  requiredText,
  version,
} from './fields.js';
import { recordBase, refValue } from './record.js';

export const personForm = z.object({
  version: version(),
  firstName: requiredText(100),
  lastName: requiredText(100),
  title: optionalText(200),
  email: optionalEmail(),
  phone: optionalPhone(),
  mobile: optionalPhone(),
  organization: requiredRef(),
  active: z.boolean(),
  notes: optionalText(10_000),
});
export type PersonForm = z.infer<typeof personForm>;

export const personListQuery = listQuery.extend({
  active: activeFilter,
  /** An organization's People tab. */
  organization: optionalRef(),
  sort: z.enum(['name']).default('name'),
});

/** A person as the API presents it (list rows, the basics screen, a save's answer). */
export const personRecord = recordBase.extend({
  firstName: z.string(),
  lastName: z.string(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  organization: refValue.nullable(),
  active: z.boolean(),
  notes: z.string().nullable(),
});
export type PersonRecord = z.infer<typeof personRecord>;
