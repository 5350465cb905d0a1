// The remembered profile: the last one fetched opens the shell with no network (status 0), never without a session.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../shared/schemas/user';
import {
  fetchProfile,
  PROFILE_KEY,
  REMEMBERED_PROFILE_KEY,
  rememberCachedProfile,
  rememberedProfile,
} from './profile';

const ANNA: Profile = {
  id: 7,
  shortCode: 'AB',
  homePage: 'cases',
  caseListDailySlipsMode: 'OPEN',
  autoPopulateTaskPoints: false,
  email: 'anna@example.test',
  firstName: 'Anna',
  lastName: 'Berg',
  name: 'Anna Berg',
  roles: ['ROLE_USER'],
  isAdmin: false,
  isDeveloper: false,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let answer: () => Promise<Response>;
beforeEach(() => {
  window.localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => answer()),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('remembered profile', () => {
  it('remembers the profile fetched and returns it when the network is down', async () => {
    answer = async () => json(200, { user: ANNA });
    expect(await fetchProfile({ redirectOnLogin: false })).toEqual(ANNA);
    expect(rememberedProfile()).toEqual(ANNA);
    answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await fetchProfile({ redirectOnLogin: false })).toEqual(ANNA);
  });

  it('offline with nothing remembered: the network failure (status 0) still rejects', async () => {
    answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(fetchProfile({ redirectOnLogin: false })).rejects.toMatchObject({ status: 0 });
  });

  it('a missing session (401) rejects and forgets the remembered profile', async () => {
    answer = async () => json(200, { user: ANNA });
    await fetchProfile({ redirectOnLogin: false });
    answer = async () => json(401, { code: 'LOGIN', reason: 'LOGIN', message: 'Log in' });
    await expect(fetchProfile({ redirectOnLogin: false })).rejects.toMatchObject({ reason: 'LOGIN' });
    expect(rememberedProfile()).toBeNull();
    expect(window.localStorage.getItem(REMEMBERED_PROFILE_KEY)).toBeNull();
  });

  it('a server error rejects as it is: the remembered profile is for no network only', async () => {
    answer = async () => json(200, { user: ANNA });
    await fetchProfile({ redirectOnLogin: false });
    answer = async () => json(500, { message: 'Broken' });
    await expect(fetchProfile({ redirectOnLogin: false })).rejects.toMatchObject({ status: 500 });
    expect(rememberedProfile()).toEqual(ANNA);
  });

  it('a profile set in the cache (sign-in, a saved profile) is remembered too', () => {
    const client = new QueryClient();
    const stop = rememberCachedProfile(client);
    client.setQueryData(PROFILE_KEY, { ...ANNA, name: 'Anna B.' });
    expect(rememberedProfile()?.name).toBe('Anna B.');
    client.setQueryData(['profile', 'history'], { id: 99 });
    expect(rememberedProfile()?.id).toBe(7);
    stop();
  });

  it('garbled storage is nothing remembered', () => {
    window.localStorage.setItem(REMEMBERED_PROFILE_KEY, '{not json');
    expect(rememberedProfile()).toBeNull();
  });
});
