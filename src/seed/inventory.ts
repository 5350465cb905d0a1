// Demo inventory (SD6_DEMO, first start only): pick lists, ~300 organizations with their people, devices, software
// and systems, outages and the outage auto-assignment. Built in memory from the seeded PRNG (same data on every
// machine, dates relative to `today`), then written with one INSERT ... SELECT FROM unnest(...) per table.
import type pg from 'pg';
import { reserveIds } from './bulk.js';
import {
  CATEGORIES,
  CITIES,
  COMPETITORS,
  FIRST_NAMES,
  LAST_NAMES,
  ORG_INDUSTRIES,
  ORG_PREFIXES,
  ORG_SUFFIXES,
  OUTAGE_TITLES,
  OUTAGE_TYPES,
  STATUSES,
  STREETS,
  TITLES,
  VENDORS,
} from './inventory-data.js';
import { addFleet, generator, type Inventory, pad, split, type Table } from './inventory-fleet.js';
import { orgName } from './org-name.js';
import type { Random } from './random.js';

// Tables in insert order, whether they carry created_by/updated_by, and what each reference points into.
const TABLES: [Table, boolean][] = [
  ['device_categories', true],
  ['device_statuses', false],
  ['outage_types', true],
  ['organizations', true],
  ['people', true],
  ['equipment', true],
  ['software', true],
  ['systems', true],
  ['system_equipment', false],
  ['system_software', false],
  ['outages', true],
];
const REFS: Record<string, Table> = {
  organization_id: 'organizations',
  person_id: 'people',
  category_id: 'device_categories',
  status_id: 'device_statuses',
  outage_type_id: 'outage_types',
  system_id: 'systems',
  equipment_id: 'equipment',
  software_id: 'software',
};
const sqlType = (column: string) =>
  /^(id|sort_order|seats|missing_patches|account_manager_id|assigned_to_id)$/.test(column) || column in REFS
    ? 'int'
    : /^(active|virtual)$/.test(column)
      ? 'bool'
      : /_date$|^warranty_end$/.test(column)
        ? 'date'
        : /_at$/.test(column)
          ? 'timestamptz'
          : 'text';

