// Report history (list, filters, keyset pages, download), documents uploaded for a required upload, and each
// organization's required-upload status; administrators only, bad input answered field by field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../../test/support/api.js';
import {
  makeAdmin,
  makeOrganization,
  makeUser,
  TEST_PASSWORD,
} from '../../../../../test/support/factories.js';
import { multipart, type Part, samplePdf } from '../../../../../test/support/files.js';
import { makeHistory, makeRequiredUpload } from '../../../../../test/support/history-factories.js';
import { instantOf } from '../../../../shared/format/company-time.js';
import { FILE_REQUIRED } from '../../../../shared/schemas/document.js';
import { companyDate, usDate } from '../exports/export-format.js';
import {
  CHOOSE_ORGANIZATION,
  CHOOSE_REQUIRED_UPLOAD,
  REQUIRED_UPLOAD_INACTIVE,
  REQUIRED_UPLOAD_NOT_FOR,
  UPLOAD_AS_FORM,
} from './history.routes.js';
import { type Frequency, periodOf, previousPeriod } from './required-upload-status.js';

let api: ApiHarness;
type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let admin: Caller;
let tech: Caller;
let adminId: number;

beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  adminId = a.id;
  admin = await api.signIn(a.email, TEST_PASSWORD);
  tech = await api.signIn((await makeUser(api.db.pool)).email, TEST_PASSWORD);
});
afterAll(() => api?.close());

type Item = { id: number; organizations: string; [key: string]: unknown };
const ids = (items: Item[]) => items.map((i) => i.id);

function upload(caller: Caller, parts: Part[]) {
  const body = multipart(parts);
  return api.app.inject({
    method: 'POST',
    url: '/api/report/history/upload',
    headers: {
      cookie: caller.cookie,
      'x-requested-with': 'XMLHttpRequest',
      'content-type': body.contentType,
    },
    payload: body.payload,
  });
}
const pdfPart = (): Part => ({
  name: 'file',
  filename: 'security-pack-q4.pdf',
  data: samplePdf('Quarterly security pack'),
  contentType: 'application/pdf',
});

const counts = async () =>
  (
    await api.db.pool.query<{ files: number; history: number }>(
      `SELECT (SELECT count(*) FROM files)::int AS files, (SELECT count(*) FROM report_history)::int AS history`,
    )
  ).rows[0]!;

