// Single sign-on and sign-in requirements (SsoSettings, SPEC §3, with field history): one row of `settings`
// under SSO_SETTINGS_KEY. The client secret is kept sealed (platform/secret-box.ts) and never sent back.
import { z } from 'zod';

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
export type AuthOptions = {
  /** Single sign-on is set up and on: the login shell offers "Sign in with {providerName}". */
  sso: { providerName: string } | null;
  /** Enforced: password sign-in is only for the break-glass administrator; /login sends everyone else to /sso. */
  enforced: boolean;
};