/** Builds the whole data set; `staff` are the active staff ids (account managers and technicians). */
export function buildInventory(r: Random, today: Date, staff: number[]): Inventory {
  const inv: Inventory = {
    device_categories: CATEGORIES.map((c, i) => ({ id: i + 1, name: c.name, description: c.description })),
    device_statuses: STATUSES.map((name, i) => ({ id: i + 1, name, sort_order: (i + 1) * 10, active: true })),
    outage_types: OUTAGE_TYPES.map((t, i) => ({ id: i + 1, name: split(t)[0], description: split(t)[1] })),
    organizations: [],
    people: [],
    equipment: [],
    software: [],
    systems: [],
    system_equipment: [],
    system_software: [],
    outages: [],
    primaryContacts: [],
    autoAssignment: { defaultAssigneeId: null, rules: [] },
  };
  const g = generator(r, today, inv);
  const managers = staff.slice(1, 5);
  const technicians = staff.slice(1);

  // Organizations: vendors and competitors by name, then clients, prospects and former clients.
  const plan = [
    ...VENDORS.map((name) => ({ kind: 'vendor', name, industry: 'office' })),
    ...COMPETITORS.map((name) => ({ kind: 'competitor', name, industry: 'office' })),
  ];
  const names = new Set(plan.map((p) => p.name));
  while (plan.length < 300) {
    const [industry, kind] = split(g.pick(ORG_INDUSTRIES));
    const suffix = g.pick(ORG_SUFFIXES);
    const name = orgName(g.pick(ORG_PREFIXES), industry, suffix);
    if (names.has(name)) continue;
    names.add(name);
    plan.push({ name, industry: kind, kind: g.choose('client:66 prospect:20 former:14') });
  }
  const codes = new Set<string>();
  const legal = new Set(['LLC', 'Inc.', 'PC', 'PLLC', 'Group', '&', 'Associates', 'Partners', 'Co.']);
  for (const p of plan) {
    // Short code from the initials ("Cedar Ridge Dental" -> CRD), unique with a number when taken.
    const words = p.name.split(/[\s-]+/).filter((w) => !legal.has(w));
    let base = words.map((w) => w[0]!.toUpperCase()).join('');
    if (base.length < 3) base = (words[0]!.slice(0, 3) + base.slice(1)).toUpperCase().replace(/[^A-Z]/g, '');
    let code = base;
    for (let n = 2; codes.has(code); n++) code = `${base}${n}`;
    codes.add(code);
    const slug = words
      .join('')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
    const [city, state, zip, area] = split(g.pick(CITIES)) as [string, string, string, string];
    const phone = () => `(${area}) ${g.int(201, 989)}-${pad(g.int(0, 9999), 4)}`;
    const mainPhone = phone();
    const customer = p.kind !== 'vendor' && p.kind !== 'competitor';
    const status =
      { client: 'CLIENT', prospect: 'PROSPECT', former: 'FORMER_CLIENT', competitor: 'COMPETITOR' }[p.kind] ??
      null;
    const rmm = p.kind === 'client' ? g.choose(':25 RMM:35 RMM_BILL_BY_DEVICE:25 RMM_BILL_BY_USER:15') : '';
    const suite = g.chance(0.3) ? `, Suite ${g.int(1, 4)}00` : '';
    const orgId = g.add('organizations', {
      name: p.name,
      short_code: code,
      sales_status: status,
      vendor_status: p.kind === 'vendor' ? 'VENDOR' : null,
      rmm_plan: rmm || null,
      phone: mainPhone,
      website: `www.${slug}.com`,
      address: `${g.int(100, 9899)} ${g.pick(STREETS)}${suite}\n${city}, ${state} ${zip}`,
      federal_tax_id: customer && g.chance(0.6) ? `${g.int(10, 99)}-${pad(g.int(0, 9_999_999), 7)}` : null,
      duns: g.chance(0.3) ? `${g.int(10, 99)}-${pad(g.int(0, 999), 3)}-${pad(g.int(0, 9999), 4)}` : null,
      active: p.kind === 'former' ? g.chance(0.15) : p.kind === 'competitor' || g.chance(0.96),
      account_manager_id: customer && managers.length ? g.pick(managers) : null,
    });
    const size = p.kind === 'client' ? Math.round(3 + 33 * g.next() ** 1.6) : g.int(2, 8);

    // People: the first one is the main contact.
    const count =
      p.kind === 'client' ? Math.max(2, Math.round(size * 0.4)) : g.int(p.kind === 'competitor' ? 0 : 1, 4);
    const people: number[] = [];
    const emails = new Set<string>();
    for (let i = 0; i < count; i++) {
      const first = g.pick(FIRST_NAMES);
      const last = g.pick(LAST_NAMES);
      let email = `${first}.${last}@${slug}.com`.toLowerCase();
      for (let n = 2; emails.has(email); n++) email = `${first}.${last}${n}@${slug}.com`.toLowerCase();
      emails.add(email);
      const id = g.add('people', {
        organization_id: orgId,
        first_name: first,
        last_name: last,
        title:
          i === 0 ? g.pick(['Owner', 'Office Manager', 'President', 'Practice Manager']) : g.pick(TITLES),
        email,
        phone: g.chance(0.6) ? `${mainPhone} x${g.int(100, 299)}` : phone(),
        mobile: g.chance(0.5) ? phone() : null,
        active: g.chance(0.95),
      });
      people.push(id);
    }
    if (people.length && g.chance(0.9)) inv.primaryContacts.push([orgId, people[0]!]);
    if (p.kind === 'client' || p.kind === 'former')
      addFleet(g, {
        id: orgId,
        code,
        size,
        current: p.kind === 'client',
        rmm: !!rmm,
        industry: p.industry,
        people,
      });
  }

  // Outages and who gets them: one rule for each of the first types, the rest to the default assignee.
  inv.autoAssignment = {
    defaultAssigneeId: technicians[0] ?? null,
    rules: inv.outage_types.slice(0, technicians.length > 1 ? 5 : 0).map((t, i) => ({
      outageTypeId: t.id as number,
      assigneeId: technicians[1 + (i % (technicians.length - 1))]!,
    })),
  };
  const clients = inv.organizations.filter((o) => o.sales_status === 'CLIENT' && o.active);
  for (let i = 0; i < 40; i++) {
    const type = g.int(1, OUTAGE_TYPES.length);
    // Provider-wide types may hit many clients at once; the others happen at one client's site.
    const org =
      type === 2 || type === 4 || type === 6 ? (g.chance(0.5) ? g.pick(clients) : null) : g.pick(clients);
    // The first few are happening now; the rest were resolved over the last five months.
    const startsAt = g.ago(i < 4 ? g.next() * 0.9 : 1 + g.next() * 150);
    const status = i < 4 ? g.pick(['OPEN', 'MONITORING']) : 'RESOLVED';
    g.add('outages', {
      outage_type_id: type,
      organization_id: org ? (org.id as number) : null,
      title: g.pick(OUTAGE_TITLES[type - 1]!),
      description: org
        ? `Reported by ${org.name}; tracking with the provider.`
        : 'Affects several clients; tracking the provider status page.',
      status,
      starts_at: startsAt,
      ends_at: status === 'RESOLVED' ? new Date(startsAt.getTime() + g.int(20, 600) * 60_000) : null,
      assigned_to_id:
        inv.autoAssignment.rules.find((x) => x.outageTypeId === type)?.assigneeId ??
        inv.autoAssignment.defaultAssigneeId,
    });
  }
  return inv;
}

