// The true-up of a term posted before its service's dates changed: a table of the usual changes (ended mid-term, end
// set back after posting, end taken away, a biller's edited price kept), then properties over any sequence of date
// changes, each followed by a run: what a term's lines add up to is always exactly what its days in force come to
// now, and a run with nothing changed since adds no line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineCents } from '../../../shared/schemas/billing-run.js';
import { type BilledRow, termAdjustment } from './term-adjustments.js';
import { addDays, inForce, termEnd } from './terms.js';

type Dates = { start: string; end: string | null };

/** A posted line of a quarterly audit for 07/01–09/30/2026, as billed with the service's dates then. */
function posted(
  dates: Dates,
  options: {
    quantity?: string;
    unitPrice?: string;
    frequency?: BilledRow['frequency'];
    termFrom?: string;
  } = {},
): BilledRow {
  const frequency = options.frequency ?? 'QUARTERLY';
  const termFrom = options.termFrom ?? '2026-07-01';
  const termTo = frequency === 'ONE_TIME' ? termFrom : termEnd(termFrom, frequency);
  const part = inForce(termFrom, termTo, { ...dates, agreementStart: '2026-01-01', agreementEnd: null });
  const quantity = options.quantity ?? '1.00';
  const unitPrice = options.unitPrice ?? '900.00';
  return {
    ...serviceNow(dates, frequency),
    kind: 'RECURRING',
    number: 7,
    term_from: termFrom,
    term_to: termTo,
    quantity,
    unit_price: unitPrice,
    amount_cents: lineCents(quantity, unitPrice, part!.proration).toString(),
    prorate_first: part!.proration?.first ?? null,
    prorate_last: part!.proration?.last ?? null,
    prorate_days: part!.proration?.days ?? null,
  };
}

function serviceNow(dates: Dates, frequency: BilledRow['frequency'] = 'QUARTERLY') {
  return {
    org_id: 1,
    service_id: 2,
    agreement_id: 3,
    agreement_number: 'AG-Q',
    type_id: 4,
    type_name: 'Security Audit',
    description: null,
    frequency,
    start: dates.start,
    end: dates.end,
    agreement_start: '2026-01-01',
    agreement_end: null,
  };
}

/** The term's rows as the next run reads them: the service's dates now on every row. */
const asNow = (rows: BilledRow[], dates: Dates): BilledRow[] =>
  rows.map((r) => ({ ...r, start: dates.start, end: dates.end }));

/** An adjustment drafted or posted, as a later run reads it. */
const kept = (line: NonNullable<ReturnType<typeof termAdjustment>>, dates: Dates): BilledRow => ({
  ...serviceNow(dates),
  kind: 'ADJUSTMENT',
  number: 8,
  term_from: line.term!.from,
  term_to: line.term!.to,
  quantity: line.quantity,
  unit_price: line.unitPrice,
  amount_cents: line.amountCents.toString(),
  prorate_first: null,
  prorate_last: null,
  prorate_days: null,
});

