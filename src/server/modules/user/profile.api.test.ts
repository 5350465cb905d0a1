// The current user's profile, settings, password and field history, on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';
import { withTransaction } from '../../platform/transaction.js';
import { presentSettings } from './profile.presenter.js';
import { updateUser } from './user.repository.js';

let api: ApiHarness;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

const settings = (over: Record<string, unknown> = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  shortCode: 'ghopper',
  homePage: 'organizations',
  caseListDailySlipsMode: 'OPEN',
  autoPopulateTaskPoints: true,
  version: 0,
  ...over,
});

describe('POST /api/user/profile', () => {
  it('returns the SPEC §3 current profile plus name and roles', async () => {
    const user = await makeUser(api.db.pool, { firstName: 'Linus', lastName: 'Torvalds', shortCode: 'LT1' });
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    const res = await caller.post('/api/user/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: user.id,
        shortCode: 'LT1',
        homePage: 'cases',
        caseListDailySlipsMode: 'CLOSED',
        autoPopulateTaskPoints: false,
        email: user.email,
        firstName: 'Linus',
        lastName: 'Torvalds',
        name: 'Linus Torvalds',
        roles: ['ROLE_USER'],
        isAdmin: false,
        isDeveloper: false,
      },
    });
  });
});

describe('settings', () => {
  it('loads with form options, saves, bumps the version and writes field history with who and when', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    const loaded = (await caller.get('/api/user/settings')).json();
    expect(loaded.user.version).toBe(0);
    expect(loaded.formOptions.homePage).toContainEqual({ label: 'Cases & Tasks', value: 'cases' });
    expect(loaded.formOptions.caseListDailySlipsMode).toHaveLength(2);

    const saved = await caller.post('/api/user/settings', settings());
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user).toMatchObject({
      firstName: 'Grace',
      shortCode: 'GHOPPER',
      homePage: 'organizations',
      version: 1,
    });
    expect((await caller.post('/api/user/profile')).json().user.homePage).toBe('organizations');

    const history = (await caller.get(`/api/history/user/${user.id}`)).json().history;
    expect(history.objectClass).toBe('User');
    expect(history.title).toBe('Grace Hopper');
    const byField = Object.fromEntries(history.items.map((i: { field: string }) => [i.field, i]));
    expect(Object.keys(byField).sort()).toEqual(
      [
        'autoPopulateTaskPoints',
        'caseListDailySlipsMode',
        'firstName',
        'homePage',
        'lastName',
        'shortCode',
      ].sort(),
    );
    expect(byField.firstName).toMatchObject({
      fieldLabel: 'First Name',
      oldValue: 'Test',
      newValue: 'Grace',
      actor: { value: user.id },
    });
    expect(byField.autoPopulateTaskPoints).toMatchObject({ oldValue: 'No', newValue: 'Yes' });
    expect(new Date(byField.firstName.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('saving the same values writes no history and keeps the version', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    const current = (await caller.get('/api/user/settings')).json().user;
    const res = await caller.post('/api/user/settings', { ...settings(), ...current });
    expect(res.json().user.version).toBe(0);
    expect((await caller.get(`/api/history/user/${user.id}`)).json().history.items).toHaveLength(0);
  });

  it('returns every field error at once', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    const res = await caller.post(
      '/api/user/settings',
      settings({ firstName: ' ', shortCode: '1abc', homePage: 'nowhere' }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Please review the page for field entry errors, shown in red.');
    expect(body.form.fields).toEqual({
      firstName: ['This value should not be blank.'],
      shortCode: ['Use 1 to 10 letters or digits, starting with a letter.'],
      homePage: ['Choose a home page.'],
    });
  });

  it('refuses a stale version with 409, names who changed it, and overwrites nothing', async () => {
    const user = await makeUser(api.db.pool);
    const admin = await makeAdmin(api.db.pool, { firstName: 'Ann', lastName: 'Admin' });
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    const adminCaller = await api.signIn(admin.email, TEST_PASSWORD);
    const staff = (await adminCaller.get(`/api/admin/staff/${user.id}`)).json().staff;
    const adminSave = await adminCaller.post(`/api/admin/staff/${user.id}`, {
      ...settings({ firstName: 'Theirs', shortCode: staff.shortCode }),
      email: staff.email,
      active: true,
      roles: ['ROLE_USER'],
      version: 0,
    });
    expect(adminSave.statusCode).toBe(200);
    const res = await caller.post('/api/user/settings', settings({ firstName: 'Mine', version: 0 }));
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.code).toBe('CONFLICT');
    expect(body.message).toMatch(
      /^This record was changed by Ann Admin at \d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M$/,
    );
    expect(body.current).toMatchObject({ firstName: 'Theirs', version: 1 });
    const row = (await api.db.pool.query('SELECT first_name, version FROM users WHERE id = $1', [user.id]))
      .rows[0];
    expect(row).toEqual({ first_name: 'Theirs', version: 1 });
  });

  it('reports a short code already taken as a field error', async () => {
    await makeUser(api.db.pool, { shortCode: 'TAKEN1' });
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    const res = await caller.post('/api/user/settings', settings({ shortCode: 'taken1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({
      shortCode: ['This short code is already used by another staff member.'],
    });
  });
});

describe('password change', () => {
  it('requires the current password, enforces 12+ characters, signs out other sessions', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    const other = await api.signIn(user.email, TEST_PASSWORD);
    const wrong = await caller.post('/api/user/password', {
      currentPassword: 'not it',
      newPassword: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    });
    expect(wrong.json().form.fields).toEqual({ currentPassword: ['The current password is incorrect.'] });
    const short = await caller.post('/api/user/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
      confirmPassword: 'different',
    });
    expect(short.json().form.fields).toEqual({
      newPassword: ['Use at least 12 characters.'],
      confirmPassword: ['The two passwords do not match.'],
    });
    const mismatch = await caller.post('/api/user/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'long enough passphrase',
      confirmPassword: 'long enough passphrasf',
    });
    expect(mismatch.json().form.fields).toEqual({ confirmPassword: ['The two passwords do not match.'] });
    const ok = await caller.post('/api/user/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    });
    expect(ok.statusCode).toBe(200);
    expect((await caller.post('/api/user/profile')).statusCode).toBe(200);
    expect((await other.post('/api/user/profile')).statusCode).toBe(401);
    await expect(api.signIn(user.email, TEST_PASSWORD)).rejects.toThrow();
    await api.signIn(user.email, 'a brand new passphrase');
    const history = (await caller.get(`/api/history/user/${user.id}`)).json().history.items;
    expect(history[0]).toMatchObject({ field: 'password', oldValue: null, newValue: 'changed' });
    // 64+ characters are accepted (no composition rules)
    const long = 'x'.repeat(100);
    const longRes = await caller.post('/api/user/password', {
      currentPassword: 'a brand new passphrase',
      newPassword: long,
      confirmPassword: long,
    });
    expect(longRes.statusCode).toBe(200);
  });
});

