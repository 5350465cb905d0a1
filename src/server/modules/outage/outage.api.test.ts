// Outages: company-zone start/end (across daylight saving), every message, history in company time, auto-assignment,
// the 409 conflict, delete, list filters and keyset paging. The company zone is America/New_York.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAdmin,
  makeOrganization,
  makeOutage,
  makeOutageType,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';

let api: ApiHarness;
let user: Awaited<ReturnType<typeof api.signIn>>;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let userId: number;
let type: { id: number; name: string };
beforeAll(async () => {
  // A company zone with daylight saving, while the process runs in UTC.
  api = await setupApi({ timeZone: 'America/New_York' });
  const u = await makeUser(api.db.pool, { firstName: 'Olive', lastName: 'Owner' });
  userId = u.id;
  user = await api.signIn(u.email, TEST_PASSWORD);
  admin = await api.signIn((await makeAdmin(api.db.pool)).email, TEST_PASSWORD);
  type = await makeOutageType(api.db.pool, 'Internet Down');
});
afterAll(() => api?.close());

const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  outageType: type.id,
  organization: null,
  title: 'Fibre cut downtown',
  description: '',
  startDate: '11/23/2026',
  startTime: '9:30 AM',
  endDate: '',
  endTime: '',
  status: 'OPEN',
  assignedTo: null,
  ...over,
});

type HistoryItem = { field: string; fieldLabel: string; oldValue: string | null; newValue: string | null };
const history = async (id: number) =>
  (await user.get(`/api/history/outage/${id}`)).json().history as {
    objectClass: string;
    items: HistoryItem[];
  };

describe('create and read', () => {
  it('a new outage starts now in the company zone; ?organization= preselects the customer', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Prefill Dental' });
    const res = (await user.get(`/api/manage/outage/create?organization=${org.id}`)).json();
    const now = Date.now();
    expect(res.outage).toMatchObject({
      id: 0,
      version: 0,
      organization: { value: org.id, label: 'Prefill Dental' },
      status: { value: 'OPEN', label: 'Open' },
      endsAt: null,
      endDate: null,
      endTime: null,
      assignedTo: null,
    });
    expect(Math.abs(Date.parse(res.outage.startsAt) - now)).toBeLessThan(120_000);
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
    }).format(new Date(res.outage.startsAt));
    expect(res.outage.startDate).toBe(local);
    expect(res.outage.startTime).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
    expect(res.formOptions.status).toEqual([
      { value: 'OPEN', label: 'Open' },
      { value: 'MONITORING', label: 'Monitoring' },
      { value: 'RESOLVED', label: 'Resolved' },
    ]);
  });

  it('formOptions offer active outage types only', async () => {
    const gone = await makeOutageType(api.db.pool, 'Retired Type');
    await api.db.pool.query('UPDATE outage_types SET active = false WHERE id = $1', [gone.id]);
    const labels = (await user.get('/api/manage/outage/create'))
      .json()
      .formOptions.outageType.map((o: { label: string }) => o.label);
    expect(labels).toContain('Internet Down');
    expect(labels).not.toContain('Retired Type');
  });

  it('creates: times typed in the company zone become instants; presented as ISO and as form parts', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Acme Dental' });
    const res = await user.post(
      '/api/manage/outage/create',
      form({
        organization: org.id,
        startTime: '930a',
        endDate: '11/23/2026',
        endTime: '1:05p',
        status: 'RESOLVED',
        assignedTo: userId,
        description: 'Splice crew on site.',
      }),
    );
    expect(res.statusCode).toBe(200);
    const outage = res.json().outage;
    expect(outage).toMatchObject({
      outageType: { value: type.id, label: 'Internet Down' },
      organization: { value: org.id, label: 'Acme Dental' },
      title: 'Fibre cut downtown',
      description: 'Splice crew on site.',
      startsAt: '2026-11-23T14:30:00.000Z',
      endsAt: '2026-11-23T18:05:00.000Z',
      startDate: '11/23/2026',
      startTime: '9:30 AM',
      endDate: '11/23/2026',
      endTime: '1:05 PM',
      status: { value: 'RESOLVED', label: 'Resolved' },
      assignedTo: { value: userId, label: 'Olive Owner' },
      version: 0,
      createdBy: { value: userId, label: 'Olive Owner' },
    });
    expect((await user.get(`/api/manage/outage/${outage.id}`)).json().outage).toEqual(outage);
    const h = await history(outage.id);
    expect(h.objectClass).toBe('Outage');
    const byField = Object.fromEntries(h.items.map((i) => [i.field, i]));
    expect(byField.startsAt).toMatchObject({
      fieldLabel: 'Start',
      oldValue: null,
      newValue: '11/23/2026 9:30 AM',
    });
    expect(byField.endsAt).toMatchObject({ fieldLabel: 'End', newValue: '11/23/2026 1:05 PM' });
    expect(byField.outageType).toMatchObject({ fieldLabel: 'Outage Type', newValue: 'Internet Down' });
    expect(byField.organization).toMatchObject({ fieldLabel: 'Organization', newValue: 'Acme Dental' });
    expect(byField.status).toMatchObject({ fieldLabel: 'Status', newValue: 'Resolved' });
    expect(byField.assignedTo).toMatchObject({ fieldLabel: 'Assigned To', newValue: 'Olive Owner' });
  });

  it('converts with the offset of the day: summer is UTC-4, winter UTC-5, and across the spring change', async () => {
    const summer = (await user.post('/api/manage/outage/create', form({ startDate: '07/01/2026' }))).json()
      .outage;
    expect(summer.startsAt).toBe('2026-07-01T13:30:00.000Z');
    expect(summer.startTime).toBe('9:30 AM');
    // Clocks went from 2:00 to 3:00 AM on 03/08/2026: 1:30 to 3:30 AM is one hour.
    const across = (
      await user.post(
        '/api/manage/outage/create',
        form({ startDate: '03/08/2026', startTime: '1:30 AM', endDate: '03/08/2026', endTime: '3:30 AM' }),
      )
    ).json().outage;
    expect(across).toMatchObject({
      startsAt: '2026-03-08T06:30:00.000Z',
      endsAt: '2026-03-08T07:30:00.000Z',
      startTime: '1:30 AM',
      endTime: '3:30 AM',
    });
    // Clocks went back from 2:00 to 1:00 AM on 11/01/2026: an end on the next day reads back unchanged.
    const fall = (
      await user.post(
        '/api/manage/outage/create',
        form({ startDate: '10/31/2026', startTime: '11 PM', endDate: '11/01/2026', endTime: '6:00 AM' }),
      )
    ).json().outage;
    expect(fall).toMatchObject({
      startsAt: '2026-11-01T03:00:00.000Z',
      endsAt: '2026-11-01T11:00:00.000Z',
      endDate: '11/01/2026',
      endTime: '6:00 AM',
    });
  });
});

