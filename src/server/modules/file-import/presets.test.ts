// Each built-in preset on its sample export (test/fixtures/rmm): the columns it finds and the SD6 values of the rows.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../../../../test/support/import-factories.js';
import type { ImportField } from '../../../shared/schemas/file-import.js';
import { CSV_TYPE } from './file-store.js';
import { type FieldValue, normalizeField, parseImportDate, parseImportInstant } from './normalize.js';
import {
  BUILT_IN_PRESETS,
  builtInPreset,
  mappingUsable,
  RECOGNISED_SCORE,
  resolveColumns,
} from './presets.js';
import { openTable } from './table-reader.js';

async function mapFixture(presetKey: string, file: string) {
  const preset = builtInPreset(presetKey)!;
  const table = await openTable(join(FIXTURES, file), CSV_TYPE);
  const { mapping, missing } = resolveColumns(preset.columns, table.headers);
  const rows: Partial<Record<ImportField, FieldValue | null>>[] = [];
  for await (const row of table.rows) {
    const values: Partial<Record<ImportField, FieldValue | null>> = { line: row.line } as never;
    for (const [field, header] of Object.entries(mapping) as [ImportField, string][]) {
      const result = normalizeField(field, field, row.cells[table.headers.indexOf(header)] ?? null, {
        timeZone: 'America/New_York',
        dateOrder: preset.dateOrder ?? 'MDY',
      });
      if ('error' in result) throw new Error(`${file} line ${row.line}: ${result.error}`);
      values[field] = result.value;
    }
    rows.push(values);
  }
  return { mapping, missing, rows };
}