describe('field history', () => {
  it('is written in the same transaction as the change and rolled back with it', async () => {
    const user = await makeUser(api.db.pool);
    await expect(
      withTransaction(api.db, async ({ client }) => {
        await updateUser(
          client,
          { id: user.id, version: 0, changes: { firstName: 'Rolled' }, actorId: user.id, timeZone: 'UTC' },
          presentSettings,
        );
        const inside = await client.query(
          'SELECT count(*)::int AS n FROM field_history WHERE entity_id = $1',
          [user.id],
        );
        expect(inside.rows[0].n).toBe(1);
        throw new Error('fail after the history row was written');
      }),
    ).rejects.toThrow('fail after');
    const row = (await api.db.pool.query('SELECT first_name, version FROM users WHERE id = $1', [user.id]))
      .rows[0];
    expect(row).toEqual({ first_name: 'Test', version: 0 });
    const n = (
      await api.db.pool.query(
        `SELECT count(*)::int AS n FROM field_history WHERE entity = 'user' AND entity_id = $1`,
        [user.id],
      )
    ).rows[0].n;
    expect(n).toBe(0);
  });

  it('is append-only', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    await caller.post('/api/user/settings', settings({ shortCode: `AO${user.id}` }));
    await expect(
      api.db.pool.query(`UPDATE field_history SET new_value = 'x' WHERE entity_id = $1`, [user.id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      api.db.pool.query(`DELETE FROM field_history WHERE entity_id = $1`, [user.id]),
    ).rejects.toThrow(/append-only/);
  });

  it('pages newest first by cursor', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    for (let v = 0; v < 3; v++) {
      await caller.post(
        '/api/user/settings',
        settings({ firstName: `Name${v}`, shortCode: `PG${user.id}`, version: v }),
      );
    }
    const first = (await caller.get(`/api/history/user/${user.id}?limit=2`)).json().history;
    expect(first.items.map((i: { newValue: string }) => i.newValue)).toEqual(['Name2', 'Name1']);
    expect(first.next).toBeTruthy();
    const all = (await caller.get(`/api/history/user/${user.id}?limit=100`)).json().history.items;
    const second = (await caller.get(`/api/history/user/${user.id}?limit=100&after=${first.next}`)).json()
      .history;
    expect(second.items).toEqual(all.slice(2));
    expect(second.next).toBeNull();
    expect((await caller.get(`/api/history/user/${user.id}?after=garbage`)).statusCode).toBe(400);
  });

  it('is readable by the user and administrators, not by other users', async () => {
    const user = await makeUser(api.db.pool);
    const other = await makeUser(api.db.pool);
    const admin = await makeAdmin(api.db.pool);
    const otherCaller = await api.signIn(other.email, TEST_PASSWORD);
    const adminCaller = await api.signIn(admin.email, TEST_PASSWORD);
    expect((await otherCaller.get(`/api/history/user/${user.id}`)).statusCode).toBe(403);
    expect((await adminCaller.get(`/api/history/user/${user.id}`)).statusCode).toBe(200);
  });
});

describe('timer rounding', () => {
  it('loads (5 by default) with its options, saves 1, 5 or 30 with field history, refuses others clearly', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    const loaded = (await caller.get('/api/user/settings')).json();
    expect(loaded.user.timerRounding).toBe(5);
    expect(loaded.formOptions.timerRounding.map((o: { value: number }) => o.value)).toEqual([1, 5, 30]);

    const saved = await caller.post(
      '/api/user/settings',
      settings({ timerRounding: 30, shortCode: `TR${user.id}` }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user.timerRounding).toBe(30);
    const items = (await caller.get(`/api/history/user/${user.id}`)).json().history.items;
    expect(items.find((i: { field: string }) => i.field === 'timerRounding')).toMatchObject({
      fieldLabel: 'Timer Rounding (minutes)',
      oldValue: '5',
      newValue: '30',
    });

    // Left out (the staff screen's form), it stays as it is.
    const kept = await caller.post(
      '/api/user/settings',
      settings({ firstName: 'Kept', shortCode: `TR${user.id}`, version: 1 }),
    );
    expect(kept.json().user.timerRounding).toBe(30);

    for (const bad of [7, 'soon', 0]) {
      const res = await caller.post(
        '/api/user/settings',
        settings({ timerRounding: bad, shortCode: `TR${user.id}`, version: 2 }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().form.fields.timerRounding).toEqual(['Choose 1, 5 or 30 minutes.']);
    }
  });
});
