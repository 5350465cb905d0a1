// The remembered profile: the last one fetched opens the shell with no network (status 0), never without a session;
// on a page load of a signed-in browser it paints the first screen while the server's profile is fetched.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_PROFILE_ID } from '../../shared/page-profile';
import type { Profile } from '../../shared/schemas/user';
import {
  ensureProfile,
  fetchProfile,
  PROFILE_KEY,
  paintWithRemembered,
  REMEMBERED_PROFILE_KEY,
  rememberCachedProfile,
  rememberedProfile,
  takePageProfile,
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

describe('the first paint of a signed-in browser', () => {
  /** A server answer the test releases when it wants: the first paint must not wait for it. */
  function held() {
    let release: (r: Response) => void = () => {};
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    return (r: Response) => release(r);
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const rememberAnna = () =>
    window.localStorage.setItem(
      REMEMBERED_PROFILE_KEY,
      JSON.stringify({ userId: 7, profile: ANNA, savedAt: 1 }),
    );

  it("paints with the remembered profile at once, then takes the server's", async () => {
    rememberAnna();
    const client = new QueryClient();
    const release = held();
    const failures: unknown[] = [];
    expect(paintWithRemembered(client, true, (e) => failures.push(e))).toEqual(ANNA);
    expect(client.getQueryData(PROFILE_KEY)).toEqual(ANNA);
    expect(fetch).toHaveBeenCalledTimes(1);
    release(json(200, { user: { ...ANNA, roles: ['ROLE_USER', 'ROLE_ADMIN'], isAdmin: true } }));
    await settle();
    await settle();
    expect(client.getQueryData<Profile>(PROFILE_KEY)?.isAdmin).toBe(true);
    expect(rememberedProfile()?.isAdmin).toBe(true);
    expect(failures).toEqual([]);
    // Cached now: a second call asks nothing.
    expect(paintWithRemembered(client, true, () => {})).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a session that ended meanwhile: the failure leaves the page, the profile forgotten and uncached', async () => {
    rememberAnna();
    const client = new QueryClient();
    const release = held();
    const failures: unknown[] = [];
    paintWithRemembered(client, true, (e) => failures.push(e));
    release(json(401, { code: 'LOGIN', reason: 'LOGIN', message: 'Log in' }));
    await settle();
    await settle();
    expect(failures).toEqual([expect.objectContaining({ reason: 'LOGIN' })]);
    expect(rememberedProfile()).toBeNull();
    expect(client.getQueryData(PROFILE_KEY)).toBeUndefined();
  });

  it('no hint cookie, or nothing remembered: nothing painted early, nothing asked here', () => {
    rememberAnna();
    expect(paintWithRemembered(new QueryClient(), false, () => {})).toBeNull();
    window.localStorage.clear();
    expect(paintWithRemembered(new QueryClient(), true, () => {})).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the profile a signed-in page load carries', () => {
  /** The element the server writes into the page (platform/static.ts), with its escapes. */
  function served(text: string) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = PAGE_PROFILE_ID;
    element.textContent = text;
    document.head.append(element);
  }
  afterEach(() => document.getElementById(PAGE_PROFILE_ID)?.remove());

  it("is the server's answer: cached and remembered, nothing asked, taken once", async () => {
    const hostile = { ...ANNA, firstName: '</script><b>Zoë 山田</b> $&' };
    served(JSON.stringify({ user: hostile }).replace(/</g, '\\u003c'));
    const client = new QueryClient();
    expect(takePageProfile(client)).toEqual(hostile);
    expect(await ensureProfile(client)).toEqual(hostile);
    expect(rememberedProfile()).toEqual(hostile);
    expect(fetch).not.toHaveBeenCalled();
    // The element is gone: a second router (or a later screen) reads the cache, not a stale page.
    expect(document.getElementById(PAGE_PROFILE_ID)).toBeNull();
    expect(takePageProfile(new QueryClient())).toBeNull();
  });

  it('a page without it, or with text that is not a profile: nothing taken, the screen asks as before', async () => {
    const client = new QueryClient();
    expect(takePageProfile(client)).toBeNull();
    for (const text of ['{"user": {"name": "no id"}}', 'not json', '']) {
      served(text);
      expect(takePageProfile(client)).toBeNull();
      expect(document.getElementById(PAGE_PROFILE_ID)).toBeNull();
    }
    expect(client.getQueryData(PROFILE_KEY)).toBeUndefined();
    answer = async () => json(200, { user: ANNA });
    expect(await ensureProfile(client)).toEqual(ANNA);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
