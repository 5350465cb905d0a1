// The built-in import presets: the column names of the exports MSPs have (NinjaOne, Datto RMM, N-able N-central,
// ConnectWise Automate) -> SD6 equipment fields. A field may name several columns: the first the file has is used
// (exports differ a little between versions and chosen views).
import {
  type ColumnMapping,
  IDENTITY_FIELDS,
  type ImportField,
  type ImportKind,
} from '../../../shared/schemas/file-import.js';

/** How a numeric date like 03/04/2024 is read: month first (US tools) or day first. */
export type DateOrder = 'MDY' | 'DMY';

export type BuiltInPreset = {
  key: string;
  label: string;
  kind: ImportKind;
  columns: Partial<Record<ImportField, string | readonly string[]>>;
  dateOrder?: DateOrder;
};

export const BUILT_IN_PRESETS: readonly BuiltInPreset[] = [
  {
    key: 'ninjaone-devices',
    label: 'NinjaOne device export',
    kind: 'DEVICE',
    columns: {
      site: 'Organization',
      rmmId: 'Device ID',
      name: ['System Name', 'Display Name'],
      serialNumber: ['Serial Number', 'BIOS Serial Number'],
      manufacturer: 'Manufacturer',
      model: 'Model',
      operatingSystem: 'OS Name',
      osVersion: 'OS Build',
      location: 'Location',
      lastResponseAt: 'Last Contact',
      firmwareVersion: 'BIOS Version',
      warrantyEnd: 'Warranty End Date',
      virtual: 'Virtual Machine',
    },
  },
  {
    key: 'datto-device-audit',
    label: 'Datto RMM device audit',
    kind: 'DEVICE',
    columns: {
      site: 'Site name',
      rmmId: 'Device UID',
      name: 'Hostname',
      serialNumber: 'Serial number',
      manufacturer: 'Manufacturer',
      model: 'Model',
      operatingSystem: 'Operating system',
      osVersion: 'OS version',
      lastResponseAt: 'Last seen date',
      firmwareVersion: 'BIOS version',
      warrantyEnd: 'Warranty expiry',
      antivirusProduct: 'Antivirus product name',
      antivirusState: 'Antivirus status',
      missingPatches: 'Patches Approved Pending',
    },
    dateOrder: 'DMY',
  },
  {
    key: 'ncentral-assets',
    label: 'N-able N-central asset export',
    kind: 'DEVICE',
    columns: {
      site: ['Customer Name', 'Customer/Site'],
      rmmId: 'Device ID',
      name: 'Device Name',
      serialNumber: 'Serial Number',
      manufacturer: 'Manufacturer',
      model: 'Model',
      operatingSystem: 'OS',
      osVersion: 'OS Version',
      location: 'Site Name',
      purchaseDate: 'Purchase Date',
      warrantyEnd: 'Warranty Expiry Date',
      lastResponseAt: 'Last Check-In',
      virtual: 'Is Virtual',
    },
  },
  {
    key: 'automate-computers',
    label: 'ConnectWise Automate computers',
    kind: 'DEVICE',
    columns: {
      site: ['Client Name', 'Client'],
      rmmId: 'Computer ID',
      name: 'Computer Name',
      serialNumber: 'Serial Number',
      manufacturer: 'Manufacturer',
      model: 'Model',
      operatingSystem: 'Operating System',
      osVersion: 'OS Version',
      location: 'Location Name',
      lastResponseAt: 'Last Contact',
      firmwareVersion: 'BIOS Version',
      virtual: 'Virtual Machine',
      warrantyEnd: 'Warranty End',
    },
  },
  {
    key: 'ninjaone-antivirus',
    label: 'NinjaOne antivirus status',
    kind: 'ANTIVIRUS',
    columns: {
      site: 'Organization',
      rmmId: 'Device ID',
      name: 'Device Name',
      antivirusProduct: 'Antivirus Product',
      antivirusState: 'Protection Status',
    },
  },
  {
    key: 'ninjaone-bitlocker',
    label: 'NinjaOne BitLocker status',
    kind: 'BITLOCKER',
    columns: {
      site: 'Organization',
      rmmId: 'Device ID',
      name: 'Device Name',
      bitlockerState: 'BitLocker Status',
    },
  },
  {
    key: 'ncentral-patch',
    label: 'N-able N-central patch status',
    kind: 'PATCH',
    columns: {
      site: 'Customer Name',
      rmmId: 'Device ID',
      name: 'Device Name',
      missingPatches: 'Approved Missing Patches',
      lastPatchDate: 'Last Patch Installed',
    },
  },
];

export const builtInPreset = (key: string) => BUILT_IN_PRESETS.find((p) => p.key === key);

const headerKey = (name: string) => name.trim().toLowerCase();

/**
 * The preset's columns resolved against a file's headers: field -> the header as the file spells it, and the
 * preset's columns the file lacks (the first alternative named).
 */
export function resolveColumns(
  columns: Partial<Record<ImportField, string | readonly string[]>>,
  headers: readonly string[],
): { mapping: ColumnMapping; missing: string[] } {
  const byKey = new Map(headers.map((h) => [headerKey(h), h]));
  const mapping: ColumnMapping = {};
  const missing: string[] = [];
  for (const [field, names] of Object.entries(columns) as [ImportField, string | readonly string[]][]) {
    const options = typeof names === 'string' ? [names] : names;
    const found = options.map((n) => byKey.get(headerKey(n))).find((h) => h !== undefined);
    if (found) mapping[field] = found;
    else missing.push(options[0]!);
  }
  return { mapping, missing };
}

/** A mapping can import: it names the site column and at least one column identifying the device. */
export const mappingUsable = (mapping: ColumnMapping) =>
  !!mapping.site && IDENTITY_FIELDS.some((f) => !!mapping[f]);
