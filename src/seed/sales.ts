// Demo agreements (SD6_DEMO, first start only): service and amendment types, the amendment settings, and the
// agreements of the client organizations with their services, amendments, documents (PDF files in file_chunks) and
// activity, built by sales-build.ts and written with one INSERT ... SELECT FROM unnest(...) per table.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import {
  AMENDMENT_SETTINGS_KEY as SETTINGS_KEY,
  type StoredAmendmentSettings,
  storedAmendmentDefaults as storedDefaults,
} from '../server/db/settings-keys.js';
import { toIsoDate } from '../shared/format/date.js';
import { type BulkRow, insertRows, reserveIds } from './bulk.js';
import type { Random } from './random.js';
import { buildSales, money, type SalesOrg } from './sales-build.js';
import { AMENDMENT_TYPES, SERVICE_TYPES } from './sales-data.js';

const TYPES: Record<string, string> = {
  size: 'bigint',
  quantity: 'numeric',
  unit_price: 'numeric',
  covered_hours: 'numeric',
  before_quantity: 'numeric',
  before_unit_price: 'numeric',
  block_hours: 'bool',
  complete: 'bool',
  data: 'bytea',
  text: 'text',
  at: 'timestamptz',
};
const typeOf = (column: string) =>
  TYPES[column] ??
  (/(^id|_id|_by|^position|^seq|^version|^term_months)$/.test(column)
    ? 'int'
    : /_date$/.test(column)
      ? 'date'
      : /_at$/.test(column)
        ? 'timestamptz'
        : 'text');

// Billing contacts: whoever handles the money, else the first person.
const BILLING_TITLES = [
  'Controller',
  'Bookkeeper',
  'CFO',
  'Billing Specialist',
  'Office Manager',
  'Practice Manager',
];

/** Current clients (active) and former ones, with what sizes their services. */
async function salesOrgs(db: pg.PoolClient): Promise<SalesOrg[]> {
  const { rows } = await db.query<{
    id: number;
    name: string;
    client: boolean;
    account_manager_id: number | null;
    contact: number | null;
    people: number;
    workstations: number;
    servers: number;
    firewalls: number;
    m365: string | null;
    seats: number | null;
  }>(
    `SELECT o.id, o.name, o.sales_status = 'CLIENT' AS client, o.account_manager_id, p.contact, p.people,
            d.workstations, d.servers, d.firewalls, m.name AS m365, m.seats
       FROM organizations o
       CROSS JOIN LATERAL (
         SELECT (array_agg(x.id ORDER BY array_position($1::text[], x.title), x.id))[1] AS contact,
                count(*)::int AS people
           FROM people x WHERE x.organization_id = o.id AND x.active) p
       CROSS JOIN LATERAL (
         SELECT count(*) FILTER (WHERE c.name IN ('Workstation', 'Laptop'))::int AS workstations,
                count(*) FILTER (WHERE c.name = 'Server')::int AS servers,
                count(*) FILTER (WHERE c.name = 'Firewall')::int AS firewalls
           FROM equipment e JOIN device_categories c ON c.id = e.category_id
          -- A former client's devices are retired now: they count as what it had.
          WHERE e.organization_id = o.id AND NOT e.virtual AND (e.active OR o.sales_status <> 'CLIENT')) d
       LEFT JOIN LATERAL (
         SELECT s.name, s.seats FROM software s
          WHERE s.organization_id = o.id AND s.active AND s.name LIKE 'Microsoft 365%' ORDER BY s.id LIMIT 1) m ON true
      WHERE (o.sales_status = 'CLIENT' AND o.active) OR o.sales_status = 'FORMER_CLIENT'
      ORDER BY o.id`,
    [BILLING_TITLES],
  );
  return rows.map((o) => ({
    id: o.id,
    name: o.name,
    client: o.client,
    accountManagerId: o.account_manager_id,
    billingContactId: o.contact,
    people: o.people,
    workstations: o.workstations,
    servers: o.servers,
    firewalls: o.firewalls,
    m365: o.m365 ? { premium: o.m365.includes('Premium'), seats: o.seats } : null,
  }));
}