const CASES: {
  preset: string;
  file: string;
  missing: string[];
  expected: Record<string, unknown>[];
}[] = [
  {
    preset: 'ninjaone-devices',
    file: 'ninjaone-devices.csv',
    missing: [],
    expected: [
      {
        line: 2,
        site: 'Acme Dental',
        rmmId: '1042',
        name: 'ACME-FD01',
        serialNumber: '5CG1234XYZ',
        operatingSystem: 'Windows 11 Pro',
        location: 'Main Office',
        lastResponseAt: new Date('2024-03-15T18:22:00Z'),
        warrantyEnd: '2026-06-30',
        virtual: false,
      },
      { line: 3, name: 'ACME-LT02', firmwareVersion: 'R1XET54W (1.36 )', warrantyEnd: '2025-01-31' },
      {
        line: 4,
        name: 'ACME-SRV01',
        warrantyEnd: null,
        virtual: true,
        lastResponseAt: new Date('2024-03-16T03:59:00Z'),
      },
    ],
  },
  {
    preset: 'datto-device-audit',
    file: 'datto-device-audit.csv',
    missing: [],
    expected: [
      {
        line: 2,
        site: 'Bright Smile Orthodontics',
        rmmId: '6f1c2a9e-8d3b-4f11-9a52-0c1d2e3f4a5b',
        name: 'BSO-RECEPT',
        warrantyEnd: '2026-02-28',
        lastResponseAt: new Date('2024-03-15T18:22:00Z'),
        antivirusProduct: 'Datto AV',
        antivirusState: 'PROTECTED',
        missingPatches: 3,
      },
      { line: 3, antivirusState: 'DISABLED', missingPatches: 12, warrantyEnd: '2024-01-01' },
      // A vendor's placeholder serial identifies nothing.
      { line: 4, serialNumber: null, antivirusState: 'NOT_INSTALLED', missingPatches: 0 },
    ],
  },
  {
    preset: 'ncentral-assets',
    file: 'ncentral-assets.csv',
    missing: [],
    expected: [
      {
        line: 2,
        site: 'Coastal Legal LLP',
        rmmId: '1897654321',
        name: 'CL-PARTNER1',
        purchaseDate: '2023-02-01',
        warrantyEnd: '2026-02-01',
        lastResponseAt: new Date('2024-03-15T14:22:10Z'),
        virtual: false,
      },
      // A quoted line break: the row starts on line 3 and its site name keeps the break.
      { line: 3, location: 'Downtown\nSuite 400', lastResponseAt: new Date('2024-03-15T18:00:00Z') },
      { line: 5, name: 'CL-DC01', virtual: true, warrantyEnd: null },
    ],
  },
  {
    preset: 'automate-computers',
    file: 'automate-computers.csv',
    missing: [],
    expected: [
      {
        line: 2,
        site: 'Harbor Veterinary Clinic',
        rmmId: '311',
        name: 'HVC-EXAM1',
        location: 'Exam Rooms',
        lastResponseAt: new Date('2024-03-15T18:22:10Z'),
        virtual: false,
        warrantyEnd: '2025-11-30',
      },
      { line: 3, warrantyEnd: '2024-02-29' },
      { line: 4, virtual: true, model: 'Virtual Machine' },
    ],
  },
  // The API and script column sets (test/fixtures/rmm/SOURCES.md names each source).
  {
    preset: 'ninjaone-devices',
    file: 'ninjaone-api-devices.csv',
    missing: ['BIOS Version', 'Warranty End Date', 'Virtual Machine'],
    expected: [
      {
        line: 2,
        site: 'Acme Dental',
        rmmId: '2051',
        name: 'ACME-FD02',
        serialNumber: '5CG9876XYZ',
        location: 'Main Office',
        osVersion: '22631',
        // NinjaOne's lastContact: Unix seconds.
        lastResponseAt: new Date('2024-03-15T14:22:10Z'),
      },
      { line: 3, name: 'ACME-SRV02', serialNumber: null, lastResponseAt: new Date('2024-03-15T00:00:00Z') },
    ],
  },
  {
    preset: 'datto-device-audit',
    file: 'datto-api-devices.csv',
    missing: ['BIOS version'],
    expected: [
      {
        line: 2,
        site: 'Bright Smile Orthodontics',
        rmmId: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
        name: 'BSO-LAB',
        serialNumber: 'CZC1234ABC',
        manufacturer: 'HP',
        // Datto RMM's lastSeen: Unix milliseconds.
        lastResponseAt: new Date('2024-03-15T14:22:10Z'),
        warrantyEnd: '2027-03-31',
        antivirusState: 'PROTECTED',
        missingPatches: 0,
      },
      { line: 3, antivirusState: 'AT_RISK', missingPatches: 7, warrantyEnd: null },
      { line: 4, antivirusProduct: null, antivirusState: 'NOT_INSTALLED', model: 'ProLiant DL360 Gen10' },
    ],
  },
  {
    preset: 'ncentral-device-list',
    file: 'ncentral-device-list.csv',
    missing: [],
    expected: [
      {
        line: 2,
        site: 'Coastal Legal LLP',
        rmmId: '1897654401',
        name: 'CL-PARA2',
        location: 'Uptown',
        operatingSystem: 'Microsoft Windows 11 Pro',
      },
      { line: 3, name: 'CL-SCAN01', operatingSystem: null },
      { line: 4, location: 'Downtown' },
    ],
  },
  {
    preset: 'automate-computers',
    file: 'automate-api-computers.csv',
    missing: ['Warranty End'],
    expected: [
      {
        line: 2,
        site: 'Harbor Veterinary Clinic',
        rmmId: '421',
        name: 'HVC-SURG1',
        location: 'Surgery',
        operatingSystem: 'Microsoft Windows 11 Pro x64',
        osVersion: '10.0.22631',
        manufacturer: 'Dell Inc.',
        firmwareVersion: '1.14.1',
        lastResponseAt: new Date('2024-03-15T18:22:10Z'),
        virtual: false,
      },
      { line: 3, virtual: true, manufacturer: 'VMware Inc.' },
    ],
  },
  {
    preset: 'ninjaone-antivirus',
    file: 'ninjaone-antivirus.csv',
    missing: [],
    expected: [
      { line: 2, name: 'ACME-FD01', rmmId: '1042', antivirusState: 'PROTECTED' },
      { line: 3, antivirusState: 'AT_RISK' },
      { line: 4, antivirusProduct: 'Windows Defender', antivirusState: 'DISABLED' },
    ],
  },
  {
    preset: 'ninjaone-bitlocker',
    file: 'ninjaone-bitlocker.csv',
    missing: [],
    expected: [
      { line: 2, bitlockerState: 'ENCRYPTED' },
      { line: 3, bitlockerState: 'SUSPENDED' },
      { line: 4, bitlockerState: 'NOT_ENCRYPTED' },
    ],
  },
  {
    preset: 'ncentral-patch',
    file: 'ncentral-patch.csv',
    missing: [],
    expected: [
      { line: 2, missingPatches: 0, lastPatchDate: '2024-03-12' },
      { line: 3, missingPatches: null, lastPatchDate: null },
      { line: 4, missingPatches: 4, lastPatchDate: '2024-02-13' },
    ],
  },
];

