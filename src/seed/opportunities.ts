// Demo opportunities (SD6_DEMO, first start only, after the agreements): the sales roles and e-signature settings, and the opportunities of
// the organizations with their proposals and lines, documents (PDF files in file_chunks) and timeline, built by
// opportunities-build.ts and written with one INSERT ... SELECT FROM unnest(...) per table; a won one and the
// agreement it became name each other.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import {
  ESIGNATURE_SETTINGS_KEY as ESIGNATURE_KEY,
  SALES_ROLES_KEY as ROLES_KEY,
  type StoredSalesRoles,
} from '../server/db/settings-keys.js';
import { toIsoDate } from '../shared/format/date.js';
import { type BulkRow, insertRows, reserveIds } from './bulk.js';
import { buildOpportunities, type OppAgreement, type OppOrg, type OppOutage } from './opportunities-build.js';
import type { LineSpec } from './opportunities-data.js';
import type { Random } from './random.js';
import { money } from './sales-build.js';
import { PROVIDER_NAME, SERVICE_TYPES, type ServiceKey } from './sales-data.js';
import { DEMO_ADMIN_EMAIL } from './staff.js';

const TYPES: Record<string, string> = {
  size: 'bigint',
  quantity: 'numeric',
  unit_price: 'numeric',
  amount: 'numeric',
  complete: 'bool',
  data: 'bytea',
  text: 'text',
  at: 'timestamptz',
  probability: 'int',
};
const typeOf = (column: string) =>
  TYPES[column] ??
  (/(^id|_id|_by|^position|^seq|^version)$/.test(column)
    ? 'int'
    : /_date$|^valid_until$/.test(column)
      ? 'date'
      : /_at$/.test(column)
        ? 'timestamptz'
        : 'text');

/**
 * The sales roles (the account managers of the most organizations own, the demo admin approves and sells too) and the
 * e-signature settings.
 */