/** Inserts the demo agreements in the bootstrap transaction (after the inventory); returns the row counts. */
export async function seedSales(
  db: pg.PoolClient,
  random: Random,
  adminId: number,
  today = new Date(),
): Promise<Record<string, number>> {
  const staff = await db.query<{ id: number }>('SELECT id FROM users WHERE id <> $1 AND active ORDER BY id', [
    adminId,
  ]);
  const sales = buildSales(
    random,
    toIsoDate(today),
    await salesOrgs(db),
    staff.rows.length ? staff.rows.map((u) => u.id) : [adminId],
    new Date(),
  );
  const { agreements, services, amendments, documents, activities } = sales;

  // Real ids for every table others refer to, so the rows can name each other before they are written.
  const ids = {
    serviceTypes: await reserveIds(db, 'service_types', SERVICE_TYPES.length),
    amendmentTypes: await reserveIds(db, 'amendment_types', AMENDMENT_TYPES.length),
    files: await reserveIds(db, 'files', documents.length),
    agreements: await reserveIds(db, 'agreements', agreements.length),
    services: await reserveIds(db, 'agreement_services', services.length),
    documents: await reserveIds(db, 'agreement_documents', documents.length),
    amendments: await reserveIds(db, 'amendments', amendments.length),
  };
  const real = (list: keyof typeof ids, local: { id: number } | null) =>
    local ? ids[list][local.id - 1]! : null;
  const serviceType = (key: string | null) =>
    key === null ? null : ids.serviceTypes[SERVICE_TYPES.findIndex((t) => t.key === key)]!;
  const amendmentType = (key: string) => ids.amendmentTypes[AMENDMENT_TYPES.findIndex((t) => t.key === key)]!;
  const amount = (n: number | null | undefined) => (n === null || n === undefined ? null : `${n}`);
  const cents = (n: number | null | undefined) => (n === null || n === undefined ? null : money(n));
  const stamped = (by: number) => ({ created_by: by, updated_by: by });

  const tables: [string, BulkRow[]][] = [
    [
      'service_types',
      SERVICE_TYPES.map((t, i) => ({
        id: ids.serviceTypes[i]!,
        name: t.name,
        description: t.description,
        block_hours: 'blockHours' in t,
        billed_per: 'billedPer' in t ? t.billedPer : null,
        ...stamped(adminId),
      })),
    ],
    [
      'amendment_types',
      AMENDMENT_TYPES.map((t, i) => ({
        id: ids.amendmentTypes[i]!,
        name: t.name,
        description: t.description,
        ...stamped(adminId),
      })),
    ],
    [
      'files',
      documents.map((d) => ({
        id: real('files', d)!,
        name: d.file.name,
        content_type: 'application/pdf',
        size: d.file.data.length,
        sha256: createHash('sha256').update(d.file.data).digest('hex'),
        complete: true,
        created_at: d.createdAt,
        created_by: d.agreement.manager,
      })),
    ],
    ['file_chunks', documents.map((d) => ({ file_id: real('files', d)!, seq: 0, data: d.file.data }))],
    [
      'agreements',
      agreements.map((a) => ({
        id: real('agreements', a)!,
        organization_id: a.org.id,
        number: a.number,
        title: a.title,
        status: a.status,
        type: a.type,
        start_date: a.start,
        end_date: a.end,
        renewal_date: a.renewal,
        term_months: a.term,
        billing_contact_id: a.org.billingContactId,
        account_manager_id: a.manager,
        notes: a.notes,
        created_at: a.createdAt,
        updated_at: a.closedAt ?? a.createdAt,
        ...stamped(a.manager),
        version: a.closedAt ? 1 : 0,
      })),
    ],
    [
      'agreement_services',
      services.map((s) => ({
        id: real('services', s)!,
        agreement_id: real('agreements', s.agreement)!,
        service_type_id: serviceType(s.type),
        description: s.description,
        quantity: amount(s.quantity),
        unit_price: cents(s.cents),
        billing_frequency: s.frequency,
        start_date: s.start,
        end_date: s.end,
        covered_hours: amount(s.hours),
        replaces_id: real('services', s.replaces),
        created_at: s.createdAt,
        created_by: s.createdBy,
        updated_at: s.updatedAt,
        updated_by: s.updatedBy,
        version: s.version,
      })),
    ],
    [
      'agreement_documents',
      documents.map((d) => ({
        id: real('documents', d)!,
        agreement_id: real('agreements', d.agreement)!,
        title: d.title,
        kind: d.kind,
        signed_date: d.signed,
        file_id: real('files', d)!,
        created_at: d.createdAt,
        updated_at: d.createdAt,
        ...stamped(d.agreement.manager),
      })),
    ],
    [
      'amendments',
      amendments.map((m) => ({
        id: real('amendments', m)!,
        agreement_id: real('agreements', m.agreement)!,
        number: m.number,
        amendment_type_id: amendmentType(m.type),
        effective_date: m.effective,
        status: m.status,
        description: m.description,
        document_id: real('documents', m.document),
        signed_at: m.signedAt,
        signed_by: m.signedAt ? m.agreement.manager : null,
        created_at: m.createdAt,
        updated_at: m.updatedAt,
        ...stamped(m.agreement.manager),
        version: m.status === 'DRAFT' ? 0 : 1,
      })),
    ],
    [
      'amendment_changes',
      amendments.flatMap((m) =>
        m.changes.map((c, position) => ({
          amendment_id: real('amendments', m)!,
          position,
          kind: c.kind,
          service_id: real('services', c.service),
          service_type_id: c.kind === 'ADD' ? serviceType(c.type) : null,
          description: c.kind === 'ADD' ? c.description! : null,
          quantity: amount(c.quantity),
          unit_price: cents(c.cents),
          billing_frequency: c.kind === 'ADD' ? c.frequency! : null,
          covered_hours: amount(c.hours),
          before_quantity: amount(c.beforeQuantity),
          before_unit_price: cents(c.beforeCents),
          result_service_id: real('services', c.result),
        })),
      ),
    ],
    [
      'activities',
      activities.map((x) => ({
        agreement_id: real('agreements', x.agreement)!,
        kind: x.kind,
        text: x.text,
        actor_id: x.actor,
        at: x.at,
      })),
    ],
  ];
  const counts: Record<string, number> = {};
  for (const [table, rows] of tables) {
    const sample = rows[0] ?? {};
    await insertRows(db, table, rows, Object.fromEntries(Object.keys(sample).map((c) => [c, typeOf(c)])));
    counts[table] = rows.length;
  }

  // New amendments continue the demo numbering; the first amendment type is the default of a new one.
  const settings: StoredAmendmentSettings = {
    ...storedDefaults(),
    nextNumber: storedDefaults().nextNumber + amendments.length,
    defaultAmendmentTypeId: ids.amendmentTypes[0]!,
  };
  await db.query(
    `INSERT INTO settings (key, value, created_by, updated_by) VALUES ($1, $2, $3, $3)
     ON CONFLICT (key) DO NOTHING`,
    [SETTINGS_KEY, JSON.stringify(settings), adminId],
  );
  return counts;
}
