// The list contract's match count: the first page says how many rows match its filters (the same WHERE as the
// rows), a later page (with a cursor) leaves it out. A list whose screen shows totals of its own (agreements) is counted
// there, once: its pages carry no count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import {
  makeAdmin,
  makeAgreement,
  makeOrganization,
  TEST_PASSWORD,
} from '../../../test/support/factories.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
const LIST = '/api/manage/organization';
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool);
  admin = await api.signIn(a.email, TEST_PASSWORD);
  for (let i = 1; i <= 5; i++) await makeOrganization(api.db.pool, { name: `Totalcount Widgets ${i}` });
  await makeOrganization(api.db.pool, { name: 'Totalcount Idle', active: false });
});
afterAll(() => api?.close());

describe('list total', () => {
  it('the first page counts every matching row, not just the page', async () => {
    const first = (await admin.get(`${LIST}?q=Totalcount&filter=1&limit=2`)).json();
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(5);
    expect(first.next).toEqual(expect.any(String));
  });

  it('follows the filter', async () => {
    const all = (await admin.get(`${LIST}?q=Totalcount&filter=all`)).json();
    expect(all.total).toBe(6);
    expect(all.items).toHaveLength(6);
    const inactive = (await admin.get(`${LIST}?q=Totalcount&filter=3`)).json();
    expect(inactive.total).toBe(1);
    const none = (await admin.get(`${LIST}?q=NoSuchOrganizationName`)).json();
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('a later page carries no total', async () => {
    const first = (await admin.get(`${LIST}?q=Totalcount&filter=1&limit=2`)).json();
    const second = (
      await admin.get(`${LIST}?q=Totalcount&filter=1&limit=2&after=${encodeURIComponent(first.next)}`)
    ).json();
    expect(second.items).toHaveLength(2);
    expect(second).not.toHaveProperty('total');
  });
});

describe('a list with totals of its own', () => {
  it('agreements: the pages carry no count; the totals count what the pages list', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Totalcount Agreements' });
    for (let i = 1; i <= 3; i++)
      await makeAgreement(api.db.pool, { organizationId: org.id, title: `Kept ${i}` });
    await makeAgreement(api.db.pool, { organizationId: org.id, title: 'Ended', status: 'CLOSED' });
    const query = `organization=${org.id}&status=OPEN`;
    const first = (await admin.get(`/api/manage/agreement?${query}&limit=2`)).json();
    expect(first).not.toHaveProperty('total');
    const second = (
      await admin.get(`/api/manage/agreement?${query}&limit=2&after=${encodeURIComponent(first.next)}`)
    ).json();
    const totals = (await admin.get(`/api/manage/agreement/totals?${query}`)).json();
    expect(totals.count).toBe(first.items.length + second.items.length);
    expect(totals.count).toBe(3);
  });
});
