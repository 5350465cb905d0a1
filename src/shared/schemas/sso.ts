// Single sign-on and sign-in requirements (SsoSettings, SPEC §3, with field history): one row of `settings`
// under SSO_SETTINGS_KEY. The client secret is kept sealed (platform/secret-box.ts) and never sent back.
import { z } from 'zod';
import { version } from './fields.js';

export const SSO_SETTINGS_KEY = 'sso';

/** Who must use two-factor sign-in (password sign-ins; single sign-on leaves that to the provider). */
export const TWO_FACTOR_REQUIREMENTS = ['NONE', 'ADMINS', 'EVERYONE'] as const;
export type TwoFactorRequirement = (typeof TWO_FACTOR_REQUIREMENTS)[number];
export const TWO_FACTOR_REQUIREMENT_LABELS: Record<TwoFactorRequirement, string> = {
  NONE: 'Not required',
  ADMINS: 'Required for administrators',
  EVERYONE: 'Required for everyone',
};

/** The stored value (what `settings.value` holds for SSO_SETTINGS_KEY); absent keys take these defaults. */
export const storedSsoSettings = z.object({
  enabled: z.boolean().default(false),
  providerName: z.string().default(''),
  issuerUrl: z.string().default(''),
  clientId: z.string().default(''),
  /** Sealed client secret, or '' when none was given. */
  clientSecret: z.string().default(''),
  allowedDomains: z.array(z.string()).default([]),
  autoCreateUsers: z.boolean().default(false),
  /** Password sign-in refused for everyone but the break-glass administrator. */
  enforced: z.boolean().default(false),
  breakGlassUserId: z.number().int().nullable().default(null),
  requireTwoFactor: z.enum(TWO_FACTOR_REQUIREMENTS).default('NONE'),
});
export type StoredSsoSettings = z.infer<typeof storedSsoSettings>;

/** GET /api/auth/options (public): what the login shell offers. */
export const authOptionsSchema = z.object({
  /** Single sign-on is set up and on: the login shell offers "Sign in with {providerName}". */
  sso: z
    .object({ providerName: z.string() })
    .nullable()
    .describe(
      'Single sign-on is set up and on: the login offers "Sign in with {providerName}"; null when not.',
    ),
  /** Enforced: password sign-in is only for the break-glass administrator; /login sends everyone else to /sso. */
  enforced: z
    .boolean()
    .describe(
      'Password sign-in is only for the break-glass administrator; everyone else signs in through /sso.',
    ),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;

// ---- /admin/sso (administrators) ----

export const SSO_HISTORY_KEY = 'sso-settings';
/** The settings are one record: its history lives under this entity id. */
export const SSO_ENTITY_ID = 1;
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';
export const SSO_START_PATH = '/api/auth/sso/start';

export const SSO_FIELD_LABELS: Record<string, string> = {
  enabled: 'Enabled',
  providerName: 'Provider Name',
  issuerUrl: 'Issuer URL',
  clientId: 'Client ID',
  clientSecret: 'Client Secret',
  allowedDomains: 'Allowed Email Domains',
  autoCreateUsers: 'Auto-create Users',
  enforced: 'Enforce Single Sign-On',
  breakGlassUser: 'Break-glass Administrator',
  requireTwoFactor: 'Two-Factor Sign-In',
};

export const SSO_TEXTS = {
  issuerUrl: 'Enter the issuer URL with https:// (plain http only for a provider on this machine).',
  issuerRequired: 'Enter the issuer URL of your provider.',
  providerRequired: 'Enter the provider name users will see (e.g. Microsoft).',
  clientIdRequired: 'Enter the client ID the provider gave SD6.',
  secretRequired: 'Enter the client secret the provider gave SD6.',
  enforceNeedsSso: 'Turn on single sign-on and complete its settings before enforcing it.',
  breakGlassRequired: 'Choose the break-glass administrator who may still sign in with a password.',
  breakGlassInvalid: 'Choose an active administrator.',
  domain: 'Enter a domain such as example.com.',
  tooManyDomains: 'Enter at most 50 domains.',
} as const;

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

/** A provider on this machine (tests, a local Keycloak): the only place plain http is accepted. */
export const isLoopbackHost = (hostname: string) =>
  LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);

/** Why an issuer URL cannot be used, or null: https (http only on loopback), no query or fragment. */
export function issuerUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return SSO_TEXTS.issuerUrl;
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  if (!secure || url.search || url.hash || url.username || url.password) return SSO_TEXTS.issuerUrl;
  return null;
}

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const DOMAINS_MAX = 50;

/** The allowed domains as typed, one a line: "@" and blanks dropped, lower-cased, repeats dropped. */
export const allowedDomainList = z
  .array(z.string().max(1000))
  .max(500, SSO_TEXTS.tooManyDomains)
  .transform((lines, ctx) => {
    const domains: string[] = [];
    lines.forEach((line, i) => {
      const domain = line.trim().replace(/^@/, '').toLowerCase();
      if (!domain) return;
      if (!DOMAIN_PATTERN.test(domain)) {
        ctx.addIssue({ code: 'custom', message: `Line ${i + 1}: ${SSO_TEXTS.domain}` });
        return;
      }
      if (!domains.includes(domain)) domains.push(domain);
    });
    if (domains.length > DOMAINS_MAX) ctx.addIssue({ code: 'custom', message: SSO_TEXTS.tooManyDomains });
    return domains;
  });

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);