/** Inserts the demo inventory in the bootstrap transaction; returns the row counts. */
export async function seedInventory(
  db: pg.PoolClient,
  random: Random,
  adminId: number,
  today = new Date(),
): Promise<Record<string, number>> {
  const staff = await db.query<{ id: number }>('SELECT id FROM users WHERE id <> $1 AND active ORDER BY id', [
    adminId,
  ]);
  const inv = buildInventory(
    random,
    today,
    staff.rows.map((s) => s.id),
  );
  const ids = {} as Record<Table, number[]>;
  const counts: Record<string, number> = {};
  for (const [table, stamped] of TABLES) {
    const rows = inv[table];
    counts[table] = rows.length;
    if (rows.length === 0) continue;
    const columns = Object.keys(rows[0]!);
    if (columns.includes('id')) {
      // Real ids first, so references can be filled in before the insert.
      ids[table] = await reserveIds(db, table, rows.length);
    }
    const values = columns.map((name) => {
      const ref = name === 'id' ? table : REFS[name];
      return rows.map((row) => {
        const v = row[name] ?? null;
        return ref && typeof v === 'number' ? ids[ref][v - 1]! : v;
      });
    });
    const select = columns.map((name, i) => `$${i + 1}::${sqlType(name)}[]`);
    const actor = `$${columns.length + 1}::int`;
    await db.query(
      `INSERT INTO ${table} (${columns.join(', ')}${stamped ? ', created_by, updated_by' : ''})
       ${columns.includes('id') ? 'OVERRIDING SYSTEM VALUE' : ''}
       SELECT u.*${stamped ? `, ${actor}, ${actor}` : ''} FROM unnest(${select.join(', ')}) u`,
      stamped ? [...values, adminId] : values,
    );
  }
  const contacts = inv.primaryContacts.map(([o, p]) => [ids.organizations[o - 1]!, ids.people[p - 1]!]);
  await db.query(
    `UPDATE organizations o SET primary_contact_id = c.person FROM unnest($1::int[], $2::int[]) AS c(org, person)
      WHERE o.id = c.org`,
    [contacts.map((c) => c[0]), contacts.map((c) => c[1])],
  );
  const { defaultAssigneeId, rules } = inv.autoAssignment;
  const value = {
    defaultAssigneeId,
    rules: rules.map((x) => ({
      outageTypeId: ids.outage_types[x.outageTypeId - 1]!,
      assigneeId: x.assigneeId,
    })),
  };
  await db.query(
    `INSERT INTO settings (key, value, created_by, updated_by) VALUES ('outage_auto_assignment', $1, $2, $2)
     ON CONFLICT (key) DO NOTHING`,
    [JSON.stringify(value), adminId],
  );
  return counts;
}
