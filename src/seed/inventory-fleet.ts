// Demo inventory, per organization: its devices (models, OS, RMM, antivirus, BitLocker, patches, warranty), its
// software and the systems tying them together. Also the shared generator context of the demo inventory.
import {
  ANTIVIRUS,
  CATEGORIES,
  COMMON_SOFTWARE,
  LOB_SOFTWARE,
  LOCATIONS,
  RACK_LOCATIONS,
  STATUSES,
  SYSTEMS,
} from './inventory-data.js';
import type { Random } from './random.js';

/** One row to insert; `id` and references hold local ids (1-based positions), mapped to real ids on insert. */
export type Row = Record<string, string | number | boolean | Date | null>;
export type Table =
  | 'device_categories'
  | 'device_statuses'
  | 'outage_types'
  | 'organizations'
  | 'people'
  | 'equipment'
  | 'software'
  | 'systems'
  | 'system_equipment'
  | 'system_software'
  | 'outages';
export type Inventory = Record<Table, Row[]> & {
  /** [organization, person] local ids: set after people exist (circular reference). */
  primaryContacts: [number, number][];
  autoAssignment: { defaultAssigneeId: number | null; rules: { outageTypeId: number; assigneeId: number }[] };
};

const DAY = 86_400_000;
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'.split('');
export const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const split = (entry: string) => entry.split('/') as [string, string, string?, string?];

export type Gen = Random & {
  inv: Inventory;
  now: number;
  /** The ISO date `offset` days from today. */
  day: (offset: number) => string;
  /** A moment `days` (fractional) before now. */
  ago: (days: number) => Date;
  chars: (n: number) => string;
  /** A weighted pick: 'A:80 B:20' ('' weighs the empty string). */
  choose: (spec: string) => string;
  /** Appends a row and returns its local id. */
  add: (table: Table, row: Row) => number;
};

