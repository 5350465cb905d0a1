// Amendment types (/admin/amendment-type, SPEC "AmendmentType"): the admin list amendments of agreements are kinds of.
import { z } from 'zod';
import { listQuery } from './common.js';
import { activeFilter, optionalText, requiredText, version } from './fields.js';
import { recordBase } from './record.js';

export { NAME_USED } from './device-category.js';

export const amendmentTypeForm = z.object({
  version: version(),
  name: requiredText(100),
  description: optionalText(2000),
  active: z.boolean(),
});
export type AmendmentTypeForm = z.infer<typeof amendmentTypeForm>;

export const amendmentTypeListQuery = listQuery.extend({
  /** SPEC §4 active filter codes: all, 1 Active, 2 Inactive. */
  active: activeFilter,
  sort: z.enum(['name']).default('name'),
});

/** A amendment type as the API presents it (list rows, the record screen, a save's answer). */
export const amendmentTypeRecord = recordBase.extend({
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
});
export type AmendmentTypeRecord = z.infer<typeof amendmentTypeRecord>;
