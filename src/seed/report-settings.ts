// Demo report settings (SD6_DEMO, first start only): a report disclaimer and a retired banner, the three documents
// clients must receive (required uploads), and the rule of which devices are virtual.
import type pg from 'pg';
import { RMM_VIRTUAL_KEY, type VirtualDevices } from '../server/db/settings-keys.js';

const DISCLAIMER =
  'This report reflects the data reported by the RMM agents at the time of generation. Devices that were ' +
  'offline or not yet enrolled may be missing, and figures can lag by up to a day.\n' +
  'Please tell your account manager about anything that looks wrong.';

const REQUIRED_UPLOADS = [
  {
    name: 'Quarterly Security Pack',
    description:
      'Antivirus, BitLocker, patch, warranty, device age and outdated response summaries in one PDF.',
    report: 'security-pack',
    frequency: 'QUARTERLY',
    clients: '2',
  },
  {
    name: 'Monthly Patch Report',
    description: 'Missing patches per device, for the clients billed by device.',
    report: 'patch',
    frequency: 'MONTHLY',
    clients: '4',
  },
  {
    name: 'Yearly Warranty Report',
    description: 'Devices whose warranty has ended or ends within 90 days, for the yearly budget review.',
    report: 'warranty',
    frequency: 'YEARLY',
    clients: '1',
  },
];

export async function seedReportSettings(db: pg.PoolClient, adminId: number): Promise<void> {
  const { rows: notices } = await db.query<{ id: number }>(
    `INSERT INTO notices (title, body, on_reports, as_banner, active, created_by, updated_by)
     VALUES ('Report Disclaimer', $1, true, false, true, $3, $3),
            ('Scheduled Maintenance', $2, false, true, false, $3, $3)
     RETURNING id`,
    [
      DISCLAIMER,
      'SD6 will be unavailable on Saturday from 10 PM to 11 PM while the server is updated.',
      adminId,
    ],
  );
  const disclaimerId = notices[0]!.id;
  await db.query(
    `INSERT INTO report_notices (name, description, report, frequency, clients, notice_id, created_by, updated_by)
     SELECT u.name, u.description, u.report, u.frequency, u.clients, $2, $3, $3
       FROM jsonb_to_recordset($1::jsonb)
            AS u(name text, description text, report text, frequency text, clients text)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(REQUIRED_UPLOADS), disclaimerId, adminId],
  );
  const { rows: categories } = await db.query<{ id: number }>(
    `SELECT id FROM device_categories WHERE name = 'Virtual Machine'`,
  );
  const rule: VirtualDevices = {
    categoryIds: categories.map((c) => c.id),
    models: ['Virtual Machine', 'VMware*'],
  };
  await db.query(
    `INSERT INTO settings (key, value, created_by, updated_by) VALUES ($1, $2::jsonb, $3, $3)
     ON CONFLICT (key) DO NOTHING`,
    [RMM_VIRTUAL_KEY, JSON.stringify(rule), adminId],
  );
}
