// The files MSPs really have, through the routes: API and script column sets recognised by the share of a preset's
// columns they have (saying what is missing and extra), an unknown shape mapped from suggestions with its day-first
// dates detected or asked, a last-seen date in the future warned of, and a saved mapping that maps the next file
// of the same set of headers by itself. Sources of the fixtures: test/fixtures/rmm/SOURCES.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeOrganization, TEST_PASSWORD } from '../../../../test/support/factories.js';
import { fixture, uploadExport, waitForRun } from '../../../../test/support/import-factories.js';
import { IMPORT_NEEDS_DATE_ORDER, type ImportRun } from '../../../shared/schemas/file-import.js';

type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let api: ApiHarness;
let admin: Caller;
const BASE = '/api/admin/file-import';

beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool);
  admin = await api.signIn(a.email, TEST_PASSWORD);
});
afterAll(async () => {
  await api?.close();
});

async function upload(name: string, data: Buffer) {
  const res = await uploadExport(api.app, admin.cookie, { name, data });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().run as ImportRun;
}
const csv = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);

describe('real column sets are recognised by overlap', () => {
  it("Datto RMM's API fields: the device audit preset, with what the file lacks and what it has besides", async () => {
    await makeOrganization(api.db.pool, { name: 'Bright Smile Orthodontics' });
    const run = await upload('datto-api.csv', await fixture('datto-api-devices.csv'));
    expect(run.preset).toBe('datto-device-audit');
    expect(run.preview?.notices).toEqual([
      'Recognised as a Datto RMM device audit file.',
      'Columns of this export the file does not have: BIOS version.',
      'Columns of the file that are not imported: description, category, type, lastReboot, patchStatus, patchesInstalled.',
    ]);
    expect(run.preview?.missingColumns).toEqual(['BIOS version']);
    expect(run.preview?.counts).toMatchObject({ total: 3, create: 3, rejected: 0 });
  });

  it("N-central's Get-NCDeviceList: its own preset, the customer as the site and the site as the location", async () => {
    await makeOrganization(api.db.pool, { name: 'Coastal Legal LLP' });
    const run = await upload('nc-list.csv', await fixture('ncentral-device-list.csv'));
    expect(run.preset).toBe('ncentral-device-list');
    expect(run.mapping).toMatchObject({ site: 'customername', location: 'sitename', name: 'longname' });
    const done = await (async () => {
      expect((await admin.post(`${BASE}/${run.id}/confirm`)).statusCode).toBe(200);
      return waitForRun(admin, run.id);
    })();
    expect(done.counts.create).toBe(3);
  });

  it("NinjaOne's API fields and Automate's API computers", async () => {
    expect((await upload('ninja-api.csv', await fixture('ninjaone-api-devices.csv'))).preset).toBe(
      'ninjaone-devices',
    );
    expect((await upload('cwa-api.csv', await fixture('automate-api-computers.csv'))).preset).toBe(
      'automate-computers',
    );
  });
});

