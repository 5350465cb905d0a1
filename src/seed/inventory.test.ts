// The demo inventory builder: deterministic, the promised sizes, valid formats and codes, references kept inside
// one organization, and dates spread around `today` the way the reports need them.
import { describe, expect, it } from 'vitest';
import { checkDuns, checkEmail, checkPhone, checkTaxId } from '../shared/format/validators.js';
import { RMM_PLANS, SALES_STATUSES } from '../shared/schemas/organization.js';
import { SHORT_CODE_PATTERN } from '../shared/schemas/user.js';
import { buildInventory } from './inventory.js';
import { seededRandom } from './random.js';

const today = new Date('2026-03-15T15:00:00Z');
const staff = Array.from({ length: 20 }, (_, i) => 101 + i);
const inv = buildInventory(seededRandom(20261122), today, staff);
const daysFromToday = (iso: unknown) =>
  (Date.parse(`${iso}T00:00:00Z`) - Date.parse('2026-03-15T00:00:00Z')) / 864e5;
const byId = <T extends { id?: unknown }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

describe('demo inventory', () => {
  it('is the same for the same seed and day, and differs for another seed', () => {
    expect(buildInventory(seededRandom(20261122), today, staff)).toEqual(inv);
    expect(buildInventory(seededRandom(7), today, staff).organizations).not.toEqual(inv.organizations);
  });

  it('has the promised sizes', () => {
    expect(inv.organizations).toHaveLength(300);
    expect(inv.people.length).toBeGreaterThan(1200);
    expect(inv.people.length).toBeLessThan(1800);
    expect(inv.equipment.length).toBeGreaterThan(5000);
    expect(inv.equipment.length).toBeLessThan(7000);
    expect(inv.software.length).toBeGreaterThan(650);
    expect(inv.software.length).toBeLessThan(1000);
    expect(inv.systems.length).toBeGreaterThan(100);
    expect(inv.outages).toHaveLength(40);
    expect(inv.device_categories.map((c) => c.name)).toContain('Wireless AP');
    expect(inv.device_statuses.map((s) => s.name)).toEqual(
      expect.arrayContaining(['In Service', 'In Storage', 'In Repair', 'Retired']),
    );
  });

  it('gives organizations unique names and short codes, valid codes and well-formed contact fields', () => {
    const orgs = inv.organizations;
    expect(new Set(orgs.map((o) => o.name)).size).toBe(300);
    expect(new Set(orgs.map((o) => o.short_code)).size).toBe(300);
    for (const o of orgs) {
      expect(o.short_code).toMatch(SHORT_CODE_PATTERN);
      expect(checkPhone(String(o.phone)).value).toBe(o.phone);
      if (o.federal_tax_id) expect(checkTaxId(String(o.federal_tax_id)).value).toBe(o.federal_tax_id);
      if (o.duns) expect(checkDuns(String(o.duns)).value).toBe(o.duns);
      if (o.account_manager_id !== null) expect(staff).toContain(o.account_manager_id);
    }
    const statuses = new Set(orgs.map((o) => o.sales_status));
    expect([...statuses].sort()).toEqual([...SALES_STATUSES.map((s) => s.value), null].sort());
    expect(new Set(orgs.map((o) => o.rmm_plan))).toEqual(new Set([null, ...RMM_PLANS.map((p) => p.value)]));
    expect(orgs.filter((o) => o.vendor_status === 'VENDOR').length).toBeGreaterThan(5);
    expect(orgs.filter((o) => o.active).length).toBeGreaterThan(200);
    expect(orgs.some((o) => !o.active)).toBe(true);
  });

  it('gives people valid emails and phones, and primary contacts from their own organization', () => {
    const people = byId(inv.people);
    for (const p of inv.people) {
      expect(checkEmail(String(p.email)).valid).toBe(true);
      expect(checkPhone(String(p.phone)).value).toBe(p.phone);
    }
    expect(new Set(inv.people.map((p) => p.email)).size).toBe(inv.people.length);
    expect(inv.primaryContacts.length).toBeGreaterThan(200);
    for (const [org, person] of inv.primaryContacts) expect(people.get(person)?.organization_id).toBe(org);
  });

  it('keeps devices, their people and system links inside one organization', () => {
    const people = byId(inv.people);
    const devices = byId(inv.equipment);
    const software = byId(inv.software);
    const systems = byId(inv.systems);
    for (const d of inv.equipment) {
      if (d.person_id !== null) expect(people.get(d.person_id)?.organization_id).toBe(d.organization_id);
    }
    expect(inv.system_equipment.length).toBeGreaterThan(100);
    expect(inv.system_software.length).toBeGreaterThan(100);
    for (const l of inv.system_equipment)
      expect(devices.get(l.equipment_id)?.organization_id).toBe(systems.get(l.system_id)?.organization_id);
    for (const l of inv.system_software)
      expect(software.get(l.software_id)?.organization_id).toBe(systems.get(l.system_id)?.organization_id);
  });

  it('spreads device states the way the client reports need them', () => {
    const eq = inv.equipment;
    const share = (f: (d: (typeof eq)[number]) => boolean) => eq.filter(f).length / eq.length;
    const warranty = eq.map((d) => (d.warranty_end ? daysFromToday(d.warranty_end) : null));
    expect(warranty.filter((w) => w !== null && w < 0).length).toBeGreaterThan(1000);
    expect(warranty.filter((w) => w !== null && w >= 0 && w <= 30).length).toBeGreaterThan(10);
    expect(warranty.filter((w) => w !== null && w > 30 && w <= 90).length).toBeGreaterThan(20);
    const seen = eq.filter((d) => d.last_response_at instanceof Date).map((d) => d.last_response_at as Date);
    expect(seen.filter((at) => today.getTime() - at.getTime() > 14 * 864e5).length).toBeGreaterThan(20);
    expect(
      seen.filter((at) => today.getTime() - at.getTime() < 2 * 864e5).length / seen.length,
    ).toBeGreaterThan(0.7);
    expect(share((d) => d.rmm_id !== null)).toBeGreaterThan(0.3);
    expect(share((d) => d.virtual === true)).toBeLessThan(0.08);
    expect(share((d) => !d.active)).toBeGreaterThan(0.02);
    expect(new Set(eq.map((d) => d.antivirus_state))).toEqual(
      new Set([null, 'PROTECTED', 'AT_RISK', 'DISABLED', 'NOT_INSTALLED']),
    );
    expect(new Set(eq.map((d) => d.bitlocker_state))).toEqual(
      new Set([null, 'ENCRYPTED', 'PARTIAL', 'SUSPENDED', 'NOT_ENCRYPTED', 'NOT_SUPPORTED']),
    );
    expect(eq.some((d) => typeof d.missing_patches === 'number' && d.missing_patches > 5)).toBe(true);
    expect(eq.find((d) => d.model === 'FortiGate 60F')?.firmware_version).toMatch(/^FortiOS \d/);
  });

  it('resolves old outages, keeps current ones open and assigns them by the auto-assignment rules', () => {
    const { defaultAssigneeId, rules } = inv.autoAssignment;
    expect(staff).toContain(defaultAssigneeId);
    expect(rules.length).toBeGreaterThan(0);
    for (const o of inv.outages) {
      const start = o.starts_at as Date;
      expect(start.getTime()).toBeLessThanOrEqual(today.getTime());
      if (o.status === 'RESOLVED') expect((o.ends_at as Date).getTime()).toBeGreaterThan(start.getTime());
      else expect(o.ends_at).toBeNull();
      const rule = rules.find((r) => r.outageTypeId === o.outage_type_id);
      expect(o.assigned_to_id).toBe(rule?.assigneeId ?? defaultAssigneeId);
    }
    expect(new Set(inv.outages.map((o) => o.status))).toEqual(new Set(['OPEN', 'MONITORING', 'RESOLVED']));
  });
});