describe('validation', () => {
  it('returns every message keyed by field, and saves nothing', async () => {
    const res = await user.post(
      '/api/manage/outage/create',
      form({ outageType: '', title: ' ', startDate: '', startTime: '', status: '' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please review the page for field entry errors, shown in red.');
    expect(res.json().form.fields).toEqual({
      outageType: ['This value should not be blank.'],
      title: ['This value should not be blank.'],
      startDate: ['This value should not be blank.'],
      startTime: ['This value should not be blank.'],
      status: ['This value should not be blank.'],
    });
    const { rows } = await api.db.pool.query(`SELECT count(*)::int AS n FROM outages WHERE title = ' '`);
    expect(rows[0].n).toBe(0);
  });

  it('times follow the shared time-of-day rules', async () => {
    const res = await user.post(
      '/api/manage/outage/create',
      form({ startTime: '25:00', endDate: '11/24/2026', endTime: '9:75', startDate: '02/30/2026' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({
      startDate: ['Please enter a valid date (MM/DD/YYYY).'],
      startTime: ['Please enter a valid time (e.g. 3:20 PM).'],
      endTime: ['Please enter a valid time (e.g. 3:20 PM).'],
    });
  });

  it('the end must be after the start, and needs both its date and time', async () => {
    const before = await user.post(
      '/api/manage/outage/create',
      form({ endDate: '11/23/2026', endTime: '9:30 AM' }),
    );
    expect(before.json().form.fields).toEqual({ endTime: ['The end must be after the start.'] });
    const dayBefore = await user.post(
      '/api/manage/outage/create',
      form({ endDate: '11/22/2026', endTime: '11:00 PM' }),
    );
    expect(dayBefore.json().form.fields).toEqual({ endTime: ['The end must be after the start.'] });
    // 2:30 AM did not exist on 03/08/2026 and reads as 3:30 AM, which is after 3:15 AM.
    const skipped = await user.post(
      '/api/manage/outage/create',
      form({ startDate: '03/08/2026', startTime: '2:30 AM', endDate: '03/08/2026', endTime: '3:15 AM' }),
    );
    expect(skipped.statusCode).toBe(400);
    expect(skipped.json().form.fields).toEqual({ endTime: ['The end must be after the start.'] });
    const dateOnly = await user.post('/api/manage/outage/create', form({ endDate: '11/24/2026' }));
    expect(dateOnly.json().form.fields).toEqual({ endTime: ['This value should not be blank.'] });
    const timeOnly = await user.post('/api/manage/outage/create', form({ endTime: '5 PM' }));
    expect(timeOnly.json().form.fields).toEqual({ endDate: ['This value should not be blank.'] });
  });

  it('a resolved outage needs an end; references must exist', async () => {
    const resolved = await user.post('/api/manage/outage/create', form({ status: 'RESOLVED' }));
    expect(resolved.statusCode).toBe(400);
    expect(resolved.json().form.fields).toEqual({ endDate: ['A resolved outage needs an end.'] });
    const bad = await user.post('/api/manage/outage/create', form({ status: 'DOWN' }));
    expect(Object.keys(bad.json().form.fields)).toEqual(['status']);
    const missing = await user.post('/api/manage/outage/create', form({ outageType: 999999 }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().form.fields).toEqual({ outageType: ['This value is not valid.'] });
  });
});

describe('auto-assignment', () => {
  const create = async (over: Record<string, unknown>) =>
    (await user.post('/api/manage/outage/create', form(over))).json().outage;

  it('assigns nobody while no rules are set', async () => {
    expect((await create({})).assignedTo).toBeNull();
  });

  it('uses the rule of the type, else the default assignee; an explicit assignee wins', async () => {
    const email = await makeOutageType(api.db.pool, 'Email Down');
    const power = await makeOutageType(api.db.pool, 'Power Outage');
    const tech = await makeUser(api.db.pool, { firstName: 'Nora', lastName: 'Network' });
    const lead = await makeUser(api.db.pool, { firstName: 'Dora', lastName: 'Default' });
    const saved = await admin.post('/api/admin/outage-auto-assignment', {
      version: 0,
      defaultAssignee: lead.id,
      rules: [{ outageType: email.id, assignee: tech.id }],
    });
    expect(saved.statusCode).toBe(200);
    const byRule = await create({ outageType: email.id });
    expect(byRule.assignedTo).toEqual({ value: tech.id, label: 'Nora Network' });
    const byDefault = await create({ outageType: power.id });
    expect(byDefault.assignedTo).toEqual({ value: lead.id, label: 'Dora Default' });
    expect((await create({ outageType: email.id, assignedTo: userId })).assignedTo).toEqual({
      value: userId,
      label: 'Olive Owner',
    });
    // History records the assignee that was set.
    const items = (await history(byRule.id)).items;
    expect(items.find((i) => i.field === 'assignedTo')?.newValue).toBe('Nora Network');
    // Only new outages: clearing the assignee of a saved one leaves it unassigned.
    const cleared = await user.post(`/api/manage/outage/${byRule.id}`, form({ outageType: email.id }));
    expect(cleared.json().outage.assignedTo).toBeNull();
    // A rule's assignee who has left is skipped for the default.
    await api.db.pool.query('UPDATE users SET active = false WHERE id = $1', [tech.id]);
    expect((await create({ outageType: email.id })).assignedTo).toEqual({
      value: lead.id,
      label: 'Dora Default',
    });
  });
});

describe('update and delete', () => {
  it('updates with history in company time, and refuses a stale version with 409', async () => {
    const outage = (await user.post('/api/manage/outage/create', form({ title: 'Mail relay down' }))).json()
      .outage;
    const res = await user.post(
      `/api/manage/outage/${outage.id}`,
      form({
        title: 'Mail relay down',
        startTime: '10:15 AM',
        endDate: '11/23/2026',
        endTime: '11:00 AM',
        status: 'MONITORING',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().outage).toMatchObject({ version: 1, startsAt: '2026-11-23T15:15:00.000Z' });
    const items = (await history(outage.id)).items;
    expect(items.find((i) => i.field === 'startsAt')).toMatchObject({
      oldValue: '11/23/2026 9:30 AM',
      newValue: '11/23/2026 10:15 AM',
    });
    expect(items.find((i) => i.field === 'endsAt')).toMatchObject({
      oldValue: null,
      newValue: '11/23/2026 11:00 AM',
    });
    expect(items.find((i) => i.field === 'status')).toMatchObject({
      oldValue: 'Open',
      newValue: 'Monitoring',
    });
    const stale = await user.post(`/api/manage/outage/${outage.id}`, form({ title: 'Lost update' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Olive Owner at /);
    expect(stale.json().current).toMatchObject({
      title: 'Mail relay down',
      version: 1,
      startTime: '10:15 AM',
    });
  });

  it('deletes at the version seen', async () => {
    const outage = await makeOutage(api.db.pool, { outageTypeId: type.id });
    expect((await user.delete(`/api/manage/outage/${outage.id}?version=3`)).statusCode).toBe(409);
    expect((await user.delete(`/api/manage/outage/${outage.id}?version=0`)).json()).toEqual({
      deleted: true,
    });
    expect((await user.get(`/api/manage/outage/${outage.id}`)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await api.anonymous.get('/api/manage/outage')).statusCode).toBe(401);
    expect((await api.anonymous.post('/api/manage/outage/create', form())).statusCode).toBe(401);
  });
});

describe('list', () => {
  it('newest first, open and monitoring by default, filters by status, organization, type and title', async () => {
    const listType = await makeOutageType(api.db.pool);
    const other = await makeOutageType(api.db.pool);
    const org = await makeOrganization(api.db.pool);
    const tag = `Sigma${Date.now() % 100000}`;
    const statuses = ['OPEN', 'MONITORING', 'RESOLVED'] as const;
    const base = Date.parse('2026-05-01T12:00:00Z');
    for (let i = 0; i < 30; i++) {
      await makeOutage(api.db.pool, {
        outageTypeId: i % 10 === 9 ? other.id : listType.id,
        organizationId: i % 2 ? org.id : null,
        title: `${tag} ${String(i).padStart(2, '0')}`,
        // Two outages share each start: the id breaks the tie.
        startsAt: new Date(base + Math.floor(i / 2) * 3_600_000),
        status: statuses[i % 3],
      });
    }
    const q = `q=${encodeURIComponent(tag)}`;
    const titles = async (query: string) => {
      const res = await user.get(`/api/manage/outage?${q}&limit=100&${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().items.map((o: { title: string }) => o.title) as string[];
    };
    const all = await titles('status=all');
    expect(all).toHaveLength(30);
    expect(all.slice(0, 3)).toEqual([`${tag} 29`, `${tag} 28`, `${tag} 27`]);
    expect(await titles('')).toHaveLength(20);
    expect(await titles('status=open')).toEqual(all.filter((t) => Number(t.slice(-2)) % 3 !== 2));
    expect(await titles('status=RESOLVED')).toHaveLength(10);
    expect(await titles('status=MONITORING')).toHaveLength(10);
    expect(await titles(`status=all&organization=${org.id}`)).toHaveLength(15);
    expect(await titles(`status=all&outageType=${other.id}`)).toEqual([
      `${tag} 29`,
      `${tag} 19`,
      `${tag} 09`,
    ]);
    expect((await titles('status=all&dir=asc')).slice(0, 2)).toEqual([`${tag} 00`, `${tag} 01`]);

    const first = (await user.get(`/api/manage/outage?${q}&status=all&limit=7`)).json();
    const pages: string[] = first.items.map((o: { title: string }) => o.title);
    let next = first.next as string | null;
    while (next) {
      const page = (await user.get(`/api/manage/outage?${q}&status=all&limit=7&after=${next}`)).json();
      pages.push(...page.items.map((o: { title: string }) => o.title));
      next = page.next;
    }
    expect(pages).toEqual(all);
    expect(first.items[0]).toMatchObject({ startDate: '05/01/2026', startTime: '10:00 PM' });

    expect((await user.get('/api/manage/outage?status=closed')).statusCode).toBe(400);
    expect((await user.get('/api/manage/outage?after=garbage')).statusCode).toBe(400);
  });
});
