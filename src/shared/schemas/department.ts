// Departments (/admin/department, SPEC "Department"): the admin list cases and tasks are routed to.
import { z } from 'zod';
import { listQuery } from './common.js';
import { activeFilter, optionalText, requiredText, version } from './fields.js';
import { recordBase } from './record.js';

export { NAME_USED } from './device-category.js';

export const departmentForm = z.object({
  version: version(),
  name: requiredText(100),
  description: optionalText(2000),
  active: z.boolean(),
});
export type DepartmentForm = z.infer<typeof departmentForm>;

export const departmentListQuery = listQuery.extend({
  /** SPEC §4 active filter codes: all, 1 Active, 2 Inactive. */
  active: activeFilter,
  sort: z.enum(['name']).default('name'),
});

/** A department as the API presents it (list rows, the record screen, a save's answer). */
export const departmentRecord = recordBase.extend({
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
});
export type DepartmentRecord = z.infer<typeof departmentRecord>;
