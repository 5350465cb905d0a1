// The built-in import presets: the column names of the exports MSPs have (NinjaOne, Datto RMM, N-able N-central,
// ConnectWise Automate) -> SD6 equipment fields. A field may name several columns: the first the file has is used
// (exports differ a little between versions and chosen views).
import {
  type ColumnMapping,
  IDENTITY_FIELDS,
  type ImportField,
  type ImportKind,
} from '../../../shared/schemas/file-import.js';

import type { DateOrder } from './date-order.js';
import { normalHeader } from './suggest.js';

export type { DateOrder } from './date-order.js';

export type BuiltInPreset = {
  key: string;
  label: string;
  kind: ImportKind;
  columns: Partial<Record<ImportField, string | readonly string[]>>;
  dateOrder?: DateOrder;
};

// Each preset names the columns of the tool's screen export first, then the same fields as its API and the public
// scripts that export it name them (matched without regard to case, spaces and _ - . /, so "system.serialNumber"
// is "System Serial Number"). Sources, also in each fixture's header comment (test/fixtures/rmm):
// - NinjaOne: the Public API 2.0 device fields (id, systemName, displayName, dnsName, lastContact, os.name,
//   system.manufacturer/model/serialNumber/biosSerialNumber, references.organization.name) and its device export.
// - Datto RMM: the API v2 device (uid, siteName, hostname, operatingSystem, lastSeen, warrantyDate,
//   antivirus.antivirusProduct/antivirusStatus, patchManagement.patchesApprovedPending) and audit (bios.serialNumber,
//   systemInfo.manufacturer/model) fields, as the DattoRMM PowerShell module and data scripts flatten them.
// - N-able N-central: the asset export, and Get-NCDeviceList of the PS-NCentral module (deviceid, customername,
//   sitename, longname, deviceclass, supportedos).
// - ConnectWise Automate: the computers screen's export and the REST API's computers (Id, ComputerName,
//   Client.Name, Location.Name, OperatingSystemName, OperatingSystemVersion, SerialNumber, BiosManufacturer,
//   BiosVersion, RemoteAgentLastContact, IsVirtualMachine) as the AutomateAPI module's Get-AutomateComputer gives them.
export const BUILT_IN_PRESETS: readonly BuiltInPreset[] = [
  {
    key: 'ninjaone-devices',
    label: 'NinjaOne device export',
    kind: 'DEVICE',
    columns: {
      site: ['Organization', 'Organization Name', 'references.organization.name'],
      rmmId: ['Device ID', 'id'],
      name: ['System Name', 'Display Name', 'dnsName'],
      serialNumber: ['Serial Number', 'system.serialNumber', 'BIOS Serial Number', 'system.biosSerialNumber'],
      manufacturer: ['Manufacturer', 'system.manufacturer'],
      model: ['Model', 'system.model'],
      operatingSystem: ['OS Name', 'os.name'],
      osVersion: ['OS Build', 'os.buildNumber'],
      location: ['Location', 'Location Name', 'references.location.name'],
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
      rmmId: ['Device UID', 'uid'],
      name: 'Hostname',
      serialNumber: ['Serial number', 'bios.serialNumber'],
      manufacturer: ['Manufacturer', 'systemInfo.manufacturer'],
      model: ['Model', 'systemInfo.model'],
      operatingSystem: 'Operating system',
      osVersion: ['OS version', 'displayVersion'],
      lastResponseAt: ['Last seen date', 'lastSeen'],
      firmwareVersion: 'BIOS version',
      warrantyEnd: ['Warranty expiry', 'warrantyDate'],
      antivirusProduct: ['Antivirus product name', 'antivirus.antivirusProduct', 'antivirusProduct'],
      antivirusState: ['Antivirus status', 'antivirus.antivirusStatus', 'antivirusStatus'],
      missingPatches: ['Patches Approved Pending', 'patchManagement.patchesApprovedPending'],
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
    key: 'ncentral-device-list',
    label: 'N-able N-central device list (Get-NCDeviceList)',
    kind: 'DEVICE',
    columns: {
      site: 'customername',
      rmmId: 'deviceid',
      name: 'longname',
      operatingSystem: 'supportedos',
      location: 'sitename',
    },
  },
  {
    key: 'automate-computers',
    label: 'ConnectWise Automate computers',
    kind: 'DEVICE',
    columns: {
      site: ['Client Name', 'Client', 'Client.Name'],
      rmmId: ['Computer ID', 'Id'],
      name: 'Computer Name',
      serialNumber: 'Serial Number',
      manufacturer: ['Manufacturer', 'BiosManufacturer'],
      model: 'Model',
      operatingSystem: ['Operating System', 'OperatingSystemName'],
      osVersion: ['OS Version', 'OperatingSystemVersion'],
      location: ['Location Name', 'Location.Name', 'Location'],
      lastResponseAt: ['Last Contact', 'RemoteAgentLastContact'],
      firmwareVersion: 'BIOS Version',
      virtual: ['Virtual Machine', 'IsVirtualMachine'],
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

/** A preset's columns resolved against a file's headers, with how well they fit. */
export type PresetFit = {
  /** field -> the header as the file spells it. */
  mapping: ColumnMapping;
  /** The preset's columns the file lacks (the first name of each). */
  missing: string[];
  /** The file's columns the preset does not import. */
  extra: string[];
  /** The share of the preset's fields the file has, 0 to 1. */
  score: number;
};

/**
 * The preset's columns resolved against a file's headers (names compared normalised, see normalHeader): the first
 * of a field's names the file has is used.
 */
export function resolveColumns(
  columns: Partial<Record<ImportField, string | readonly string[]>>,
  headers: readonly string[],
): PresetFit {
  const byKey = new Map<string, string>();
  for (const h of headers) if (!byKey.has(normalHeader(h))) byKey.set(normalHeader(h), h);
  const mapping: ColumnMapping = {};
  const missing: string[] = [];
  const entries = Object.entries(columns) as [ImportField, string | readonly string[]][];
  for (const [field, names] of entries) {
    const options = typeof names === 'string' ? [names] : names;
    const found = options.map((n) => byKey.get(normalHeader(n))).find((h) => h !== undefined);
    if (found) mapping[field] = found;
    else missing.push(options[0]!);
  }
  const used = new Set(Object.values(mapping));
  const extra = headers.filter((h) => !used.has(h));
  return {
    mapping,
    missing,
    extra,
    score: entries.length ? Object.keys(mapping).length / entries.length : 0,
  };
}

/** A file is recognised as a preset's when it has at least half of the preset's fields (and a usable mapping). */
export const RECOGNISED_SCORE = 0.5;

/** A mapping can import: it names the site column and at least one column identifying the device. */
export const mappingUsable = (mapping: ColumnMapping) =>
  !!mapping.site && IDENTITY_FIELDS.some((f) => !!mapping[f]);
