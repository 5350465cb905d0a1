// RMM settings, virtual devices: administrators only, the rule saved whole with its version (409 when stale),
// field history, the model patterns' rules, and the live count of devices the rule marks virtual.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeModelDevice } from '../../../../test/support/admin-report-factories.js';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAdmin,
  makeDeviceCategory,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { loadVirtualDevices } from './virtual.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let tech: Awaited<ReturnType<typeof api.signIn>>;
let hypervisor: { id: number; name: string };
let cloud: { id: number; name: string };
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  admin = await api.signIn(a.email, TEST_PASSWORD);
  tech = await api.signIn((await makeUser(api.db.pool)).email, TEST_PASSWORD);
  hypervisor = await makeDeviceCategory(api.db.pool, 'Hypervisor Guest');
  cloud = await makeDeviceCategory(api.db.pool, 'Cloud Instance');
  // 10 active devices (one retired), of which the rules below pick some.
  const pool = api.db.pool;
  await makeModelDevice(pool, { model: 'VMware Virtual Platform' });
  await makeModelDevice(pool, { model: 'VMware7,1' });
  await makeModelDevice(pool, { model: 'Virtual Machine' });
  await makeModelDevice(pool, { model: 'Standard PC (Q35 + ICH9, 2009) KVM' });
  await makeModelDevice(pool, { model: 'OptiPlex 7090' });
  await makeModelDevice(pool, { model: 'OptiPlex 7090', categoryId: hypervisor.id });
  await makeModelDevice(pool, { model: null, categoryId: cloud.id });
  await makeModelDevice(pool, { model: 'ThinkPad T14', virtual: true });
  await makeModelDevice(pool, { model: '100%_Custom' });
  await makeModelDevice(pool, { model: null });
  await makeModelDevice(pool, { model: 'Virtual Machine', active: false });
});
afterAll(() => api?.close());

