// The HTTP client against a mocked fetch: the unit under test is the client itself.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/errors';
import { loadEntity, saveEntity, toPayload } from './entity';
import {
  ApiError,
  apiDelete,
  apiGet,
  apiPost,
  expiredSessionPath,
  isNetworkFailure,
  OFFLINE_MESSAGE,
  setLoginHandler,
} from './http';

type Call = { url: string; init: RequestInit };

function respond(status: number, body: unknown, url = 'http://localhost/api/x') {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  const response = new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

let calls: Call[];
let next: () => Response;
let onLogin: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  calls = [];
  next = () => respond(200, { ok: true });
  onLogin = vi.fn<() => void>();
  setLoginHandler(onLogin);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      return next();
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('requests', () => {
  it('sends credentials and the XMLHttpRequest marker on every method', async () => {
    await apiGet('/api/a');
    await apiPost('/api/b', { x: 1 });
    await apiDelete('/api/c');
    expect(calls.map((c) => c.init.method)).toEqual(['GET', 'POST', 'DELETE']);
    for (const call of calls) {
      expect(call.init.credentials).toBe('include');
      expect((call.init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
    }
    expect(calls[1]?.init.body).toBe('{"x":1}');
    expect((calls[1]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('adds query values, leaving out empty ones', async () => {
    await apiGet('/api/admin/staff', { query: { q: 'a b', active: 1, after: undefined, empty: '' } });
    expect(calls[0]?.url).toBe('/api/admin/staff?q=a%20b&active=1');
  });

  it('accepts statuses 200 up to below 400 and returns the JSON body', async () => {
    next = () => respond(400, { message: 'no' });
    await expect(apiGet('/api/a')).rejects.toThrow('no');
    next = () => respond(399, { ok: 'odd' });
    await expect(apiGet('/api/a')).resolves.toEqual({ ok: 'odd' });
    next = () => respond(204, undefined);
    await expect(apiPost('/api/a')).resolves.toBeNull();
  });

  it('passes the abort signal and rejects with the AbortError when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(apiGet('/api/a', { signal: controller.signal }));
    expect(calls[0]?.init.signal).toBe(controller.signal);
    expect((error as unknown as DOMException).name).toBe('AbortError');
  });
});

describe('expired session', () => {
  it('goes to /login on 401 and rejects', async () => {
    next = () =>
      respond(401, { reason: 'LOGIN', code: 'LOGIN', message: 'x', form: { errors: [], fields: {} } });
    const error = await failure(apiPost('/api/user/profile'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.reason).toBe('LOGIN');
    expect(onLogin).toHaveBeenCalledTimes(1);
  });

  it('goes to /login when the response URL ends in /login (a redirect was followed)', async () => {
    next = () => respond(200, '<html></html>', 'http://localhost/login');
    const error = await failure(apiGet('/api/a'));
    expect(error.reason).toBe('LOGIN');
    expect(onLogin).toHaveBeenCalledTimes(1);
  });

  it('an API path ending in /login is not a redirect (the sign-in call itself)', async () => {
    next = () =>
      respond(400, { message: 'The email or password is incorrect.' }, 'http://localhost/api/auth/login');
    const error = await failure(apiPost('/api/auth/login', {}));
    expect(error.message).toBe('The email or password is incorrect.');
    expect(onLogin).not.toHaveBeenCalled();
    next = () => respond(200, { user: { id: 1 } }, 'http://localhost/api/auth/login');
    await expect(apiPost('/api/auth/login', {})).resolves.toEqual({ user: { id: 1 } });
  });

  it('only rejects when the caller handles the redirect itself', async () => {
    next = () => respond(401, { reason: 'LOGIN' });
    const error = await failure(apiPost('/api/user/profile', undefined, { redirectOnLogin: false }));
    expect(error.reason).toBe('LOGIN');
    expect(onLogin).not.toHaveBeenCalled();
  });
});

describe('where an expired session goes', () => {
  it.each([
    ['/task/12?tab=slips#s3', '/login?next=%2Ftask%2F12%3Ftab%3Dslips%23s3'],
    ['/opportunity/7/proposal/2', '/login?next=%2Fopportunity%2F7%2Fproposal%2F2'],
    // Nothing worth returning to: the home page, a sign-in screen, a path that would leave the site.
    ['/', '/login'],
    ['/2fa', '/login'],
    ['//evil.example/x', '/login'],
  ])('from %s to %s', (pathname, expected) => {
    const url = new URL(pathname, 'http://sd6.test');
    const path = pathname.startsWith('//') ? { pathname, search: '', hash: '' } : url;
    expect(expiredSessionPath(path)).toBe(expected);
  });
});

describe('error messages (SPEC §8)', () => {
  it.each([
    [400, MESSAGES.badRequest],
    [403, MESSAGES.forbidden],
    [404, MESSAGES.notFound],
    [500, MESSAGES.serverError],
    [409, MESSAGES.invalidRequest],
    [502, MESSAGES.invalidRequest],
  ])('status %i without a server message: %s', async (status, message) => {
    next = () => respond(status, 'not json');
    const error = await failure(apiGet('/api/a'));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it('a server message overrides the status message', async () => {
    next = () =>
      respond(404, { message: 'No such staff member.', code: 'NOT_FOUND', form: { errors: [], fields: {} } });
    const error = await failure(apiGet('/api/a'));
    expect(error.message).toBe('No such staff member.');
    expect(error.code).toBe('NOT_FOUND');
  });

  it('joins form errors with line breaks and keeps field errors', async () => {
    next = () =>
      respond(400, {
        message: MESSAGES.badRequest,
        code: 'BAD_REQUEST',
        form: { errors: ['First problem.', 'Second problem.'], fields: { shortCode: ['Taken.'] } },
      });
    const error = await failure(apiPost('/api/a', {}));
    expect(error.message).toBe('First problem.\nSecond problem.');
    expect(error.fields).toEqual({ shortCode: ['Taken.'] });
  });

  it('keeps the current record of a 409 conflict', async () => {
    next = () =>
      respond(409, {
        message: 'This record was changed by Ann Lee at 10:00 AM',
        code: 'CONFLICT',
        form: { errors: [], fields: {} },
        current: { firstName: 'Ann' },
      });
    const error = await failure(apiPost('/api/a', {}));
    expect(error.message).toBe('This record was changed by Ann Lee at 10:00 AM');
    expect(error.current).toEqual({ firstName: 'Ann' });
  });

  it('a network failure rejects saying the device is offline, not "Invalid request"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failure(apiGet('/api/a'));
    expect(error.message).toBe(OFFLINE_MESSAGE);
    expect(error.message).not.toBe(MESSAGES.invalidRequest);
    expect(error).toMatchObject({ status: 0, code: 'OFFLINE' });
    expect(isNetworkFailure(error)).toBe(true);
    // A refusal from the server is not a network failure.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => respond(500, {})),
    );
    expect(isNetworkFailure(await failure(apiGet('/api/a')))).toBe(false);
  });
});

describe('generic entity calls', () => {
  it('load reads the entity under its key with form options', async () => {
    next = () => respond(200, { staff: { id: 3 }, formOptions: { roles: [] } });
    await expect(loadEntity('/api/admin/staff/3', 'staff')).resolves.toEqual({
      entity: { id: 3 },
      form: undefined,
      formOptions: { roles: [] },
      prototypes: undefined,
    });
  });

  it('a response without the entity key throws', async () => {
    next = () => respond(200, { other: {} });
    await expect(loadEntity('/api/admin/staff/3', 'staff')).rejects.toThrow('has no "staff"');
    await expect(saveEntity('/api/admin/staff/3', 'staff', {})).rejects.toThrow('has no "staff"');
  });

  it('save posts values with option objects reduced to their value', async () => {
    next = () => respond(200, { staff: { id: 4 } });
    const saved = await saveEntity('/api/admin/staff/create', 'staff', {
      homePage: { label: 'Profile', value: 'profile' },
      roles: [{ label: 'User', value: 'ROLE_USER' }, 'ROLE_ADMIN'],
      firstName: 'Ann',
    });
    expect(saved).toEqual({ id: 4 });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      homePage: 'profile',
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
      firstName: 'Ann',
    });
  });

  it('leaves objects that are not options alone', () => {
    expect(toPayload({ range: { start: 1, end: 2 }, n: null })).toEqual({
      range: { start: 1, end: 2 },
      n: null,
    });
  });
});
