// Mapping suggestions from header names: the three real column sets of the issue (NinjaOne's API device fields,
// Datto RMM's device API, N-central's Get-NCDeviceList; see test/fixtures/rmm/SOURCES.md), the names any sheet
// uses, and the shape key a saved mapping is remembered by.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../../../../test/support/import-factories.js';
import { CSV_TYPE } from './file-store.js';
import { headersKey, normalHeader, suggestedColumns, suggestMapping } from './suggest.js';
import { openTable } from './table-reader.js';

async function headersOf(file: string) {
  const table = await openTable(join(FIXTURES, file), CSV_TYPE);
  await table.rows.return(undefined);
  return table.headers;
}

describe('suggested mappings for real column sets', () => {
  it.each([
    [
      'ninjaone-api-devices.csv',
      {
        site: 'references.organization.name',
        rmmId: 'id',
        name: 'systemName',
        serialNumber: 'system.serialNumber',
        manufacturer: 'system.manufacturer',
        model: 'system.model',
        operatingSystem: 'os.name',
        osVersion: 'os.buildNumber',
        location: 'references.location.name',
        lastResponseAt: 'lastContact',
      },
    ],
    [
      'datto-api-devices.csv',
      {
        site: 'siteName',
        rmmId: 'uid',
        name: 'hostname',
        serialNumber: 'bios.serialNumber',
        manufacturer: 'systemInfo.manufacturer',
        model: 'systemInfo.model',
        operatingSystem: 'operatingSystem',
        osVersion: 'displayVersion',
        lastResponseAt: 'lastSeen',
        warrantyEnd: 'warrantyDate',
        antivirusProduct: 'antivirusProduct',
        antivirusState: 'antivirusStatus',
        missingPatches: 'patchesApprovedPending',
      },
    ],
    [
      'ncentral-device-list.csv',
      {
        site: 'customername',
        rmmId: 'deviceid',
        name: 'longname',
        operatingSystem: 'supportedos',
        location: 'sitename',
      },
    ],
  ])('%s', async (file, expected) => {
    const suggestions = suggestMapping(await headersOf(file));
    expect(suggestedColumns(suggestions)).toEqual(expected);
    // Each of these is one of the field's own names: a sure suggestion.
    for (const s of Object.values(suggestions)) expect(s.confidence).toBeGreaterThanOrEqual(80);
  });

  it("suggests the issue's names however they are written, less sure of a name that only contains one", () => {
    const s = suggestMapping([
      'System Name',
      'HOSTNAME',
      'customer_name',
      'Serial-Number',
      'Device Warranty Expires',
    ]);
    expect(s['System Name']).toEqual({ field: 'name', confidence: 95 });
    expect(s.customer_name).toEqual({ field: 'site', confidence: 95 });
    expect(s['Serial-Number']).toEqual({ field: 'serialNumber', confidence: 95 });
    // hostname is a name too, but the name is taken by the surer systemName.
    expect(s.HOSTNAME).toBeUndefined();
    expect(s['Device Warranty Expires']).toEqual({ field: 'warrantyEnd', confidence: 60 });
  });

  it('gives the site to a Datto siteName and the location to an N-central sitename beside a customer name', () => {
    expect(suggestedColumns(suggestMapping(['siteName', 'hostname']))).toEqual({
      site: 'siteName',
      name: 'hostname',
    });
    expect(suggestedColumns(suggestMapping(['customername', 'sitename', 'longname']))).toEqual({
      site: 'customername',
      location: 'sitename',
      name: 'longname',
    });
  });

  it('suggests nothing for names that mean nothing to it', () => {
    expect(suggestMapping(['notes', 'Colour', ''])).toEqual({});
  });
});

describe('the shape of a file', () => {
  it('is its set of header names, whatever their order, case and punctuation', () => {
    expect(normalHeader(' System.Serial_Number ')).toBe('systemserialnumber');
    expect(headersKey(['Client', 'Machine', 'Serial'])).toBe(headersKey(['serial', 'MACHINE', 'client']));
    expect(headersKey(['Client', 'Machine'])).not.toBe(headersKey(['Client', 'Machine', 'Serial']));
  });
});
