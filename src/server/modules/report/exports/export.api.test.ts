// POST /api/report/{key}/export with a report source made here (the real report queries are report-source.ts):
// the file made in each format, kept in report history with the organizations it covered, downloaded again; bad
// filters, unknown reports and technicians refused with nothing kept.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../../test/support/api.js';
import {
  makeAdmin,
  makeOrganization,
  makeUser,
  TEST_PASSWORD,
} from '../../../../../test/support/factories.js';
import { pdfPages } from '../../../../../test/support/history-factories.js';
import { PERIOD_REVERSED, type ReportRow, reportDef } from '../../../../shared/reports.js';
import { HttpError } from '../../../platform/errors.js';
import { clientFilterMatch } from '../history/history.service.js';
import { companyDate, type OpenReport } from './export-format.js';

let api: ApiHarness;
type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let admin: Caller;
let tech: Caller;
let acme: { id: number; name: string };
let lodz: { id: number; name: string };
let byDevice: { id: number; name: string }[];
/** Rows the test source adds after the organizations (to make a large file), and whether it fails midway. */
const mode = { extraRows: 0, fail: false };

/** A report whose rows are the organizations the filters choose (keyset batches), then `mode.extraRows` more. */
const openTestReport: OpenReport = async (db, key, query) => {
  if (query.sort === 'bogus') throw new HttpError(400, 'BAD_REQUEST', 'Sort by a column of the report.');
  const chosen = query.organization ?? null;
  const where = chosen ? 'o.id = ANY($1::int[])' : clientFilterMatch('$1::text');
  const param = chosen ?? query.clients;
  const { rows: counted } = await db.query<{ n: number; name: string | null; id: number | null }>(
    `SELECT count(*)::int AS n, min(o.name) AS name, min(o.id) AS id FROM organizations o WHERE ${where}`,
    [param],
  );
  const { n, name, id } = counted[0]!;
  const fail = mode.fail;
  const extra = mode.extraRows;
  return {
    head: {
      report: { key, title: reportDef(key)!.title },
      filtersText: `Clients: ${query.clients} · Within ${query.within} days`,
      period: null,
      organization: chosen?.length === 1 && id !== null ? { value: id, label: name ?? '' } : null,
      summary: { figures: [{ label: 'Organizations', value: String(n) }], chart: null },
      columns: [
        { name: 'organization', title: 'Organization', kind: 'text' },
        { name: 'devices', title: 'Devices', kind: 'number' },
        { name: 'ends', title: 'Warranty Ends', kind: 'date' },
      ],
      total: n + extra,
      sort: { field: 'organization', dir: 'asc' },
      notices: [],
    },
    rows: (batch = 1000) => ({
      async *[Symbol.asyncIterator]() {
        let after = 0;
        for (;;) {
          const { rows } = await db.query<{ id: number; name: string }>(
            `SELECT o.id, o.name FROM organizations o WHERE ${where} AND o.id > $2 ORDER BY o.id LIMIT $3`,
            [param, after, batch],
          );
          if (rows.length === 0) break;
          if (fail) throw new Error('the report query failed');
          yield rows.map((r): ReportRow => ({ organization: r.name, devices: r.id, ends: '2026-12-31' }));
          after = rows[rows.length - 1]!.id;
        }
        for (let at = 0; at < extra; at += batch)
          yield Array.from({ length: Math.min(batch, extra - at) }, (_, i) => ({
            organization: `Generated organization number ${at + i + 1} with a longer name`,
            devices: at + i,
            ends: '2027-01-15',
          }));
      },
    }),
  };
};

