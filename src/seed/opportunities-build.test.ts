// The demo opportunities builder: deterministic, every stage, nothing dated after yesterday, proposals numbered in
// the order they were written, a won one per agreement, and amounts that are the latest proposal's first year.
import { describe, expect, it } from 'vitest';
import { buildOpportunities, firstYearCents, type OppOrg } from './opportunities-build.js';
import { seededRandom } from './random.js';

const today = '2026-03-16';
const orgs: OppOrg[] = Array.from({ length: 40 }, (_, i) => ({
  id: 100 + i,
  name: `Org ${i}`,
  client: i % 4 !== 0,
  managerId: i % 3 === 0 ? null : 7 + (i % 2),
  people: i % 20,
  workstations: i % 25,
  servers: i % 3,
}));
const build = () =>
  buildOpportunities(seededRandom(42), today, {
    orgs,
    owners: [7, 8, 9],
    agreements: [101, 102, 103].map((orgId, i) => ({
      id: 500 + i,
      orgId,
      number: `AG-${1001 + i}`,
      title: 'Managed IT Services',
      start: '2025-11-01',
      lines: [{ type: 'WS', description: null, quantity: 10, cents: 5500, recurrence: 'MONTHLY' }],
    })),
    outages: [
      {
        id: 9,
        orgId: 104,
        title: 'Building power outage',
        description: null,
        type: 'Power Outage',
        at: new Date('2026-02-01T15:00:00Z'),
      },
    ],
  });

describe('buildOpportunities', () => {
  it('is deterministic and dates nothing after yesterday', () => {
    const a = build();
    const b = build();
    expect(a.opportunities.map((o) => [o.number, o.org.id, o.title, o.closeDate])).toEqual(
      b.opportunities.map((o) => [o.number, o.org.id, o.title, o.closeDate]),
    );
    const end = new Date(`${today}T00:00:00Z`).getTime();
    for (const x of [...a.opportunities, ...a.proposals, ...a.documents])
      expect(x.createdAt.getTime()).toBeLessThan(end);
    for (const x of a.activities) expect(x.at.getTime()).toBeLessThan(end);
  });

  it('covers every stage, wins the agreements, follows the outage, and prices by the latest proposal', () => {
    const { opportunities, proposals } = build();
    expect(new Set(opportunities.map((o) => o.stage.id))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    const won = opportunities.filter((o) => o.outcome === 'WON');
    expect(won.map((o) => o.agreementId).sort()).toEqual([500, 501, 502]);
    for (const o of won) expect(o.amountCents).toBe(12 * 10 * 5500);
    const fromOutage = opportunities.find((o) => o.outageId === 9)!;
    expect(fromOutage).toMatchObject({
      source: 'Outage',
      title: 'UPS Replacement after outage: Building power outage',
    });
    expect(proposals.map((p) => p.number)).toEqual(proposals.map((_, i) => `PR-${1001 + i}`));
    for (const o of opportunities) {
      const mine = proposals.filter((p) => p.opportunity === o);
      if (mine.length) expect(firstYearCents(mine.at(-1)!.lines)).toBe(o.amountCents);
    }
  });
});
