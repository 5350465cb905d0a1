// The proposal PDF read back with pdfjs-dist: large quantities, prices and totals each whole on one line (never
// "$149,999,98 5.00"), long descriptions wrapped between words, every header whole, the page upright.
import { describe, expect, it } from 'vitest';
import { pdfLines } from '../../../../test/support/export-readers.js';
import { formatMoney, formatQuantity } from '../../../shared/format/money.js';
import { type ProposalLine, proposalTotals } from '../../../shared/schemas/opportunity.js';
import { type ProposalPrint, proposalPdf } from './proposal-pdf.js';

const line = (over: Partial<ProposalLine>): ProposalLine => ({
  serviceType: { value: 1, label: 'Managed Workstation' },
  description: null,
  quantity: '1.00',
  unitPrice: '100.00',
  recurrence: { value: 'MONTHLY', label: 'Monthly' },
  amount: '100.00',
  ...over,
});

const LINES: ProposalLine[] = [
  line({ quantity: '1500.00', unitPrice: '99999.99', amount: '149999985.00' }),
  line({
    serviceType: null,
    description: 'Rack the new server, move the backups and retire the Łódź office’s old file server',
    quantity: '12.50',
    unitPrice: '2032.50',
    recurrence: { value: 'ONE_TIME', label: 'One-time' },
    amount: '25406.25',
  }),
  line({ description: 'Zoë Łukasiewicz, on site', quantity: '3.00', unitPrice: '0.00', amount: '0.00' }),
];

const PRINT: ProposalPrint = {
  number: 'PR-1001',
  title: 'Managed services for Northwestern Regional Orthopedic and Sports Medicine Associates',
  status: 'Draft',
  organization: 'Northwestern Regional Orthopedic and Sports Medicine Associates of Łódź',
  opportunity: 'OP-7 · Server refresh',
  date: '11/24/2026',
  validUntil: '12/24/2026',
  terms: null,
  lines: LINES,
};

describe('proposalPdf', () => {
  it('prints every quantity, price and total whole on one line, and every header whole', async () => {
    const pages = await pdfLines(await proposalPdf(PRINT));
    expect(pages).toHaveLength(1);
    const lines = pages[0]!.map((l) => l.text);
    const totals = proposalTotals(LINES.map((l) => ({ ...l, recurrence: String(l.recurrence.value) })));
    const values = [
      ...LINES.flatMap((l) => [formatQuantity(l.quantity), formatMoney(l.unitPrice), formatMoney(l.amount)]),
      formatMoney(totals.oneTime),
      formatMoney(totals.monthly),
      formatMoney(totals.firstYear),
    ];
    expect(formatMoney(totals.firstYear)).toBe('$1,800,025,226.25');
    for (const value of values)
      expect(
        lines.some((l) => l.includes(value)),
        value,
      ).toBe(true);
    expect(lines.some((l) => /Description\s+Qty\s+Unit price\s+Billing\s+Amount/.test(l))).toBe(true);
    // Wrapped between words: each word of the long description whole.
    for (const word of LINES[1]!.description!.split(' '))
      expect(
        lines.some((l) => l.includes(word)),
        word,
      ).toBe(true);
  });
});