export function generator(r: Random, today: Date, inv: Inventory): Gen {
  const now = today.getTime();
  return {
    ...r,
    inv,
    now,
    day: (offset) => new Date(now + offset * DAY).toISOString().slice(0, 10),
    ago: (days) => new Date(now - days * DAY),
    chars: (n) => Array.from({ length: n }, () => r.pick(ALNUM)).join(''),
    choose: (spec) => {
      const items = spec.split(' ').map((s) => s.split(':') as [string, string]);
      let x = r.next() * items.reduce((sum, [, w]) => sum + Number(w), 0);
      for (const [item, w] of items) {
        x -= Number(w);
        if (x < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    add: (table, row) => {
      inv[table].push({ id: inv[table].length + 1, ...row });
      return inv[table].length;
    },
  };
}

export type FleetOrg = {
  id: number;
  code: string;
  /** Office size: drives the device and seat counts. */
  size: number;
  current: boolean;
  rmm: boolean;
  industry: string;
  people: number[];
};

/** Devices, software and (for current clients) systems of one organization; former clients' devices are retired. */
export function addFleet(g: Gen, org: FleetOrg): void {
  const servers = org.size >= 12 ? g.int(1, 3) : g.int(0, 1);
  const counts: Record<string, number> = {
    WS: Math.round(org.size * 0.7),
    LT: Math.round(org.size * 0.45),
    SRV: servers,
    FW: 1,
    SW: Math.ceil(org.size / 20),
    AP: Math.ceil(org.size / 12),
    PRN: Math.ceil(org.size / 10),
    NAS: g.chance(0.5) ? 1 : 0,
    UPS: servers ? g.int(1, 2) : g.int(0, 1),
    VM: servers ? g.int(0, 2) : 0,
  };
  const av = g.pick(ANTIVIRUS);
  const byCode: Record<string, number[]> = {};
  for (const [c, spec] of CATEGORIES.entries()) {
    const computer = spec.code === 'WS' || spec.code === 'LT';
    for (let n = 1; n <= (counts[spec.code] ?? 0); n++) {
      const [manufacturer, model] = split(g.pick(spec.models));
      const apple = manufacturer === 'Apple';
      const os = apple ? g.pick(['macOS/14.6.1', 'macOS/15.1', 'macOS/13.6.9']) : g.pick([...spec.os, '']);
      const [system, version] = os ? split(os) : [null, null];
      const active = org.current && g.chance(0.96);
      const rmmId =
        org.rmm && active && g.chance(spec.agent ? 0.93 : 0.4) ? String(g.int(100_000, 999_999)) : null;
      const managed = rmmId !== null && spec.agent;
      const bought = g.int(20, 7 * 365);
      const missing = Number(g.choose(`0:60 ${g.int(1, 5)}:30 ${g.int(6, 40)}:10`));
      // Most agents checked in within hours, some are stale by days or weeks.
      const seen = Number(g.choose(`${g.next() * 1.5}:85 ${2 + g.next() * 12}:10 ${15 + g.next() * 100}:5`));
      const antivirus = managed ? g.choose('PROTECTED:85 AT_RISK:7 DISABLED:3 NOT_INSTALLED:5') : null;
      const bitlocker = !managed
        ? null
        : !system?.startsWith('Windows') || spec.virtual
          ? 'NOT_SUPPORTED'
          : spec.code === 'LT'
            ? g.choose('ENCRYPTED:80 PARTIAL:3 SUSPENDED:5 NOT_ENCRYPTED:12')
            : g.choose('ENCRYPTED:45 SUSPENDED:3 NOT_ENCRYPTED:50 NOT_SUPPORTED:2');
      const state = active
        ? g.choose('In_Service:88 In_Storage:6 In_Repair:3 Loaner:2 On_Order:1')
        : g.choose('Retired:70 Disposed:30');
      const id = g.add('equipment', {
        organization_id: org.id,
        category_id: c + 1,
        status_id: STATUSES.indexOf(state.replace('_', ' ')) + 1,
        person_id: computer && org.people.length && g.chance(0.65) ? g.pick(org.people) : null,
        // Some computers still carry the name Windows gave them.
        name:
          computer && g.chance(0.08)
            ? `${spec.code === 'WS' ? 'DESKTOP' : 'LAPTOP'}-${g.chars(7)}`
            : `${org.code}-${spec.code}${pad(n, computer ? 3 : 2)}`,
        manufacturer,
        model,
        serial_number: spec.virtual
          ? null
          : `${apple ? 'C02' : manufacturer.slice(0, 2).toUpperCase()}${g.chars(8)}`,
        operating_system: system,
        os_version: version ?? null,
        location: spec.virtual ? null : computer ? g.pick(LOCATIONS) : g.pick(RACK_LOCATIONS),
        rmm_id: rmmId,
        antivirus_product: antivirus && antivirus !== 'NOT_INSTALLED' ? av : null,
        antivirus_state: antivirus,
        bitlocker_state: bitlocker,
        firmware_version: spec.firmware.length ? g.pick(spec.firmware) : null,
        purchase_date: spec.virtual ? null : g.day(-bought),
        warranty_end: spec.virtual || g.chance(0.05) ? null : g.day(-bought + g.pick([1, 3, 3, 3, 5]) * 365),
        last_patch_date: managed ? g.day(-(missing > 5 ? g.int(45, 200) : g.int(0, 30))) : null,
        last_response_at: rmmId ? g.ago(seen) : null,
        missing_patches: managed ? missing : null,
        virtual: spec.virtual === true,
        active,
      });
      byCode[spec.code] = [...(byCode[spec.code] ?? []), id];
    }
  }

  // Software: Microsoft 365 for nearly everyone, the trade's line-of-business titles, a few common tools.
  const titles = new Set<string>();
  if (g.chance(0.9)) titles.add(COMMON_SOFTWARE[g.chance(0.6) ? 0 : 1]!);
  for (let i = g.int(1, 2); i > 0; i--) titles.add(g.pick(LOB_SOFTWARE[org.industry]!));
  for (let i = org.current ? g.int(1, 3) : 0; i > 0; i--) titles.add(g.pick(COMMON_SOFTWARE.slice(2)));
  const software: Record<string, number> = {};
  for (const entry of titles) {
    const [name, vendor, version] = split(entry);
    const perUser = name.startsWith('Microsoft 365') ? 1 : 0.6;
    software[name] = g.add('software', {
      organization_id: org.id,
      name,
      vendor,
      software_version: version || null,
      seats: g.chance(0.85) ? Math.max(1, Math.round(org.size * perUser)) : null,
      renewal_date: g.chance(0.85) ? g.day(g.int(-45, 365)) : null,
      active: org.current && g.chance(0.95),
    });
  }
  if (!org.current) return;

  // Systems tie the devices and software together (the endpoint protection system stands alone).
  const lob = Object.keys(software).find((n) =>
    LOB_SOFTWARE[org.industry]!.some((e) => e.startsWith(`${n}/`)),
  );
  const m365 = Object.keys(software).find((n) => n.startsWith('Microsoft 365'));
  const links: Record<string, [number[], (number | undefined)[]]> = {
    EMAIL: [[], [m365 ? software[m365] : undefined]],
    FIREWALL: [byCode.FW ?? [], []],
    SERVER: [[...(byCode.SRV ?? []), ...(byCode.VM ?? []).slice(0, 2)], []],
    BACKUP: [[...(byCode.NAS ?? []), ...(byCode.SRV ?? [])], [software['Veeam Backup & Replication']]],
    LOB: [(byCode.SRV ?? []).slice(0, 1), [lob ? software[lob] : undefined]],
    SECURITY: [[], []],
    PHONE: [[], [software['RingCentral MVP']]],
  };
  for (const entry of SYSTEMS) {
    const [category, name, description] = split(entry);
    const [devices, found] = links[category]!;
    const titled = found.filter((t): t is number => t !== undefined);
    if (category !== 'SECURITY' && devices.length + titled.length === 0) continue;
    if ((category === 'LOB' && !lob) || !g.chance(0.6)) continue;
    const fill = (text: string) => text.replaceAll('{lob}', lob ?? '').replaceAll('{av}', av);
    const systemId = g.add('systems', {
      organization_id: org.id,
      name: fill(name),
      category,
      description: fill(description ?? ''),
    });
    for (const e of devices) g.inv.system_equipment.push({ system_id: systemId, equipment_id: e });
    for (const s of titled) g.inv.system_software.push({ system_id: systemId, software_id: s });
  }
}
