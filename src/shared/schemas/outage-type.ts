// Outage types (/admin/outage-type): the admin pick list outages are classified by.
import { z } from 'zod';
import { listQuery } from './common.js';
import { activeFilter, optionalText, requiredText, version } from './fields.js';

export const outageTypeForm = z.object({
  version: version(),
  name: requiredText(100),
  description: optionalText(2000),
  active: z.boolean(),
});
export type OutageTypeForm = z.infer<typeof outageTypeForm>;

export const outageTypeListQuery = listQuery.extend({
  active: activeFilter,
  sort: z.enum(['name']).default('name'),
});