describe('report history', () => {
  it('lists newest first, pages by keyset through equal instants, and filters by organization and report', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Acme Corp' });
    const other = await makeOrganization(api.db.pool);
    const at = '2026-10-05T14:00:00.123456Z';
    const oldest = await makeHistory(api.db.pool, {
      organizations: [org.id],
      createdAt: '2026-09-01T12:00:00Z',
    });
    const tieA = await makeHistory(api.db.pool, {
      organizations: [org.id, other.id],
      createdAt: at,
      report: 'patch',
    });
    const tieB = await makeHistory(api.db.pool, {
      organizations: [org.id],
      createdAt: at,
      createdBy: adminId,
      filters: { within: '60', organization: String(org.id) },
    });
    const newest = await makeHistory(api.db.pool, {
      organizations: [org.id],
      createdAt: '2026-11-20T09:00:00Z',
    });
    await makeHistory(api.db.pool, { organizations: [other.id], createdAt: '2026-11-21T09:00:00Z' });

    const first = await admin.get(`/api/report/history?organization=${org.id}&limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    expect(ids(first.json().items)).toEqual([newest.id, tieB.id]);
    expect(first.json().items[1]).toEqual({
      id: tieB.id,
      report: 'warranty',
      reportTitle: 'Warranty',
      title: 'Warranty',
      format: 'CSV',
      filtersText: 'Clients: Active',
      rerun: `/report/warranty?organization=${org.id}&within=60`,
      organizations: 'Acme Corp',
      rowCount: null,
      size: expect.any(Number),
      fileName: expect.stringMatching(/\.csv$/),
      createdAt: '2026-10-05T14:00:00.123Z',
      createdBy: 'Ada Admin',
      download: `/api/report/history/${tieB.id}/file`,
    });
    const second = await admin.get(
      `/api/report/history?organization=${org.id}&limit=2&after=${first.json().next}`,
    );
    expect(ids(second.json().items)).toEqual([tieA.id, oldest.id]);
    expect(second.json().items[0].organizations).toBe('2 organizations');
    expect(second.json().next).toBeNull();
    // The first page counts every export that matches; a later page leaves the count out.
    expect(first.json().total).toBe(4);
    expect(second.json()).not.toHaveProperty('total');

    const patch = await admin.get(`/api/report/history?organization=${org.id}&report=patch`);
    expect(ids(patch.json().items)).toEqual([tieA.id]);
    expect(patch.json().next).toBeNull();
    expect(patch.json().total).toBe(1);
    const all = await admin.get('/api/report/history?limit=100');
    expect(ids(all.json().items)).toEqual(expect.arrayContaining([newest.id, tieA.id, oldest.id]));
  });

  it('refuses bad filters field by field', async () => {
    for (const [query, field] of [
      ['organization=acme', 'organization'],
      ['report=payroll', 'report'],
      ['limit=500', 'limit'],
      ['after=not-a-cursor', 'after'],
      [`after=${Buffer.from('["yesterday",1]').toString('base64url')}`, 'after'],
    ]) {
      const res = await admin.get(`/api/report/history?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().form.fields), query).toEqual([field]);
    }
  });

  it('downloads a kept file as an attachment; 404 for none', async () => {
    const kept = await makeHistory(api.db.pool);
    const res = await admin.get(`/api/report/history/${kept.id}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="file-\d+\.csv"/);
    expect(res.body).toMatch(/^file \d+\n$/);
    expect((await admin.get('/api/report/history/999999/file')).statusCode).toBe(404);
    expect((await admin.get('/api/report/history/abc/file')).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    const kept = await makeHistory(api.db.pool);
    const org = await makeOrganization(api.db.pool);
    for (const res of [
      await tech.get('/api/report/history'),
      await tech.get(`/api/report/history/${kept.id}/file`),
      await tech.get(`/api/report/required-uploads?organization=${org.id}`),
      await upload(tech, [{ name: 'organization', value: String(org.id) }, pdfPart()]),
    ])
      expect(res.statusCode).toBe(403);
    expect((await api.anonymous.get('/api/report/history')).statusCode).toBe(401);
  });
});

describe('uploaded documents', () => {
  it('keeps a document given by hand as the required upload it fulfils', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Łódź Dental Group' });
    const pack = await makeRequiredUpload(api.db.pool, {
      name: 'Quarterly security pack (signed)',
      report: null,
    });
    const res = await upload(admin, [
      { name: 'organization', value: String(org.id) },
      { name: 'requiredUpload', value: String(pack.id) },
      pdfPart(),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json().history;
    expect(history).toMatchObject({
      report: 'upload',
      reportTitle: 'Uploaded Document',
      title: 'Quarterly security pack (signed)',
      format: 'FILE',
      rerun: null,
      organizations: 'Łódź Dental Group',
      fileName: 'security-pack-q4.pdf',
      createdBy: 'Ada Admin',
    });
    const file = await admin.get(history.download);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(samplePdf('Quarterly security pack'))).toBe(true);
    const status = (await admin.get(`/api/report/required-uploads?organization=${org.id}`)).json().items;
    expect(status.find((s: { id: number }) => s.id === pack.id)).toMatchObject({
      state: { value: 'RECEIVED', label: 'Received' },
      lastSent: { id: history.id, title: 'Quarterly security pack (signed)' },
    });
  });

  it('refuses missing, unknown, inactive or inapplicable choices and a missing file, keeping nothing', async () => {
    const org = await makeOrganization(api.db.pool);
    const inactive = await makeRequiredUpload(api.db.pool, { active: false });
    const forDeviceBilled = await makeRequiredUpload(api.db.pool, { clients: '4' });
    const active = await makeRequiredUpload(api.db.pool);
    const before = await counts();
    const cases: [Part[], Record<string, string[]>][] = [
      [[pdfPart()], { organization: [CHOOSE_ORGANIZATION], requiredUpload: [CHOOSE_REQUIRED_UPLOAD] }],
      [
        [{ name: 'organization', value: '999999' }, { name: 'requiredUpload', value: 'x' }, pdfPart()],
        { requiredUpload: [CHOOSE_REQUIRED_UPLOAD] },
      ],
      [
        [
          { name: 'organization', value: '999999' },
          { name: 'requiredUpload', value: String(active.id) },
          pdfPart(),
        ],
        { organization: [CHOOSE_ORGANIZATION] },
      ],
      [
        [
          { name: 'organization', value: String(org.id) },
          { name: 'requiredUpload', value: '999999' },
          pdfPart(),
        ],
        { requiredUpload: [CHOOSE_REQUIRED_UPLOAD] },
      ],
      [
        [
          { name: 'organization', value: String(org.id) },
          { name: 'requiredUpload', value: String(inactive.id) },
          pdfPart(),
        ],
        { requiredUpload: [REQUIRED_UPLOAD_INACTIVE] },
      ],
      [
        [
          { name: 'organization', value: String(org.id) },
          { name: 'requiredUpload', value: String(forDeviceBilled.id) },
          pdfPart(),
        ],
        { requiredUpload: [REQUIRED_UPLOAD_NOT_FOR] },
      ],
      [
        [
          { name: 'organization', value: String(org.id) },
          { name: 'requiredUpload', value: String(active.id) },
        ],
        { file: [FILE_REQUIRED] },
      ],
    ];
    for (const [parts, fields] of cases) {
      const res = await upload(admin, parts);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().form.fields).toEqual(fields);
    }
    const json = await admin.post('/api/report/history/upload', { organization: org.id });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(UPLOAD_AS_FORM);
    expect(await counts()).toEqual(before);
  });
});

describe('required-upload status', () => {
  const zone = () => api.config.timeZone;
  const today = () => companyDate(new Date(), zone());
  /** The instant a period starts, in the company time zone. */
  const startOf = (day: string) => instantOf(usDate(day), 0, zone()).toISOString();
  const current = (f: Frequency) => periodOf(f, today());

  it('says for each applicable required upload whether it was received, is due or is overdue', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Acme Corp' });
    const other = await makeOrganization(api.db.pool);
    const longAgo = '2020-01-01T00:00:00Z';
    const received = await makeRequiredUpload(api.db.pool, {
      name: 'A quarterly warranty report',
      report: 'warranty',
      frequency: 'QUARTERLY',
      createdAt: longAgo,
    });
    const due = await makeRequiredUpload(api.db.pool, {
      name: 'B monthly patch report',
      report: 'patch',
      frequency: 'MONTHLY',
      createdAt: longAgo,
    });
    const overdue = await makeRequiredUpload(api.db.pool, {
      name: 'C yearly signed policy',
      report: null,
      frequency: 'YEARLY',
      createdAt: longAgo,
    });
    const fresh = await makeRequiredUpload(api.db.pool, { name: 'D new requirement', report: 'firmware' });
    await makeRequiredUpload(api.db.pool, { name: 'E retired', active: false, createdAt: longAgo });
    await makeRequiredUpload(api.db.pool, {
      name: 'F inactive clients only',
      clients: '3',
      createdAt: longAgo,
    });

    const sent = await makeHistory(api.db.pool, {
      report: 'warranty',
      organizations: [org.id],
      createdAt: startOf(current('QUARTERLY').start),
    });
    await makeHistory(api.db.pool, {
      report: 'patch',
      organizations: [org.id],
      createdAt: startOf(previousPeriod('MONTHLY', today()).start),
    });
    // Another organization's documents say nothing of this one's.
    await makeHistory(api.db.pool, { report: 'firmware', organizations: [other.id] });
    await makeHistory(api.db.pool, {
      report: 'upload',
      requiredUploadId: overdue.id,
      organizations: [other.id],
    });

    const res = await admin.get(`/api/report/required-uploads?organization=${org.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { id: number; name: string }[];
    const mine = items.filter((i) => [received.id, due.id, overdue.id, fresh.id].includes(i.id));
    expect(mine.map((i) => i.name)).toEqual([
      'A quarterly warranty report',
      'B monthly patch report',
      'C yearly signed policy',
      'D new requirement',
    ]);
    expect(items.map((i) => i.name)).not.toContain('E retired');
    expect(items.map((i) => i.name)).not.toContain('F inactive clients only');
    const quarter = current('QUARTERLY');
    expect(mine[0]).toEqual({
      id: received.id,
      name: 'A quarterly warranty report',
      description: null,
      report: 'warranty',
      reportTitle: 'Warranty',
      frequency: { value: 'QUARTERLY', label: 'Quarterly' },
      period: { from: usDate(quarter.start), to: usDate(quarter.end), label: quarter.label },
      dueOn: usDate(quarter.end),
      lastSent: {
        id: sent.id,
        title: 'Warranty',
        at: new Date(startOf(quarter.start)).toISOString(),
        download: `/api/report/history/${sent.id}/file`,
      },
      state: { value: 'RECEIVED', label: 'Received' },
    });
    expect(mine[1]).toMatchObject({
      state: { value: 'DUE', label: 'Due' },
      dueOn: usDate(current('MONTHLY').end),
      period: { label: current('MONTHLY').label },
    });
    expect(mine[2]).toMatchObject({
      state: { value: 'OVERDUE', label: 'Overdue' },
      lastSent: null,
      reportTitle: null,
    });
    expect(mine[3]).toMatchObject({ state: { value: 'DUE' }, lastSent: null });
  });

  it('404 for an unknown organization; 400 without one', async () => {
    expect((await admin.get('/api/report/required-uploads?organization=999999')).statusCode).toBe(404);
    const missing = await admin.get('/api/report/required-uploads');
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().form.fields)).toEqual(['organization']);
  });
});
