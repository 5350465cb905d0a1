// Pure shell rules: instance meta tags, page title, environment badge, breadcrumbs and their phone trimming.
import { describe, expect, it } from 'vitest';
import { breadcrumbTrail, trimForPhone } from './breadcrumb-trail';
import { parseInstance, readInstance } from './environment';
import { environmentBadge, pageTitle } from './page-title';

describe('instance', () => {
  it('reads the environment and alternate flag', () => {
    expect(parseInstance('staging', 'true')).toEqual({ environment: 'staging', alt: true });
    expect(parseInstance('prod', 'false')).toEqual({ environment: 'prod', alt: false });
  });

  it('treats unreplaced placeholders as dev and not alternate', () => {
    expect(parseInstance('{{SD6_ENV}}', '{{SD6_ALT}}')).toEqual({ environment: 'dev', alt: false });
    expect(parseInstance(null, undefined)).toEqual({ environment: 'dev', alt: false });
  });

  it('reads the meta tags of the document', () => {
    document.head.innerHTML = '<meta name="sd6-env" content="design"><meta name="sd6-alt" content="true">';
    expect(readInstance()).toEqual({ environment: 'design', alt: true });
  });
});

describe('page title', () => {
  it.each([
    ['dev', 'DEV Profile - SD6'],
    ['design', 'DESIGN Profile - SD6'],
    ['staging', 'TEST Profile - SD6'],
    ['prod', 'Profile - SD6'],
  ] as const)('%s prefix', (environment, title) => {
    expect(pageTitle(environment, 'Profile')).toBe(title);
  });

  it('falls back to the last breadcrumb, then Home', () => {
    expect(pageTitle('prod', undefined, 'Staff Member')).toBe('Staff Member - SD6');
    expect(pageTitle('prod', '', '')).toBe('Home - SD6');
    expect(pageTitle('dev')).toBe('DEV Home - SD6');
  });
});

describe('environment badge', () => {
  it('shows production as SD and others by name, ALT-prefixed for an alternate instance', () => {
    expect(environmentBadge('prod', false)).toBe('SD');
    expect(environmentBadge('prod', true)).toBe('ALT SD');
    expect(environmentBadge('staging', false)).toBe('STAGING');
    expect(environmentBadge('dev', true)).toBe('ALT DEV');
  });
});

describe('breadcrumbs', () => {
  it('follows the parent chain with params substituted', () => {
    expect(breadcrumbTrail('staff_history', { id: '7' })).toEqual([
      { label: 'Staff', path: '/admin/staff' },
      { label: 'Staff Member', path: '/admin/staff/7' },
      { label: 'Field History', path: '/admin/staff/7/history' },
    ]);
    expect(breadcrumbTrail('profile_history', {})).toEqual([
      { label: 'Profile', path: '/profile' },
      { label: 'Field History', path: '/profile/history' },
    ]);
  });

  it('has no crumbs for routes without a breadcrumb', () => {
    expect(breadcrumbTrail('login', {})).toEqual([]);
    expect(breadcrumbTrail('nope', {})).toEqual([]);
  });

  const crumbs = ['A', 'B', 'C', 'D', 'E'].map((label) => ({ label, path: `/${label}` }));

  it('on phones shows the first, an ellipsis and the last two when there are more than three', () => {
    expect(trimForPhone(crumbs, true)).toEqual([crumbs[0], { ellipsis: true }, crumbs[3], crumbs[4]]);
    expect(trimForPhone(crumbs.slice(0, 4), true)).toEqual([
      crumbs[0],
      { ellipsis: true },
      crumbs[2],
      crumbs[3],
    ]);
  });

  it('keeps three or fewer on phones, and everything on larger screens', () => {
    expect(trimForPhone(crumbs.slice(0, 3), true)).toEqual(crumbs.slice(0, 3));
    expect(trimForPhone(crumbs, false)).toEqual(crumbs);
  });
});
