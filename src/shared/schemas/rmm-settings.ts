// RMM settings: virtual devices (/admin/rmm-settings). Which device categories and which model patterns make a
// device virtual, so left out of the billing counts. Stored as { categoryIds, models } (rmm-settings/virtual.ts).
import { z } from 'zod';
import { recordId } from './common.js';
import { version } from './fields.js';
import { refValue } from './record.js';

export const MODELS_MAX = 100;
export const MODEL_MAX = 100;
export const CATEGORIES_MAX = 200;
/** The most lines the text area may send, blank ones included: the form is bounded before it is read. */
const LINES_MAX = 1000;

export const TOO_MANY_MODELS = `Enter at most ${MODELS_MAX} model patterns.`;
export const MODEL_TOO_LONG = `Use at most ${MODEL_MAX} characters.`;
export const ONLY_WILDCARDS = 'A pattern of only * would count every device as virtual.';

/** "Line 3: ..." names the line of the text area (blank lines count, as the user sees them). */
export const lineMessage = (index: number, message: string) => `Line ${index + 1}: ${message}`;

/**
 * The model patterns as typed, one a line: trimmed, blank lines dropped, repeats (case-insensitively, as they
 * match) dropped; at most MODELS_MAX of at most MODEL_MAX characters, none only wildcards.
 */
export const modelPatterns = z
  .array(z.string().max(10_000))
  .max(LINES_MAX, TOO_MANY_MODELS)
  .transform((lines, ctx) => {
    const seen = new Set<string>();
    const models: string[] = [];
    lines.forEach((line, i) => {
      const model = line.trim();
      if (!model) return;
      if (model.length > MODEL_MAX) {
        ctx.addIssue({ code: 'custom', message: lineMessage(i, MODEL_TOO_LONG) });
        return;
      }
      if (/^\*+$/.test(model)) {
        ctx.addIssue({ code: 'custom', message: lineMessage(i, ONLY_WILDCARDS) });
        return;
      }
      const key = model.toLowerCase();
      if (seen.has(key)) return;
      seen.add(key);
      models.push(model);
    });
    if (models.length > MODELS_MAX) ctx.addIssue({ code: 'custom', message: TOO_MANY_MODELS });
    return models;
  });

/** Device category ids, repeats dropped. */
export const categoryIds = z
  .array(recordId())
  .max(CATEGORIES_MAX)
  .transform((ids) => [...new Set(ids)]);

/** POST /api/admin/rmm-settings */
export const rmmSettingsForm = z.object({
  version: version(),
  categories: categoryIds,
  models: modelPatterns,
});
export type RmmSettingsForm = z.infer<typeof rmmSettingsForm>;

export const rmmSettingsSchema = z.object({
  /** The chosen device categories, by name. */
  categories: z.array(refValue).describe('Device categories whose devices are virtual, by name.'),
  models: z
    .array(z.string())
    .describe('Model patterns that make a device virtual (case-insensitive; * matches any text).'),
  version: z.number(),
  updated: z.string().nullable().describe('ISO time of the last save; null before the first.'),
  updatedBy: refValue.nullable(),
});
export type RmmSettings = z.infer<typeof rmmSettingsSchema>;

/** GET /api/admin/rmm-settings: the rule and every device category to choose from. */
export const rmmSettingsResponse = z.object({
  rmmSettings: rmmSettingsSchema,
  formOptions: z.object({ categories: z.array(refValue) }),
});
/** POST /api/admin/rmm-settings: the rule as saved. */
export const rmmSettingsSaved = z.object({ rmmSettings: rmmSettingsSchema });

/**
 * GET /api/admin/rmm-settings/virtual-count: without parameters the saved rule, else the rule given
 * (categoryIds "3,5", models one pattern a line; either may be empty).
 */
export const virtualCountQuery = z.object({
  categoryIds: z
    .string()
    .trim()
    .max(2200)
    .regex(/^(\d{1,10}(,\d{1,10})*)?$/, 'Choose device categories from the list.')
    .transform((v): unknown[] => (v ? v.split(',').map(Number) : []))
    .pipe(categoryIds)
    .optional(),
  models: z
    .string()
    .max(120_000)
    .transform((v): string[] => v.split('\n'))
    .pipe(modelPatterns)
    .optional(),
});

/** The count's answer: active devices the rule makes virtual, of all active devices. */
export const virtualCountSchema = z.object({
  virtual: z.number().int().describe('Active devices the rule makes virtual.'),
  total: z.number().int().describe('All active devices.'),
});
export type VirtualCount = z.infer<typeof virtualCountSchema>;
