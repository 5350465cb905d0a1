// Staff users as administrators manage them (/admin/staff).
import { z } from 'zod';
import { passwordSchema } from './auth.js';
import type { Option } from './common.js';
import { optionalRef } from './fields.js';
import { ROLES, type Role, settingsForm } from './user.js';

export type StaffRow = {
  id: number;
  name: string;
  email: string;
  shortCode: string;
  active: boolean;
  roles: Role[];
  locked: boolean;
};

export type Staff = StaffRow & {
  firstName: string;
  lastName: string;
  homePage: string;
  caseListDailySlipsMode: string;
  autoPopulateTaskPoints: boolean;
  lockedUntil: string | null;
  failedLogins: number;
  version: number;
  created: string;
  createdBy: Option | null;
  updated: string;
  updatedBy: Option | null;
  /** Who approves the person's timesheet weeks; null: any administrator. */
  approver: Option | null;
};

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
