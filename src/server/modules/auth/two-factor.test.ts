import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  formatRecoveryCode,
  normalizeRecoveryCode,
  twoFactorSignIn,
} from '../../../shared/schemas/two-factor.js';
import { hashRecoveryCode, matchTotp, newRecoveryCode, otpauthUrl, totpStep } from './two-factor.service.js';

// RFC 6238 appendix B's SHA-1 secret ("12345678901234567890").
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32;

describe('TOTP', () => {
  it('matches the RFC 6238 test vector (6 digits) and answers its time step', () => {
    const at = 59_000;
    expect(matchTotp(RFC_SECRET, '287082', at)).toBe(1);
    expect(matchTotp(RFC_SECRET, '081804', 1_111_111_109_000)).toBe(totpStep(1_111_111_109_000));
  });

  it('accepts one step either side and nothing further', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    const code = (s: number) =>
      TOTP.generate({ secret: Secret.fromBase32(RFC_SECRET), timestamp: s * 30_000 });
    expect(matchTotp(RFC_SECRET, code(step - 1), now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, code(step), now)).toBe(step);
    expect(matchTotp(RFC_SECRET, code(step + 1), now)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, code(step - 2), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, code(step + 2), now)).toBeNull();
  });

  it('writes an otpauth URL an authenticator app reads', () => {
    const url = new URL(otpauthUrl(RFC_SECRET, 'ann@example.test'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/SD6:ann@example.test');
    expect(url.searchParams.get('issuer')).toBe('SD6');
    expect(url.searchParams.get('secret')).toBe(RFC_SECRET);
  });
});

describe('recovery codes', () => {
  it('are 12 random letters in three groups (56 bits)', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[a-z]{4}-[a-z]{4}-[a-z]{4}$/);
    expect(new Set(codes).size).toBe(200);
    expect(12 * Math.log2(26)).toBeGreaterThan(50);
  });

  it('forgive case, spaces and dashes when typed', () => {
    expect(normalizeRecoveryCode(' ABCD efgh-IJKL ')).toBe('abcdefghijkl');
    expect(formatRecoveryCode('abcdefghijkl')).toBe('abcd-efgh-ijkl');
    expect(hashRecoveryCode('ABCD-EFGH-IJKL')).toBe(hashRecoveryCode('abcd efgh ijkl'));
    expect(hashRecoveryCode('abcd-efgh-ijkl')).not.toBe(hashRecoveryCode('abcd-efgh-ijkm'));
  });

  it('take either a code or a recovery code at the sign-in step', () => {
    expect(twoFactorSignIn.safeParse({ code: '123 456' }).data).toEqual({ code: '123456' });
    expect(twoFactorSignIn.safeParse({ recoveryCode: 'ABCD-EFGH-IJKL' }).data).toEqual({
      recoveryCode: 'abcdefghijkl',
    });
    expect(twoFactorSignIn.safeParse({}).success).toBe(false);
    expect(twoFactorSignIn.safeParse({ code: '12345' }).success).toBe(false);
    expect(twoFactorSignIn.safeParse({ code: '123456', recoveryCode: 'abcd-efgh-ijkl' }).success).toBe(false);
  });
});
