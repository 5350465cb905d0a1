// The equipment record (a customer's device): table, fields and references, for the generic record service.

import { can } from '../../../shared/permissions.js';
import { ANTIVIRUS_STATES, BITLOCKER_STATES, equipmentRecord } from '../../../shared/schemas/equipment.js';
import {
  deviceCategories,
  deviceStatuses,
  equipment,
  organizations,
  people,
} from '../../db/schema/inventory.js';
import { defineRecord } from '../../platform/records.js';

export const EQUIPMENT = defineRecord({
  key: 'equipment',
  table: equipment,
  objectClass: 'Equipment',
  schema: equipmentRecord,
  title: 't.name',
  canRead: (user) => can(user, 'equipment', 'read'),
  fields: [
    { name: 'name', column: equipment.name, label: 'Name' },
    {
      name: 'organization',
      column: equipment.organizationId,
      label: 'Organization',
      kind: 'ref',
      ref: { table: organizations, label: '$.name' },
    },
    {
      name: 'category',
      column: equipment.categoryId,
      label: 'Category',
      kind: 'ref',
      ref: { table: deviceCategories, label: '$.name' },
    },
    {
      name: 'status',
      column: equipment.statusId,
      label: 'Status',
      kind: 'ref',
      ref: { table: deviceStatuses, label: '$.name' },
    },
    { name: 'manufacturer', column: equipment.manufacturer, label: 'Manufacturer' },
    { name: 'model', column: equipment.model, label: 'Model' },
    { name: 'serialNumber', column: equipment.serialNumber, label: 'Serial Number' },
    { name: 'operatingSystem', column: equipment.operatingSystem, label: 'Operating System' },
    { name: 'osVersion', column: equipment.osVersion, label: 'OS Version' },
    {
      name: 'person',
      column: equipment.personId,
      label: 'Assigned Person',
      kind: 'ref',
      ref: { table: people, label: "$.first_name || ' ' || $.last_name" },
    },
    { name: 'location', column: equipment.location, label: 'Location' },
    { name: 'purchaseDate', column: equipment.purchaseDate, label: 'Purchase Date', kind: 'date' },
    { name: 'warrantyEnd', column: equipment.warrantyEnd, label: 'Warranty End', kind: 'date' },
    // Written by RMM imports only; shown read-only on the form.
    {
      name: 'lastResponseAt',
      column: equipment.lastResponseAt,
      label: 'Last RMM Response',
      kind: 'timestamp',
      writable: false,
    },
    { name: 'rmmId', column: equipment.rmmId, label: 'RMM ID' },
    { name: 'antivirusProduct', column: equipment.antivirusProduct, label: 'Antivirus Product' },
    {
      name: 'antivirusState',
      column: equipment.antivirusState,
      label: 'Antivirus State',
      kind: 'code',
      codes: ANTIVIRUS_STATES,
    },
    {
      name: 'bitlockerState',
      column: equipment.bitlockerState,
      label: 'BitLocker State',
      kind: 'code',
      codes: BITLOCKER_STATES,
    },
    { name: 'missingPatches', column: equipment.missingPatches, label: 'Missing Patches', kind: 'int' },
    { name: 'lastPatchDate', column: equipment.lastPatchDate, label: 'Last Patch Date', kind: 'date' },
    { name: 'firmwareVersion', column: equipment.firmwareVersion, label: 'Firmware Version' },
    { name: 'virtual', column: equipment.virtual, label: 'Virtual', kind: 'bool' },
    { name: 'active', column: equipment.active, label: 'Active', kind: 'bool' },
    { name: 'notes', column: equipment.notes, label: 'Notes' },
  ],
});
