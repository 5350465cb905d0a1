// /admin/staff/:id/security: what an administrator sees of a staff member's sign-in (roles and active flag are
// edited through the staff form; see staff.ts).
import type { z } from 'zod';
import type { ApiToken } from './api-token.js';
import { type Staff, staffForm } from './staff.js';

export type SessionMethod = 'PASSWORD' | 'SSO';

export type StaffSession = {
  id: number;
  started: string;
  lastSeen: string;
  method: SessionMethod;
  ip: string | null;
  /** "Chrome 131 on Windows", read from the user agent. */
  browser: string;
  userAgent: string | null;
  /** null: signed in; else the step still owed (two-factor code or its setup). */
  stage: string | null;
};

export type StaffSecurity = {
  staff: Staff;
  twoFactor: { enabled: boolean; since: string | null; recoveryCodesLeft: number };
  lastSignIn: string | null;
  passwordChanged: string | null;
  failedLogins: number;
  lockedUntil: string | null;
  sessions: StaffSession[];
  apiTokens: ApiToken[];
};

/** Roles and the active flag, saved from the security screen through the same staff service as the basics. */
export const staffAccessForm = staffForm.pick({ active: true, roles: true, version: true });
export type StaffAccessForm = z.infer<typeof staffAccessForm>;