describe('termAdjustment', () => {
  const billed = { start: '2026-04-01', end: null };
  it.each([
    ['nothing changed', billed, null, null],
    [
      'ended on 08/14: 45 of 92 days',
      { start: '2026-04-01', end: '2026-08-14' },
      '-459.78',
      'in force 45 of 92',
    ],
    ['ended before the term', { start: '2026-04-01', end: '2026-06-30' }, '-900.00', 'in force on none'],
    ['ended on the term’s last day', { start: '2026-04-01', end: '2026-09-30' }, null, null],
    // 900.00 less what the term comes to by 07/31 (303.26): the rule's split, which adds up to the term exactly.
    ['started later: 08/01', { start: '2026-08-01', end: null }, '-303.26', 'in force 61 of 92'],
  ])('%s', (_what, now, amount, detail) => {
    const line = termAdjustment(asNow([posted(billed)], now));
    if (amount === null) return expect(line).toBeNull();
    expect(line).toMatchObject({
      kind: 'ADJUSTMENT',
      quantity: '1.00',
      unitPrice: amount.replace('-', ''),
      amountCents: BigInt(amount.replace('.', '')),
      term: { from: '2026-07-01', to: '2026-09-30' },
      agreementServiceId: 2,
      description: 'Security Audit, adjusted for 07/01/2026–09/30/2026',
    });
    expect(line!.detail).toContain(detail!);
  });

  it('charges back when an end is taken away, counting the adjustment already made', () => {
    const ended = { start: '2026-04-01', end: '2026-08-14' };
    const credit = termAdjustment(asNow([posted(billed)], ended))!;
    const back = termAdjustment(asNow([posted(billed), kept(credit, ended)], billed))!;
    expect(back.amountCents).toBe(45_978n);
    expect(back.detail).toContain('adjusted before by -$459.78');
  });

  it("keeps a biller's edited price: the difference is worked out on the price posted", () => {
    const edited = posted(billed, { unitPrice: '600.00', quantity: '2.00' });
    const line = termAdjustment(asNow([edited], { start: '2026-04-01', end: '2026-08-14' }))!;
    // 1,200.00 × 45/92 = 586.96 now.
    expect(line.amountCents).toBe(58_696n - 120_000n);
  });

  it('works out the term of a line posted before terms were kept, from its proration or its frequency', () => {
    const old = { ...posted(billed), term_to: null };
    expect(termAdjustment(asNow([old], { start: '2026-04-01', end: '2026-08-14' }))!.term).toEqual({
      from: '2026-07-01',
      to: '2026-09-30',
    });
    const prorated = { ...posted({ start: '2026-07-16', end: null }), term_to: null };
    expect(prorated.prorate_days).toBe(92);
    expect(termAdjustment(asNow([prorated], { start: '2026-07-16', end: '2026-08-14' }))!.detail).toContain(
      'billed 77 of 92 days',
    );
  });
});

describe('termAdjustment: properties', () => {
  const frequency = fc.constantFrom<'MONTHLY' | 'QUARTERLY' | 'ANNUAL'>('MONTHLY', 'QUARTERLY', 'ANNUAL');
  // Days around the term (from 40 days before it to 400 after its start), or no end.
  const day = fc.integer({ min: -40, max: 400 }).map((n) => addDays('2026-07-01', n));
  const dates = fc
    .record({ start: day, end: fc.option(day, { nil: null }) })
    .filter((d) => d.end === null || d.start <= d.end);
  const money = fc.integer({ min: 0, max: 999_999 }).map((n) => (n / 100).toFixed(2));
  const quantity = fc.integer({ min: 0, max: 5_000 }).map((n) => (n / 100).toFixed(2));

  it("after any changes, a term's lines add up to exactly what its days in force come to now", () => {
    fc.assert(
      fc.property(
        frequency,
        dates,
        fc.array(dates, { minLength: 1, maxLength: 6 }),
        money,
        quantity,
        (freq, first, changes, unitPrice, qty) => {
          const termFrom = '2026-07-01';
          const termTo = termEnd(termFrom, freq);
          const whenPosted = inForce(termFrom, termTo, {
            ...first,
            agreementStart: '2026-01-01',
            agreementEnd: null,
          });
          fc.pre(whenPosted !== null);
          let rows = [posted(first, { frequency: freq, unitPrice, quantity: qty })];
          for (const now of changes) {
            const line = termAdjustment(asNow(rows, now));
            if (line) {
              // An adjustment never corrects more than the whole term is worth.
              const whole = lineCents(qty, unitPrice, null);
              expect(line.amountCents < 0n ? -line.amountCents : line.amountCents).toBeLessThanOrEqual(whole);
              rows = [...asNow(rows, now), kept(line, now)];
            }
            const part = inForce(termFrom, termTo, {
              ...now,
              agreementStart: '2026-01-01',
              agreementEnd: null,
            });
            const due = part ? lineCents(qty, unitPrice, part.proration) : 0n;
            expect(rows.reduce((t, r) => t + BigInt(r.amount_cents), 0n)).toBe(due);
            // Run again with nothing changed: nothing more.
            expect(termAdjustment(asNow(rows, now))).toBeNull();
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
