// Sign-in request and the password rule (minimum 12, maximum 128, no composition rules).
import { z } from 'zod';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

export const loginRequest = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').max(254),
  password: z.string().min(1, 'Enter your password.').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** The step a sign-in still owes before its session opens: the two-factor code, or setting two-factor sign-in up. */
export const loginNextSchema = z
  .enum(['2fa', '2fa_setup'])
  .describe('The step still owed: 2fa (the two-factor code) or 2fa_setup (setting two-factor sign-in up).');
/** POST /api/auth/login answers one of these: signed in, or one more step before the session opens. */
export type LoginNext = z.infer<typeof loginNextSchema>;

/** GET /api/auth/pending: the step a sign-in of this browser waits for; null when none does. */
export const pendingStepResponse = z.object({ next: loginNextSchema.nullable() });

/** Forgot password: the address to send a reset link to (same answer whether or not it is known). */
export const forgotPasswordRequest = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').max(254, 'Use at most 254 characters.'),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;
/** The same answer whether or not the address is known. */
export const forgotPasswordResponse = z.object({ message: z.string() });

/** The new password of a reset link, typed twice. */
export const resetPasswordRequest = z
  .object({
    newPassword: passwordSchema,
    confirmPassword: z.string().max(1024),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'The two passwords do not match.',
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;
/** GET /api/auth/reset-password/{token}: the account a valid link resets. */
export const resetLinkResponse = z.object({ email: z.string() });

/** A reset link's token as it appears in the URL (256 bits, base64url). */
export const resetToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid.');
