// The demo agreements on a real database: the first start with SD6_DEMO writes service and amendment types, the
// amendment settings and agreements that hold together: unique numbers, services inside their agreement's dates and
// sized to the organization, signed amendments' changes applied the way signing applies them (and the others not),
// real PDF files behind the documents, and a timeline; the agreement screens' own calls agree with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../test/support/api.js';
import { companyToday } from '../shared/format/company-time.js';
import { bootstrapDatabase, DEMO_PASSWORD } from './index.js';
import { DEMO_TECH_EMAIL } from './staff.js';

let api: ApiHarness;
let user: Awaited<ReturnType<typeof api.signIn>>;
beforeAll(async () => {
  api = await setupApi();
  await bootstrapDatabase(api.db, { adminPassword: 'demo admin password', demo: true });
  user = await api.signIn(DEMO_TECH_EMAIL, DEMO_PASSWORD);
});
afterAll(() => api?.close());

const rows = async <T>(sql: string, values: unknown[] = []) =>
  (await api.db.pool.query(sql, values)).rows as T[];
const one = async <T>(sql: string, values: unknown[] = []) => (await rows<T>(sql, values))[0]!;
const mmddyyyy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

describe('demo agreements on first start', () => {
  it('writes the service and amendment types and the amendment settings', async () => {
    const types = await rows<{ name: string; block_hours: boolean; billed_per: string | null }>(
      'SELECT name, block_hours, billed_per FROM service_types WHERE active ORDER BY name',
    );
    expect(types.map((t) => t.name)).toEqual([
      'Backup & Recovery',
      'Block Hours',
      'Device Monitoring',
      'Email Security & Continuity',
      'Firewall Monitoring',
      'Hardware & Licenses',
      'Hosted Voice Seat',
      'Internet Circuit',
      'Managed Detection & Response',
      'Managed Server',
      'Managed Workstation',
      'Microsoft 365 Seat',
      'Onboarding',
      'Professional Services',
      'Security Awareness Training',
    ]);
    expect(types.filter((t) => t.block_hours).map((t) => t.name)).toEqual(['Block Hours']);
    // What the annual update counts each unit against: devices or people.
    expect(types.filter((t) => t.billed_per).map((t) => [t.name, t.billed_per])).toEqual([
      ['Email Security & Continuity', 'USER'],
      ['Hosted Voice Seat', 'USER'],
      ['Managed Detection & Response', 'DEVICE'],
      ['Managed Server', 'DEVICE'],
      ['Managed Workstation', 'DEVICE'],
      ['Microsoft 365 Seat', 'USER'],
      ['Security Awareness Training', 'USER'],
    ]);
    const amendmentTypes = await rows<{ name: string }>('SELECT name FROM amendment_types ORDER BY id');
    expect(amendmentTypes.map((t) => t.name)).toEqual([
      'Add Services',
      'Remove Services',
      'Price Change',
      'Renewal',
      'Other',
    ]);
    const { value, count } = await one<{ value: Record<string, unknown>; count: number }>(
      `SELECT s.value, (SELECT count(*)::int FROM amendments) AS count FROM settings s WHERE s.key = 'amendment_settings'`,
    );
    expect(value).toMatchObject({
      numberPrefix: 'AM-',
      nextNumber: 1001 + count,
      signingNeedsDocument: false,
    });
    // A new amendment starts with the default type; its number is the next one, not taken by the demo.
    const agreement = await one<{ id: number }>(`SELECT id FROM agreements WHERE end_date IS NULL LIMIT 1`);
    const blank = await user.get(`/api/manage/agreement/${agreement.id}/amendment/create`);
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().amendment.amendmentType.label).toBe('Add Services');
    const taken = await one<{ n: number }>('SELECT count(*)::int AS n FROM amendments WHERE number = $1', [
      `AM-${value.nextNumber}`,
    ]);
    expect(taken.n).toBe(0);
  });

  it('gives most current clients one or two agreements with unique numbers, managers and billing contacts', async () => {
    const share = await one<{ clients: number; covered: number; most: number }>(
      `SELECT count(*)::int AS clients, count(*) FILTER (WHERE n > 0)::int AS covered, max(n)::int AS most
         FROM (SELECT o.id, (SELECT count(*) FROM agreements a WHERE a.organization_id = o.id) AS n
                 FROM organizations o WHERE o.sales_status = 'CLIENT' AND o.active) x`,
    );
    expect(share.covered / share.clients).toBeGreaterThan(0.8);
    expect(share.most).toBe(2);
    const agreements = await rows<{
      number: string;
      status: string;
      manager: number | null;
      contact_org: number | null;
      org: number;
      has_people: boolean;
      renewal_days: number | null;
      start_days: number;
    }>(
      `SELECT a.number, a.status, a.account_manager_id AS manager, p.organization_id AS contact_org,
              a.organization_id AS org, a.renewal_date - current_date AS renewal_days,
              current_date - a.start_date AS start_days,
              EXISTS (SELECT 1 FROM people x WHERE x.organization_id = a.organization_id AND x.active) AS has_people
         FROM agreements a LEFT JOIN people p ON p.id = a.billing_contact_id`,
    );
    expect(agreements.length).toBeGreaterThan(150);
    expect(new Set(agreements.map((a) => a.number.toLowerCase())).size).toBe(agreements.length);
    for (const a of agreements) {
      expect(a.number).toMatch(/^AG-\d{4}$/);
      expect(a.manager).not.toBeNull();
      if (a.has_people) expect(a.contact_org).toBe(a.org);
      // Started within three years; renewals (of the running ones) within the coming year (a day of slack).
      expect(a.start_days).toBeLessThanOrEqual(1096);
      if (a.renewal_days !== null) expect(a.renewal_days).toBeGreaterThan(0);
      if (a.renewal_days !== null) expect(a.renewal_days).toBeLessThanOrEqual(366);
    }
    expect(agreements.filter((a) => a.status === 'CLOSED').length).toBeGreaterThan(5);
    // The next agreement the form suggests is not taken.
    const blank = await user.get('/api/manage/agreement/create');
    const suggested = blank.json().agreement.number as string;
    expect(agreements.map((a) => a.number)).not.toContain(suggested);
  });

  it('keeps every service inside its agreement, with two to six services to start and whole-cent prices', async () => {
    const bad = await one<Record<string, number>>(
      `SELECT
         count(*) FILTER (WHERE s.start_date < a.start_date)::int AS before_start,
         count(*) FILTER (WHERE a.end_date IS NOT NULL AND (s.end_date IS NULL OR s.end_date > a.end_date))::int AS past_end,
         count(*) FILTER (WHERE s.end_date < s.start_date)::int AS ends_before_it_starts,
         count(*) FILTER (WHERE s.covered_hours IS NOT NULL AND NOT st.block_hours)::int AS hours_not_block,
         count(*) FILTER (WHERE s.covered_hours IS NULL AND st.block_hours)::int AS block_without_hours,
         count(*) FILTER (WHERE s.billing_frequency = 'ONE_TIME' AND st.name <> 'Onboarding')::int AS one_time,
         count(*) FILTER (WHERE s.unit_price * 100 <> trunc(s.unit_price * 100) OR s.unit_price <= 0)::int AS prices
         FROM agreement_services s JOIN agreements a ON a.id = s.agreement_id
         JOIN service_types st ON st.id = s.service_type_id`,
    );
    expect(bad).toEqual({
      before_start: 0,
      past_end: 0,
      ends_before_it_starts: 0,
      hours_not_block: 0,
      block_without_hours: 0,
      one_time: 0,
      prices: 0,
    });
    const initial = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM agreement_services s JOIN agreements a ON a.id = s.agreement_id
        WHERE s.start_date = a.start_date AND s.replaces_id IS NULL GROUP BY a.id`,
    );
    expect(initial.length).toBe((await one<{ n: number }>('SELECT count(*)::int AS n FROM agreements')).n);
    for (const { n } of initial) expect(n >= 2 && n <= 6, `${n} services`).toBe(true);
  });

  it('sizes the first managed-workstation line to the organization’s computers', async () => {
    const lines = await rows<{ quantity: string; computers: number }>(
      `SELECT s.quantity::text AS quantity,
              (SELECT count(*)::int FROM equipment e JOIN device_categories c ON c.id = e.category_id
                WHERE e.organization_id = a.organization_id AND NOT e.virtual AND e.active
                  AND c.name IN ('Workstation', 'Laptop')) AS computers
         FROM agreement_services s JOIN agreements a ON a.id = s.agreement_id
         JOIN service_types st ON st.id = s.service_type_id
         JOIN organizations o ON o.id = a.organization_id
        WHERE st.name = 'Managed Workstation' AND s.start_date = a.start_date AND s.replaces_id IS NULL
          AND o.sales_status = 'CLIENT'`,
    );
    expect(lines.length).toBeGreaterThan(100);
    for (const l of lines) expect(Number(l.quantity)).toBe(Math.max(1, l.computers));
  });

  it('applies each signed amendment’s changes as signing does, and no other amendment’s', async () => {
    const counts = await rows<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM amendments GROUP BY status ORDER BY status',
    );
    const by = Object.fromEntries(counts.map((c) => [c.status, c.n]));
    expect(by.SIGNED).toBeGreaterThan(100);
    expect(by.DRAFT).toBeGreaterThan(10);
    const bad = await one<Record<string, number>>(
      `SELECT
         count(*) FILTER (WHERE m.status = 'SIGNED' AND (m.signed_at IS NULL OR m.signed_by IS NULL))::int AS unsigned,
         count(*) FILTER (WHERE m.status <> 'SIGNED' AND m.signed_at IS NOT NULL)::int AS signed_draft,
         count(*) FILTER (WHERE m.status = 'SIGNED' AND c.kind = 'CHANGE' AND NOT (
           s.end_date = m.effective_date - 1 AND s.quantity = c.before_quantity AND s.unit_price = c.before_unit_price
           AND r.replaces_id = s.id AND r.start_date = m.effective_date AND r.agreement_id = m.agreement_id
           AND r.service_type_id = s.service_type_id AND r.billing_frequency = s.billing_frequency
           AND r.quantity = coalesce(c.quantity, c.before_quantity)
           AND r.unit_price = coalesce(c.unit_price, c.before_unit_price)))::int AS changes,
         count(*) FILTER (WHERE m.status = 'SIGNED' AND c.kind = 'END' AND NOT (
           s.end_date = m.effective_date - 1 AND c.before_quantity = s.quantity AND c.result_service_id IS NULL))::int AS ends,
         count(*) FILTER (WHERE m.status = 'SIGNED' AND c.kind = 'ADD' AND NOT (
           s.start_date = m.effective_date AND s.agreement_id = m.agreement_id AND s.replaces_id IS NULL
           AND s.service_type_id = c.service_type_id AND s.quantity = c.quantity AND s.unit_price = c.unit_price
           AND s.billing_frequency = c.billing_frequency))::int AS adds,
         count(*) FILTER (WHERE m.status <> 'SIGNED' AND (c.before_quantity IS NOT NULL OR c.result_service_id IS NOT NULL
           OR (c.kind = 'ADD' AND c.service_id IS NOT NULL)))::int AS applied_unsigned,
         count(*) FILTER (WHERE c.kind <> 'ADD' AND s.agreement_id IS DISTINCT FROM m.agreement_id)::int AS foreign_services
         FROM amendments m JOIN amendment_changes c ON c.amendment_id = m.id
         LEFT JOIN agreement_services s ON s.id = c.service_id
         LEFT JOIN agreement_services r ON r.id = c.result_service_id`,
    );
    expect(bad).toEqual({
      unsigned: 0,
      signed_draft: 0,
      changes: 0,
      ends: 0,
      adds: 0,
      applied_unsigned: 0,
      foreign_services: 0,
    });
    // Every continuing service is the result of one signed change, and every amendment changes something.
    const orphans = await one<{ continuing: number; explained: number; empty: number }>(
      `SELECT (SELECT count(*)::int FROM agreement_services WHERE replaces_id IS NOT NULL) AS continuing,
              (SELECT count(DISTINCT c.result_service_id)::int FROM amendment_changes c
                 JOIN amendments m ON m.id = c.amendment_id WHERE m.status = 'SIGNED') AS explained,
              (SELECT count(*)::int FROM amendments m
                WHERE NOT EXISTS (SELECT 1 FROM amendment_changes c WHERE c.amendment_id = m.id)) AS empty`,
    );
    expect(orphans.continuing).toBe(orphans.explained);
    expect(orphans.empty).toBe(0);
    // Effective dates fall inside the agreement; numbers are unique.
    const outside = await one<{ n: number; numbers: number; total: number }>(
      `SELECT count(*) FILTER (WHERE m.effective_date < a.start_date
                 OR m.effective_date > coalesce(a.end_date, 'infinity'::date))::int AS n,
              count(DISTINCT lower(m.number))::int AS numbers, count(*)::int AS total
         FROM amendments m JOIN agreements a ON a.id = m.agreement_id`,
    );
    expect(outside).toEqual({ n: 0, numbers: outside.total, total: outside.total });
  });

  it('shows the old terms the day before a signed change and the new ones from its effective day', async () => {
    const c = await one<{
      agreement: number;
      effective: string;
      before: string;
      after: string;
      service: number;
    }>(
      `SELECT m.agreement_id AS agreement, m.effective_date::text AS effective, c.before_quantity::text AS before,
              coalesce(c.quantity, c.before_quantity)::text AS after, c.result_service_id AS service
         FROM amendments m JOIN amendment_changes c ON c.amendment_id = m.id
        WHERE m.status = 'SIGNED' AND c.kind = 'CHANGE' AND c.quantity IS NOT NULL
        ORDER BY m.id LIMIT 1`,
    );
    const asOf = async (iso: string) => {
      const res = await user.get(
        `/api/manage/agreement/${c.agreement}/as-of?date=${encodeURIComponent(mmddyyyy(iso))}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { services: { id: number; quantity: string }[] };
    };
    const dayBefore = (await one<{ d: string }>('SELECT ($1::date - 1)::text AS d', [c.effective])).d;
    const [then, now] = [await asOf(dayBefore), await asOf(c.effective)];
    const { replaces } = await one<{ replaces: number }>(
      'SELECT replaces_id AS replaces FROM agreement_services WHERE id = $1',
      [c.service],
    );
    expect(then.services.find((s) => s.id === replaces)?.quantity).toBe(c.before);
    expect(then.services.some((s) => s.id === c.service)).toBe(false);
    expect(now.services.find((s) => s.id === c.service)?.quantity).toBe(c.after);
    expect(now.services.some((s) => s.id === replaces)).toBe(false);
  });

  it('keeps one or two documents per agreement, each a complete PDF file', async () => {
    const perAgreement = await rows<{ n: number }>(
      `SELECT count(d.id)::int AS n FROM agreements a LEFT JOIN agreement_documents d ON d.agreement_id = a.id
        GROUP BY a.id`,
    );
    for (const { n } of perAgreement) expect(n >= 1 && n <= 2, `${n} documents`).toBe(true);
    const files = await rows<{
      complete: boolean;
      content_type: string;
      size: number;
      bytes: number;
      same_hash: boolean;
      head: string;
      tail: string;
    }>(
      `SELECT f.complete, f.content_type, f.size::int AS size, sum(octet_length(c.data))::int AS bytes,
              f.sha256 = encode(sha256(string_agg(c.data, ''::bytea ORDER BY c.seq)), 'hex') AS same_hash,
              encode(substr(string_agg(c.data, ''::bytea ORDER BY c.seq), 1, 8), 'escape') AS head,
              encode(substr(string_agg(c.data, ''::bytea ORDER BY c.seq), f.size::int - 5), 'escape') AS tail
         FROM agreement_documents d JOIN files f ON f.id = d.file_id JOIN file_chunks c ON c.file_id = f.id
        GROUP BY f.id`,
    );
    expect(files.length).toBe(
      (await one<{ n: number }>('SELECT count(*)::int AS n FROM agreement_documents')).n,
    );
    for (const f of files) {
      expect(f).toMatchObject({
        complete: true,
        content_type: 'application/pdf',
        same_hash: true,
        head: '%PDF-1.4',
      });
      expect(f.bytes).toBe(f.size);
      expect(f.size).toBeGreaterThan(300);
      expect(f.size).toBeLessThan(2000);
      expect(f.tail).toBe('%%EOF\n');
    }
    const links = await one<{ linked: number; wrong: number }>(
      `SELECT count(*)::int AS linked,
              count(*) FILTER (WHERE d.agreement_id <> m.agreement_id OR d.kind <> 'AMENDMENT'
                               OR m.status <> 'SIGNED')::int AS wrong
         FROM amendments m JOIN agreement_documents d ON d.id = m.document_id`,
    );
    expect(links.linked).toBeGreaterThan(10);
    expect(links.wrong).toBe(0);
  });

  it('tells each agreement’s story in its timeline, nothing later than now', async () => {
    const bad = await one<Record<string, number>>(
      `SELECT
         (SELECT count(*)::int FROM agreements a WHERE NOT EXISTS (SELECT 1 FROM activities x
            WHERE x.agreement_id = a.id AND x.kind = 'CREATED' AND x.text = 'Agreement ' || a.number || ' created: ' || a.title
              AND x.at = (SELECT min(y.at) FROM activities y WHERE y.agreement_id = a.id))) AS created,
         (SELECT count(*)::int FROM amendments m WHERE m.status = 'SIGNED' AND NOT EXISTS (
            SELECT 1 FROM activities x WHERE x.agreement_id = m.agreement_id AND x.kind = 'AMENDMENT'
              AND x.text LIKE 'Amendment ' || m.number || ' signed: %')) AS signed,
         (SELECT count(*)::int FROM agreement_documents d WHERE NOT EXISTS (
            SELECT 1 FROM activities x WHERE x.agreement_id = d.agreement_id AND x.kind = 'DOCUMENT'
              AND x.text = 'Document added: ' || d.title)) AS documents,
         (SELECT count(*)::int FROM activities WHERE agreement_id IS NOT NULL AND at > now()) AS future,
         (SELECT count(*)::int FROM amendments WHERE greatest(created_at, updated_at, signed_at) > now()) AS future_amendments`,
    );
    expect(bad).toEqual({ created: 0, signed: 0, documents: 0, future: 0, future_amendments: 0 });
    const agreement = await one<{ id: number }>('SELECT id FROM agreements ORDER BY id LIMIT 1');
    const page = await user.get(`/api/manage/agreement/${agreement.id}/activity?limit=50`);
    expect(page.statusCode, page.body).toBe(200);
    const kinds = (page.json().items as { kind: { value: string } }[]).map((x) => x.kind.value);
    expect(kinds[kinds.length - 1]).toBe('CREATED');
    expect(kinds).toContain('SERVICE');
  });

  it('lists the open agreements with their monthly value, and the totals agree with the services in force', async () => {
    const totals = await user.get('/api/manage/agreement/totals');
    expect(totals.statusCode, totals.body).toBe(200);
    const expected = await one<{ count: number; monthly: string }>(
      `SELECT (SELECT count(*)::int FROM agreements WHERE status = 'OPEN') AS count,
              coalesce(sum(CASE s.billing_frequency WHEN 'MONTHLY' THEN round(s.quantity * s.unit_price, 2)
                WHEN 'QUARTERLY' THEN round(s.quantity * s.unit_price / 3, 2)
                WHEN 'ANNUAL' THEN round(s.quantity * s.unit_price / 12, 2) ELSE 0 END), 0)::numeric(16,2)::text AS monthly
         FROM agreement_services s JOIN agreements a ON a.id = s.agreement_id
        WHERE a.status = 'OPEN' AND s.start_date <= $1::date AND (s.end_date IS NULL OR s.end_date >= $1::date)`,
      [companyToday(api.config.timeZone).iso],
    );
    expect(totals.json()).toMatchObject({ count: expected.count, monthlyValue: expected.monthly });
    expect(Number(expected.monthly)).toBeGreaterThan(10_000);
    const list = await user.get('/api/manage/agreement?limit=25');
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as { number: string; monthlyValue: string }[];
    expect(items).toHaveLength(25);
    expect(items.map((i) => i.number)).toEqual(items.map((i) => i.number).sort());
    expect(items.filter((i) => Number(i.monthlyValue) > 0).length).toBeGreaterThan(20);
  });
});