describe('authorization', () => {
  it('refuses technicians on every route, the history included', async () => {
    const calls = [
      tech.get('/api/admin/rmm-settings'),
      tech.post('/api/admin/rmm-settings', { version: 0, categories: [], models: ['*'] }),
      tech.get('/api/admin/rmm-settings/virtual-count?models=x'),
      tech.get('/api/history/rmm-settings/1'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
  });
});

describe('the rule', () => {
  it('saves categories and patterns (tidied), keeps the value virtual.ts reads, and refuses a stale version', async () => {
    const empty = (await admin.get('/api/admin/rmm-settings')).json();
    expect(empty.rmmSettings).toEqual({
      categories: [],
      models: [],
      version: 0,
      updated: null,
      updatedBy: null,
    });
    expect(empty.formOptions.categories.map((o: { label: string }) => o.label)).toEqual([
      'Cloud Instance',
      'Hypervisor Guest',
    ]);
    const res = await admin.post('/api/admin/rmm-settings', {
      version: 0,
      categories: [hypervisor.id, cloud.id, hypervisor.id],
      models: ['  VMware*  ', '', 'Virtual Machine', 'vmware*', '   ', '*KVM*'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().rmmSettings).toMatchObject({
      categories: [
        { value: cloud.id, label: 'Cloud Instance' },
        { value: hypervisor.id, label: 'Hypervisor Guest' },
      ],
      models: ['VMware*', 'Virtual Machine', '*KVM*'],
      version: 1,
      updatedBy: { label: 'Ada Admin' },
    });
    expect(await loadVirtualDevices(api.db.pool)).toEqual({
      categoryIds: [hypervisor.id, cloud.id],
      models: ['VMware*', 'Virtual Machine', '*KVM*'],
    });
    const history = (await admin.get('/api/history/rmm-settings/1')).json().history;
    expect(history.objectClass).toBe('RmmSettings');
    expect(
      history.items.map((i: { fieldLabel: string; newValue: string }) => [i.fieldLabel, i.newValue]),
    ).toEqual(
      expect.arrayContaining([
        ['Virtual Device Categories', 'Cloud Instance\nHypervisor Guest'],
        ['Virtual Model Patterns', 'VMware*\nVirtual Machine\n*KVM*'],
      ]),
    );

    const stale = await admin.post('/api/admin/rmm-settings', { version: 0, categories: [], models: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Ada Admin at /);
    expect(stale.json().current).toMatchObject({
      version: 1,
      models: ['VMware*', 'Virtual Machine', '*KVM*'],
    });

    const cleared = await admin.post('/api/admin/rmm-settings', {
      version: 1,
      categories: [cloud.id],
      models: [],
    });
    expect(cleared.statusCode).toBe(200);
    const items = (await admin.get('/api/history/rmm-settings/1')).json().history.items;
    expect(items.filter((i: { field: string }) => i.field === 'models')[0]).toMatchObject({
      oldValue: 'VMware*\nVirtual Machine\n*KVM*',
      newValue: null,
    });
    expect(items.filter((i: { field: string }) => i.field === 'categories')[0]).toMatchObject({
      oldValue: 'Cloud Instance\nHypervisor Guest',
      newValue: 'Cloud Instance',
    });
  });

  it.each([
    [
      'a pattern over 100 characters',
      { models: ['ok', 'x'.repeat(101)] },
      'models',
      'Line 2: Use at most 100 characters.',
    ],
    [
      'a pattern of only wildcards',
      { models: ['', '**'] },
      'models',
      'Line 2: A pattern of only * would count every device as virtual.',
    ],
    [
      '101 patterns',
      { models: Array.from({ length: 101 }, (_, i) => `Model ${i}`) },
      'models',
      'Enter at most 100 model patterns.',
    ],
    ['a category that is not an id', { categories: ['abc'] }, 'categories', 'This value is not valid.'],
    [
      'a category that does not exist',
      { categories: [2147483000] },
      'categories',
      'This device category no longer exists. Reload the page.',
    ],
    ['patterns that are not a list', { models: 'VMware*' }, 'models', 'This value is not valid.'],
  ])('refuses %s with its message, saving nothing', async (_what, over, field, message) => {
    const before = (await admin.get('/api/admin/rmm-settings')).json().rmmSettings;
    const res = await admin.post('/api/admin/rmm-settings', {
      version: before.version,
      categories: [],
      models: [],
      ...over,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields[field]).toEqual([message]);
    expect((await admin.get('/api/admin/rmm-settings')).json().rmmSettings.version).toBe(before.version);
  });

  it('accepts exactly 100 patterns of 100 characters, blank lines and repeats not counted', async () => {
    const before = (await admin.get('/api/admin/rmm-settings')).json().rmmSettings;
    const models = Array.from({ length: 100 }, (_, i) => `${String(i).padStart(3, '0')}${'m'.repeat(97)}`);
    const res = await admin.post('/api/admin/rmm-settings', {
      version: before.version,
      categories: [],
      models: [...models, '', models[0]!.toUpperCase()],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().rmmSettings.models).toHaveLength(100);
  });
});

describe('the count', () => {
  it.each([
    ['no rule: devices flagged virtual themselves', '?categoryIds=&models=', 1],
    ['one exact model, any case', `?models=${encodeURIComponent('virtual machine')}`, 2],
    ['a prefix pattern', `?models=${encodeURIComponent('VMware*')}`, 3],
    ['a pattern inside the model', `?models=${encodeURIComponent('*KVM*')}`, 2],
    ['% and _ are letters, not wildcards', `?models=${encodeURIComponent('100%_*')}`, 2],
    ['% alone matches no model', `?models=${encodeURIComponent('%')}`, 1],
    ['a category', () => `?categoryIds=${hypervisor.id}`, 2],
    [
      'categories and patterns',
      () =>
        `?categoryIds=${hypervisor.id},${cloud.id}&models=${encodeURIComponent('VMware*\nVirtual Machine\n\n*KVM*')}`,
      7,
    ],
  ])('counts %s', async (_what, query, virtual) => {
    const q = typeof query === 'function' ? query() : query;
    const res = await admin.get(`/api/admin/rmm-settings/virtual-count${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ virtual, total: 10 });
  });

  it('counts the saved rule when given none', async () => {
    const before = (await admin.get('/api/admin/rmm-settings')).json().rmmSettings;
    await admin.post('/api/admin/rmm-settings', {
      version: before.version,
      categories: [cloud.id],
      models: ['Virtual Machine'],
    });
    expect((await admin.get('/api/admin/rmm-settings/virtual-count')).json()).toEqual({
      virtual: 3,
      total: 10,
    });
  });

  it.each([
    ['categoryIds=1,x', 'categoryIds', 'Choose device categories from the list.'],
    [`models=${'a'.repeat(101)}`, 'models', 'Line 1: Use at most 100 characters.'],
    ['models=*', 'models', 'Line 1: A pattern of only * would count every device as virtual.'],
  ])('refuses ?%s with its message', async (query, field, message) => {
    const res = await admin.get(`/api/admin/rmm-settings/virtual-count?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields[field]).toEqual([message]);
  });
});
