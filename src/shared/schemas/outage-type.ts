// Outage types (/admin/outage-type): the admin pick list outages are classified by.
import { z } from 'zod';
import { listQuery } from './common.js';
import { activeFilter, optionalText, requiredText, version } from './fields.js';
import { recordBase } from './record.js';

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

/** A outage type as the API presents it (list rows, the record screen, a save's answer). */
export const outageTypeRecord = recordBase.extend({
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
});
export type OutageTypeRecord = z.infer<typeof outageTypeRecord>;
