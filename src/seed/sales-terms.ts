// The demo agreements' shapes and the pieces buildSales (sales-build.ts) makes them of: days as ISO strings, money,
// the wording of service lines, and each service type's size and price for an organization.
import { toUtcIsoDate } from '../shared/format/date.js';
import { formatMoney, formatQuantity } from '../shared/format/money.js';
import type { ActivityKind } from '../shared/schemas/activity.js';
import { BILLING_FREQUENCIES } from '../shared/schemas/agreement.js';
import type { Random } from './random.js';
import { AMENDMENT_TYPES, type AmendmentKey, SERVICE_TYPES, type ServiceKey } from './sales-data.js';

/** What the seed knows of an organization: its billing contact, account manager, people and (non-virtual) devices. */
export type SalesOrg = {
  id: number;
  name: string;
  /** A current client (else a former one, whose retired devices still count). */
  client: boolean;
  accountManagerId: number | null;
  billingContactId: number | null;
  people: number;
  workstations: number;
  servers: number;
  firewalls: number;
  m365: { premium: boolean; seats: number | null } | null;
};

export type Frequency = 'MONTHLY' | 'QUARTERLY' | 'ANNUAL' | 'ONE_TIME';
export type AgreementType = 'MANAGED' | 'SUPPORT' | 'BLOCK_HOURS' | 'PROJECT';

/** What a service line bills: its size and price (cents), as an ADD change carries them too. */
export type Terms = {
  description: string | null;
  quantity: number;
  cents: number;
  frequency: Frequency;
  hours: number | null;
};

export type Service = Terms & {
  id: number;
  agreement: Agreement;
  type: ServiceKey;
  start: string;
  end: string | null;
  replaces: Service | null;
  createdAt: Date;
  createdBy: number;
  updatedAt: Date;
  updatedBy: number;
  version: number;
};

export type Agreement = {
  id: number;
  number: string;
  org: SalesOrg;
  title: string;
  status: 'OPEN' | 'CLOSED';
  type: AgreementType;
  start: string;
  end: string | null;
  renewal: string | null;
  term: number | null;
  manager: number;
  notes: string | null;
  createdAt: Date;
  /** When it was closed (its status activity), if it was. */
  closedAt: Date | null;
  services: Service[];
};

export type Change = Partial<Terms> & {
  kind: 'ADD' | 'CHANGE' | 'END';
  /** CHANGE/END: the service changed; ADD: the service the signing created (none before it is signed). */
  service: Service | null;
  type: ServiceKey | null;
  beforeQuantity: number | null;
  beforeCents: number | null;
  result: Service | null;
};

export type Amendment = {
  id: number;
  number: string;
  agreement: Agreement;
  type: AmendmentKey;
  effective: string;
  status: 'DRAFT' | 'SENT' | 'SIGNED' | 'VOID';
  description: string;
  createdAt: Date;
  updatedAt: Date;
  signedAt: Date | null;
  document: Document | null;
  changes: Change[];
};

export type Document = {
  id: number;
  agreement: Agreement;
  title: string;
  kind: 'CONTRACT' | 'AMENDMENT' | 'QUOTE';
  signed: string | null;
  createdAt: Date;
  file: { name: string; data: Buffer };
};

export type Activity = { agreement: Agreement; kind: ActivityKind; text: string; actor: number; at: Date };

export type Sales = {
  agreements: Agreement[];
  services: Service[];
  amendments: Amendment[];
  documents: Document[];
  activities: Activity[];
};

// ---- Days as ISO strings, in UTC arithmetic (no daylight-saving surprises) ----
export const DAY = 86_400_000;
export const time = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10));
export const addDays = (iso: string, n: number) => toUtcIsoDate(time(iso) + n * DAY);
export function addMonths(iso: string, n: number): string {
  const months = +iso.slice(0, 4) * 12 + +iso.slice(5, 7) - 1 + n;
  const [y, m] = [Math.floor(months / 12), months % 12];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return toUtcIsoDate(Date.UTC(y, m, Math.min(+iso.slice(8, 10), last)));
}
/** The first day of the month after the one `iso` falls in. */
export const nextFirst = (iso: string) => addMonths(`${iso.slice(0, 8)}01`, 1);
export const display = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
export const minIso = (a: string, b: string) => (a < b ? a : b);

