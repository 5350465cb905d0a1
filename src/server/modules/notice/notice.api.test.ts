// Notices: administrators only for the list and basics, field history under Notice, bad input, the 409, list
// filters; the shell's banners (/api/notice/active) for any signed-in user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNotice } from '../../../../test/support/admin-report-factories.js';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let tech: Awaited<ReturnType<typeof api.signIn>>;
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  admin = await api.signIn(a.email, TEST_PASSWORD);
  tech = await api.signIn((await makeUser(api.db.pool)).email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  title: 'Data Disclaimer',
  body: 'This report reflects the data reported by the RMM agents.\nFigures may lag by a day.',
  onReports: true,
  asBanner: false,
  active: true,
  ...over,
});

describe('authorization', () => {
  it('refuses technicians on every admin route and the history; anonymous callers sign in first', async () => {
    const notice = await makeNotice(api.db.pool, { title: 'Guarded' });
    const calls = [
      tech.get('/api/admin/notice'),
      tech.get('/api/admin/notice/create'),
      tech.get(`/api/admin/notice/${notice.id}`),
      tech.post('/api/admin/notice/create', form()),
      tech.post(`/api/admin/notice/${notice.id}`, form({ title: 'Sneaky' })),
      tech.delete(`/api/admin/notice/${notice.id}?version=0`),
      tech.get(`/api/history/notice/${notice.id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
    const { rows } = await api.db.pool.query('SELECT title FROM notices WHERE id = $1', [notice.id]);
    expect(rows[0].title).toBe('Guarded');
    expect((await api.anonymous.get('/api/admin/notice')).statusCode).toBe(401);
    expect((await api.anonymous.get('/api/notice/active')).statusCode).toBe(401);
  });
});

describe('create, read, update, delete', () => {
  it('creates a notice keeping its line breaks, reads it back, and records history under Notice', async () => {
    const blank = (await admin.get('/api/admin/notice/create')).json();
    expect(blank.notice).toMatchObject({ id: 0, title: '', onReports: true, asBanner: false, active: true });
    const res = await admin.post('/api/admin/notice/create', form());
    expect(res.statusCode).toBe(200);
    const notice = res.json().notice;
    expect(notice).toMatchObject({
      title: 'Data Disclaimer',
      body: 'This report reflects the data reported by the RMM agents.\nFigures may lag by a day.',
      onReports: true,
      asBanner: false,
      active: true,
      version: 0,
    });
    expect((await admin.get(`/api/admin/notice/${notice.id}`)).json().notice).toEqual(notice);
    const history = (await admin.get(`/api/history/notice/${notice.id}`)).json().history;
    expect(history.objectClass).toBe('Notice');
    expect(history.title).toBe('Data Disclaimer');
    expect(history.items.map((i: { fieldLabel: string }) => i.fieldLabel).sort()).toEqual([
      'Active',
      'Show as a Banner',
      'Show on Reports',
      'Text',
      'Title',
    ]);
  });

  it('updates with a history row per changed field and refuses a stale version with 409', async () => {
    const notice = await makeNotice(api.db.pool, { title: 'Maintenance' });
    const saved = await admin.post(
      `/api/admin/notice/${notice.id}`,
      form({ title: 'Maintenance Window', asBanner: true }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().notice).toMatchObject({ title: 'Maintenance Window', asBanner: true, version: 1 });
    const items = (await admin.get(`/api/history/notice/${notice.id}`)).json().history.items;
    expect(items.find((i: { field: string }) => i.field === 'asBanner')).toMatchObject({
      oldValue: 'No',
      newValue: 'Yes',
      actor: { label: 'Ada Admin' },
    });
    expect(items.find((i: { field: string }) => i.field === 'title')).toMatchObject({
      oldValue: 'Maintenance',
      newValue: 'Maintenance Window',
    });
    const stale = await admin.post(`/api/admin/notice/${notice.id}`, form({ title: 'Lost Update' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Ada Admin at /);
    expect(stale.json().current).toMatchObject({ title: 'Maintenance Window', version: 1 });
  });

  it.each([
    ['a blank title', { title: '  ' }, 'title', 'This value should not be blank.'],
    ['a blank text', { body: '\n \n' }, 'body', 'This value should not be blank.'],
    [
      'a text over 4000 characters',
      { body: 'x'.repeat(4001) },
      'body',
      'This value is too long. It should have 4000 characters or less.',
    ],
    [
      'a title over 200 characters',
      { title: 't'.repeat(201) },
      'title',
      'This value is too long. It should have 200 characters or less.',
    ],
    ['a flag that is not yes or no', { asBanner: 'maybe' }, 'asBanner', 'This value is not valid.'],
  ])('refuses %s with its message', async (_what, over, field, message) => {
    const res = await admin.post('/api/admin/notice/create', form(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({ [field]: [message] });
  });

  it('accepts a text of exactly 4000 characters', async () => {
    const res = await admin.post('/api/admin/notice/create', form({ body: 'y'.repeat(4000) }));
    expect(res.statusCode).toBe(200);
    expect(res.json().notice.body).toHaveLength(4000);
  });

  it('deletes a notice; a required upload printing it keeps going without it', async () => {
    const notice = await makeNotice(api.db.pool);
    const { rows } = await api.db.pool.query<{ id: number }>(
      `INSERT INTO report_notices (name, notice_id) VALUES ('Pack with notice', $1) RETURNING id`,
      [notice.id],
    );
    expect((await admin.delete(`/api/admin/notice/${notice.id}?version=0`)).json()).toEqual({
      deleted: true,
    });
    expect((await admin.get(`/api/admin/notice/${notice.id}`)).statusCode).toBe(404);
    const upload = (await admin.get(`/api/admin/required-upload/${rows[0]!.id}`)).json().requiredUpload;
    expect(upload.notice).toBeNull();
  });
});

describe('list', () => {
  it('filters by active (default active), where it shows and text; sorts by title', async () => {
    const tag = `Zeta${Date.now() % 100000}`;
    await makeNotice(api.db.pool, { title: `${tag} B banner`, asBanner: true, onReports: false });
    await makeNotice(api.db.pool, { title: `${tag} A report` });
    await makeNotice(api.db.pool, { title: `${tag} C old`, active: false, body: `Retired ${tag}` });
    const titles = async (query: string) =>
      (await admin.get(`/api/admin/notice?q=${tag}&${query}`))
        .json()
        .items.map((n: { title: string }) => n.title) as string[];
    expect(await titles('')).toEqual([`${tag} A report`, `${tag} B banner`]);
    expect(await titles('active=all')).toEqual([`${tag} A report`, `${tag} B banner`, `${tag} C old`]);
    expect(await titles('active=2')).toEqual([`${tag} C old`]);
    expect(await titles('shows=banner')).toEqual([`${tag} B banner`]);
    expect(await titles('shows=reports&active=all')).toEqual([`${tag} A report`, `${tag} C old`]);
    expect(await titles('active=all&dir=desc')).toEqual([
      `${tag} C old`,
      `${tag} B banner`,
      `${tag} A report`,
    ]);
    const bad = await admin.get('/api/admin/notice?shows=popup');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().form.fields.shows).toEqual(['Please choose one of the offered values.']);
  });
});

describe('banners', () => {
  it('shows a technician the active banner notices only, newest change first, at most five', async () => {
    await api.db.pool.query('UPDATE notices SET active = false');
    const inactive = await makeNotice(api.db.pool, { title: 'Old banner', asBanner: true, active: false });
    await makeNotice(api.db.pool, { title: 'Report only' });
    const made = [];
    for (let i = 1; i <= 6; i++)
      made.push(
        await makeNotice(api.db.pool, { title: `Banner ${i}`, body: `Line one\nLine ${i}`, asBanner: true }),
      );
    // Their changes one minute apart: Banner 6 is the newest.
    for (const [i, n] of made.entries())
      await api.db.pool.query(
        `UPDATE notices SET updated_at = now() - make_interval(mins => $2) WHERE id = $1`,
        [n.id, 10 - i],
      );
    const res = await tech.get('/api/notice/active');
    expect(res.statusCode).toBe(200);
    const notices = res.json().notices;
    expect(notices.map((n: { title: string }) => n.title)).toEqual([
      'Banner 6',
      'Banner 5',
      'Banner 4',
      'Banner 3',
      'Banner 2',
    ]);
    expect(notices[0]).toEqual({
      id: made[5]!.id,
      title: 'Banner 6',
      body: 'Line one\nLine 6',
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(notices.map((n: { id: number }) => n.id)).not.toContain(inactive.id);
  });

  it('an edited banner carries its new change time, so the shell shows it again', async () => {
    await api.db.pool.query('UPDATE notices SET active = false');
    const notice = (
      await admin.post('/api/admin/notice/create', form({ title: 'Office move', asBanner: true }))
    ).json().notice;
    const before = (await tech.get('/api/notice/active')).json().notices[0];
    expect(before).toMatchObject({ id: notice.id, title: 'Office move' });
    await admin.post(
      `/api/admin/notice/${notice.id}`,
      form({ title: 'Office move on Friday', asBanner: true }),
    );
    const after = (await tech.get('/api/notice/active')).json().notices[0];
    expect(after).toMatchObject({ id: notice.id, title: 'Office move on Friday' });
    expect(after.updatedAt).not.toBe(before.updatedAt);
  });
});
