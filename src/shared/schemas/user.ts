// The staff user: current profile (SPEC §3), own settings, password change, roles and home pages.
import { z } from 'zod';
import { loginNextSchema, passwordSchema } from './auth.js';
import { optionSchema } from './common.js';
import { version } from './fields.js';
import { refValue } from './record.js';

export const ROLES = ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_PRIMARY_DEVELOPER'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  ROLE_USER: 'User',
  ROLE_ADMIN: 'Administrator',
  ROLE_PRIMARY_DEVELOPER: 'Primary developer',
};

/** Home page values; each names a route of src/shared/routes/ (file_manager is a full page load). */
export const HOME_PAGES = [
  { value: 'cases', label: 'Cases & Tasks' },
  { value: 'organizations', label: 'Organizations' },
  { value: 'agreements', label: 'Agreements' },
  { value: 'opportunities', label: 'Opportunities' },
  { value: 'equipment', label: 'Equipment' },
  { value: 'outages', label: 'Outages' },
  { value: 'profile', label: 'Profile' },
  { value: 'file_manager', label: 'File Manager' },
] as const;
export type HomePage = (typeof HOME_PAGES)[number]['value'];
export const DEFAULT_HOME_PAGE: HomePage = 'cases';

export const DAILY_SLIPS_MODES = [
  { value: 'CLOSED', label: 'Open the daily panel only when I ask' },
  { value: 'OPEN', label: 'Open the daily panel beside the case list' },
] as const;
export type DailySlipsMode = (typeof DAILY_SLIPS_MODES)[number]['value'];

const homePageValues = HOME_PAGES.map((h) => h.value) as [HomePage, ...HomePage[]];
const dailyModeValues = DAILY_SLIPS_MODES.map((m) => m.value) as [DailySlipsMode, ...DailySlipsMode[]];

/** The signed-in user as the client knows them (POST /api/user/profile, a sign-in's answer). */
export const profileSchema = z.object({
  id: z.number(),
  shortCode: z.string(),
  homePage: z.enum(homePageValues).describe('The screen the user starts on.'),
  caseListDailySlipsMode: z.enum(dailyModeValues),
  autoPopulateTaskPoints: z.boolean(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** First and last name. */
  name: z.string(),
  roles: z.array(z.enum(ROLES)),
  isAdmin: z.boolean(),
  isDeveloper: z.boolean().describe('Has the primary developer role.'),
});
export type Profile = z.infer<typeof profileSchema>;

/** POST /api/user/profile, and a completed sign-in: the signed-in user. */
export const profileResponse = z.object({ user: profileSchema });

/** POST /api/auth/login: signed in (the user), or one more step before the session opens (next). */
export const loginResponse = z.union([profileResponse, z.object({ next: loginNextSchema })]);

export const SHORT_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9]{0,9}$/;
export const shortCodeSchema = z
  .string()
  .trim()
  .regex(SHORT_CODE_PATTERN, 'Use 1 to 10 letters or digits, starting with a letter.')
  .transform((s) => s.toUpperCase());

export const nameSchema = z.string().trim().min(1, 'This value should not be blank.').max(80);

/** GET/POST /api/user/settings: what a user edits of their own profile. */
export const settingsForm = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  shortCode: shortCodeSchema,
  homePage: z.enum(homePageValues, { message: 'Choose a home page.' }),
  caseListDailySlipsMode: z.enum(dailyModeValues, { message: 'Choose a daily slips mode.' }),
  autoPopulateTaskPoints: z.boolean(),
  version: version(),
});
export type SettingsForm = z.infer<typeof settingsForm>;

/** A stopped timer's slip is rounded up to this many minutes (issue 17); left out, it stays as it is. */
export const TIMER_ROUNDING_VALUES = [1, 5, 30] as const;
export const TIMER_ROUNDING_INVALID = 'Choose 1, 5 or 30 minutes.';

/** POST /api/user/settings: the own settings, which add the timer rounding to what the staff screen edits. */
export const profileSettingsForm = settingsForm.extend({
  timerRounding: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ message: TIMER_ROUNDING_INVALID })
      .refine((v) => (TIMER_ROUNDING_VALUES as readonly number[]).includes(v), TIMER_ROUNDING_INVALID)
      .optional(),
  ),
});
export type ProfileSettingsForm = z.infer<typeof profileSettingsForm>;

export const settingsFormOptions = z.object({
  homePage: z.array(optionSchema),
  caseListDailySlipsMode: z.array(optionSchema),
  timerRounding: z.array(refValue).describe('Minutes a stopped timer is rounded up to.'),
});

/** The own settings as GET and POST /api/user/settings present them. */
export const userSettingsSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  shortCode: z.string(),
  homePage: z.enum(homePageValues),
  caseListDailySlipsMode: z.enum(dailyModeValues),
  autoPopulateTaskPoints: z.boolean(),
  timerRounding: z.number().int().describe('Minutes a stopped timer is rounded up to (1, 5 or 30).'),
  version: z.number(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** GET /api/user/settings: the own settings and the choices of the form. */
export const userSettingsResponse = z.object({ user: userSettingsSchema, formOptions: settingsFormOptions });
/** POST /api/user/settings: the settings as saved. */
export const userSettingsSaved = z.object({ user: userSettingsSchema });

export const passwordChange = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password.').max(1024),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'The two passwords do not match.',
    path: ['confirmPassword'],
  });
export type PasswordChange = z.infer<typeof passwordChange>;
