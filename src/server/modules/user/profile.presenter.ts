// Explicit response shapes of the current user's profile and settings.

import { TIMER_ROUNDING_OPTIONS } from '../../../shared/schemas/timer.js';
import {
  DAILY_SLIPS_MODES,
  type DailySlipsMode,
  HOME_PAGES,
  type HomePage,
  type Profile,
} from '../../../shared/schemas/user.js';
import type { AuthUser } from '../../platform/auth.js';
import type { UserRecord } from './user.repository.js';

export function presentProfile(u: UserRecord): Profile {
  return profileOf({
    ...u,
    name: `${u.firstName} ${u.lastName}`,
    isAdmin: u.roles.includes('ROLE_ADMIN'),
    isDeveloper: u.roles.includes('ROLE_PRIMARY_DEVELOPER'),
  });
}

/** The profile of the signed-in user, from what the session lookup read. */
export function profileOf(
  u: Omit<AuthUser, 'homePage' | 'caseListDailySlipsMode'> & {
    homePage: string;
    caseListDailySlipsMode: string;
  },
): Profile {
  return {
    id: u.id,
    shortCode: u.shortCode,
    homePage: u.homePage as HomePage,
    caseListDailySlipsMode: u.caseListDailySlipsMode as DailySlipsMode,
    autoPopulateTaskPoints: u.autoPopulateTaskPoints,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    name: u.name,
    roles: u.roles,
    isAdmin: u.isAdmin,
    isDeveloper: u.isDeveloper,
  };
}

export function presentSettings(u: UserRecord) {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    shortCode: u.shortCode,
    homePage: u.homePage,
    caseListDailySlipsMode: u.caseListDailySlipsMode,
    autoPopulateTaskPoints: u.autoPopulateTaskPoints,
    timerRounding: u.timerRounding,
    version: u.version,
  };
}

export const settingsFormOptions = () => ({
  homePage: HOME_PAGES.map((h) => ({ label: h.label, value: h.value })),
  caseListDailySlipsMode: DAILY_SLIPS_MODES.map((m) => ({ label: m.label, value: m.value })),
  timerRounding: TIMER_ROUNDING_OPTIONS.map((o) => ({ ...o })),
});
