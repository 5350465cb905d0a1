// Staff users as administrators manage them (/admin/staff).
import { z } from 'zod';
import { passwordSchema } from './auth.js';
import { optionSchema } from './common.js';
import { optionalRef } from './fields.js';
import { codeValue, refValue } from './record.js';
import { suggestionsResponse } from './suggest.js';
import { profileSchema, ROLES, settingsForm } from './user.js';

/** A row of the staff list. */
export const staffRowSchema = z.object({
  id: z.number(),
  /** First and last name. */
  name: z.string(),
  email: z.string(),
  shortCode: z.string(),
  active: z.boolean(),
  roles: z.array(z.enum(ROLES)),
  locked: z.boolean().describe('Locked out by failed sign-ins right now.'),
});
export type StaffRow = z.infer<typeof staffRowSchema>;

/** A staff user as the staff screen edits them (id 0: a new one's values). */
export const staffSchema = staffRowSchema.extend({
  firstName: z.string(),
  lastName: z.string(),
  homePage: profileSchema.shape.homePage,
  caseListDailySlipsMode: profileSchema.shape.caseListDailySlipsMode,
  autoPopulateTaskPoints: z.boolean(),
  lockedUntil: z.string().nullable().describe('ISO time the sign-in lock ends; null when not locked.'),
  failedLogins: z.number().int().describe('Failed sign-ins since the last successful one.'),
  version: z.number(),
  created: z.string(),
  createdBy: refValue.nullable(),
  updated: z.string(),
  updatedBy: refValue.nullable(),
  approver: refValue
    .nullable()
    .describe("Who approves the person's timesheet weeks; null: any administrator."),
});
export type Staff = z.infer<typeof staffSchema>;

export const staffForm = settingsForm.extend({
  email: z.string().trim().toLowerCase().email('Invalid email address').max(254),
  active: z.boolean(),
  roles: z.array(z.enum(ROLES)).min(1, 'Choose at least one role.'),
  /** Required when creating; optional on edit (sets a new password). */
  password: z.union([passwordSchema, z.literal('')]).optional(),
  /** Clears failed sign-ins and any lock. */
  unlock: z.boolean().optional(),
  /** Who approves the person's timesheet weeks (absent: unchanged; null: any administrator). */
  approver: optionalRef().optional(),
});
export type StaffForm = z.infer<typeof staffForm>;

export const staffListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  after: z.string().max(500).optional(),
  q: z.string().trim().max(200).optional(),
  active: z.enum(['all', '1', '2']).default('1'),
});

/** GET /api/admin/staff: one page of staff, by last name. */
export const staffListResponse = z.object({ items: z.array(staffRowSchema), next: z.string().nullable() });

/** The roles a staff user can have (value: the role, label: its name). */
export const staffRoleOptions = z.array(codeValue);

/** GET /api/admin/staff/{id|create}: the staff user (or a new one's values) and the form's choices. */
export const staffResponse = z.object({
  staff: staffSchema,
  formOptions: z.object({
    roles: staffRoleOptions,
    homePage: z.array(optionSchema),
    caseListDailySlipsMode: z.array(optionSchema),
  }),
});
/** POST /api/admin/staff/{id|create}: the staff user as saved. */
export const staffSaved = z.object({ staff: staffSchema });

/** GET /api/suggest/staff/: active staff whose name or short code matches, by last name. */
export const staffSuggestions = suggestionsResponse(
  'Active staff whose name or short code contains the text, by last name (value: the user id).',
);
