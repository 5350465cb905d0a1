// The demo opportunities, built in memory from the seeded PRNG (opportunities.ts writes them): open ones in every
// stage with close dates around today (some overdue), won ones that became an existing agreement, lost ones with
// their reasons, several raised from outages; their proposals (revisions copied from the one before), documents
// with small PDF files, and the timeline. Dates are relative to `today`; nothing happened later than yesterday.

import { numberFor } from '../server/platform/record-numbers.js';
import { toUtcIsoDate } from '../shared/format/date.js';
import { formatMoney } from '../shared/format/money.js';
import type { ActivityKind } from '../shared/schemas/activity.js';
import type { DocumentKind } from '../shared/schemas/document.js';
import type { Outcome, ProposalStatus } from '../shared/schemas/opportunity.js';
import { OPPORTUNITY_SETTINGS_DEFAULTS, type Stage } from '../shared/schemas/sales-settings.js';
import { minimalPdf } from './demo-pdf.js';
import {
  ACTIVITY_NOTES,
  type LineSpec,
  OPPORTUNITY_NOTES,
  OUTAGE_THEMES,
  PROPOSAL_TERMS,
  type Size,
  THEMES,
  type Theme,
} from './opportunities-data.js';
import type { Random } from './random.js';
import { addDays, money } from './sales-build.js';
import { PROVIDER_NAME } from './sales-data.js';

export type OppOrg = Size & {
  id: number;
  name: string;
  /** A current client (upsells); else a prospect or former client (new business). */
  client: boolean;
  managerId: number | null;
};
/** An agreement of the agreements seed that a won opportunity can have become, with its first lines. */
export type OppAgreement = {
  id: number;
  orgId: number;
  number: string;
  title: string;
  start: string;
  lines: LineSpec[];
};
export type OppOutage = {
  id: number;
  orgId: number;
  title: string;
  description: string | null;
  type: string;
  at: Date;
};

export type Opportunity = {
  id: number;
  number: string;
  org: OppOrg;
  title: string;
  stage: Stage;
  outcome: Outcome;
  owner: number;
  probability: number;
  amountCents: number;
  closeDate: string;
  source: string;
  lostReason: string | null;
  notes: string | null;
  outageId: number | null;
  agreementId: number | null;
  createdAt: Date;
  updatedAt: Date;
};
export type Proposal = {
  id: number;
  number: string;
  opportunity: Opportunity;
  title: string;
  status: ProposalStatus;
  validUntil: string;
  terms: string;
  copiedFrom: Proposal | null;
  lines: LineSpec[];
  createdAt: Date;
  updatedAt: Date;
};
export type OppDocument = {
  opportunity: Opportunity;
  title: string;
  kind: DocumentKind;
  signed: string | null;
  createdAt: Date;
  file: { name: string; data: Buffer };
};
export type OppActivity = {
  opportunity: Opportunity;
  kind: ActivityKind;
  text: string;
  actor: number;
  at: Date;
};
export type OpportunityDemo = {
  opportunities: Opportunity[];
  proposals: Proposal[];
  documents: OppDocument[];
  activities: OppActivity[];
};

const STAGES = OPPORTUNITY_SETTINGS_DEFAULTS.stages;
const OPEN_STAGES = STAGES.filter((s) => s.outcome === 'OPEN');
const WON = STAGES.find((s) => s.outcome === 'WON')!;
const LOST = STAGES.find((s) => s.outcome === 'LOST')!;
const DAY = 86_400_000;
const display = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** One-time plus twelve months, in cents: the amount of an opportunity whose proposal this is. */
export const firstYearCents = (lines: readonly LineSpec[]) =>
  lines.reduce((sum, l) => sum + l.quantity * l.cents * (l.recurrence === 'MONTHLY' ? 12 : 1), 0);

/**
 * The demo opportunities on `today` (yyyy-mm-dd): `open` open ones spread over the open stages, a won one for each of
 * `agreements` (at most `won`), `lost` lost ones, and one raised from each of `outages` (at most six). `owners`
 * own them (an organization's account manager when in the role). Ids are local (1-based positions in their list).
 */
