// The pure parts of the invoice exports: the exactness rule (a line a vendor recomputes as quantity × unit price
// rounds to its amount), dates, IIF fields, and a balancing IIF transaction.
import { describe, expect, it } from 'vitest';
import type { ExportInvoice, ExportLine } from './export-data.js';
import {
  iifRows,
  iifText,
  plainCsvRow,
  plainRows,
  usDate,
  vendorLine,
  xeroDate,
  xeroRows,
} from './invoice-formats.js';

const line = (over: Partial<ExportLine>): ExportLine => ({
  position: 1,
  kind: 'RECURRING',
  kindLabel: 'Recurring service',
  description: 'Managed Seat',
  detail: null,
  quantity: '25.00',
  unitPrice: '35.47',
  cents: 88675n,
  proration: null,
  account: '4100',
  item: 'Managed Seat',
  mappedItem: null,
  taxCode: 'NON',
  ...over,
});

const invoice = (lines: ExportLine[], over: Partial<ExportInvoice> = {}): ExportInvoice => ({
  id: 1,
  kind: 'INVOICE',
  status: 'POSTED',
  number: 'INV-00001',
  organizationId: 1,
  organization: '=Evil, "Co"',
  billTo: '=Evil, "Co"\nSecond\tline',
  address: '1 Main St\r\nSpringfield\n\nIL',
  contactName: 'Zoë',
  contactEmail: 'z@example.com',
  issueDate: '2026-11-01',
  dueDate: '2026-12-01',
  periodFrom: '2026-10-01',
  periodTo: '2026-10-31',
  creditOf: null,
  lines,
  cents: lines.reduce((t, l) => t + l.cents, 0n),
  ...over,
});

describe('vendorLine', () => {
  it('keeps quantity and price when they multiply to the amount', () => {
    expect(vendorLine(line({}))).toEqual({
      quantity: '25.00',
      unitPrice: '35.47',
      amount: '886.75',
      description: 'Managed Seat',
    });
  });

  it('writes a prorated line as 1 × its amount, the quantity, price and days in the description', () => {
    const v = vendorLine(
      line({
        quantity: '3.00',
        unitPrice: '310.33',
        cents: 60064n,
        proration: { first: 12, last: 31, days: 31 },
      }),
    );
    expect(v).toEqual({
      quantity: '1.00',
      unitPrice: '600.64',
      amount: '600.64',
      description: 'Managed Seat (3 × $310.33, prorated days 12–31 of 31)',
    });
  });

  it('carries a negative line on its quantity, the price never negative', () => {
    expect(vendorLine(line({ quantity: '1.00', unitPrice: '12.34', cents: -1234n }))).toMatchObject({
      quantity: '-1.00',
      unitPrice: '12.34',
      amount: '-12.34',
    });
    expect(vendorLine(line({ quantity: '2.00', unitPrice: '0.01', cents: -5n }))).toMatchObject({
      quantity: '-1.00',
      unitPrice: '0.05',
    });
  });

  it('rounds halves away from zero as SD6 does: 0.50 × 0.01 is one cent, not a mismatch', () => {
    expect(vendorLine(line({ quantity: '0.50', unitPrice: '0.01', cents: 1n })).quantity).toBe('0.50');
  });
});

describe('dates and fields', () => {
  it('writes Xero dates dd/mm/yyyy and the others MM/DD/YYYY', () => {
    expect(xeroDate('2026-11-02')).toBe('02/11/2026');
    expect(usDate('2026-11-02')).toBe('11/02/2026');
  });

  it('keeps tabs and line breaks out of an IIF field and neutralises formulas', () => {
    expect(iifText('a\tb\r\nc')).toBe('a b c');
    expect(iifText('=cmd')).toBe("'=cmd");
    expect(iifText('-5 off')).toBe("'-5 off");
  });

  it('neutralises formula-like text in the CSV rows but not signed amounts', () => {
    const row = plainCsvRow(
      plainRows(invoice([line({ cents: -1234n, quantity: '1.00', unitPrice: '12.34' })]))[0]!,
    );
    expect(row[3]).toBe('\'=Evil, "Co"');
    expect(row[18]).toBe('-12.34');
    expect(row[7]).toBe('11/01/2026');
  });

  it('writes the Xero address lines from the free-text address, blank lines dropped', () => {
    const [row] = xeroRows(invoice([line({})]));
    expect(row!.slice(2, 6)).toEqual(['1 Main St', 'Springfield', 'IL', '']);
  });
});

describe('an IIF transaction', () => {
  it('balances: TRNS the total on receivables, each SPL the negated line with QNTY × PRICE its amount', () => {
    const lines = [
      line({}),
      line({ kind: 'CREDIT', quantity: '1.00', unitPrice: '50.00', cents: -5000n, account: '4900' }),
      line({
        quantity: '3.00',
        unitPrice: '310.33',
        cents: 60064n,
        proration: { first: 12, last: 31, days: 31 },
      }),
    ];
    const rows = iifRows(invoice(lines), 'Accounts Receivable');
    expect(rows[0]!.slice(0, 7)).toEqual([
      'TRNS',
      'INVOICE',
      '11/01/2026',
      'Accounts Receivable',
      '\'=Evil, "Co" Second line',
      '1437.39',
      'INV-00001',
    ]);
    const splits = rows.slice(1, -1);
    expect(rows.at(-1)).toEqual(['ENDTRNS']);
    expect(splits.map((s) => [s[5], s[8], s[9]])).toEqual([
      ['-886.75', '-25.00', '35.47'],
      ['50.00', '1.00', '50.00'],
      ['-600.64', '-1.00', '600.64'],
    ]);
    const sum = [rows[0]![5], ...splits.map((s) => s[5])].reduce(
      (t, a) => t + Math.round(Number(a) * 100),
      0,
    );
    expect(sum).toBe(0);
  });

  it('makes a credit note a CREDIT MEMO whose splits are positive', () => {
    const rows = iifRows(
      invoice([line({ cents: -88675n })], { kind: 'CREDIT_NOTE', number: 'CN-00001', creditOf: 'INV-00001' }),
      'AR',
    );
    expect(rows[0]!.slice(1, 2)).toEqual(['CREDIT MEMO']);
    expect(rows[0]![5]).toBe('-886.75');
    expect(rows[1]!.slice(5, 10)).toEqual(['886.75', 'CN-00001', 'Managed Seat', '25.00', '35.47']);
  });
});