export const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
export const frequencyLabel = (f: Frequency) => BILLING_FREQUENCIES.find((x) => x.value === f)!.label;
export const typeName = (key: ServiceKey) => SERVICE_TYPES.find((t) => t.key === key)!.name;
export const amendmentTypeName = (key: AmendmentKey) => AMENDMENT_TYPES.find((t) => t.key === key)!.name;

/** "Managed Workstation × 10 @ $50.00 Monthly", as the services screen tells it in the activity. */
export const serviceLine = (s: Service) =>
  `${typeName(s.type)}${s.description ? ` (${s.description})` : ''} × ${formatQuantity(`${s.quantity}.00`)} @ ` +
  `${formatMoney(money(s.cents))} ${frequencyLabel(s.frequency)}`;

/** A weighted pick: 'A:80 B:20'. */
export function choose<T extends string>(r: Random, spec: string): T {
  const items = spec.split(' ').map((s) => s.split(':') as [T, string]);
  let x = r.next() * items.reduce((sum, [, w]) => sum + Number(w), 0);
  for (const [item, w] of items) {
    x -= Number(w);
    if (x < 0) return item;
  }
  return items[items.length - 1]![0];
}

export const termsFrom = ({ description, quantity, cents, frequency, hours }: Terms): Terms => ({
  description,
  quantity,
  cents,
  frequency,
  hours,
});

/** A line of a service type for this organization: sized to its devices and people, priced in whole cents. */
export function termsOf(r: Random, a: Agreement, type: ServiceKey): Terms {
  const o = a.org;
  const t: Terms = { description: null, quantity: 1, cents: 0, frequency: 'MONTHLY', hours: null };
  if (type === 'WS') {
    t.quantity = Math.max(1, o.workstations);
    t.cents = r.pick([4500, 5000, 5500, 6000, 6500]);
  } else if (type === 'SRV') {
    t.quantity = Math.max(1, o.servers);
    t.cents = r.pick([15000, 17500, 19900, 22500, 25000]);
  } else if (type === 'M365') {
    const standard = o.m365?.premium === false;
    t.quantity = Math.max(1, o.m365?.seats ?? o.people);
    t.cents = standard ? 1250 : 2200;
    t.description = standard ? 'Business Standard' : 'Business Premium';
    if (r.chance(0.25)) [t.frequency, t.cents] = ['ANNUAL', t.cents * 12];
  } else if (type === 'BACKUP') {
    t.quantity = Math.max(1, o.servers);
    t.cents = r.pick([9900, 14900, 19900, 24900]);
    if (!o.servers) t.description = 'Cloud backup of workstations and Microsoft 365';
    if (r.chance(0.3)) [t.frequency, t.cents] = ['QUARTERLY', t.cents * 3];
  } else if (type === 'FW') {
    t.quantity = Math.max(1, o.firewalls);
    t.cents = r.pick([3900, 4900, 5900, 7500]);
  } else if (type === 'SAT') {
    t.quantity = Math.max(1, o.people);
    if (r.chance(0.4)) [t.frequency, t.cents] = ['ANNUAL', r.pick([3600, 4200])];
    else t.cents = r.pick([300, 350, 400]);
  } else if (type === 'BLOCK') {
    t.hours = r.pick([10, 10, 20, 20, 40]);
    t.cents = t.hours * r.pick([12500, 13500, 14500, 15000]);
    t.description = a.type === 'PROJECT' ? 'Project hours' : `${t.hours} hours each month`;
  } else {
    t.frequency = 'ONE_TIME';
    t.cents = Math.round((500 + 75 * (o.workstations + 4 * o.servers)) / 5) * 500;
    t.description = a.type === 'PROJECT' ? 'Project labor, fixed fee' : null;
  }
  return t;
}
