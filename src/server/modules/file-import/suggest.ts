// Mapping suggestions for a file no preset knows, from its header names alone: each name normalised (case, spaces,
// _ - . / and brackets dropped, so "systemName", "System Name" and "system_name" are one) and compared with the
// names the RMMs and their API scripts use for each SD6 field. A name that is one of them is a sure suggestion;
// a name that contains one ("Device Serial Number") a likely one.
import type { ColumnMapping, ImportField } from '../../../shared/schemas/file-import.js';

/** A header as the comparison sees it. */
export const normalHeader = (header: string) =>
  header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\s_\-./\\()[\]#:]+/g, '');

/** The set of a file's headers, as a saved mapping remembers its shape (order and spelling do not matter). */
export const headersKey = (headers: readonly string[]) =>
  [...new Set(headers.map(normalHeader).filter(Boolean))].sort().join('|');

// Each field's names, most telling first (already normalised). The sources: NinjaOne's API device fields
// (systemName, displayName, dnsName, lastContact, system.serialNumber…), Datto RMM's device and audit API
// (hostname, siteName, uid, lastSeen, warrantyDate, antivirusProduct, patchesApprovedPending, bios.serialNumber),
// N-central's Get-NCDeviceList (deviceid, longname, customername, sitename, supportedos), ConnectWise Automate's
// computers API (ComputerName, ClientName, LocationName, OperatingSystemName, RemoteAgentLastContact,
// IsVirtualMachine), and the exports of their screens.
const SYNONYMS: Record<ImportField, readonly string[]> = {
  site: [
    'customername',
    'customer',
    'organization',
    'organizationname',
    'organisation',
    'organisationname',
    'referencesorganizationname',
    'clientname',
    'client',
    'company',
    'companyname',
    'tenant',
    'tenantname',
    'account',
    'accountname',
    'customersite',
    'sitename',
    'site',
  ],
  rmmId: [
    'deviceid',
    'deviceuid',
    'uid',
    'computerid',
    'agentid',
    'nodeid',
    'rmmid',
    'endpointid',
    'assetid',
    'id',
  ],
  name: [
    'systemname',
    'hostname',
    'computername',
    'devicename',
    'longname',
    'machinename',
    'displayname',
    'netbiosname',
    'dnsname',
    'endpointname',
    'assetname',
    'name',
    'computer',
    'device',
    'machine',
    'host',
  ],
  serialNumber: [
    'serialnumber',
    'serial',
    'serialno',
    'systemserialnumber',
    'biosserialnumber',
    'biosserial',
    'servicetag',
    'sn',
  ],
  manufacturer: [
    'manufacturer',
    'systemmanufacturer',
    'biosmanufacturer',
    'systeminfomanufacturer',
    'biosmfg',
    'make',
    'vendor',
    'mfg',
    'mfr',
  ],
  model: ['model', 'systemmodel', 'systeminfomodel', 'modelnumber', 'modelname', 'productname'],
  operatingSystem: [
    'operatingsystem',
    'operatingsystemname',
    'osname',
    'os',
    'supportedos',
    'osdescription',
    'ostype',
  ],
  osVersion: [
    'osversion',
    'operatingsystemversion',
    'osbuild',
    'osbuildnumber',
    'buildnumber',
    'osdisplayversion',
    'displayversion',
    'version',
  ],
  location: ['location', 'locationname', 'referenceslocationname', 'sitename', 'site', 'office', 'branch'],
  purchaseDate: ['purchasedate', 'purchased', 'dateofpurchase', 'acquireddate', 'shipdate'],
  warrantyEnd: [
    'warrantyend',
    'warrantyenddate',
    'warrantydate',
    'warrantyexpiry',
    'warrantyexpirydate',
    'warrantyexpiration',
    'warrantyexpirationdate',
    'warranty',
  ],
  lastResponseAt: [
    'lastcontact',
    'lastseen',
    'lastseendate',
    'lastcheckin',
    'lastcheckintime',
    'remoteagentlastcontact',
    'lastresponse',
    'lastonline',
    'lastcommunication',
    'lastheartbeat',
  ],
  antivirusProduct: [
    'antivirusproduct',
    'antivirusproductname',
    'antivirusname',
    'avproduct',
    'avname',
    'virusscanner',
    'antivirus',
  ],
  antivirusState: [
    'antivirusstatus',
    'antivirusstate',
    'avstatus',
    'avstate',
    'protectionstatus',
    'virusscannerstatus',
  ],
  bitlockerState: ['bitlockerstatus', 'bitlockerstate', 'bitlocker', 'encryptionstatus', 'volumestatus'],
  missingPatches: [
    'missingpatches',
    'patchesapprovedpending',
    'approvedmissingpatches',
    'patchesmissing',
    'pendingpatches',
    'missingupdates',
  ],
  lastPatchDate: [
    'lastpatchdate',
    'lastpatchinstalled',
    'lastpatched',
    'lastupdateinstalled',
    'windowsupdatedate',
    'lastwindowsupdate',
  ],
  firmwareVersion: ['biosversion', 'firmwareversion', 'firmware', 'biosver', 'smbiosbiosversion', 'bios'],
  virtual: ['virtualmachine', 'isvirtualmachine', 'isvirtual', 'virtual', 'vm'],
};

const FIELDS = Object.keys(SYNONYMS) as ImportField[];

export type Suggestion = { field: ImportField; confidence: number };

/** How sure a header is of a field: 95 down to 80 for one of its names (by rank), 60 for a name it contains. */
export function scoreHeader(field: ImportField, header: string): number {
  const h = normalHeader(header);
  if (!h) return 0;
  const names = SYNONYMS[field];
  const exact = names.indexOf(h);
  if (exact >= 0) return Math.max(80, 95 - exact);
  // Containment only for names long enough to mean something inside another ("serialnumber", not "device").
  return names.some((n) => n.length >= 8 && h.includes(n)) ? 60 : 0;
}

/**
 * The suggested field of each header (one header per field, one field per header): the surest pairs first. The
 * site is required, so a header that could be the site ("siteName" in Datto RMM) is the site when no other is.
 */
export function suggestMapping(headers: readonly string[]): Record<string, Suggestion> {
  const pairs = FIELDS.flatMap((field) =>
    headers.map((header) => ({ field, header, confidence: scoreHeader(field, header) })),
  )
    .filter((p) => p.confidence > 0)
    .sort((a, b) => b.confidence - a.confidence);
  const result: Record<string, Suggestion> = {};
  const fieldsTaken = new Set<ImportField>();
  for (const p of pairs) {
    if (result[p.header] || fieldsTaken.has(p.field)) continue;
    result[p.header] = { field: p.field, confidence: p.confidence };
    fieldsTaken.add(p.field);
  }
  if (!fieldsTaken.has('site')) {
    const site = pairs.find((p) => p.field === 'site' && result[p.header]?.field === 'location');
    if (site) result[site.header] = { field: 'site', confidence: site.confidence };
  }
  return result;
}

/** The suggestions as a column mapping (field -> header). */
export const suggestedColumns = (suggestions: Record<string, Suggestion>): ColumnMapping =>
  Object.fromEntries(Object.entries(suggestions).map(([header, s]) => [s.field, header]));