async function seedRoles(db: pg.PoolClient, adminId: number): Promise<StoredSalesRoles> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN organizations o ON o.account_manager_id = u.id
      WHERE u.active GROUP BY u.id ORDER BY count(*) DESC, u.id LIMIT 4`,
  );
  const approver = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
    DEMO_ADMIN_EMAIL,
  ]);
  const approverId = approver.rows[0]?.id ?? adminId;
  const owners = rows.length ? rows.map((r) => r.id) : [adminId];
  // The approver sells too.
  const roles = {
    owners: owners.includes(approverId) ? owners : [...owners, approverId],
    approvers: [approverId],
  };
  const esignature = {
    providerName: 'Dropbox Sign',
    senderName: PROVIDER_NAME,
    senderEmail: 'contracts@sd6.example',
    reminderDays: 3,
  };
  await db.query(
    `INSERT INTO settings (key, value, created_by, updated_by) VALUES ($1, $2, $5, $5), ($3, $4, $5, $5)
     ON CONFLICT (key) DO NOTHING`,
    [ROLES_KEY, JSON.stringify(roles), ESIGNATURE_KEY, JSON.stringify(esignature), adminId],
  );
  return roles;
}

/** Organizations that buy: clients, prospects and former clients, with what sizes a quote. */
async function orgs(db: pg.PoolClient): Promise<OppOrg[]> {
  const { rows } = await db.query<{
    id: number;
    name: string;
    client: boolean;
    manager: number | null;
    people: number;
    workstations: number;
    servers: number;
  }>(
    `SELECT o.id, o.name, o.sales_status = 'CLIENT' AS client, o.account_manager_id AS manager,
            (SELECT count(*)::int FROM people p WHERE p.organization_id = o.id AND p.active) AS people,
            count(*) FILTER (WHERE c.name IN ('Workstation', 'Laptop'))::int AS workstations,
            count(*) FILTER (WHERE c.name = 'Server')::int AS servers
       FROM organizations o
       LEFT JOIN equipment e ON e.organization_id = o.id AND e.active AND NOT e.virtual
       LEFT JOIN device_categories c ON c.id = e.category_id
      WHERE o.active AND o.sales_status IN ('CLIENT', 'PROSPECT', 'FORMER_CLIENT')
      GROUP BY o.id ORDER BY o.id`,
  );
  return rows.map((o) => ({ ...o, managerId: o.manager }));
}

/** Agreements a won opportunity can have become: open, started within two years, with their first services. */
async function agreements(db: pg.PoolClient, today: string, r: Random): Promise<OppAgreement[]> {
  const { rows } = await db.query<{
    id: number;
    organization_id: number;
    number: string;
    title: string;
    start: string;
    lines: {
      name: string;
      description: string | null;
      quantity: string;
      unit_price: string;
      frequency: string;
    }[];
  }>(
    `SELECT a.id, a.organization_id, a.number, a.title, to_char(a.start_date, 'YYYY-MM-DD') AS start,
            json_agg(json_build_object('name', st.name, 'description', s.description, 'quantity', s.quantity,
                     'unit_price', s.unit_price, 'frequency', s.billing_frequency) ORDER BY s.id) AS lines
       FROM agreements a
       JOIN agreement_services s ON s.agreement_id = a.id AND s.start_date = a.start_date AND s.replaces_id IS NULL
       JOIN service_types st ON st.id = s.service_type_id
      WHERE a.status = 'OPEN' AND a.start_date BETWEEN $1::date - 730 AND $1::date - 10
      GROUP BY a.id ORDER BY a.id`,
    [today],
  );
  const keyOf = (name: string) => SERVICE_TYPES.find((t) => t.name === name)?.key ?? null;
  // Quarterly and annual charges as their monthly share: a proposal line is one-time or monthly.
  const perMonth = { MONTHLY: 1, QUARTERLY: 3, ANNUAL: 12 } as Record<string, number>;
  const picked = rows.filter(() => r.chance(0.3));
  return picked.map((a) => ({
    id: a.id,
    orgId: a.organization_id,
    number: a.number,
    title: a.title,
    start: a.start,
    lines: a.lines.map(
      (l): LineSpec => ({
        type: keyOf(l.name),
        description: l.description,
        quantity: Number(l.quantity),
        cents: Math.round((Number(l.unit_price) * 100) / (perMonth[l.frequency] ?? 1)),
        recurrence: l.frequency === 'ONE_TIME' ? 'ONE_TIME' : 'MONTHLY',
      }),
    ),
  }));
}

/** Outages of one organization that happened, with their type. */
async function outages(db: pg.PoolClient, today: string): Promise<OppOutage[]> {
  const { rows } = await db.query<OppOutage & { organization_id: number; starts_at: Date }>(
    `SELECT o.id, o.organization_id, o.title, o.description, t.name AS type, o.starts_at
       FROM outages o JOIN outage_types t ON t.id = o.outage_type_id
      WHERE o.organization_id IS NOT NULL AND o.starts_at < $1::date - 2
      ORDER BY o.starts_at DESC, o.id`,
    [today],
  );
  return rows.map((o) => ({ ...o, orgId: o.organization_id, at: o.starts_at }));
}

/** Inserts the demo opportunities in the bootstrap transaction; returns the row counts. */
export async function seedOpportunities(
  db: pg.PoolClient,
  random: Random,
  adminId: number,
  today = new Date(),
): Promise<Record<string, number>> {
  const day = toIsoDate(today);
  const roles = await seedRoles(db, adminId);
  // The ids the rows will get (reserved below, once their count is known): their numbers are OP-<1000 + id> and
  // PR-<1000 + id>, the numbers new ones are given.
  const nextId = async (table: string) =>
    (
      await db.query<{ next: number }>(
        `SELECT coalesce(s.last_value + s.increment_by, s.start_value)::int AS next
           FROM pg_sequences s WHERE s.schemaname || '.' || s.sequencename = pg_get_serial_sequence($1, 'id')`,
        [table],
      )
    ).rows[0]!.next;
  const firstIds = { opportunity: await nextId('opportunities'), proposal: await nextId('proposals') };
  const demo = buildOpportunities(
    random,
    day,
    {
      orgs: await orgs(db),
      agreements: await agreements(db, day, random),
      outages: await outages(db, day),
      owners: roles.owners,
      firstIds,
    },
    new Date(),
  );
  const { opportunities, proposals, documents, activities } = demo;
  const types = await db.query<{ id: number; name: string }>('SELECT id, name FROM service_types');
  const typeId = (key: ServiceKey | null) => {
    if (key === null) return null;
    const name = SERVICE_TYPES.find((t) => t.key === key)!.name;
    return types.rows.find((t) => t.name === name)?.id ?? null;
  };
  const ids = {
    opportunities: await reserveIds(db, 'opportunities', opportunities.length),
    proposals: await reserveIds(db, 'proposals', proposals.length),
    files: await reserveIds(db, 'files', documents.length),
  };
  if (ids.opportunities[0] !== undefined && ids.opportunities[0] !== firstIds.opportunity)
    throw new Error('The opportunity ids moved while the demo was built');
  if (ids.proposals[0] !== undefined && ids.proposals[0] !== firstIds.proposal)
    throw new Error('The proposal ids moved while the demo was built');
  const oppId = (o: { id: number }) => ids.opportunities[o.id - 1]!;
  const proposalId = (p: { id: number }) => ids.proposals[p.id - 1]!;

  const tables: [string, BulkRow[]][] = [
    [
      'opportunities',
      opportunities.map((o) => ({
        id: oppId(o),
        organization_id: o.org.id,
        number: o.number,
        title: o.title,
        stage_id: o.stage.id,
        outcome: o.outcome,
        owner_id: o.owner,
        amount: money(o.amountCents),
        probability: o.probability,
        close_date: o.closeDate,
        source: o.source,
        lost_reason: o.lostReason,
        notes: o.notes,
        outage_id: o.outageId,
        agreement_id: o.agreementId,
        created_at: o.createdAt,
        created_by: o.owner,
        updated_at: o.updatedAt,
        updated_by: o.owner,
        version: o.updatedAt > o.createdAt ? 1 : 0,
      })),
    ],
    [
      'proposals',
      proposals.map((p) => ({
        id: proposalId(p),
        opportunity_id: oppId(p.opportunity),
        number: p.number,
        title: p.title,
        status: p.status,
        valid_until: p.validUntil,
        terms: p.terms,
        copied_from_id: p.copiedFrom ? proposalId(p.copiedFrom) : null,
        created_at: p.createdAt,
        created_by: p.opportunity.owner,
        updated_at: p.updatedAt,
        updated_by: p.opportunity.owner,
        version: p.status === 'DRAFT' ? 0 : 1,
      })),
    ],
    [
      'proposal_lines',
      proposals.flatMap((p) =>
        p.lines.map((l, position) => ({
          proposal_id: proposalId(p),
          position,
          service_type_id: typeId(l.type),
          description: l.description ?? (l.type === null ? 'Service' : null),
          quantity: `${l.quantity}`,
          unit_price: money(l.cents),
          recurrence: l.recurrence,
        })),
      ),
    ],
    [
      'files',
      documents.map((d, i) => ({
        id: ids.files[i]!,
        name: d.file.name,
        content_type: 'application/pdf',
        size: d.file.data.length,
        sha256: createHash('sha256').update(d.file.data).digest('hex'),
        complete: true,
        created_at: d.createdAt,
        created_by: d.opportunity.owner,
      })),
    ],
    ['file_chunks', documents.map((d, i) => ({ file_id: ids.files[i]!, seq: 0, data: d.file.data }))],
    [
      'opportunity_documents',
      documents.map((d, i) => ({
        opportunity_id: oppId(d.opportunity),
        title: d.title,
        kind: d.kind,
        signed_date: d.signed,
        file_id: ids.files[i]!,
        created_at: d.createdAt,
        created_by: d.opportunity.owner,
        updated_at: d.createdAt,
        updated_by: d.opportunity.owner,
      })),
    ],
    [
      'activities',
      activities.map((x) => ({
        opportunity_id: oppId(x.opportunity),
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
  // The agreements the won ones became point back at them.
  const won = opportunities.filter((o) => o.agreementId !== null);
  await db.query(
    `UPDATE agreements a SET opportunity_id = w.opportunity FROM unnest($1::int[], $2::int[]) AS w(agreement, opportunity)
      WHERE a.id = w.agreement`,
    [won.map((o) => o.agreementId), won.map(oppId)],
  );
  return counts;
}
