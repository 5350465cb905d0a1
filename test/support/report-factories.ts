// Factories for the client report tests: devices with every column a report reads, notices, the virtual rule.
import type pg from 'pg';
import { RMM_VIRTUAL_KEY, type VirtualDevices } from '../../src/server/db/settings-keys.js';

type Db = Pick<pg.Pool, 'query'>;
let counter = 0;

export type DeviceOver = Partial<{
  organizationId: number | null;
  name: string;
  active: boolean;
  virtual: boolean;
  categoryId: number | null;
  personId: number | null;
  manufacturer: string | null;
  model: string | null;
  serialNumber: string | null;
  operatingSystem: string | null;
  location: string | null;
  /** yyyy-MM-dd */
  purchaseDate: string | null;
  warrantyEnd: string | null;
  lastResponseAt: Date | null;
  rmmId: string | null;
  antivirusProduct: string | null;
  antivirusState: string | null;
  bitlockerState: string | null;
  missingPatches: number | null;
  lastPatchDate: string | null;
  firmwareVersion: string | null;
}>;

/** A device with report data (nothing reported unless given); organization null: unassigned. */
export async function makeDevice(
  db: Db,
  organizationId: number | null,
  over: DeviceOver = {},
): Promise<{ id: number; name: string }> {
  counter += 1;
  const name = over.name ?? `REPORT-DEVICE-${process.pid % 1000}-${counter}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO equipment (organization_id, name, active, virtual, category_id, person_id, manufacturer, model,
                            serial_number, operating_system, location, purchase_date, warranty_end,
                            last_response_at, rmm_id, antivirus_product, antivirus_state, bitlocker_state,
                            missing_patches, last_patch_date, firmware_version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
     RETURNING id`,
    [
      organizationId,
      name,
      over.active ?? true,
      over.virtual ?? false,
      over.categoryId ?? null,
      over.personId ?? null,
      over.manufacturer ?? null,
      over.model ?? null,
      over.serialNumber ?? null,
      over.operatingSystem ?? null,
      over.location ?? null,
      over.purchaseDate ?? null,
      over.warrantyEnd ?? null,
      over.lastResponseAt ?? null,
      over.rmmId ?? null,
      over.antivirusProduct ?? null,
      over.antivirusState ?? null,
      over.bitlockerState ?? null,
      over.missingPatches ?? null,
      over.lastPatchDate ?? null,
      over.firmwareVersion ?? null,
    ],
  );
  return { id: rows[0]!.id, name };
}

/** A notice (on reports unless told otherwise). */
export async function makeNotice(
  db: Db,
  over: Partial<{ title: string; body: string; onReports: boolean; active: boolean }> = {},
): Promise<{ id: number }> {
  counter += 1;
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO notices (title, body, on_reports, active) VALUES ($1, $2, $3, $4) RETURNING id',
    [
      over.title ?? `Notice ${counter}`,
      over.body ?? 'Notice text.',
      over.onReports ?? true,
      over.active ?? true,
    ],
  );
  return { id: rows[0]!.id };
}

/** Saves the virtual-device rule (RMM settings). */
export async function setVirtualDevices(db: Db, rule: VirtualDevices): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [RMM_VIRTUAL_KEY, JSON.stringify(rule)],
  );
}
