// Two-factor sign-in (TOTP, RFC 6238: SHA-1, 6 digits, 30 s) and its single-use recovery codes.
import { z } from 'zod';

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
export type TwoFactorSetup = { secret: string; otpauthUrl: string; qrCode: string };

export type TwoFactorStatus = {
  enabled: boolean;
  enabledAt: string | null;
  /** The sign-in policy requires two-factor sign-in of this user: it cannot be turned off. */
  required: boolean;
  recoveryCodesLeft: number;
};
