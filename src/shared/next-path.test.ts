// The page a sign-in goes to afterwards: same-site paths only, whatever a crafted link carries.
import { describe, expect, it } from 'vitest';
import { nextPath, sameSitePath, withNext } from './next-path';

describe('nextPath', () => {
  it.each([
    '//evil.example',
    '//evil.example/login',
    '/\\evil.example',
    '\\/evil.example',
    '/\\/evil.example',
    'https://evil.example/',
    'http:/evil.example',
    'HTTPS://evil.example',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\u0000',
    '/api/auth/logout',
    '/login',
    '/login?next=/manage/case',
    '/logout',
    '/2fa',
    '/2fa_setup',
    '/sso?error=expired',
    '/forgot_password/reset/abc',
    '/',
    '',
    null,
    undefined,
    `/${'a'.repeat(1000)}`,
  ])('refuses %j', (value) => {
    expect(nextPath(value)).toBeNull();
  });

  it.each([
    ['/manage/opportunity/12/proposal/3', '/manage/opportunity/12/proposal/3'],
    ['/manage/case?filter=open&page=2', '/manage/case?filter=open&page=2'],
    ['/admin/staff/7/security#sessions', '/admin/staff/7/security#sessions'],
    ['/manage/./case', '/manage/case'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/loginhistory', '/loginhistory'],
  ])('follows %j as %j', (value, path) => {
    expect(nextPath(value)).toBe(path);
  });

  it('keeps the SSO return paths to the site too', () => {
    expect(sameSitePath('/')).toBe('/');
    expect(sameSitePath('//evil.example')).toBeNull();
  });
});

describe('withNext', () => {
  it('adds the page asked for to a sign-in step, and nothing when there is none worth following', () => {
    expect(withNext('/login', '/manage/case?x=1')).toBe('/login?next=%2Fmanage%2Fcase%3Fx%3D1');
    expect(withNext('/login?break-glass=1', '/profile')).toBe('/login?break-glass=1&next=%2Fprofile');
    expect(withNext('/2fa', '//evil.example')).toBe('/2fa');
    expect(withNext('/login', null)).toBe('/login');
  });
});
