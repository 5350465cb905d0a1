// Device statuses (/admin/device-status): one settings page holding the ordered list of statuses equipment can have.
import { z } from 'zod';
import { BLANK, optionalRef, version } from './fields.js';
import { refValue } from './record.js';

export const STATUS_NAME_MAX = 100;
export const NAME_USED = 'This name is already used.';

/** Messages about one row of the list name it: "Row 3: This name is already used." */
export const rowMessage = (index: number, message: string) => `Row ${index + 1}: ${message}`;

export const deviceStatusRow = z.object({
  /** null: a status added on this page. */
  id: optionalRef(),
  name: z.string().trim(),
  active: z.boolean(),
});

/** POST /api/admin/device-status: the whole list; its order is the sort order. */
export const deviceStatusForm = z.object({
  version: version(),
  statuses: z
    .array(deviceStatusRow)
    .max(200)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      const ids = new Set<number>();
      rows.forEach((row, i) => {
        const issue = (message: string) =>
          ctx.addIssue({ code: 'custom', path: [], message: rowMessage(i, message) });
        if (!row.name) issue(BLANK);
        else if (row.name.length > STATUS_NAME_MAX) issue(`Use at most ${STATUS_NAME_MAX} characters.`);
        else {
          // Unique case-insensitively: "Spare" and "spare" would read as one status.
          const key = row.name.toLowerCase();
          if (seen.has(key)) issue(NAME_USED);
          seen.add(key);
        }
        if (row.id !== null) {
          if (ids.has(row.id)) issue('This status is listed twice. Reload the page.');
          ids.add(row.id);
        }
      });
    }),
});
export type DeviceStatusForm = z.infer<typeof deviceStatusForm>;

export const deviceStatusItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  inUse: z.boolean().describe('Some equipment has this status: it cannot be removed.'),
});
export type DeviceStatusItem = z.infer<typeof deviceStatusItemSchema>;

export const deviceStatusSettingsSchema = z.object({
  /** In their sort order. */
  statuses: z.array(deviceStatusItemSchema),
  version: z.number(),
  updated: z.string().nullable().describe('ISO time of the last save; null before the first.'),
  updatedBy: refValue.nullable(),
});
export type DeviceStatusSettings = z.infer<typeof deviceStatusSettingsSchema>;

/** GET and POST /api/admin/device-status: the statuses (formOptions is always empty). */
export const deviceStatusResponse = z.object({
  deviceStatus: deviceStatusSettingsSchema,
  formOptions: z.object({}),
});
