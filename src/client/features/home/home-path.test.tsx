// The index route's redirect target.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { homePath, homeTarget, profileFailurePath } from './home-path';

const all = () => true;

describe('home path', () => {
  it('goes to the home page route when the screen exists', () => {
    expect(homePath('profile', all)).toBe('/profile');
    expect(homePath('staff', all)).toBe('/admin/staff');
    expect(homePath('cases', all)).toBe('/manage/case');
  });

  it('takes cases when no home page is set (SPEC default), the profile for home pages without a screen', () => {
    expect(homePath(undefined, all)).toBe('/manage/case');
    expect(homePath('', all)).toBe('/manage/case');
    expect(homePath(undefined, (name) => name !== 'cases')).toBe('/profile');
  });

  it('goes to the file manager with a full page load (SPEC §2), the others within the app', () => {
    expect(homeTarget('file_manager', all)).toEqual({ path: '/admin/file-manager', document: true });
    expect(homeTarget('cases', all)).toEqual({ path: '/manage/case', document: false });
    expect(homeTarget('file_manager', (name) => name !== 'file_manager')).toEqual({
      path: '/profile',
      document: false,
    });
  });

  it('falls back when the route is not in this build, external, public or needs params', () => {
    expect(homePath('staff', (name) => name !== 'staff')).toBe('/profile');
    expect(homePath('outlook_webmail', all)).toBe('/profile');
    expect(homePath('login', all)).toBe('/profile');
    expect(homePath('staff_basics', all)).toBe('/profile');
    expect(homePath('index', all)).toBe('/profile');
  });
});

describe('current-user fetch failure', () => {
  it('no session goes to the login page', () => {
    expect(profileFailurePath(new ApiError('Invalid request', { status: 401, reason: 'LOGIN' }))).toBe(
      '/login',
    );
  });

  it('any other failure goes to the 403 error page', () => {
    expect(profileFailurePath(new ApiError('500: Server Error.', { status: 500 }))).toBe('/error/403');
    expect(profileFailurePath(new TypeError('boom'))).toBe('/error/403');
  });
});
