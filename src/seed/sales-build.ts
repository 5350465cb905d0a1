// The demo agreements, built in memory from the seeded PRNG (sales.ts writes them): one or two agreements for most
// current clients and ended ones for some former clients, services sized to their devices and people, amendments
// (signed ones already applied to the services the way signing applies them, the others not), documents with small
// PDF files, and the activity timeline. Dates are relative to `today`; nothing happened later than yesterday.
import { toUtcIsoDate } from '../shared/format/date.js';
import type { ActivityKind } from '../shared/schemas/activity.js';
import { AMENDMENT_SETTINGS_DEFAULTS } from '../shared/schemas/amendment-settings.js';
import { minimalPdf } from './demo-pdf.js';
import type { Random } from './random.js';
import { type AmendmentKey, NOTES, PROVIDER_NAME, type ServiceKey, TITLES } from './sales-data.js';
import {
  type Agreement,
  type AgreementType,
  type Amendment,
  addDays,
  addMonths,
  amendmentTypeName,
  type Change,
  choose,
  type Document,
  display,
  minIso,
  nextFirst,
  type Sales,
  type SalesOrg,
  type Service,
  serviceLine,
  type Terms,
  termsFrom,
  termsOf,
  time,
  typeName,
} from './sales-terms.js';

// What the seed's other parts take from here.
export { addDays, addMonths, money, type SalesOrg } from './sales-terms.js';

/**
 * The demo agreements of `orgs` on `today` (yyyy-mm-dd, the company's day); `staff` manage the accounts whose
 * organization names no account manager. Ids are local (1-based positions in their list). No moment is later than
 * the end of yesterday (UTC) or `now`, whichever comes first.
 */
