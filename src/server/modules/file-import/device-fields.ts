// The equipment fields an import writes: their columns and SQL types, and their values as field history shows them.
import { ANTIVIRUS_STATES, BITLOCKER_STATES } from '../../../shared/schemas/equipment.js';
import type { ImportField } from '../../../shared/schemas/file-import.js';
import type { FieldValue } from './normalize.js';

/** The equipment fields an import writes (the site is not one), with their column and type. */
export const DEVICE_FIELDS = {
  name: { column: 'name', type: 'text' },
  manufacturer: { column: 'manufacturer', type: 'text' },
  model: { column: 'model', type: 'text' },
  serialNumber: { column: 'serial_number', type: 'text' },
  operatingSystem: { column: 'operating_system', type: 'text' },
  osVersion: { column: 'os_version', type: 'text' },
  location: { column: 'location', type: 'text' },
  purchaseDate: { column: 'purchase_date', type: 'date' },
  warrantyEnd: { column: 'warranty_end', type: 'date' },
  lastResponseAt: { column: 'last_response_at', type: 'timestamptz' },
  rmmId: { column: 'rmm_id', type: 'text' },
  antivirusProduct: { column: 'antivirus_product', type: 'text' },
  antivirusState: { column: 'antivirus_state', type: 'text' },
  bitlockerState: { column: 'bitlocker_state', type: 'text' },
  missingPatches: { column: 'missing_patches', type: 'int' },
  lastPatchDate: { column: 'last_patch_date', type: 'date' },
  firmwareVersion: { column: 'firmware_version', type: 'text' },
  virtual: { column: 'virtual', type: 'bool' },
} as const satisfies Partial<Record<ImportField, { column: string; type: string }>>;
export type DeviceField = keyof typeof DEVICE_FIELDS;
export const DEVICE_FIELD_NAMES = Object.keys(DEVICE_FIELDS) as DeviceField[];

/** A value as field history shows it (as the equipment form's history does: dates MM/dd/yyyy, codes by label). */
export function historyValue(field: DeviceField, value: FieldValue | null): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const type = DEVICE_FIELDS[field].type;
  if (type === 'date') {
    const [y, m, d] = String(value).split('-');
    return `${m}/${d}/${y}`;
  }
  if (field === 'antivirusState')
    return ANTIVIRUS_STATES.find((s) => s.value === value)?.label ?? String(value);
  if (field === 'bitlockerState')
    return BITLOCKER_STATES.find((s) => s.value === value)?.label ?? String(value);
  return String(value);
}

/** A matched device as it is now. */
export type Current = { id: number; organizationId: number | null; organizationName: string | null } & Record<
  DeviceField,
  FieldValue | null
>;
