// Two-factor sign-in (TOTP, RFC 6238: SHA-1, 6 digits, 30 s) and its single-use recovery codes.
import { z } from 'zod';
import { profileResponse, profileSchema } from './user.js';

export const RECOVERY_CODE_COUNT = 10;

/** Six digits; spaces a user typed between the groups are ignored. */
export const totpCode = z
  .string()
  .max(20)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));

/** A recovery code as printed (`abcd-efgh-ijkl`); case, spaces and dashes are forgiven. */
export const recoveryCodeInput = z
  .string()
  .max(40)
  .transform(normalizeRecoveryCode)
  .pipe(z.string().regex(/^[a-z]{12}$/, 'Enter a recovery code like abcd-efgh-ijkl.'));

/** Lower-case letters only: what is hashed and compared. */
export function normalizeRecoveryCode(value: string): string {
  return value.toLowerCase().replace(/[^a-z]/g, '');
}

/** 12 letters shown as three groups of four. */
export function formatRecoveryCode(letters: string): string {
  return letters.match(/.{1,4}/g)?.join('-') ?? '';
}

/** The sign-in step: a code from the app, or one recovery code. */
export const twoFactorSignIn = z
  .object({ code: totpCode.optional(), recoveryCode: recoveryCodeInput.optional() })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    message: 'Enter the 6-digit code from your authenticator app.',
    path: ['code'],
  });
export type TwoFactorSignIn = z.input<typeof twoFactorSignIn>;

export const twoFactorConfirm = z.object({ code: totpCode });
export type TwoFactorConfirm = z.input<typeof twoFactorConfirm>;

export const twoFactorDisable = z.object({
  currentPassword: z.string().min(1, 'Enter your current password.').max(1024),
});
export type TwoFactorDisable = z.infer<typeof twoFactorDisable>;

/** What the setup screen shows: the QR code (an image data URL), the secret to type, and the otpauth URL. */
export const twoFactorSetupSchema = z.object({
  secret: z.string().describe('The secret in base32, for typing into the authenticator app.'),
  otpauthUrl: z.string().describe('The otpauth:// URL the QR code holds.'),
  qrCode: z.string().describe('The QR code as an image data URL.'),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable().describe('ISO time it was turned on; null while it is off.'),
  required: z.boolean().describe('The sign-in policy requires it of this user: it cannot be turned off.'),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

const recoveryCodes = z
  .array(z.string())
  .describe('New single-use recovery codes (abcd-efgh-ijkl), shown this once.');

/** POST /api/auth/2fa: the sign-in is complete. */
export const twoFactorSignedIn = profileResponse;
/** POST /api/auth/2fa/setup: a new secret to confirm. */
export const twoFactorSetupResponse = z.object({ setup: twoFactorSetupSchema });
/** POST /api/auth/2fa/setup/confirm: the recovery codes; a sign-in that had to set it up is also complete (user). */
export const twoFactorConfirmed = z.object({
  recoveryCodes,
  user: profileSchema.optional().describe('Present when the confirmation completed a sign-in.'),
});
/** GET /api/auth/2fa/status and POST /api/auth/2fa/disable. */
export const twoFactorStatusResponse = z.object({ twoFactor: twoFactorStatusSchema });
/** POST /api/auth/2fa/recovery-codes: new codes replace the old ones. */
export const recoveryCodesResponse = z.object({ recoveryCodes });