export function buildSales(
  r: Random,
  today: string,
  orgs: SalesOrg[],
  staff: number[],
  now = new Date(time(today)),
): Sales {
  const yesterday = addDays(today, -1);
  const cap = Math.min(time(today), now.getTime()) - 60_000;
  // A moment in office hours (Eastern) of a day, never later than yesterday.
  const at = (iso: string) =>
    new Date(Math.min(time(minIso(iso, yesterday)) + (13 * 60 + r.int(0, 480)) * 60_000, cap));
  const later = (d: Date, minutes: number) => new Date(Math.min(d.getTime() + minutes * 60_000, cap));
  const out: Sales = { agreements: [], services: [], amendments: [], documents: [], activities: [] };
  const log = (
    agreement: Agreement,
    kind: ActivityKind,
    text: string,
    when: Date,
    actor = agreement.manager,
  ) => out.activities.push({ agreement, kind, text, actor, at: when });

  // Agreements: the next renewal within the year, the start one to three terms before it (within three years).
  const header = (org: SalesOrg, type: AgreementType): Agreement => ({
    id: 0,
    number: '',
    org,
    title: r.pick(TITLES[type]),
    status: 'OPEN',
    type,
    start: today,
    end: null,
    renewal: null,
    term: null,
    manager: org.accountManagerId ?? r.pick(staff),
    notes: r.chance(0.3) ? r.pick(NOTES) : null,
    createdAt: new Date(0),
    closedAt: null,
    services: [],
  });
  const ongoing = (org: SalesOrg, type: AgreementType) => {
    const a = header(org, type);
    const term = Number(choose(r, '12:50 24:25 36:25'));
    const renewal = addDays(today, r.int(5, 365));
    const terms = [1, 2, 3].filter((k) => addMonths(renewal, -k * term) >= addDays(today, -1095));
    return { ...a, term, renewal, start: addMonths(renewal, -r.pick(terms) * term) };
  };
  const project = (org: SalesOrg) => {
    const start = addDays(today, -r.int(20, 700));
    return { ...header(org, 'PROJECT'), start, end: addDays(addMonths(start, r.int(2, 5)), -1) };
  };
  // A former client's: one or more yearly terms, ended at least 45 days ago.
  const ended = (org: SalesOrg) => {
    const start = addDays(today, -r.int(420, 1095));
    let end = addDays(addMonths(start, 12), -1);
    while (addMonths(end, 12) < addDays(today, -45) && r.chance(0.5)) end = addMonths(end, 12);
    return { ...header(org, org.workstations >= 4 ? 'MANAGED' : 'SUPPORT'), term: 12, start, end };
  };
  const agreements: Agreement[] = [];
  for (const org of orgs) {
    if (!org.client) {
      if (r.chance(0.5)) agreements.push(ended(org));
    } else if (r.chance(0.88)) {
      agreements.push(ongoing(org, r.chance(org.workstations >= 4 ? 0.8 : 0.4) ? 'MANAGED' : 'SUPPORT'));
      if (r.chance(0.3)) agreements.push(r.chance(0.55) ? ongoing(org, 'BLOCK_HOURS') : project(org));
    }
  }
  // Numbered in the order they started.
  agreements.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.org.id - b.org.id));
  for (const [i, a] of agreements.entries()) {
    a.id = i + 1;
    a.number = `AG-${1001 + i}`;
    a.createdAt = at(addDays(a.start, -r.int(3, 20)));
    log(a, 'CREATED', `Agreement ${a.number} created: ${a.title}`, a.createdAt);
    if (a.end && a.end < today) {
      a.status = 'CLOSED';
      a.closedAt = at(addDays(a.end, 1));
      log(a, 'STATUS', 'Status changed from Open to Closed', a.closedAt);
    }
    out.agreements.push(a);
  }

  const addService = (
    a: Agreement,
    type: ServiceKey,
    terms: Terms,
    start: string,
    by: number,
    when: Date,
  ) => {
    const s: Service = {
      ...terms,
      id: out.services.length + 1,
      agreement: a,
      type,
      start,
      // One-time charges are in force on their day; the rest until the agreement ends.
      end: terms.frequency === 'ONE_TIME' ? start : a.end,
      replaces: null,
      createdAt: when,
      createdBy: by,
      updatedAt: when,
      updatedBy: by,
      version: 0,
    };
    out.services.push(s);
    a.services.push(s);
    return s;
  };

  // Services from the agreement's start, added when it was created.
  for (const a of out.agreements) {
    const o = a.org;
    const keys: ServiceKey[] = [];
    const maybe = (p: boolean, key: ServiceKey) => p && keys.push(key);
    if (a.type === 'MANAGED') {
      keys.push('WS', 'FW');
      if (o.servers) keys.push('SRV', 'BACKUP');
      else maybe(r.chance(0.4), 'BACKUP');
      maybe(!!o.m365 && r.chance(0.7), 'M365');
      maybe(r.chance(0.4), 'SAT');
      maybe(r.chance(0.3), 'ONBOARD');
    } else if (a.type === 'SUPPORT') {
      keys.push('WS');
      maybe(!!o.m365 && r.chance(0.6), 'M365');
      maybe(r.chance(0.4), 'BACKUP');
      maybe(r.chance(0.3), 'SAT');
      if (keys.length < 2) keys.push('FW');
    } else if (a.type === 'BLOCK_HOURS') {
      keys.push('BLOCK', r.pick(['FW', 'BACKUP', 'SAT'] as const));
      maybe(r.chance(0.3), 'ONBOARD');
    } else {
      keys.push('ONBOARD', 'BLOCK');
    }
    for (const key of keys.slice(0, 6)) {
      const s = addService(a, key, termsOf(r, a, key), a.start, a.manager, later(a.createdAt, 2));
      log(a, 'SERVICE', `Service added: ${serviceLine(s)}`, s.createdAt);
    }
  }

  // Amendments, of the agreements without an end only (a service an amendment adds runs without an end).
  const amendments: Amendment[] = [];
  const inForce = (a: Agreement, day: string) =>
    a.services.filter((s) => s.frequency !== 'ONE_TIME' && s.start < day && (s.end === null || s.end >= day));
  const change = (kind: Change['kind'], service: Service | null, more: Partial<Change> = {}): Change => ({
    kind,
    service,
    type: null,
    beforeQuantity: null,
    beforeCents: null,
    result: null,
    ...more,
  });
  /** The changes of an amendment effective on `day`, against the services in force then. */
  const plan = (a: Agreement, day: string, renewal: boolean) => {
    const current = inForce(a, day);
    const have = new Set(current.map((s) => s.type));
    const offered: ServiceKey[] =
      a.type === 'BLOCK_HOURS' ? ['FW', 'BACKUP', 'SAT'] : ['WS', 'SRV', 'M365', 'BACKUP', 'FW', 'SAT'];
    const addable = offered.filter((k) => !have.has(k) && (k !== 'SRV' || a.org.servers > 0));
    const removable = current.filter((s) => s.type !== 'WS' && s.type !== 'BLOCK');
    const perUnit = current.filter((s) => ['WS', 'SRV', 'M365', 'SAT'].includes(s.type));
    let type = renewal ? 'RENEWAL' : choose<AmendmentKey>(r, 'ADD:40 OTHER:30 PRICE:20 REMOVE:10');
    if (type === 'ADD' && addable.length === 0) type = 'OTHER';
    if (type === 'OTHER' && perUnit.length === 0) type = 'PRICE';
    if (type === 'REMOVE' && (removable.length === 0 || current.length < 2)) type = 'PRICE';
    if (type !== 'ADD' && current.length === 0) return null;
    if (type === 'ADD') {
      const keys = [r.pick(addable)];
      const others = addable.filter((k) => k !== keys[0]);
      if (others.length && r.chance(0.3)) keys.push(r.pick(others));
      const changes = keys.map((key) => change('ADD', null, { type: key, ...termsOf(r, a, key) }));
      return { type, changes, description: `Add ${keys.map(typeName).join(' and ')}.` };
    }
    if (type === 'REMOVE') {
      const s = r.pick(removable);
      const why = r.pick(['no longer needed', 'moved to another provider', 'replaced by a newer service']);
      return { type, changes: [change('END', s)], description: `Remove ${typeName(s.type)}: ${why}.` };
    }
    if (type === 'OTHER') {
      const s = r.pick(perUnit);
      const quantity = Math.max(1, s.quantity + r.pick([-2, -1, 1, 1, 2, 3, 4]));
      if (quantity === s.quantity) return null;
      const why = quantity > s.quantity ? 'new staff' : 'fewer users';
      const description = `${typeName(s.type)}: ${s.quantity} to ${quantity} (${why}).`;
      return { type, changes: [change('CHANGE', s, { quantity })], description };
    }
    const p = r.int(3, 8);
    const targets = [
      ...new Set(type === 'RENEWAL' ? current : [r.pick(current), r.pick(current)].slice(0, r.int(1, 2))),
    ];
    const changes = targets.map((s) =>
      change('CHANGE', s, { cents: Math.round((s.cents * (100 + p)) / 100) }),
    );
    const description =
      type === 'RENEWAL'
        ? `Renewal for another ${a.term} months with a ${p}% price adjustment.`
        : `Price change: ${p}% on ${targets.map((s) => typeName(s.type)).join(' and ')}.`;
    return { type, changes, description };
  };
  /** Signing does to the services what applyChanges does, from the effective day. */
  const sign = (m: Amendment) => {
    const a = m.agreement;
    const [by, when] = [a.manager, m.signedAt!];
    for (const c of m.changes) {
      if (c.kind === 'ADD') {
        c.service = addService(a, c.type!, termsFrom(c as Terms), m.effective, by, when);
        continue;
      }
      const s = c.service!;
      [c.beforeQuantity, c.beforeCents] = [s.quantity, s.cents];
      const end = s.end;
      Object.assign(s, {
        end: addDays(m.effective, -1),
        updatedAt: when,
        updatedBy: by,
        version: s.version + 1,
      });
      if (c.kind === 'END') continue;
      const terms = { ...termsFrom(s), quantity: c.quantity ?? s.quantity, cents: c.cents ?? s.cents };
      c.result = addService(a, s.type, terms, m.effective, by, when);
      Object.assign(c.result, { end, replaces: s });
    }
  };
  const amend = (
    a: Agreement,
    day: string,
    status: Amendment['status'],
    createdOn: string,
    renewal = false,
  ) => {
    const p = plan(a, day, renewal);
    if (!p) return null;
    const createdAt = at(createdOn);
    const m: Amendment = {
      ...p,
      id: 0,
      number: '',
      agreement: a,
      effective: day,
      status,
      createdAt,
      updatedAt: createdAt,
      signedAt: null,
      document: null,
    };
    amendments.push(m);
    return m;
  };
  for (const a of out.agreements) {
    if (a.end) continue;
    // Renewals on most past anniversaries; other changes on the first of a month, from the agreement's third month
    // to the next month.
    const renewals = new Set<string>();
    for (let k = 1; addMonths(a.start, k * a.term!) <= today; k++)
      if (r.chance(0.6)) renewals.add(addMonths(a.start, k * a.term!));
    const months: string[] = [];
    for (let m = nextFirst(addMonths(a.start, 2)); m <= addDays(today, 31); m = addMonths(m, 1))
      if (!renewals.has(m)) months.push(m);
    if (months.length === 0) continue;
    const count = Math.min(months.length, Number(choose(r, '0:20 1:35 2:30 3:15')));
    const picked = new Set<string>(renewals);
    while (picked.size < count + renewals.size) picked.add(r.pick(months));
    let last = a.start;
    for (const day of [...picked].sort()) {
      const signedOn = minIso(addDays(day, -r.int(3, 25)), yesterday);
      const m = amend(a, day, 'SIGNED', addDays(signedOn, -r.int(2, 14)), renewals.has(day));
      if (!m) continue;
      m.signedAt = at(signedOn);
      m.updatedAt = m.signedAt;
      sign(m);
      last = day;
    }
    // Now and then one was voided instead of signed: its changes never applied.
    const past = months.filter((d) => d <= today);
    if (past.length && r.chance(0.06)) {
      const day = r.pick(past);
      const m = amend(a, day, 'VOID', addDays(day, -r.int(10, 30)));
      if (m) m.updatedAt = later(m.createdAt, r.int(1, 7) * 1440);
    }
    // The next one, being written or out for signature.
    if (r.chance(0.35)) {
      const m = amend(
        a,
        nextFirst(last > today ? last : today),
        r.chance(0.7) ? 'DRAFT' : 'SENT',
        addDays(today, -r.int(1, 20)),
      );
      if (m?.status === 'SENT') m.updatedAt = later(m.createdAt, r.int(60, 2 * 1440));
    }
  }
  // Numbered in the order they were written, as the settings' counter hands numbers out.
  amendments.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.agreement.id - b.agreement.id);
  for (const [i, m] of amendments.entries()) {
    m.id = i + 1;
    m.number = `${AMENDMENT_SETTINGS_DEFAULTS.numberPrefix}${AMENDMENT_SETTINGS_DEFAULTS.nextNumber + i}`;
    out.amendments.push(m);
    const name = `Amendment ${m.number}`;
    log(
      m.agreement,
      'AMENDMENT',
      `${name} drafted (${amendmentTypeName(m.type)}), effective ${display(m.effective)}`,
      m.createdAt,
    );
    if (m.status === 'SIGNED')
      log(
        m.agreement,
        'AMENDMENT',
        `${name} signed: its service changes apply from ${display(m.effective)}`,
        m.updatedAt,
      );
    else if (m.status !== 'DRAFT')
      log(m.agreement, 'AMENDMENT', `${name} marked ${m.status === 'SENT' ? 'Sent' : 'Void'}`, m.updatedAt);
  }

  // Documents: each agreement's signed contract; for half of them the signed copy of the latest signed amendment, or
  // else the proposal that came before the agreement.
  const file = (a: Agreement, title: string, lines: string[]) => ({
    name: `${a.number} ${title}.pdf`,
    data: minimalPdf([PROVIDER_NAME, `Client: ${a.org.name}`, ...lines]),
  });
  const addDocument = (a: Agreement, d: Omit<Document, 'id' | 'agreement'>) => {
    const doc: Document = { id: out.documents.length + 1, agreement: a, ...d };
    out.documents.push(doc);
    log(a, 'DOCUMENT', `Document added: ${doc.title}`, doc.createdAt);
    return doc;
  };
  for (const a of out.agreements) {
    const initial = a.services.filter((s) => s.start === a.start && s.replaces === null).map(serviceLine);
    const signedOn = minIso(addDays(a.start, -r.int(0, 2)), yesterday);
    const title = a.type === 'PROJECT' ? 'Signed statement of work' : 'Signed agreement';
    addDocument(a, {
      title,
      kind: 'CONTRACT',
      signed: signedOn,
      createdAt: at(signedOn),
      file: file(a, title, [
        `Agreement ${a.number}: ${a.title}`,
        `Start date ${display(a.start)}${a.term ? `, renewal term ${a.term} months` : ''}`,
        ...initial,
        'Signed by both parties (demo document).',
      ]),
    });
    if (!r.chance(0.5)) continue;
    const m = out.amendments.filter((x) => x.agreement === a && x.status === 'SIGNED').pop();
    if (m) {
      const title = `Amendment ${m.number} (signed)`;
      m.document = addDocument(a, {
        title,
        kind: 'AMENDMENT',
        signed: toUtcIsoDate(m.signedAt!),
        createdAt: m.signedAt!,
        file: file(a, title, [
          `${title} to agreement ${a.number}`,
          `Effective ${display(m.effective)}`,
          m.description,
        ]),
      });
    } else {
      addDocument(a, {
        title: 'Proposal',
        kind: 'QUOTE',
        signed: null,
        createdAt: later(a.createdAt, 5),
        file: file(a, 'Proposal', [`Proposal: ${a.title}`, ...initial]),
      });
    }
  }
  out.activities.sort((a, b) => a.at.getTime() - b.at.getTime());
  return out;
}
