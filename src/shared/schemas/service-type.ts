// Service types (/admin/service-type, SPEC "ServiceType"): the admin list an agreement's service lines are kinds of.
import { z } from 'zod';
import { listQuery } from './common.js';
import { activeFilter, optionalText, requiredText, version } from './fields.js';

export { NAME_USED } from './device-category.js';

export const serviceTypeForm = z.object({
  version: version(),
  name: requiredText(100),
  description: optionalText(2000),
  /** Services of this type are blocks of prepaid hours. */
  blockHours: z.boolean(),
  active: z.boolean(),
});
export type ServiceTypeForm = z.infer<typeof serviceTypeForm>;

export const serviceTypeListQuery = listQuery.extend({
  /** SPEC §4 active filter codes: all, 1 Active, 2 Inactive. */
  active: activeFilter,
  sort: z.enum(['name']).default('name'),
});