describe('a file of unknown shape with day-first dates', () => {
  it('starts from suggestions, detects or asks the date order, warns of future dates, and is remembered', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Alpine Dental' });
    const run = await upload('alpine.csv', await fixture('unknown-day-first.csv'));
    expect(run.preview?.needsMapping).toBe(true);
    expect(run.preview?.suggestions).toEqual({
      customername: { field: 'site', confidence: 95 },
      systemName: { field: 'name', confidence: 95 },
      serialNumber: { field: 'serialNumber', confidence: 95 },
      lastSeen: { field: 'lastResponseAt', confidence: 94 },
      warrantyExpires: { field: 'warrantyEnd', confidence: 60 },
    });
    // The mapping step starts from them.
    expect(run.mapping).toEqual({
      site: 'customername',
      name: 'systemName',
      serialNumber: 'serialNumber',
      lastResponseAt: 'lastSeen',
      warrantyEnd: 'warrantyExpires',
    });

    const mapped = (
      await admin.post(`${BASE}/${run.id}/mapping`, {
        kind: 'DEVICE',
        columns: run.mapping,
        saveAs: 'Alpine sheet',
      })
    ).json().run as ImportRun;
    // 31.12.2027 proves the warranty column day first; every last-seen value reads both ways: asked, with three.
    expect(mapped.preview?.dateColumns).toEqual([
      {
        field: 'warrantyEnd',
        header: 'warrantyExpires',
        order: 'DMY',
        decidedBy: 'values',
        samples: [{ text: '1.6.2028', dayFirst: '2028-06-01', monthFirst: '2028-01-06' }],
      },
      {
        field: 'lastResponseAt',
        header: 'lastSeen',
        order: null,
        decidedBy: null,
        samples: [
          { text: '1.11.2026', dayFirst: '2026-11-01', monthFirst: '2026-01-11' },
          { text: '12.11.2026', dayFirst: '2026-11-12', monthFirst: '2026-12-11' },
          { text: '3.11.2026', dayFirst: '2026-11-03', monthFirst: '2026-03-11' },
        ],
      },
    ]);
    const refused = await admin.post(`${BASE}/${run.id}/confirm`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(IMPORT_NEEDS_DATE_ORDER);

    const chosen = (
      await admin.post(`${BASE}/${run.id}/mapping`, {
        kind: 'DEVICE',
        columns: run.mapping,
        dateOrders: { lastResponseAt: 'DMY' },
      })
    ).json().run as ImportRun;
    expect(chosen.presetLabel).toBe('Alpine sheet');
    expect(chosen.preview?.counts).toMatchObject({ create: 3, rejected: 0 });
    expect((await admin.post(`${BASE}/${run.id}/confirm`)).statusCode).toBe(200);
    expect((await waitForRun(admin, run.id)).status).toBe('DONE');
    const { rows } = await api.db.pool.query(
      `SELECT name, warranty_end::text AS warranty FROM equipment WHERE organization_id = $1 ORDER BY name`,
      [org.id],
    );
    expect(rows).toEqual([
      { name: 'ALP-OFFICE', warranty: '2027-03-15' },
      { name: 'ALP-RECEPT', warranty: '2027-12-31' },
      { name: 'ALP-XRAY', warranty: '2028-06-01' },
    ]);

    // The next file with these columns (in another order and case) maps itself by the saved mapping.
    const next = await upload(
      'alpine-2.csv',
      csv(
        'Notes,SystemName,CustomerName,SerialNumber,LastSeen,WarrantyExpires',
        ',ALP-RECEPT,Alpine Dental,ALPSN001,14.11.2026,31.12.2027',
      ),
    );
    expect(next.presetLabel).toBe('Alpine sheet');
    expect(next.preview?.needsMapping).toBe(false);
    expect(next.preview?.notices).toContain(
      'Mapped by the saved preset Alpine sheet, made for files with these columns.',
    );
    expect(next.preview?.dateColumns?.map((c) => [c.field, c.order, c.decidedBy])).toEqual([
      ['warrantyEnd', 'DMY', 'values'],
      ['lastResponseAt', 'DMY', 'values'],
    ]);
  });

  it('a last-seen date in the future is a row warning in the preview', async () => {
    await makeOrganization(api.db.pool, { name: 'Future Co' });
    const run = await upload(
      'future.csv',
      csv('customername,hostname,lastSeen', 'Future Co,FUT-1,13.01.2020', 'Future Co,FUT-2,25.12.2099 10:00'),
    );
    const mapped = (
      await admin.post(`${BASE}/${run.id}/mapping`, { kind: 'DEVICE', columns: run.mapping })
    ).json().run as ImportRun;
    expect(mapped.preview?.counts).toMatchObject({ create: 2, rejected: 0 });
    expect(mapped.preview?.warningCount).toBe(1);
    expect(mapped.preview?.warnings).toEqual([
      { line: 3, reason: 'Last RMM Response (lastSeen) 12/25/2099 is in the future.', device: 'FUT-2' },
    ]);
  });
});