beforeAll(async () => {
  api = await setupApi({}, { openReport: openTestReport });
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  const t = await makeUser(api.db.pool);
  admin = await api.signIn(a.email, TEST_PASSWORD);
  tech = await api.signIn(t.email, TEST_PASSWORD);
  acme = await makeOrganization(api.db.pool, { name: 'Acme Corp' });
  lodz = await makeOrganization(api.db.pool, { name: 'Łódź Dental Group' });
  byDevice = [
    await makeOrganization(api.db.pool, { name: 'Device Billed One', rmmPlan: 'RMM_BILL_BY_DEVICE' }),
    await makeOrganization(api.db.pool, { name: 'Device Billed Two', rmmPlan: 'RMM_BILL_BY_DEVICE' }),
  ];
  await makeOrganization(api.db.pool, { name: 'User Billed', rmmPlan: 'RMM_BILL_BY_USER' });
});
afterAll(() => api?.close());

const today = () => companyDate(new Date(), api.config.timeZone);

async function exported(format: string, query: Record<string, string>, key = 'warranty') {
  const res = await admin.post(`/api/report/${key}/export`, { format, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().history;
}

async function coveredBy(historyId: number): Promise<number[]> {
  const { rows } = await api.db.pool.query<{ organization_id: number }>(
    'SELECT organization_id FROM report_history_organizations WHERE report_history_id = $1 ORDER BY 1',
    [historyId],
  );
  return rows.map((r) => r.organization_id);
}

const counts = async () =>
  (
    await api.db.pool.query<{ files: number; history: number }>(
      `SELECT (SELECT count(*) FROM files)::int AS files, (SELECT count(*) FROM report_history)::int AS history`,
    )
  ).rows[0]!;

describe('export', () => {
  it('makes a CSV of one organization, keeps it in history and downloads it again', async () => {
    const history = await exported('csv', { organization: String(acme.id), within: '60', start: '50' });
    expect(history).toMatchObject({
      report: 'warranty',
      reportTitle: 'Warranty',
      title: 'Warranty: Acme Corp',
      format: 'CSV',
      organizations: 'Acme Corp',
      rowCount: 1,
      fileName: `warranty-acme-corp-${today()}.csv`,
      createdBy: 'Ada Admin',
      filtersText: 'Clients: 1 · Within 60 days',
      // The filters to run it again, without the page position.
      rerun: `/report/warranty?organization=${acme.id}&within=60`,
      download: `/api/report/history/${history.id}/file`,
    });
    expect(history.size).toBeGreaterThan(0);
    expect(await coveredBy(history.id)).toEqual([acme.id]);

    const file = await admin.get(history.download);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(`attachment; filename="${history.fileName}"`);
    expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parse(file.rawPayload, { bom: true })).toEqual([
      ['Organization', 'Devices', 'Warranty Ends'],
      ['Acme Corp', String(acme.id), '12/31/2026'],
    ]);
  });

  it('makes a workbook for a client filter and records every organization it matched', async () => {
    const history = await exported('xlsx', { clients: '4' });
    expect(history).toMatchObject({
      format: 'XLSX',
      organizations: '2 organizations',
      rowCount: 2,
      fileName: `warranty-all-clients-rmm-bill-by-device-${today()}.xlsx`,
      rerun: '/report/warranty?clients=4',
    });
    expect(await coveredBy(history.id)).toEqual(byDevice.map((o) => o.id));
    const file = await admin.get(history.download);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Warranty')!;
    expect(sheet.getRow(2).getCell(1).value).toBe('Device Billed One');
    expect(sheet.getRow(3).getCell(2).value).toBe(byDevice[1]!.id);
    expect(sheet.getRow(3).getCell(3).value).toEqual(new Date(Date.UTC(2026, 11, 31)));
  });

  it('makes a PDF with the organization name, for several organizations too', async () => {
    const one = await exported('pdf', { organization: String(lodz.id) }, 'antivirus');
    expect(one.fileName).toBe(`antivirus-łódź-dental-group-${today()}.pdf`);
    const file = await admin.get(one.download);
    expect(file.headers['content-type']).toBe('application/pdf');
    // The exact name in RFC 5987 form beside an ASCII fallback.
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(one.fileName)}`,
    );
    const text = (await pdfPages(file.rawPayload)).join('\n');
    for (const part of ['Łódź Dental Group', 'Antivirus', 'Page 1 of 1']) expect(text).toContain(part);

    const several = await exported('pdf', { organization: `${acme.id},${lodz.id}` });
    expect(several).toMatchObject({ organizations: '2 organizations', title: 'Warranty: 2 organizations' });
    expect(await coveredBy(several.id)).toEqual([acme.id, lodz.id].sort((a, b) => a - b));
    expect((await pdfPages((await admin.get(several.download)).rawPayload)).join('\n')).toContain(
      '2 organizations',
    );
  });

  it('stores a large export in chunks as it is made, and gives it back whole', async () => {
    mode.extraRows = 12_000;
    try {
      const history = await exported('csv', { organization: String(acme.id) });
      expect(history.rowCount).toBe(12_001);
      const { rows } = await api.db.pool.query<{ chunks: number; complete: boolean }>(
        `SELECT (SELECT count(*) FROM file_chunks c WHERE c.file_id = h.file_id)::int AS chunks, f.complete
           FROM report_history h JOIN files f ON f.id = h.file_id WHERE h.id = $1`,
        [history.id],
      );
      expect(rows[0]).toEqual({ chunks: Math.ceil(history.size / (256 * 1024)), complete: true });
      expect(rows[0]!.chunks).toBeGreaterThan(1);
      const file = await admin.get(history.download);
      expect(file.rawPayload.length).toBe(history.size);
      const records: string[][] = parse(file.rawPayload, { bom: true });
      expect(records).toHaveLength(12_002);
      expect(records[12_001]![0]).toBe('Generated organization number 12000 with a longer name');
    } finally {
      mode.extraRows = 0;
    }
  });
});

describe('refusals', () => {
  it('answers bad filters with their fields, an unknown report with 404, and keeps nothing', async () => {
    const before = await counts();
    const bad = await admin.post('/api/report/warranty/export', {
      format: 'csv',
      query: { clients: 'nine', organization: 'acme', days: '0' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().form.fields).toEqual({
      clients: ['Please choose one of the offered values.'],
      organization: ['Choose organizations from the list.'],
      days: ['Please enter a number of 1 or more.'],
    });
    const reversed = await admin.post('/api/report/services-activity/export', {
      format: 'csv',
      query: { from: '11/30/2026', to: '11/01/2026' },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().form.fields).toEqual({ to: [PERIOD_REVERSED] });
    const format = await admin.post('/api/report/warranty/export', { format: 'docx', query: {} });
    expect(format.statusCode).toBe(400);
    expect(format.json().form.fields.format).toEqual(['Please choose one of the offered values.']);
    const notStrings = await admin.post('/api/report/warranty/export', { format: 'csv', query: { days: 5 } });
    expect(notStrings.statusCode).toBe(400);
    expect((await admin.post('/api/report/warranty/export', { query: {} })).statusCode).toBe(400);
    // The source's own refusal (a sort it does not have) reaches the caller as it is.
    const sort = await admin.post('/api/report/warranty/export', { format: 'csv', query: { sort: 'bogus' } });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toBe('Sort by a column of the report.');
    const unknown = await admin.post('/api/report/payroll/export', { format: 'csv', query: {} });
    expect(unknown.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('keeps no file and no history when the report fails midway', async () => {
    const before = await counts();
    mode.fail = true;
    try {
      const res = await admin.post('/api/report/warranty/export', {
        format: 'xlsx',
        query: { clients: 'all' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).not.toContain('report query failed');
    } finally {
      mode.fail = false;
    }
    expect(await counts()).toEqual(before);
  });

  it('is for administrators only, and signed-in users', async () => {
    const before = await counts();
    const res = await tech.post('/api/report/warranty/export', { format: 'csv', query: {} });
    expect(res.statusCode).toBe(403);
    // Refused before the body is read: a technician learns nothing from validation.
    expect((await tech.post('/api/report/warranty/export', { format: 'nope' })).statusCode).toBe(403);
    expect((await api.anonymous.post('/api/report/warranty/export', { format: 'csv' })).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });
});
