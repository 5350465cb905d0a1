// Pieces of single sign-on that need no provider: the return path, the issuer URL rule, the domain list, the names
// of an auto-created account.
import { describe, expect, it } from 'vitest';
import { sameSitePath } from '../../../shared/next-path.js';
import { allowedDomainList, issuerUrlProblem, SSO_TEXTS } from '../../../shared/schemas/sso.js';
import { namesOf } from './sso-account.js';

describe('sameSitePath', () => {
  it.each([
    ['/cases', '/cases'],
    ['/cases?view=mine#top', '/cases?view=mine#top'],
    ['/a/../b', '/b'],
  ])('keeps %s', (value, expected) => expect(sameSitePath(value)).toBe(expected));

  it.each([
    undefined,
    '',
    'cases',
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    '/ok\nLocation: x',
    '/api/auth/logout',
    `/${'a'.repeat(1000)}`,
  ])('refuses %j', (value) => expect(sameSitePath(value)).toBeNull());
});

describe('issuerUrlProblem', () => {
  it.each([
    'https://login.microsoftonline.com/0000/v2.0',
    'https://accounts.google.com',
    'https://tenant.auth0.com/',
    'http://127.0.0.1:8080/realms/sd6',
    'http://localhost:8080',
  ])('accepts %s', (url) => expect(issuerUrlProblem(url)).toBeNull());

  it.each([
    'http://login.example.com',
    'ftp://login.example.com',
    'login.example.com',
    'https://login.example.com/?tenant=1',
    'https://user:pw@login.example.com',
  ])('refuses %s', (url) => expect(issuerUrlProblem(url)).toBe(SSO_TEXTS.issuerUrl));
});

describe('allowedDomainList', () => {
  it('tidies the lines', () => {
    expect(allowedDomainList.parse([' @Example.COM ', '', 'sub.example.co.uk', 'example.com'])).toEqual([
      'example.com',
      'sub.example.co.uk',
    ]);
  });

  it('names the bad line', () => {
    const r = allowedDomainList.safeParse(['example.com', '', 'bad domain', 'x@y.com']);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      `Line 3: ${SSO_TEXTS.domain}`,
      `Line 4: ${SSO_TEXTS.domain}`,
    ]);
  });
});

describe('namesOf', () => {
  const identity = { issuer: 'i', subject: 's', email: null, emailVerified: true };
  it.each([
    [
      { givenName: 'Ann', familyName: 'Lee', name: 'X' },
      { firstName: 'Ann', lastName: 'Lee' },
    ],
    [
      { givenName: null, familyName: null, name: 'Mary Ann Lee' },
      { firstName: 'Mary Ann', lastName: 'Lee' },
    ],
    [
      { givenName: null, familyName: null, name: null },
      { firstName: 'ann', lastName: 'lee' },
    ],
  ])('%j', (claims, expected) => {
    expect(namesOf({ ...identity, ...claims }, 'ann.lee@example.com')).toEqual(expected);
  });
});