/** POST /api/admin/sso: the whole settings; an empty clientSecret keeps the stored one. */
export const ssoSettingsForm = z
  .object({
    version: version(),
    enabled: z.boolean({ message: 'This value is not valid.' }),
    providerName: text(60),
    issuerUrl: text(500),
    clientId: text(300),
    clientSecret: z.string().max(2000, 'Use at most 2000 characters.').default(''),
    allowedDomains: allowedDomainList,
    autoCreateUsers: z.boolean({ message: 'This value is not valid.' }),
    enforced: z.boolean({ message: 'This value is not valid.' }),
    breakGlassUser: z.number().int().positive().nullable().default(null),
    requireTwoFactor: z.enum(TWO_FACTOR_REQUIREMENTS, { message: 'Choose who must use two-factor sign-in.' }),
  })
  .superRefine((f, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (f.issuerUrl) {
      const problem = issuerUrlProblem(f.issuerUrl);
      if (problem) issue('issuerUrl', problem);
    }
    if (f.enabled) {
      if (!f.providerName) issue('providerName', SSO_TEXTS.providerRequired);
      if (!f.issuerUrl) issue('issuerUrl', SSO_TEXTS.issuerRequired);
      if (!f.clientId) issue('clientId', SSO_TEXTS.clientIdRequired);
    }
    if (f.enforced) {
      if (!f.enabled) issue('enforced', SSO_TEXTS.enforceNeedsSso);
      if (f.breakGlassUser === null) issue('breakGlassUser', SSO_TEXTS.breakGlassRequired);
    }
  });
export type SsoSettingsForm = z.infer<typeof ssoSettingsForm>;

/** A user as an option: id and name. */
const userOption = z.object({ value: z.number(), label: z.string() });

/** GET/POST /api/admin/sso `ssoSettings`: never the secret, only whether one is stored. */
export const ssoSettingsSchema = z.object({
  enabled: z.boolean(),
  providerName: z.string(),
  issuerUrl: z.string(),
  clientId: z.string(),
  secretStored: z.boolean().describe('A client secret is stored (the secret itself is never sent).'),
  allowedDomains: z.array(z.string()).describe('Email domains allowed to sign in; empty: any.'),
  autoCreateUsers: z.boolean(),
  enforced: z.boolean(),
  breakGlassUser: userOption
    .nullable()
    .describe('The administrator who may still sign in with a password while single sign-on is enforced.'),
  requireTwoFactor: z.enum(TWO_FACTOR_REQUIREMENTS),
  /** Register this at the provider as the redirect (reply) URI. */
  redirectUri: z.string().describe('Register this at the provider as the redirect (reply) URI.'),
  version: z.number(),
  updated: z.string().nullable().describe('ISO time of the last save; null before the first.'),
  updatedBy: userOption.nullable(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** GET /api/admin/sso: the settings and the administrators who may be the break-glass one. */
export const ssoSettingsResponse = z.object({
  ssoSettings: ssoSettingsSchema,
  formOptions: z.object({ breakGlassUsers: z.array(userOption) }),
});
/** POST /api/admin/sso: the settings as saved. */
export const ssoSettingsSaved = z.object({ ssoSettings: ssoSettingsSchema });

/** POST /api/admin/sso/test: discovery against an issuer. */
export const ssoTestRequest = z.object({ issuerUrl: text(500) }).superRefine((f, ctx) => {
  const problem = f.issuerUrl ? issuerUrlProblem(f.issuerUrl) : SSO_TEXTS.issuerRequired;
  if (problem) ctx.addIssue({ code: 'custom', path: ['issuerUrl'], message: problem });
});
export const ssoTestResult = z.object({
  ok: z.boolean().describe('The issuer was found and read.'),
  message: z.string(),
});
export type SsoTestResult = z.infer<typeof ssoTestResult>;

/** Why a single sign-on attempt ended on /sso (`?error=`), and what the page says. */
export const SSO_ERRORS = {
  off: 'Single sign-on is not set up. Sign in with your password instead.',
  unavailable: 'The sign-in provider cannot be reached right now. Try again in a moment.',
  provider: 'The sign-in provider did not sign you in. Try again.',
  expired: 'That sign-in took too long or was already used. Start again.',
  failed:
    'The sign-in could not be confirmed with the provider. Try again; if it keeps failing, ask your administrator.',
  email: 'Your provider did not share a verified email address, so SD6 cannot find your account.',
  no_account: 'There is no SD6 account for this sign-in. Ask your administrator to add you.',
  domain: 'Your email domain is not allowed to sign in to SD6.',
  inactive: 'Your SD6 account is inactive. Ask your administrator.',
  busy: 'Too many sign-in attempts from this device. Wait a few minutes and try again.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;
