// Device statuses (/admin/device-status): one settings page holding the ordered list of statuses equipment can have.
import { z } from 'zod';
import type { Option } from './common.js';
import { BLANK, optionalRef, version } from './fields.js';

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

export type DeviceStatusItem = {
  id: number;
  name: string;
  sortOrder: number;
  active: boolean;
  inUse: boolean;
};

/** GET and POST /api/admin/device-status → { deviceStatus, formOptions: {} } */
export type DeviceStatusSettings = {
  statuses: DeviceStatusItem[];
  version: number;
  /** ISO time of the last save; null before the first. */
  updated: string | null;
  updatedBy: Option | null;
};
