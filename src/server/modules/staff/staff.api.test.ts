// Staff administration: authorization, create, edit, unlock, list paging and filters, suggestions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let adminId: number;
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Root', lastName: 'Admin' });
  adminId = a.id;
  admin = await api.signIn(a.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const form = (over: Record<string, unknown> = {}) => ({
  email: 'new.tech@example.test',
  firstName: 'New',
  lastName: 'Tech',
  shortCode: 'NTECH',
  active: true,
  roles: ['ROLE_USER'],
  homePage: 'cases',
  caseListDailySlipsMode: 'CLOSED',
  autoPopulateTaskPoints: false,
  version: 0,
  password: 'initial password 1',
  ...over,
});

describe('authorization', () => {
  it('refuses non-administrators on every admin staff route', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    expect((await caller.get('/api/admin/staff')).statusCode).toBe(403);
    expect((await caller.get(`/api/admin/staff/${user.id}`)).statusCode).toBe(403);
    expect((await caller.get('/api/admin/staff/create')).statusCode).toBe(403);
    const res = await caller.post(
      `/api/admin/staff/${user.id}`,
      form({ roles: ['ROLE_USER', 'ROLE_ADMIN'] }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Access Denied.');
    expect(
      (await api.db.pool.query('SELECT roles FROM users WHERE id = $1', [user.id])).rows[0].roles,
    ).toEqual(['ROLE_USER']);
  });
});

describe('create and edit', () => {
  it('creates a staff member who can sign in, with history of the initial values', async () => {
    const blank = (await admin.get('/api/admin/staff/create')).json();
    expect(blank.staff).toMatchObject({ id: 0, roles: ['ROLE_USER'], active: true, homePage: 'cases' });
    expect(blank.formOptions.roles.map((o: { label: string }) => o.label)).toEqual([
      'User',
      'Administrator',
      'Primary developer',
    ]);
    const res = await admin.post('/api/admin/staff/create', form());
    expect(res.statusCode).toBe(200);
    const staff = res.json().staff;
    expect(staff).toMatchObject({
      name: 'New Tech',
      shortCode: 'NTECH',
      version: 0,
      createdBy: { value: adminId, label: 'Root Admin' },
    });
    await api.signIn('new.tech@example.test', 'initial password 1');
    const history = (await admin.get(`/api/history/user/${staff.id}`)).json().history.items;
    expect(history.find((h: { field: string }) => h.field === 'email')).toMatchObject({
      oldValue: null,
      newValue: 'new.tech@example.test',
    });
  });

  it('requires a password on create and validates every field', async () => {
    const res = await admin.post(
      '/api/admin/staff/create',
      form({ email: 'bad', password: '', roles: [], shortCode: '' }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().form.fields).sort()).toEqual(['email', 'roles', 'shortCode']);
    expect(res.json().form.fields.email).toEqual(['Invalid email address']);
    const noPassword = await admin.post(
      '/api/admin/staff/create',
      form({ email: 'np@example.test', shortCode: 'NP1', password: '' }),
    );
    expect(noPassword.json().form.fields).toEqual({ password: ['Set a password for the new staff member.'] });
  });

  it('reports a duplicate email as a field error', async () => {
    const existing = await makeUser(api.db.pool);
    const res = await admin.post(
      '/api/admin/staff/create',
      form({ email: existing.email, shortCode: 'DUPE1' }),
    );
    expect(res.json().form.fields).toEqual({
      email: ['This email address is already used by another staff member.'],
    });
  });

  it('edits roles, resets a password, unlocks, and deactivation signs the user out', async () => {
    const user = await makeUser(api.db.pool);
    const session = await api.signIn(user.email, TEST_PASSWORD);
    await api.db.pool.query(
      `UPDATE users SET failed_logins = 10, lock_count = 1, locked_until = now() + interval '1 minute' WHERE id = $1`,
      [user.id],
    );
    const loaded = (await admin.get(`/api/admin/staff/${user.id}`)).json().staff;
    expect(loaded.locked).toBe(true);
    const res = await admin.post(
      `/api/admin/staff/${user.id}`,
      form({
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        shortCode: user.shortCode,
        roles: ['ROLE_USER', 'ROLE_ADMIN'],
        password: 'reset by the admin',
        unlock: true,
        version: loaded.version,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().staff).toMatchObject({
      locked: false,
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
      version: loaded.version + 1,
    });
    await api.signIn(user.email, 'reset by the admin');
    const fields = (await admin.get(`/api/history/user/${user.id}`))
      .json()
      .history.items.map((h: { field: string }) => h.field);
    expect(fields.sort()).toEqual(['locked', 'password', 'roles']);

    const deactivate = await admin.post(
      `/api/admin/staff/${user.id}`,
      form({
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        shortCode: user.shortCode,
        active: false,
        password: '',
        version: loaded.version + 1,
      }),
    );
    expect(deactivate.statusCode).toBe(200);
    expect((await session.post('/api/user/profile')).statusCode).toBe(401);
  });

  it('a stale save gets 409 with the whole current record, its approver too (the form merges by field)', async () => {
    const user = await makeUser(api.db.pool);
    const boss = await makeUser(api.db.pool, { firstName: 'Bea', lastName: 'Boss' });
    const loaded = (await admin.get(`/api/admin/staff/${user.id}`)).json().staff;
    const base = { email: user.email, firstName: user.firstName, lastName: user.lastName, password: '' };
    const set = await admin.post(
      `/api/admin/staff/${user.id}`,
      form({ ...base, shortCode: user.shortCode, approver: boss.id, version: loaded.version }),
    );
    expect(set.statusCode, set.body).toBe(200);
    const stale = await admin.post(
      `/api/admin/staff/${user.id}`,
      form({ ...base, shortCode: 'STALE', version: loaded.version }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.approver).toEqual({ value: boss.id, label: 'Bea Boss' });
  });

  it('a password set by an administrator ends every session of that user; their own keeps the one in use', async () => {
    const user = await makeUser(api.db.pool);
    const phone = await api.signIn(user.email, TEST_PASSWORD);
    const laptop = await api.signIn(user.email, TEST_PASSWORD);
    const loaded = (await admin.get(`/api/admin/staff/${user.id}`)).json().staff;
    const reset = await admin.post(
      `/api/admin/staff/${user.id}`,
      form({ ...loaded, roles: loaded.roles, password: 'reset by the admin 2', version: loaded.version }),
    );
    expect(reset.statusCode).toBe(200);
    expect((await phone.post('/api/user/profile')).statusCode).toBe(401);
    expect((await laptop.post('/api/user/profile')).statusCode).toBe(401);

    // An administrator setting their own password on the staff screen stays signed in there, and only there.
    const other = await api.signIn((await admin.post('/api/user/profile')).json().user.email, TEST_PASSWORD);
    const me = (await admin.get(`/api/admin/staff/${adminId}`)).json().staff;
    const own = await admin.post(
      `/api/admin/staff/${adminId}`,
      form({ ...me, roles: me.roles, password: TEST_PASSWORD, version: me.version }),
    );
    expect(own.statusCode).toBe(200);
    expect((await admin.post('/api/user/profile')).statusCode).toBe(200);
    expect((await other.post('/api/user/profile')).statusCode).toBe(401);
  });

  it('does not let an administrator remove their own administrator role or deactivate themself', async () => {
    const me = (await admin.get(`/api/admin/staff/${adminId}`)).json().staff;
    const base = {
      email: me.email,
      firstName: me.firstName,
      lastName: me.lastName,
      shortCode: me.shortCode,
      password: '',
      version: me.version,
    };
    const demote = await admin.post(`/api/admin/staff/${adminId}`, form({ ...base, roles: ['ROLE_USER'] }));
    expect(demote.json().form.fields).toEqual({ roles: ['You cannot remove your own administrator role.'] });
    const off = await admin.post(
      `/api/admin/staff/${adminId}`,
      form({ ...base, roles: ['ROLE_USER', 'ROLE_ADMIN'], active: false }),
    );
    expect(off.json().form.fields).toEqual({ active: ['You cannot deactivate yourself.'] });
  });
});

describe('list', () => {
  it('pages by keyset in name order, filters by text and active flag', async () => {
    for (let i = 0; i < 7; i++) {
      await makeUser(api.db.pool, { firstName: `Pager${i}`, lastName: 'Zzlist', active: i !== 3 });
    }
    const page1 = (await admin.get('/api/admin/staff?q=zzlist&active=all&limit=3')).json();
    expect(page1.items.map((r: { name: string }) => r.name)).toEqual([
      'Pager0 Zzlist',
      'Pager1 Zzlist',
      'Pager2 Zzlist',
    ]);
    const page2 = (
      await admin.get(`/api/admin/staff?q=zzlist&active=all&limit=3&after=${page1.next}`)
    ).json();
    expect(page2.items.map((r: { name: string }) => r.name)).toEqual([
      'Pager3 Zzlist',
      'Pager4 Zzlist',
      'Pager5 Zzlist',
    ]);
    const page3 = (
      await admin.get(`/api/admin/staff?q=zzlist&active=all&limit=3&after=${page2.next}`)
    ).json();
    expect(page3.items).toHaveLength(1);
    expect(page3.next).toBeNull();
    const active = (await admin.get('/api/admin/staff?q=zzlist&active=1&limit=25')).json().items;
    expect(active).toHaveLength(6);
    const inactive = (await admin.get('/api/admin/staff?q=zzlist&active=2')).json().items;
    expect(inactive.map((r: { name: string }) => r.name)).toEqual(['Pager3 Zzlist']);
    // LIKE wildcards are literal
    expect((await admin.get('/api/admin/staff?q=%25&active=all')).json().items).toHaveLength(0);
  });

  it('suggests active staff by name for any signed-in user', async () => {
    const user = await makeUser(api.db.pool, { firstName: 'Suggest', lastName: 'Me' });
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    const res = await caller.get('/api/suggest/staff/?q=suggest&limit=5');
    expect(res.json()).toEqual([{ value: user.id, label: 'Suggest Me' }]);
  });
});
