// Calls of the sign-in screens: login options, the two-factor step and setup, forgot password and reset links.
import type { ForgotPasswordRequest, LoginNext, ResetPasswordRequest } from '../../../shared/schemas/auth';
import type { AuthOptions } from '../../../shared/schemas/sso';
import type { TwoFactorSetup, TwoFactorSignIn, TwoFactorStatus } from '../../../shared/schemas/two-factor';
import type { Profile } from '../../../shared/schemas/user';
import { apiGet, apiPost } from '../../api/http';

/** The path of each step the login can answer. */
export const NEXT_PATH: Record<LoginNext, string> = { '2fa': '/2fa', '2fa_setup': '/2fa_setup' };

const NO_SSO: AuthOptions = { sso: null, enforced: false };

/** What the login shell offers; any failure (an older server, a network error) means password sign-in only. */
export async function loadAuthOptions(signal?: AbortSignal): Promise<AuthOptions> {
  try {
    const options = await apiGet<Partial<AuthOptions>>('/api/auth/options', {
      signal,
      redirectOnLogin: false,
    });
    return { sso: options.sso ?? null, enforced: options.enforced === true };
  } catch {
    return NO_SSO;
  }
}

/** The sign-in pages must not send the browser to /login on a 401: they explain it themselves. */
const quiet = { redirectOnLogin: false } as const;

export const signInWithCode = (answer: TwoFactorSignIn) =>
  apiPost<{ user: Profile }>('/api/auth/2fa', answer, quiet);

export const startTwoFactorSetup = (fromSignIn: boolean) =>
  apiPost<{ setup: TwoFactorSetup }>('/api/auth/2fa/setup', undefined, fromSignIn ? quiet : undefined);

export const confirmTwoFactorSetup = (code: string, fromSignIn: boolean) =>
  apiPost<{ recoveryCodes: string[]; user?: Profile }>(
    '/api/auth/2fa/setup/confirm',
    { code },
    fromSignIn ? quiet : undefined,
  );

export const TWO_FACTOR_KEY = ['two-factor-status'] as const;

export const loadTwoFactorStatus = (signal?: AbortSignal) =>
  apiGet<{ twoFactor: TwoFactorStatus }>('/api/auth/2fa/status', { signal }).then((r) => r.twoFactor);

export const disableTwoFactor = (currentPassword: string) =>
  apiPost<{ twoFactor: TwoFactorStatus }>('/api/auth/2fa/disable', { currentPassword }).then(
    (r) => r.twoFactor,
  );

export const newRecoveryCodes = (code: string) =>
  apiPost<{ recoveryCodes: string[] }>('/api/auth/2fa/recovery-codes', { code }).then((r) => r.recoveryCodes);

export const askForResetLink = (values: ForgotPasswordRequest) =>
  apiPost<{ message: string }>('/api/auth/forgot-password', values, quiet);

export const checkResetLink = (token: string, signal?: AbortSignal) =>
  apiGet<{ email: string }>(`/api/auth/reset-password/${encodeURIComponent(token)}`, { signal, ...quiet });

export const resetPassword = (token: string, values: ResetPasswordRequest) =>
  apiPost<{ ok: true }>(`/api/auth/reset-password/${encodeURIComponent(token)}`, values, quiet);

/** The step a sign-in of this browser waits for (its code, or setting two-factor up); null when none does. */
export async function loadPendingStep(): Promise<LoginNext | null> {
  try {
    return (await apiGet<{ next: LoginNext | null }>('/api/auth/pending', quiet)).next;
  } catch {
    return null;
  }
}
