// Bucket categories (/admin/bucket, SPEC "BucketCategory"): the kinds of time that belong to no case.
import { z } from 'zod';
import { listQuery } from './common.js';
import { activeFilter, optionalText, requiredText, version } from './fields.js';
import { recordBase } from './record.js';

export { NAME_USED } from './device-category.js';

export const WHOLE_NUMBER = 'Please enter a whole number.';
export const NOT_NEGATIVE = 'Please enter a number of 0 or more.';

export const bucketCategoryForm = z.object({
  version: version(),
  /** Shown as the bucket's title in the daily panel. */
  name: requiredText(100),
  description: optionalText(2000),
  /** Position in the daily panel; empty is 0. */
  sortOrder: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    z.coerce.number({ error: WHOLE_NUMBER }).int(WHOLE_NUMBER).min(0, NOT_NEGATIVE).max(100_000),
  ),
  active: z.boolean(),
});
export type BucketCategoryForm = z.infer<typeof bucketCategoryForm>;

export const bucketCategoryListQuery = listQuery.extend({
  active: activeFilter,
  sort: z.enum(['sortOrder', 'name']).default('sortOrder'),
});

/** A bucket category as the API presents it (list rows, the record screen, a save's answer). */
export const bucketCategoryRecord = recordBase.extend({
  name: z.string(),
  description: z.string().nullable(),
  sortOrder: z.number(),
  active: z.boolean(),
});
export type BucketCategoryRecord = z.infer<typeof bucketCategoryRecord>;
