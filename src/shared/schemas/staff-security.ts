// /admin/staff/:id/security: what an administrator sees of a staff member's sign-in (roles and active flag are
// edited through the staff form; see staff.ts).
import { z } from 'zod';
import { apiTokenSchema } from './api-token.js';
import { staffForm, staffRoleOptions, staffSchema } from './staff.js';

export const SESSION_METHODS = ['PASSWORD', 'SSO'] as const;
export type SessionMethod = (typeof SESSION_METHODS)[number];

export const staffSessionSchema = z.object({
  id: z.number(),
  /** ISO times. */
  started: z.string(),
  lastSeen: z.string(),
  method: z.enum(SESSION_METHODS).describe('How the session signed in: password or single sign-on.'),
  ip: z.string().nullable(),
  browser: z.string().describe('"Chrome 131 on Windows", read from the user agent.'),
  userAgent: z.string().nullable(),
  stage: z
    .string()
    .nullable()
    .describe(
      'null: signed in; else the step still owed (TWO_FACTOR: the code, TWO_FACTOR_SETUP: its setup).',
    ),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const staffSecuritySchema = z.object({
  staff: staffSchema,
  twoFactor: z.object({
    enabled: z.boolean(),
    since: z.string().nullable().describe('ISO time two-factor sign-in was turned on; null while it is off.'),
    recoveryCodesLeft: z.number().int(),
  }),
  /** ISO times; null: never. */
  lastSignIn: z.string().nullable(),
  passwordChanged: z.string().nullable(),
  failedLogins: z.number().int(),
  lockedUntil: z.string().nullable().describe('ISO time the sign-in lock ends; null when not locked.'),
  /** The sessions still live, most recently seen first. */
  sessions: z.array(staffSessionSchema),
  /** The personal API tokens not revoked, newest first. */
  apiTokens: z.array(apiTokenSchema),
});
export type StaffSecurity = z.infer<typeof staffSecuritySchema>;

/** GET /api/admin/staff/{id}/security and the answer of each of its actions: the screen as it is now. */
export const staffSecurityResponse = z.object({
  security: staffSecuritySchema,
  formOptions: z.object({ roles: staffRoleOptions }),
});
export type StaffSecurityResponse = z.infer<typeof staffSecurityResponse>;

/** Roles and the active flag, saved from the security screen through the same staff service as the basics. */
export const staffAccessForm = staffForm.pick({ active: true, roles: true, version: true });
export type StaffAccessForm = z.infer<typeof staffAccessForm>;
