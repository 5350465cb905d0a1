// Device categories (/admin/device-category, SPEC "EquipmentCategory"): the admin list equipment is grouped by.
import { z } from 'zod';
import { listQuery } from './common.js';
import { activeFilter, optionalText, requiredText, version } from './fields.js';
import { recordBase } from './record.js';

export const NAME_USED = 'This name is already used.';

export const deviceCategoryForm = z.object({
  version: version(),
  name: requiredText(100),
  description: optionalText(2000),
  active: z.boolean(),
});
export type DeviceCategoryForm = z.infer<typeof deviceCategoryForm>;

export const deviceCategoryListQuery = listQuery.extend({
  /** SPEC §4 active filter codes: all, 1 Active, 2 Inactive. */
  active: activeFilter,
  sort: z.enum(['name']).default('name'),
});

/** A device category as the API presents it (list rows, the record screen, a save's answer). */
export const deviceCategoryRecord = recordBase.extend({
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
});
export type DeviceCategoryRecord = z.infer<typeof deviceCategoryRecord>;
