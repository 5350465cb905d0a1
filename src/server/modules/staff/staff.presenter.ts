// Explicit shapes of staff users for administrators.
import type { Staff, StaffRow } from '../../../shared/schemas/staff.js';
import { DAILY_SLIPS_MODES, HOME_PAGES, ROLE_LABELS, ROLES } from '../../../shared/schemas/user.js';
import type { UserRecord } from '../user/index.js';

export function presentStaffRow(
  u: Pick<
    UserRecord,
    'id' | 'firstName' | 'lastName' | 'email' | 'shortCode' | 'active' | 'roles' | 'lockedUntil'
  >,
): StaffRow {
  return {
    id: u.id,
    name: `${u.firstName} ${u.lastName}`,
    email: u.email,
    shortCode: u.shortCode,
    active: u.active,
    roles: u.roles,
    locked: u.lockedUntil !== null,
  };
}

const option = (id: number | null, name: string | null) =>
  id === null ? null : { value: id, label: name ?? '' };

export function presentStaff(u: UserRecord, approver: Staff['approver'] = null): Staff {
  return {
    ...presentStaffRow(u),
    firstName: u.firstName,
    lastName: u.lastName,
    homePage: u.homePage,
    caseListDailySlipsMode: u.caseListDailySlipsMode,
    autoPopulateTaskPoints: u.autoPopulateTaskPoints,
    lockedUntil: u.lockedUntil?.toISOString() ?? null,
    failedLogins: u.failedLogins,
    version: u.version,
    created: u.createdAt.toISOString(),
    createdBy: option(u.createdBy, u.createdByName),
    updated: u.updatedAt.toISOString(),
    updatedBy: option(u.updatedBy, u.updatedByName),
    approver,
  };
}

export function newStaff(): Staff {
  const now = new Date().toISOString();
  return {
    id: 0,
    name: '',
    email: '',
    shortCode: '',
    active: true,
    roles: ['ROLE_USER'],
    locked: false,
    firstName: '',
    lastName: '',
    homePage: 'cases',
    caseListDailySlipsMode: 'CLOSED',
    autoPopulateTaskPoints: false,
    lockedUntil: null,
    failedLogins: 0,
    version: 0,
    created: now,
    createdBy: null,
    updated: now,
    updatedBy: null,
    approver: null,
  };
}

export const staffFormOptions = () => ({
  roles: ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] })),
  homePage: HOME_PAGES.map((h) => ({ label: h.label, value: h.value })),
  caseListDailySlipsMode: DAILY_SLIPS_MODES.map((m) => ({ label: m.label, value: m.value })),
});