describe('built-in presets on their sample exports', () => {
  it.each(CASES)('$preset maps $file', async ({ preset, file, missing, expected }) => {
    const result = await mapFixture(preset, file);
    expect(result.missing).toEqual(missing);
    expect(mappingUsable(result.mapping)).toBe(true);
    expect(result.rows).toHaveLength(expected.length);
    for (const [i, want] of expected.entries()) expect(result.rows[i]).toMatchObject(want);
  });

  it.each([
    ['ninjaone-devices.csv', 'ninjaone-devices'],
    ['ninjaone-api-devices.csv', 'ninjaone-devices'],
    ['datto-device-audit.csv', 'datto-device-audit'],
    ['datto-api-devices.csv', 'datto-device-audit'],
    ['ncentral-assets.csv', 'ncentral-assets'],
    ['ncentral-device-list.csv', 'ncentral-device-list'],
    ['automate-computers.csv', 'automate-computers'],
    ['automate-api-computers.csv', 'automate-computers'],
    ['ninjaone-antivirus.csv', 'ninjaone-antivirus'],
    ['ninjaone-bitlocker.csv', 'ninjaone-bitlocker'],
    ['ncentral-patch.csv', 'ncentral-patch'],
    ['unknown-day-first.csv', null],
  ])('recognises %s as %s by the share of its columns', async (file, key) => {
    const table = await openTable(join(FIXTURES, file), CSV_TYPE);
    await table.rows.return(undefined);
    const best = BUILT_IN_PRESETS.map((p) => ({ key: p.key, ...resolveColumns(p.columns, table.headers) }))
      .filter((f) => mappingUsable(f.mapping) && f.score >= RECOGNISED_SCORE)
      .sort((a, b) => b.score - a.score)[0];
    expect(best?.key ?? null).toBe(key);
  });

  it('tells which columns of the preset the file lacks and which of the file it does not import', async () => {
    const fit = resolveColumns(builtInPreset('datto-device-audit')!.columns, [
      'siteName',
      'hostname',
      'uid',
      'lastSeen',
      'udf1',
    ]);
    expect(fit.mapping).toEqual({
      site: 'siteName',
      name: 'hostname',
      rmmId: 'uid',
      lastResponseAt: 'lastSeen',
    });
    expect(fit.missing).toContain('Warranty expiry');
    expect(fit.extra).toEqual(['udf1']);
    expect(fit.score).toBeCloseTo(4 / 14);
  });

  it('a preset does not fit an export of another tool', async () => {
    const table = await openTable(join(FIXTURES, 'automate-computers.csv'), CSV_TYPE);
    await table.rows.return(undefined);
    const { mapping } = resolveColumns(builtInPreset('ninjaone-devices')!.columns, table.headers);
    expect(mappingUsable(mapping)).toBe(false);
  });
});

describe('dates in the formats exports use', () => {
  it.each([
    ['2024-03-15', 'MDY', '2024-03-15'],
    ['2024-03-15T10:00:00Z', 'MDY', '2024-03-15'],
    ['03/15/2024', 'MDY', '2024-03-15'],
    ['3/5/2024 1:02:03 PM', 'MDY', '2024-03-05'],
    ['05/03/2024', 'DMY', '2024-03-05'],
    ['15-Mar-2024', 'MDY', '2024-03-15'],
    ['15-MAR-2024 14:22', 'DMY', '2024-03-15'],
    ['45366', 'MDY', '2024-03-15'],
    [45366, 'MDY', '2024-03-15'],
    ['02/30/2024', 'MDY', null],
    ['13/13/2024', 'MDY', null],
    ['soon', 'MDY', null],
  ] as const)('%s (%s) -> %s', (text, order, want) => {
    expect(parseImportDate(text, order)).toBe(want);
  });

  it('a time without a zone is the company time; with one, as written', () => {
    expect(parseImportInstant('07/01/2024 9:00 AM', 'America/New_York')?.toISOString()).toBe(
      '2024-07-01T13:00:00.000Z',
    );
    expect(parseImportInstant('2024-07-01T09:00:00+02:00', 'America/New_York')?.toISOString()).toBe(
      '2024-07-01T07:00:00.000Z',
    );
    expect(parseImportInstant(new Date(Date.UTC(2024, 0, 2, 8, 30)), 'UTC')?.toISOString()).toBe(
      '2024-01-02T08:30:00.000Z',
    );
  });

  it('a state word SD6 does not know is a clear row error', () => {
    const result = normalizeField('antivirusState', 'Antivirus State (Status)', 'Purple', {
      timeZone: 'UTC',
      dateOrder: 'MDY',
    });
    expect(result).toEqual({
      error: 'Antivirus State (Status) "Purple" is not an antivirus state SD6 knows.',
    });
  });
});
