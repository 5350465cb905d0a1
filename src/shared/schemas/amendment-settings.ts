// Sales settings, amendments (/admin/sales-settings-amendment, SPEC §6 meta key ROLE_USER): how new amendments are
// numbered, their default type, and whether signing one needs its signed document. Read by everyone, edited by
// administrators.
import { z } from 'zod';
import { optionalRef, requiredText, version } from './fields.js';
import { refValue } from './record.js';

export const NUMBER_PREFIX_MAX = 20;

export const amendmentSettingsForm = z.object({
  version: version(),
  /** New amendment numbers are the prefix and the next number, e.g. AM-1042. */
  numberPrefix: requiredText(NUMBER_PREFIX_MAX).regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, {
    message: 'Use letters, digits and hyphens only.',
  }),
  nextNumber: z.coerce
    .number({ error: 'Please enter a whole number.' })
    .int('Please enter a whole number.')
    .min(1, 'Please enter a number of 1 or more.')
    .max(999_999_999, 'This number is too large.'),
  defaultAmendmentType: optionalRef(),
  signingNeedsDocument: z.boolean(),
});
export type AmendmentSettingsForm = z.infer<typeof amendmentSettingsForm>;

export const amendmentSettingsSchema = z.object({
  numberPrefix: z
    .string()
    .describe('New amendment numbers are the prefix and the next number, e.g. AM-1042.'),
  nextNumber: z.number().int(),
  defaultAmendmentType: refValue.nullable(),
  signingNeedsDocument: z.boolean().describe('Signing an amendment needs its signed document.'),
  version: z.number(),
  updated: z.string().nullable().describe('ISO time of the last save; null before the first.'),
  updatedBy: refValue.nullable(),
});
export type AmendmentSettings = z.infer<typeof amendmentSettingsSchema>;

/** GET and POST /api/admin/sales-settings-amendment: the settings, the active types, whether this user may save. */
export const amendmentSettingsResponse = z.object({
  amendmentSettings: amendmentSettingsSchema,
  formOptions: z.object({ defaultAmendmentType: z.array(refValue) }),
  can: z.object({ save: z.boolean() }),
});

/** The settings before anyone saved them. */
export const AMENDMENT_SETTINGS_DEFAULTS = {
  numberPrefix: 'AM-',
  nextNumber: 1001,
  defaultAmendmentType: null,
  signingNeedsDocument: false,
} as const;
