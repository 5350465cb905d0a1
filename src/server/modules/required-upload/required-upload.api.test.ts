// Required uploads (report notices): administrators only, history under ReportNotice, the report / frequency /
// client filter choices, the unique name, a notice printed with it, bad input, the 409, list filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNotice, makeRequiredUpload } from '../../../../test/support/admin-report-factories.js';
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
  name: 'Quarterly Security Pack',
  description: 'Antivirus, BitLocker, patch and warranty summaries.',
  report: 'security-pack',
  frequency: 'QUARTERLY',
  clients: '2',
  notice: null,
  active: true,
  ...over,
});

describe('authorization', () => {
  it('refuses technicians on every route and the history', async () => {
    const upload = await makeRequiredUpload(api.db.pool, { name: 'Guarded Upload' });
    const calls = [
      tech.get('/api/admin/required-upload'),
      tech.get('/api/admin/required-upload/create'),
      tech.get(`/api/admin/required-upload/${upload.id}`),
      tech.post('/api/admin/required-upload/create', form({ name: 'Sneaky' })),
      tech.post(`/api/admin/required-upload/${upload.id}`, form({ name: 'Sneaky' })),
      tech.delete(`/api/admin/required-upload/${upload.id}?version=0`),
      tech.get(`/api/history/required-upload/${upload.id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
    const { rows } = await api.db.pool.query('SELECT name FROM report_notices WHERE id = $1', [upload.id]);
    expect(rows[0].name).toBe('Guarded Upload');
  });
});

describe('create, read, update, delete', () => {
  it('offers the active report notices, creates one with a notice and records history under ReportNotice', async () => {
    const disclaimer = await makeNotice(api.db.pool, { title: 'Aa Disclaimer' });
    const banner = await makeNotice(api.db.pool, { title: 'Aa Banner', onReports: false, asBanner: true });
    const blank = (await admin.get('/api/admin/required-upload/create')).json();
    expect(blank.requiredUpload).toMatchObject({
      id: 0,
      name: '',
      report: null,
      frequency: { value: 'QUARTERLY', label: 'Quarterly' },
      clients: { value: '1', label: 'Active' },
      notice: null,
      active: true,
    });
    const offered = blank.formOptions.notice.map((o: { label: string }) => o.label);
    expect(offered).toContain('Aa Disclaimer');
    expect(offered).not.toContain('Aa Banner');
    expect(banner.id).toBeGreaterThan(0);

    const res = await admin.post('/api/admin/required-upload/create', form({ notice: disclaimer.id }));
    expect(res.statusCode).toBe(200);
    const upload = res.json().requiredUpload;
    expect(upload).toMatchObject({
      name: 'Quarterly Security Pack',
      report: { value: 'security-pack', label: 'Security pack' },
      frequency: { value: 'QUARTERLY', label: 'Quarterly' },
      clients: { value: '2', label: 'RMM' },
      notice: { value: disclaimer.id, label: 'Aa Disclaimer' },
      version: 0,
    });
    expect((await admin.get(`/api/admin/required-upload/${upload.id}`)).json().requiredUpload).toEqual(
      upload,
    );
    const history = (await admin.get(`/api/history/required-upload/${upload.id}`)).json().history;
    expect(history.objectClass).toBe('ReportNotice');
    expect(history.title).toBe('Quarterly Security Pack');
    const byField = Object.fromEntries(
      history.items.map((i: { fieldLabel: string; newValue: string }) => [i.fieldLabel, i.newValue]),
    );
    expect(byField).toMatchObject({
      Name: 'Quarterly Security Pack',
      Report: 'Security pack',
      Frequency: 'Quarterly',
      Clients: 'RMM',
      Notice: 'Aa Disclaimer',
      Active: 'Yes',
    });
  });

  it.each([
    ['a client report', 'patch', { value: 'patch', label: 'Patch' }, 'Patch'],
    [
      'the security pack',
      'security-pack',
      { value: 'security-pack', label: 'Security pack' },
      'Security pack',
    ],
    ['a document uploaded by hand', null, null, 'Document uploaded by hand'],
    ['a document uploaded by hand (empty choice)', '', null, 'Document uploaded by hand'],
  ])('saves %s as the report and names it in history', async (_what, report, presented, shown) => {
    const name = `Report choice ${String(report)} ${Date.now() % 100000}`;
    const res = await admin.post('/api/admin/required-upload/create', form({ name, report }));
    expect(res.statusCode).toBe(200);
    expect(res.json().requiredUpload.report).toEqual(presented);
    const items = (await admin.get(`/api/history/required-upload/${res.json().requiredUpload.id}`)).json()
      .history.items;
    expect(items.find((i: { field: string }) => i.field === 'report').newValue).toBe(shown);
  });

  it('refuses a name already used, whatever its case, with a clear message', async () => {
    await makeRequiredUpload(api.db.pool, { name: 'Monthly Patch Report' });
    for (const name of ['Monthly Patch Report', 'monthly patch REPORT']) {
      const res = await admin.post('/api/admin/required-upload/create', form({ name }));
      expect(res.statusCode).toBe(400);
      expect(res.json().form.fields).toEqual({ name: ['This name is already used.'] });
    }
    // Its own name is not a clash when saving it again.
    const own = await makeRequiredUpload(api.db.pool, { name: 'Yearly Warranty Report' });
    const res = await admin.post(
      `/api/admin/required-upload/${own.id}`,
      form({ name: 'Yearly Warranty Report', frequency: 'YEARLY' }),
    );
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a blank name', { name: ' ' }, 'name', 'This value should not be blank.'],
    ['an unknown report', { report: 'tax-return' }, 'report', 'Please choose one of the offered values.'],
    [
      'an unknown frequency',
      { frequency: 'WEEKLY' },
      'frequency',
      'Please choose one of the offered values.',
    ],
    ['no frequency', { frequency: null }, 'frequency', 'This value should not be blank.'],
    ['no clients', { clients: '' }, 'clients', 'This value should not be blank.'],
    ['an unknown client filter', { clients: '9' }, 'clients', 'Please choose one of the offered values.'],
    ['a notice that does not exist', { notice: 2147483000 }, 'notice', 'This value is not valid.'],
    ['a notice that is not an id', { notice: 'abc' }, 'notice', 'This value is not valid.'],
  ])('refuses %s with its message', async (_what, over, field, message) => {
    const res = await admin.post(
      '/api/admin/required-upload/create',
      form({ name: `Bad ${field}`, ...over }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({ [field]: [message] });
  });

  it('updates with history of each changed field and refuses a stale version with 409', async () => {
    const upload = await makeRequiredUpload(api.db.pool, { name: 'Pack To Change' });
    const saved = await admin.post(
      `/api/admin/required-upload/${upload.id}`,
      form({ name: 'Pack To Change', frequency: 'MONTHLY', clients: '4', report: null }),
    );
    expect(saved.statusCode).toBe(200);
    const items = (await admin.get(`/api/history/required-upload/${upload.id}`)).json().history.items;
    const change = (field: string) => items.find((i: { field: string }) => i.field === field);
    expect(change('frequency')).toMatchObject({ oldValue: 'Quarterly', newValue: 'Monthly' });
    expect(change('clients')).toMatchObject({ oldValue: 'Active', newValue: 'RMM - Bill By Device' });
    expect(change('report')).toMatchObject({
      oldValue: 'Security pack',
      newValue: 'Document uploaded by hand',
    });
    const stale = await admin.post(`/api/admin/required-upload/${upload.id}`, form({ name: 'Lost' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ name: 'Pack To Change', version: 1 });
  });

  it('deletes one; its report history entries stay', async () => {
    const upload = await makeRequiredUpload(api.db.pool);
    const res = await admin.delete(`/api/admin/required-upload/${upload.id}?version=0`);
    expect(res.json()).toEqual({ deleted: true });
    expect((await admin.get(`/api/admin/required-upload/${upload.id}`)).statusCode).toBe(404);
  });
});

describe('list', () => {
  it('filters by active (default active), frequency and text, sorted by name, paged by keyset', async () => {
    const tag = `Omega${Date.now() % 100000}`;
    for (let i = 0; i < 27; i++)
      await makeRequiredUpload(api.db.pool, {
        name: `${tag} ${String(i).padStart(2, '0')}`,
        frequency: i % 3 === 0 ? 'MONTHLY' : 'YEARLY',
        active: i !== 26,
      });
    const first = (await admin.get(`/api/admin/required-upload?q=${tag}`)).json();
    expect(first.items).toHaveLength(25);
    expect(first.items[0].name).toBe(`${tag} 00`);
    const second = (await admin.get(`/api/admin/required-upload?q=${tag}&after=${first.next}`)).json();
    expect(second.items.map((u: { name: string }) => u.name)).toEqual([`${tag} 25`]);
    const names = async (query: string) =>
      (await admin.get(`/api/admin/required-upload?q=${tag}&limit=100&${query}`))
        .json()
        .items.map((u: { name: string }) => u.name) as string[];
    expect(await names('frequency=MONTHLY')).toHaveLength(9);
    expect(await names('active=2')).toEqual([`${tag} 26`]);
    expect(await names('active=all')).toHaveLength(27);
    const bad = await admin.get('/api/admin/required-upload?frequency=DAILY');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().form.fields.frequency).toEqual(['Please choose one of the offered values.']);
  });
});