export function buildOpportunities(
  r: Random,
  today: string,
  input: {
    orgs: OppOrg[];
    agreements: OppAgreement[];
    outages: OppOutage[];
    owners: number[];
    open?: number;
    won?: number;
    lost?: number;
    /** The ids the first opportunity and proposal will get: numbers are OP-<1000 + id>, as new ones get. */
    firstIds?: { opportunity: number; proposal: number };
  },
  now = new Date(`${today}T00:00:00Z`),
): OpportunityDemo {
  const yesterday = addDays(today, -1);
  const cap = Math.min(new Date(`${today}T00:00:00Z`).getTime(), now.getTime()) - 60_000;
  const at = (iso: string) =>
    new Date(
      Math.min(
        new Date(`${iso < yesterday ? iso : yesterday}T00:00:00Z`).getTime() +
          (13 * 60 + r.int(0, 480)) * 60_000,
        cap,
      ),
    );
  const later = (d: Date, days: number) =>
    new Date(Math.min(d.getTime() + days * DAY + r.int(10, 300) * 60_000, cap));
  // Nothing of an opportunity happens before it was created (a minute after, at the earliest).
  const notBefore = (d: Date, o: Opportunity) =>
    new Date(Math.max(d.getTime(), o.createdAt.getTime() + 60_000));
  const out: OpportunityDemo = { opportunities: [], proposals: [], documents: [], activities: [] };
  const { orgs, owners } = input;
  const clients = orgs.filter((o) => o.client);
  const others = orgs.filter((o) => !o.client);
  const ownerOf = (org: OppOrg) =>
    org.managerId !== null && owners.includes(org.managerId) ? org.managerId : r.pick(owners);
  const size = (o: OppOrg): Size => ({
    people: Math.max(3, o.people),
    workstations: Math.max(3, o.workstations),
    servers: o.servers,
  });
  const log = (o: Opportunity, kind: ActivityKind, text: string, when: Date, actor = o.owner) =>
    out.activities.push({
      opportunity: o,
      kind,
      text,
      actor,
      at: kind === 'CREATED' ? when : notBefore(when, o),
    });

  type Plan = {
    org: OppOrg;
    theme: Theme;
    stage: Stage;
    close: string;
    source: string;
    agreement?: OppAgreement;
    outage?: OppOutage;
  };
  const plans: Plan[] = [];
  const upsells = THEMES.filter((t) => !t.newLogo);
  const newLogos = THEMES.filter((t) => t.newLogo);
  const pickTheme = (org: OppOrg) => (org.client || !others.length ? r.pick(upsells) : r.pick(newLogos));
  const pickOrg = () =>
    others.length && r.chance(0.35) ? r.pick(others) : r.pick(clients.length ? clients : orgs);

  // Won: the agreements they became, closed a few days before the agreement started.
  for (const a of input.agreements.slice(0, input.won ?? 12)) {
    const org = orgs.find((o) => o.id === a.orgId);
    if (!org) continue;
    const theme: Theme = { key: 'AGREEMENT', title: a.title, lines: () => a.lines };
    plans.push({
      org,
      theme,
      stage: WON,
      close: addDays(a.start, -r.int(3, 20)),
      source: 'Existing Client',
      agreement: a,
    });
  }
  // Raised from outages: the follow-up sale the outage showed a need for.
  for (const outage of input.outages.slice(0, 6)) {
    const org = orgs.find((o) => o.id === outage.orgId);
    const found = OUTAGE_THEMES.find((t) => t.match.test(outage.type));
    if (!org || !found) continue;
    const day = toUtcIsoDate(outage.at);
    const stage = r.chance(0.2) ? LOST : r.pick(OPEN_STAGES.slice(0, 3));
    const close = stage === LOST ? addDays(day, r.int(20, 45)) : addDays(today, r.int(-10, 60));
    plans.push({
      org,
      theme: found.theme,
      stage,
      close: close > yesterday && stage === LOST ? yesterday : close,
      source: 'Outage',
      outage,
    });
  }
  for (let i = 0; i < (input.lost ?? 10); i++) {
    const org = pickOrg();
    plans.push({
      org,
      theme: pickTheme(org),
      stage: LOST,
      close: addDays(today, -r.int(5, 240)),
      source: '',
    });
  }
  for (let i = 0; i < (input.open ?? 38); i++) {
    const org = pickOrg();
    // Every open stage, the early ones more often; about one in five past its close date (a few long past).
    const stage = OPEN_STAGES[i % OPEN_STAGES.length]!;
    const close = r.chance(0.2)
      ? addDays(today, -r.int(1, r.chance(0.3) ? 60 : 25))
      : addDays(today, r.int(3, 120));
    plans.push({ org, theme: pickTheme(org), stage, close, source: '' });
  }

  // Numbered in the order they were created.
  const sources = OPPORTUNITY_SETTINGS_DEFAULTS.sources.filter((s) => s !== 'Outage');
  const drafts = plans.map((p) => {
    const span = p.outage ? r.int(1, 5) : r.int(20, 90);
    const createdOn = p.outage
      ? addDays(toUtcIsoDate(p.outage.at), span)
      : addDays(p.stage.outcome === 'OPEN' && p.close > today ? today : p.close, -span);
    return { p, createdAt: at([createdOn, yesterday].sort()[0]!) };
  });
  drafts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.p.org.id - b.p.org.id);

  let proposalSeq = 0;
  const proposals: Proposal[] = [];
  for (const [i, { p, createdAt }] of drafts.entries()) {
    const lines = p.theme.lines(size(p.org));
    const title =
      p.outage !== undefined
        ? `${p.theme.title} after outage: ${p.outage.title}`
        : p.agreement
          ? p.theme.title
          : p.theme.newLogo
            ? p.theme.title
            : `${p.theme.title} for ${p.org.name}`;
    const o: Opportunity = {
      id: i + 1,
      number: numberFor('OP-', (input.firstIds?.opportunity ?? 1) + i),
      org: p.org,
      title,
      stage: p.stage,
      outcome: p.stage.outcome,
      owner: ownerOf(p.org),
      probability:
        p.stage.outcome === 'OPEN' ? p.stage.probability + r.pick([0, 0, 0, 5, -5]) : p.stage.probability,
      amountCents: firstYearCents(lines),
      closeDate: p.close,
      source:
        p.source ||
        (p.org.client ? r.pick(['Existing Client', 'Existing Client', 'Referral']) : r.pick(sources)),
      lostReason: p.stage === LOST ? r.pick(OPPORTUNITY_SETTINGS_DEFAULTS.lostReasons) : null,
      notes: p.outage
        ? `Raised from outage "${p.outage.title}" of ${display(toUtcIsoDate(p.outage.at))}.${p.outage.description ? ` ${p.outage.description}` : ''}`
        : r.chance(0.4)
          ? r.pick(OPPORTUNITY_NOTES)
          : null,
      outageId: p.outage?.id ?? null,
      agreementId: p.agreement?.id ?? null,
      createdAt,
      updatedAt: createdAt,
    };
    out.opportunities.push(o);
    log(o, 'CREATED', `Opportunity ${o.number} created: ${o.title}`, createdAt);

    // The way through the stages: open ones up to their stage; won and lost ones from a stage they had reached.
    const reached =
      o.outcome === 'OPEN'
        ? OPEN_STAGES.indexOf(p.stage)
        : r.int(o.outcome === 'WON' ? 2 : 1, OPEN_STAGES.length - 1);
    const closedAt =
      o.outcome === 'OPEN' ? null : new Date(Math.max(at(p.close).getTime(), createdAt.getTime()));
    const lastDay = new Date(Math.max((closedAt ?? at(yesterday)).getTime(), createdAt.getTime()));
    const step = (lastDay.getTime() - createdAt.getTime()) / (reached + 2);
    let when = createdAt;
    let previous: Stage = OPEN_STAGES[0]!;
    for (let k = 1; k <= reached; k++) {
      when = new Date(Math.min(createdAt.getTime() + step * k, cap));
      const next = OPEN_STAGES[k]!;
      log(o, 'STAGE', `Stage changed from ${previous.name} to ${next.name}`, when);
      previous = next;
    }

    // Proposals from the proposal stage on (a draft already in discovery), revisions copied from the one before.
    const count =
      OPEN_STAGES.indexOf(previous) < 1 ? 0 : OPEN_STAGES.indexOf(previous) === 1 ? r.int(0, 1) : r.int(1, 3);
    let before: Proposal | null = null;
    for (let k = 0; k < count; k++) {
      const made = notBefore(
        new Date(Math.min(createdAt.getTime() + step * (1.3 + k * 0.5), lastDay.getTime() - 60_000)),
        o,
      );
      const last = k === count - 1;
      const status: ProposalStatus = !last
        ? 'DECLINED'
        : o.outcome === 'WON'
          ? 'ACCEPTED'
          : o.outcome === 'LOST'
            ? 'DECLINED'
            : OPEN_STAGES.indexOf(previous) === 1
              ? 'DRAFT'
              : r.chance(0.8)
                ? 'SENT'
                : 'DRAFT';
      // An earlier option carried more (or other) hardware; the last one is what the opportunity is worth.
      const theirs = last
        ? lines
        : lines.map((l) =>
            l.recurrence === 'ONE_TIME' ? { ...l, cents: Math.round((l.cents * 11) / 10) } : l,
          );
      const proposal: Proposal = {
        id: ++proposalSeq,
        number: '',
        opportunity: o,
        title: k === 0 ? `${p.theme.title} proposal` : `${p.theme.title} proposal, revision ${k + 1}`,
        status,
        validUntil: addDays(toUtcIsoDate(made), 30),
        terms: PROPOSAL_TERMS,
        copiedFrom: before,
        lines: theirs,
        createdAt: made,
        updatedAt: status === 'DRAFT' ? made : later(made, r.int(0, 3)),
      };
      proposals.push(proposal);
      before = proposal;
    }
    if (o.outcome === 'WON') {
      log(o, 'STAGE', `Stage changed from ${previous.name} to ${WON.name}`, closedAt!);
      log(o, 'WON', `Won: agreement ${p.agreement!.number} created`, closedAt!);
    } else if (o.outcome === 'LOST') {
      log(o, 'STAGE', `Stage changed from ${previous.name} to ${LOST.name} (${o.lostReason})`, closedAt!);
    }
    o.updatedAt = closedAt ?? new Date(Math.max(when.getTime(), createdAt.getTime()));
    // A note now and then, between creation and the last change.
    if (r.chance(0.5))
      log(
        o,
        'NOTE',
        r.pick(ACTIVITY_NOTES),
        new Date(createdAt.getTime() + (o.updatedAt.getTime() - createdAt.getTime()) / 2),
        r.pick(owners),
      );
  }

  // Proposal numbers in the order they were written.
  proposals.sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.opportunity.id - b.opportunity.id,
  );
  for (const [i, proposal] of proposals.entries()) {
    proposal.id = i + 1;
    proposal.number = numberFor('PR-', (input.firstIds?.proposal ?? 1) + i);
    out.proposals.push(proposal);
    const o = proposal.opportunity;
    log(o, 'PROPOSAL', `Proposal ${proposal.number} created: ${proposal.title}`, proposal.createdAt);
    if (proposal.status !== 'DRAFT') {
      const label = { SENT: 'Sent', ACCEPTED: 'Accepted', DECLINED: 'Declined' }[proposal.status];
      log(o, 'PROPOSAL', `Proposal ${proposal.number} marked ${label}`, proposal.updatedAt);
    }
  }

  // Documents: the signed proposal of most won ones, site notes of some in negotiation, a vendor quote now and then.
  const pdf = (o: Opportunity, title: string, lines: string[]) => ({
    name: `${o.number} ${title}.pdf`,
    data: minimalPdf([
      PROVIDER_NAME,
      `Client: ${o.org.name}`,
      `Opportunity ${o.number}: ${o.title}`,
      ...lines,
    ]),
  });
  const addDocument = (d: OppDocument) => {
    d.createdAt = notBefore(d.createdAt, d.opportunity);
    out.documents.push(d);
    log(d.opportunity, 'DOCUMENT', `Document added: ${d.title}`, d.createdAt);
  };
  for (const o of out.opportunities) {
    const accepted = out.proposals.find((x) => x.opportunity === o && x.status === 'ACCEPTED');
    if (accepted && r.chance(0.8)) {
      const title = `Signed proposal ${accepted.number}`;
      addDocument({
        opportunity: o,
        title,
        kind: 'CONTRACT',
        signed: o.closeDate,
        createdAt: at(o.closeDate),
        file: pdf(o, title, [
          title,
          ...accepted.lines.map(
            (l) =>
              `${l.description ?? l.type} x ${l.quantity} @ ${formatMoney(money(l.cents))} ${l.recurrence === 'MONTHLY' ? 'monthly' : 'one-time'}`,
          ),
          'Signed by the client (demo document).',
        ]),
      });
    } else if (o.stage.name === 'Negotiation' && r.chance(0.5)) {
      addDocument({
        opportunity: o,
        title: 'Site survey notes',
        kind: 'CORRESPONDENCE',
        signed: null,
        createdAt: later(o.createdAt, 2),
        file: pdf(o, 'Site survey notes', [
          'Network closet photographed; rack space for one more device.',
          'Power: one free circuit.',
        ]),
      });
    } else if (o.outcome === 'OPEN' && r.chance(0.12)) {
      addDocument({
        opportunity: o,
        title: 'Distributor quote',
        kind: 'QUOTE',
        signed: null,
        createdAt: later(o.createdAt, 1),
        file: pdf(o, 'Distributor quote', ['Hardware pricing held for 30 days.']),
      });
    }
  }
  out.activities.sort((a, b) => a.at.getTime() - b.at.getTime());
  return out;
}
