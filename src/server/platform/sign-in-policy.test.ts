// The sign-in rules of /admin/sso: who may still use a password under enforced single sign-on, and who must pass
// the two-factor step.
import { describe, expect, it } from 'vitest';
import { storedSsoSettings } from '../../shared/schemas/sso.js';
import { passwordSignInAllowed, ssoReady, twoFactorRequired } from './sign-in-policy.js';

const complete = {
  enabled: true,
  providerName: 'Microsoft',
  issuerUrl: 'https://login.example.com',
  clientId: 'c',
};

describe('passwordSignInAllowed', () => {
  it('lets everyone use a password while single sign-on is not enforced', () => {
    expect(passwordSignInAllowed(storedSsoSettings.parse({}), 7)).toBe(true);
    expect(passwordSignInAllowed(storedSsoSettings.parse({ ...complete }), 7)).toBe(true);
  });

  it('keeps passwords to the break-glass administrator once enforced', () => {
    const s = storedSsoSettings.parse({ ...complete, enforced: true, breakGlassUserId: 3 });
    expect(ssoReady(s)).toBe(true);
    expect(passwordSignInAllowed(s, 7)).toBe(false);
    expect(passwordSignInAllowed(s, 3)).toBe(true);
  });

  it('does not lock everyone out when single sign-on is enforced but off or incomplete', () => {
    for (const over of [{ enabled: false }, { issuerUrl: '' }, { clientId: '' }]) {
      const s = storedSsoSettings.parse({ ...complete, ...over, enforced: true, breakGlassUserId: 3 });
      expect(passwordSignInAllowed(s, 7)).toBe(true);
    }
  });
});

describe('twoFactorRequired', () => {
  it.each([
    ['NONE', ['ROLE_ADMIN'], false],
    ['ADMINS', ['ROLE_USER'], false],
    ['ADMINS', ['ROLE_USER', 'ROLE_ADMIN'], true],
    ['EVERYONE', ['ROLE_USER'], true],
  ] as const)('%s for %j: %s', (requireTwoFactor, roles, expected) => {
    expect(twoFactorRequired(storedSsoSettings.parse({ requireTwoFactor }), roles)).toBe(expected);
  });
});
