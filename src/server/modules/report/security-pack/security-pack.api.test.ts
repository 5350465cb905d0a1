// Security packs: one job makes a PDF per chosen client with the six security summaries and the client's notices,
// each kept in that client's report history (linked to its required upload); progress can be followed; bad input
// and technicians are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../../test/support/api.js';
import {
  makeAdmin,
  makeEquipment,
  makeOrganization,
  makeUser,
  TEST_PASSWORD,
} from '../../../../../test/support/factories.js';
import { makeRequiredUpload, pdfPages } from '../../../../../test/support/history-factories.js';
import { NO_ORGANIZATIONS_MATCH, type SecurityPackJob } from '../../../../shared/reports.js';

let api: ApiHarness;
type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let admin: Caller;
let tech: Caller;

beforeAll(async () => {
  api = await setupApi();
  admin = await api.signIn((await makeAdmin(api.db.pool)).email, TEST_PASSWORD);
  tech = await api.signIn((await makeUser(api.db.pool)).email, TEST_PASSWORD);
});
afterAll(() => api?.close());

/** Follows a job as the screen does, until it is done or failed. */
async function finished(id: string): Promise<SecurityPackJob> {
  for (let i = 0; i < 300; i++) {
    const res = await admin.get(`/api/report/security-pack/${id}`);
    expect(res.statusCode).toBe(200);
    const { job } = res.json() as { job: SecurityPackJob };
    if (job.state === 'DONE' || job.state === 'FAILED') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the security-pack job did not finish');
}

async function download(caller: Caller, url: string): Promise<Buffer> {
  const res = await api.app.inject({ method: 'GET', url, headers: { cookie: caller.cookie } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('security packs', () => {
  it('makes one client’s pack with the six summaries and its notice, kept in its history against the required upload', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Zoë Łukasiewicz Dental' });
    const device = await makeEquipment(api.db.pool, { organizationId: org.id, name: 'FRONT-DESK-01' });
    await api.db.pool.query(
      `UPDATE equipment SET antivirus_state = 'PROTECTED', bitlocker_state = 'NOT_ENCRYPTED',
              warranty_end = current_date + 20, missing_patches = 3 WHERE id = $1`,
      [device.id],
    );
    const { rows } = await api.db.pool.query<{ id: number }>(
      `INSERT INTO notices (title, body) VALUES ('Disclaimer', 'Figures as reported by the RMM agents.') RETURNING id`,
    );
    const required = await makeRequiredUpload(api.db.pool, {
      name: 'Quarterly security pack',
      report: 'security-pack',
      clients: 'all',
    });
    await api.db.pool.query('UPDATE report_notices SET notice_id = $1 WHERE id = $2', [
      rows[0]!.id,
      required.id,
    ]);

    const started = await admin.post('/api/report/security-pack', { organization: org.id });
    expect(started.statusCode).toBe(200);
    const job = await finished((started.json() as { job: SecurityPackJob }).job.id);
    expect(job).toMatchObject({ state: 'DONE', total: 1, done: 1 });

    const history = await admin.get(`/api/report/history?organization=${org.id}`);
    const items = (history.json() as { items: { report: string; title: string; download: string }[] }).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      report: 'security-pack',
      title: 'Security Pack: Zoë Łukasiewicz Dental',
    });
    const text = (await pdfPages(await download(admin, items[0]!.download))).join('\n');
    for (const part of [
      'Zoë Łukasiewicz Dental',
      'Security Pack',
      'Antivirus',
      'BitLocker',
      'Patch',
      'Warranty',
      'Device Summary by Age',
      'Outdated Response',
      'Figures as reported by the RMM agents.',
      'Page 1 of',
    ])
      expect(text).toContain(part);
    // Dates as every screen writes them (MM/dd/yyyy), never the ISO form; percents with one decimal.
    expect(text).toMatch(/Generated \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M/);
    expect(text).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    for (const percent of text.match(/\d[\d,.]*%/g) ?? []) expect(percent).toMatch(/^[\d,]+\.\d%$/);

    const linked = await api.db.pool.query<{ required_upload_id: number | null }>(
      `SELECT required_upload_id FROM report_history WHERE report = 'security-pack'`,
    );
    expect(linked.rows).toEqual([{ required_upload_id: required.id }]);
    const status = await admin.get(`/api/report/required-uploads?organization=${org.id}`);
    const state = (status.json() as { items: { id: number; state: { value: string } }[] }).items.find(
      (i) => i.id === required.id,
    );
    expect(state?.state.value).toBe('RECEIVED');
  });

  it('makes a pack for every client a client code matches, each in its own history', async () => {
    const byDevice = [
      await makeOrganization(api.db.pool, { name: 'Pack Device Client A' }),
      await makeOrganization(api.db.pool, { name: 'Pack Device Client B' }),
    ];
    await api.db.pool.query(`UPDATE organizations SET rmm_plan = 'RMM_BILL_BY_DEVICE' WHERE id = ANY($1)`, [
      byDevice.map((o) => o.id),
    ]);
    for (const org of byDevice) await makeEquipment(api.db.pool, { organizationId: org.id });
    const started = await admin.post('/api/report/security-pack', { clients: '4' });
    expect(started.statusCode).toBe(200);
    expect((started.json() as { job: SecurityPackJob }).job.total).toBe(2);
    const job = await finished((started.json() as { job: SecurityPackJob }).job.id);
    expect(job).toMatchObject({ state: 'DONE', total: 2, done: 2 });
    for (const org of byDevice) {
      const res = await admin.get(`/api/report/history?organization=${org.id}&report=security-pack`);
      expect((res.json() as { items: unknown[] }).items).toHaveLength(1);
    }
  });

  it('refuses a client code nobody matches, an unknown organization, bad values and technicians', async () => {
    await api.db.pool.query(`UPDATE organizations SET rmm_plan = NULL WHERE rmm_plan = 'RMM_BILL_BY_USER'`);
    const none = await admin.post('/api/report/security-pack', { clients: '5' });
    expect(none.statusCode).toBe(400);
    expect(none.json().form.fields).toEqual({ clients: [NO_ORGANIZATIONS_MATCH] });
    const unknown = await admin.post('/api/report/security-pack', { organization: 2_000_000_000 });
    expect(unknown.json().form.fields).toEqual({ organization: [NO_ORGANIZATIONS_MATCH] });
    const bad = await admin.post('/api/report/security-pack', { clients: '9' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().form.fields)).toEqual(['clients']);
    expect((await admin.get('/api/report/security-pack/not-a-job')).statusCode).toBe(404);
    expect(
      (await admin.get('/api/report/security-pack/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await tech.post('/api/report/security-pack', { clients: '1' })).statusCode).toBe(403);
  });
});
