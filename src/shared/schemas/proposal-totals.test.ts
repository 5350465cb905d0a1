// Proposal totals (one-time, monthly, first year) exact to the cent, table-driven and as properties; and the form's
// lines read row by row with every problem named by its line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHundredths, toHundredths } from '../format/money';
import { LINE_NEEDS_WHAT, proposalForm, proposalTotals } from './opportunity';

const line = (quantity: string, unitPrice: string, recurrence: 'ONE_TIME' | 'MONTHLY') => ({
  quantity,
  unitPrice,
  recurrence,
});

describe('proposalTotals', () => {
  it.each([
    ['no lines', [], { oneTime: '0.00', monthly: '0.00', firstYear: '0.00' }],
    [
      'one of each',
      [line('1', '2500.00', 'ONE_TIME'), line('10', '45.50', 'MONTHLY')],
      { oneTime: '2500.00', monthly: '455.00', firstYear: '7960.00' },
    ],
    [
      'cents that floats would lose (0.1 + 0.2)',
      [line('1', '0.10', 'ONE_TIME'), line('1', '0.20', 'ONE_TIME'), line('3', '0.10', 'MONTHLY')],
      { oneTime: '0.30', monthly: '0.30', firstYear: '3.90' },
    ],
    [
      'each line rounded to the cent before summing (half away from zero)',
      [line('0.50', '0.05', 'MONTHLY'), line('0.50', '0.05', 'MONTHLY')],
      { oneTime: '0.00', monthly: '0.06', firstYear: '0.72' },
    ],
    [
      'large amounts stay exact',
      [line('99999999.99', '9999999999.99', 'ONE_TIME'), line('1', '0.01', 'MONTHLY')],
      { oneTime: '999999999899000000.00', monthly: '0.01', firstYear: '999999999899000000.12' },
    ],
  ])('%s', (_name, lines, totals) => {
    expect(proposalTotals(lines)).toEqual(totals);
  });

  const cents = fc.bigInt({ min: 0n, max: 99_999_999_999n }).map(fromHundredths);
  const lines = fc.array(
    fc.record({
      quantity: fc.bigInt({ min: 0n, max: 9_999_999n }).map(fromHundredths),
      unitPrice: cents,
      recurrence: fc.constantFrom('ONE_TIME' as const, 'MONTHLY' as const),
    }),
    { maxLength: 30 },
  );

  it('first year = one-time + 12 × monthly, always', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const t = proposalTotals(ls);
        expect(toHundredths(t.firstYear)).toBe(toHundredths(t.oneTime) + 12n * toHundredths(t.monthly));
      }),
    );
  });

  it('each total is the sum of its lines rounded to the cent, in integer arithmetic', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const amount = (l: (typeof ls)[number]) => {
          const product = toHundredths(l.quantity) * toHundredths(l.unitPrice);
          return (product + 50n) / 100n;
        };
        const sum = (r: string) => ls.filter((l) => l.recurrence === r).reduce((s, l) => s + amount(l), 0n);
        const t = proposalTotals(ls);
        expect(t.oneTime).toBe(fromHundredths(sum('ONE_TIME')));
        expect(t.monthly).toBe(fromHundredths(sum('MONTHLY')));
      }),
    );
  });
});

describe('proposalForm lines', () => {
  const form = (lines: unknown[]) =>
    proposalForm.safeParse({ version: 0, title: 'Refresh', status: 'DRAFT', lines });

  it('reads rows with options or bare values into exact decimals', () => {
    const parsed = form([
      {
        serviceType: { value: 7, label: 'Workstation' },
        description: ' Front desk ',
        quantity: '10',
        unitPrice: '$1,045.5',
        recurrence: { value: 'MONTHLY', label: 'Monthly' },
      },
      { serviceType: '', description: 'Setup', quantity: '1', unitPrice: '500', recurrence: 'ONE_TIME' },
    ]);
    expect(parsed.success && parsed.data.lines).toEqual([
      {
        serviceType: 7,
        description: 'Front desk',
        quantity: '10.00',
        unitPrice: '1045.50',
        recurrence: 'MONTHLY',
      },
      {
        serviceType: null,
        description: 'Setup',
        quantity: '1.00',
        unitPrice: '500.00',
        recurrence: 'ONE_TIME',
      },
    ]);
  });

  it('names every problem by its line, under lines', () => {
    const parsed = form([
      { description: 'Fine', quantity: '1', unitPrice: '1', recurrence: 'ONE_TIME' },
      { quantity: '', unitPrice: '-3', recurrence: 'YEARLY' },
    ]);
    expect(parsed.success).toBe(false);
    const issues = parsed.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['lines', `Line 2: ${LINE_NEEDS_WHAT}`],
      ['lines', 'Line 2: Quantity: This value should not be blank.'],
      ['lines', 'Line 2: Unit price: Please enter an amount of 0 or more.'],
      ['lines', 'Line 2: Choose one-time or monthly.'],
    ]);
  });
});
