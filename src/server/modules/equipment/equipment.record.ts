// The equipment record (a customer's device): table, fields and references, for the generic record service.

import { can } from '../../../shared/permissions.js';
import { ANTIVIRUS_STATES, BITLOCKER_STATES } from '../../../shared/schemas/equipment.js';
import type { RecordDef } from '../../platform/records.js';

export const EQUIPMENT: RecordDef = {
  key: 'equipment',
  table: 'equipment',
  objectClass: 'Equipment',
  title: 't.name',
  canRead: (user) => can(user, 'equipment', 'read'),
  fields: [
    { name: 'name', column: 'name', label: 'Name' },
    {
      name: 'organization',
      column: 'organization_id',
      label: 'Organization',
      kind: 'ref',
      ref: { table: 'organizations', label: '$.name' },
    },
    {
      name: 'category',
      column: 'category_id',
      label: 'Category',
      kind: 'ref',
      ref: { table: 'device_categories', label: '$.name' },
    },
    {
      name: 'status',
      column: 'status_id',
      label: 'Status',
      kind: 'ref',
      ref: { table: 'device_statuses', label: '$.name' },
    },
    { name: 'manufacturer', column: 'manufacturer', label: 'Manufacturer' },
    { name: 'model', column: 'model', label: 'Model' },
    { name: 'serialNumber', column: 'serial_number', label: 'Serial Number' },
    { name: 'operatingSystem', column: 'operating_system', label: 'Operating System' },
    { name: 'osVersion', column: 'os_version', label: 'OS Version' },
    {
      name: 'person',
      column: 'person_id',
      label: 'Assigned Person',
      kind: 'ref',
      ref: { table: 'people', label: "$.first_name || ' ' || $.last_name" },
    },
    { name: 'location', column: 'location', label: 'Location' },
    { name: 'purchaseDate', column: 'purchase_date', label: 'Purchase Date', kind: 'date' },
    { name: 'warrantyEnd', column: 'warranty_end', label: 'Warranty End', kind: 'date' },
    // Written by RMM imports only; shown read-only on the form.
    {
      name: 'lastResponseAt',
      column: 'last_response_at',
      label: 'Last RMM Response',
      kind: 'timestamp',
      writable: false,
    },
    { name: 'rmmId', column: 'rmm_id', label: 'RMM ID' },
    { name: 'antivirusProduct', column: 'antivirus_product', label: 'Antivirus Product' },
    {
      name: 'antivirusState',
      column: 'antivirus_state',
      label: 'Antivirus State',
      kind: 'code',
      codes: ANTIVIRUS_STATES,
    },
    {
      name: 'bitlockerState',
      column: 'bitlocker_state',
      label: 'BitLocker State',
      kind: 'code',
      codes: BITLOCKER_STATES,
    },
    { name: 'missingPatches', column: 'missing_patches', label: 'Missing Patches', kind: 'int' },
    { name: 'lastPatchDate', column: 'last_patch_date', label: 'Last Patch Date', kind: 'date' },
    { name: 'firmwareVersion', column: 'firmware_version', label: 'Firmware Version' },
    { name: 'virtual', column: 'virtual', label: 'Virtual', kind: 'bool' },
    { name: 'active', column: 'active', label: 'Active', kind: 'bool' },
    { name: 'notes', column: 'notes', label: 'Notes' },
  ],
};
