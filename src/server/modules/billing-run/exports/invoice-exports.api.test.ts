// The accounting side of month-end billing through the API: the accounting mapping (saved, refused field by field),
// then a run of clients with hostile names (commas, quotes, line breaks, formula prefixes, Ōsaka and 東京, a very long
// word) drafted, posted and one invoice voided, exported in every format and read back with independent readers
// (csv-parse, exceljs, pdfjs-dist): columns, values, and every invoice's total equal to the API's to the cent, both as
// written and as the vendor recomputes it (quantity × unit price).
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../../test/support/api.js';
import { pdfLines, readCsv } from '../../../../../test/support/export-readers.js';
import {
  makeAdmin,
  makeAgreement,
  makeAgreementService,
  makeCase,
  makeOrganization,
  makePerson,
  makeServiceType,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../../test/support/factories.js';
import type { BillingRun, Invoice } from '../../../../shared/schemas/billing-run.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
const RUN = '/api/report/billing-run';
const INVOICE = '/api/report/invoice';
const MAPPING = '/api/report/accounting-mapping';
const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(4);
const NAMES = {
  osaka: 'Ōsaka Dental, "Ltd"\nBranch 2',
  tokyo: '=SUM(A1) 東京 Clinic',
  plus: '+Plus, Minus -and @At',
};
const ids = { osaka: 0, tokyo: 0, plus: 0, seat: 0 };
let runId = 0;
/** Every exported document as the API shows it, by number. */
const invoices = new Map<string, Invoice>();

const cents = (money: string) => {
  const negative = money.trim().startsWith('-');
  const [whole = '0', fraction = ''] = money.replace(/[-$,\s]/g, '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2) || '0');
  return negative ? -value : value;
};
/** quantity × unit price rounded to the cent, halves away from zero, as the vendors recompute a line. */
const product = (quantity: string, price: string) => {
  const q = cents(quantity);
  const p = cents(price);
  const raw = q * p;
  const negative = raw < 0n;
  const abs = negative ? -raw : raw;
  const rounded = (abs + 50n) / 100n;
  return negative ? -rounded : rounded;
};
/** A cell the export escaped (a leading apostrophe before = + - @) read back as the name it stands for. */
const asWritten = (cell: string) => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

async function drafted(id: number): Promise<BillingRun> {
  const until = Date.now() + 60_000;
  for (;;) {
    const run = (await admin.get(`${RUN}/${id}`)).json().run as BillingRun;
    if (run.status.value === 'READY' || run.status.value === 'FAILED') return run;
    if (Date.now() > until) throw new Error(`run ${id} still ${run.status.value}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const exported = (format: string) => admin.get(`${RUN}/${runId}/export?format=${format}`);

beforeAll(async () => {
  api = await setupApi();
  const db = api.db.pool;
  const user = await makeAdmin(db);
  admin = await api.signIn(user.email, TEST_PASSWORD);
  const tech = await makeUser(db);
  const seat = await makeServiceType(db, { name: 'Managed Seat' });
  ids.seat = seat.id;
  const backup = await makeServiceType(db, { name: 'Cloud Backup' });
  for (const [key, name] of Object.entries(NAMES) as [keyof typeof NAMES, string][]) {
    const org = await makeOrganization(db, { name });
    ids[key] = org.id;
    const contact = await makePerson(db, {
      organizationId: org.id,
      firstName: key === 'tokyo' ? '太郎' : 'Kenji',
      lastName: key === 'tokyo' ? '山田' : 'Sato, "Jr"',
      email: `${key}@example.jp`,
    });
    const agreement = await makeAgreement(db, {
      organizationId: org.id,
      number: `AG-${key.toUpperCase()}`,
      startDate: '2026-01-01',
    });
    await db.query('UPDATE agreements SET billing_contact_id = $2 WHERE id = $1', [agreement.id, contact.id]);
    await makeAgreementService(db, {
      agreementId: agreement.id,
      serviceTypeId: seat.id,
      quantity: '25',
      unitPrice: '35.47',
      startDate: '2026-01-01',
    });
    // Starts mid-month: prorated, its amount is not quantity × price.
    await makeAgreementService(db, {
      agreementId: agreement.id,
      serviceTypeId: backup.id,
      quantity: '3',
      unitPrice: '310.33',
      startDate: '2026-10-12',
    });
  }
  const work = await makeCase(db, { organizationId: ids.tokyo, title: `Outage; "phase 1" ${LONG_WORD}` });
  const task = await makeTask(db, { caseId: work.id, title: 'Restore' });
  await makeSlip(db, {
    taskId: task.id,
    userId: tech.id,
    workDate: '2026-10-10',
    startTime: '09:00',
    stopTime: '10:20',
  });
});
afterAll(() => api?.close());

describe('the accounting mapping', () => {
  it('starts from the defaults, listing the service types, with the payment terms', async () => {
    const res = await admin.get(MAPPING);
    expect(res.statusCode).toBe(200);
    const { mapping, can } = res.json();
    expect(can).toEqual({ save: true });
    expect(mapping).toMatchObject({
      defaultAccount: 'Sales',
      defaultTaxCode: 'Tax Exempt',
      receivableAccount: 'Accounts Receivable',
      version: 0,
      paymentTerms: 'Net 30: payment is due 30 days after the invoice date.',
    });
    expect(mapping.serviceTypes.map((s: { serviceType: { label: string } }) => s.serviceType.label)).toEqual(
      expect.arrayContaining(['Cloud Backup', 'Managed Seat']),
    );
  });

  it('refuses bad input field by field, never with a 500', async () => {
    const bad = await admin.post(MAPPING, {
      version: 0,
      defaultAccount: '   ',
      defaultTaxCode: 'x'.repeat(51),
      receivableAccount: 'AR\tmain',
      time: { account: 'ok', item: 'i'.repeat(101), taxCode: 'line\nbreak' },
      charge: 'nonsense',
      credit: { account: 12 },
      serviceTypes: [{ serviceType: 'abc' }, { serviceType: ids.seat, account: 'a\tb' }],
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().form.fields;
    expect(fields.defaultAccount).toEqual(['Please enter a value.']);
    expect(fields.defaultTaxCode).toEqual(['Use at most 50 characters.']);
    expect(fields.receivableAccount).toEqual(['Use no tabs, line breaks or other control characters.']);
    expect(fields.time).toEqual([
      'Time and Materials Item: Use at most 100 characters.',
      'Time and Materials Tax Code: Use no tabs, line breaks or other control characters.',
    ]);
    expect(fields.charge).toHaveLength(1);
    expect(fields.serviceTypes).toEqual([
      'Service type 1 Service Type: Choose service types from the list.',
      'Service type 2 Account Code: Use no tabs, line breaks or other control characters.',
    ]);
    for (const body of [
      null,
      [],
      { version: 'x' },
      { version: 0, serviceTypes: 'all' },
      { version: 0, defaultAccount: 'a\u0007b' },
    ]) {
      const res = await admin.post(MAPPING, body);
      expect(res.statusCode).toBe(400);
    }
    const unknownType = await admin.post(MAPPING, {
      version: 0,
      defaultAccount: '4000',
      defaultTaxCode: 'NON',
      receivableAccount: 'Accounts Receivable',
      serviceTypes: [{ serviceType: 999_999, account: '4100' }],
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().form.fields.serviceTypes).toEqual([
      'Service type 1 Service Type: Choose service types from the list.',
    ]);
  });

  it('saves with the version seen, keeps field history, and refuses a stale version', async () => {
    const saved = await admin.post(MAPPING, {
      version: 0,
      defaultAccount: ' 4000 ',
      defaultTaxCode: 'NON',
      receivableAccount: 'Accounts Receivable',
      time: { account: '4200', item: 'Labor', taxCode: '' },
      charge: { account: '4300' },
      credit: { account: '4900', item: 'Discount', taxCode: 'NON' },
      serviceTypes: [{ serviceType: ids.seat, account: '4100', item: 'Managed Seat', taxCode: 'TAX' }],
    });
    expect(saved.statusCode).toBe(200);
    const mapping = saved.json().mapping;
    expect(mapping).toMatchObject({
      defaultAccount: '4000',
      version: 1,
      time: { account: '4200', item: 'Labor', taxCode: null },
    });
    expect(
      mapping.serviceTypes.find((s: { serviceType: { value: number } }) => s.serviceType.value === ids.seat),
    ).toMatchObject({ account: '4100', item: 'Managed Seat', taxCode: 'TAX' });
    const stale = await admin.post(MAPPING, { ...mapping, version: 0, serviceTypes: [] });
    expect(stale.statusCode).toBe(409);
    const history = (await admin.get('/api/history/accounting-mapping/1')).json();
    const fields = history.history.items.map((h: { fieldLabel: string }) => h.fieldLabel);
    expect(fields).toEqual(
      expect.arrayContaining([
        'Default Sales Account',
        'Time and Materials Account Code',
        'Managed Seat Tax Code',
      ]),
    );
  });
});

describe('a posted run exported for accounting', () => {
  it('drafts, posts and voids October 2026 with hostile names and lines', async () => {
    const started = await admin.post(RUN, { period: '2026-10' });
    expect(started.statusCode).toBe(200);
    runId = started.json().run.id;
    expect((await drafted(runId)).invoices.draft).toBe(3);
    // Nothing posted yet: a clear message and no file.
    const before = (await admin.get('/api/report/history?limit=100')).json().items.length;
    const early = await exported('xero');
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(
      'No invoice of this run is posted yet: post invoices to export them for accounting.',
    );
    expect((await admin.get('/api/report/history?limit=100')).json().items.length).toBe(before);

    const list = (await admin.get(`${RUN}/${runId}/invoices?limit=200`)).json().items as { id: number }[];
    for (const { id } of list) {
      let invoice = (await admin.get(`${INVOICE}/${id}`)).json().invoice as Invoice;
      for (const [kind, description, quantity, unitPrice] of [
        ['CHARGE', `=SUM(A1) cable, "cat6"\nsecond line ${LONG_WORD}`, '3', '19.99'],
        ['CHARGE', '@cmd|calc', '1', '5.00'],
        ['CREDIT', '-goodwill +credit', '1', '12.34'],
      ])
        invoice = (
          await admin.post(`${INVOICE}/${id}/line`, {
            kind,
            description,
            quantity,
            unitPrice,
            version: invoice.version,
          })
        ).json().invoice;
      invoice = (await admin.post(`${INVOICE}/${id}/approve`, { version: invoice.version })).json().invoice;
      const posted = await admin.post(`${INVOICE}/${id}/post`, { version: invoice.version });
      expect(posted.statusCode).toBe(200);
    }
    for (const { id } of list) {
      const invoice = (await admin.get(`${INVOICE}/${id}`)).json().invoice as Invoice;
      invoices.set(invoice.number!, invoice);
    }
    // The 東京 client's invoice is voided: its credit note is exported with the run.
    const tokyo = [...invoices.values()].find((i) => i.organization.value === ids.tokyo)!;
    const voided = await admin.post(`${INVOICE}/${tokyo.id}/void`, {
      reason: 'Wrong, "seat" count',
      version: tokyo.version,
    });
    expect(voided.statusCode).toBe(200);
    const credit = (await admin.get(`${INVOICE}/${voided.json().invoice.creditNote.value}`)).json()
      .invoice as Invoice;
    invoices.set(credit.number!, credit);
    expect(invoices.size).toBe(4);
    // A prorated line and a time line are there, and their amounts are not quantity × price.
    const osaka = [...invoices.values()].find((i) => i.organization.value === ids.osaka)!;
    const prorated = osaka.items.find((l) => l.proration)!;
    expect(product(prorated.quantity, prorated.unitPrice)).not.toBe(cents(prorated.amount));
  });

  it('writes the Xero sales invoice template; Xero recomputes every total to the cent', async () => {
    const res = await exported('xero');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="invoices-xero-2026-10-/);
    const [header, ...rows] = readCsv(res.rawPayload);
    expect(header!.slice(0, 4)).toEqual(['*ContactName', 'EmailAddress', 'POAddressLine1', 'POAddressLine2']);
    expect(header).toContain('*InvoiceNumber');
    const col = (name: string) => header!.indexOf(name);
    const totals = new Map<string, bigint>();
    for (const row of rows) {
      const number = row[col('*InvoiceNumber')]!;
      const invoice = invoices.get(number)!;
      expect(asWritten(row[col('*ContactName')]!)).toBe(invoice.billTo);
      expect(row[col('*InvoiceDate')]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(row[col('*InvoiceDate')]).toBe(
        `${invoice.issueDate!.slice(3, 5)}/${invoice.issueDate!.slice(0, 2)}/${invoice.issueDate!.slice(6)}`,
      );
      expect(row[col('*UnitAmount')]).not.toMatch(/^-/);
      totals.set(
        number,
        (totals.get(number) ?? 0n) + product(row[col('*Quantity')]!, row[col('*UnitAmount')]!),
      );
    }
    expect([...totals.keys()].sort()).toEqual([...invoices.keys()].sort());
    for (const [number, total] of totals) expect(total).toBe(cents(invoices.get(number)!.total));
    // The credit note: negative quantities; the mapped seat line goes to 4100 with its item and tax code.
    const seat = rows.find((r) => r[col('*Description')] === 'Managed Seat')!;
    expect([seat[col('*AccountCode')], seat[col('InventoryItemCode')], seat[col('*TaxType')]]).toEqual([
      '4100',
      'Managed Seat',
      'TAX',
    ]);
    const creditRows = rows.filter((r) => r[col('*InvoiceNumber')]!.startsWith('CN-'));
    expect(creditRows.length).toBeGreaterThan(0);
    for (const r of creditRows.filter((x) => !x[col('*Description')]!.includes('goodwill')))
      expect(r[col('*Quantity')]).toMatch(/^-/);
    // Formula-like text is neutralised; the long word and the line break survive inside one quoted cell.
    const cable = rows.find((r) => r[col('*Description')]!.includes('cable'))!;
    expect(cable[col('*Description')]).toBe(`'=SUM(A1) cable, "cat6"\nsecond line ${LONG_WORD}`);
    expect(rows.find((r) => r[col('*Description')]!.includes('calc'))![col('*Description')]).toBe(
      "'@cmd|calc",
    );
  });

  it('writes the QuickBooks Online invoice import; quantity × rate is each line amount', async () => {
    const res = await exported('qbo');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = readCsv(res.rawPayload);
    expect(header).toEqual([
      'Invoice number',
      'Customer',
      'Invoice date',
      'Due date',
      'Terms',
      'Memo',
      'Item (Product/Service)',
      'Item Description',
      'Item Quantity',
      'Item Rate',
      'Item Amount',
      'Item tax code',
      'Service Date',
    ]);
    const totals = new Map<string, bigint>();
    for (const r of rows) {
      const invoice = invoices.get(r[0]!)!;
      expect(asWritten(r[1]!)).toBe(invoice.billTo);
      expect([r[2], r[3], r[4]]).toEqual([invoice.issueDate, invoice.dueDate, 'Net 30']);
      expect(product(r[8]!, r[9]!)).toBe(cents(r[10]!));
      totals.set(r[0]!, (totals.get(r[0]!) ?? 0n) + cents(r[10]!));
    }
    for (const [number, invoice] of invoices) expect(totals.get(number)).toBe(cents(invoice.total));
    const time = rows.find((r) => r[6] === 'Labor')!;
    expect(time[7]).toContain('Outage; "phase 1"');
  });

  it('writes QuickBooks Desktop IIF: TRNS the total, SPL the negated lines, each transaction balancing', async () => {
    const res = await exported('iif');
    expect(res.statusCode).toBe(200);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('!TRNS\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT')).toBe(true);
    const rows: string[][] = parse(text, { delimiter: '\t', quote: false, relax_column_count: true });
    const head = { TRNS: rows[0]!, SPL: rows[1]! };
    expect(rows[2]).toEqual(['!ENDTRNS']);
    const at = (kind: 'TRNS' | 'SPL', row: string[], name: string) => row[head[kind].indexOf(name)]!;
    let open: { number: string; sum: bigint; total: bigint } | null = null;
    const seen: string[] = [];
    for (const row of rows.slice(3)) {
      if (row[0] === 'TRNS') {
        const number = at('TRNS', row, 'DOCNUM');
        const invoice = invoices.get(number)!;
        expect(at('TRNS', row, 'TRNSTYPE')).toBe(number.startsWith('CN-') ? 'CREDIT MEMO' : 'INVOICE');
        expect(at('TRNS', row, 'ACCNT')).toBe('Accounts Receivable');
        expect(at('TRNS', row, 'DATE')).toBe(invoice.issueDate);
        // No tab or line break survives inside a field.
        expect(asWritten(at('TRNS', row, 'NAME'))).toBe(invoice.billTo.replace(/\s*\n\s*/g, ' '));
        const total = cents(at('TRNS', row, 'AMOUNT'));
        expect(total).toBe(cents(invoice.total));
        open = { number, sum: total, total };
      } else if (row[0] === 'SPL') {
        const amount = cents(at('SPL', row, 'AMOUNT'));
        // QuickBooks reads QNTY × PRICE as the split's amount (negative on an invoice, an income credit).
        expect(product(at('SPL', row, 'QNTY'), at('SPL', row, 'PRICE'))).toBe(amount);
        open!.sum += amount;
      } else {
        expect(row).toEqual(['ENDTRNS']);
        expect(open!.sum).toBe(0n);
        seen.push(open!.number);
      }
    }
    expect(seen.sort()).toEqual([...invoices.keys()].sort());
  });

  it('writes the plain CSV and the XLSX with every line, totals equal to the API', async () => {
    const csv = await exported('csv');
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = readCsv(csv.rawPayload);
    const col = (name: string) => header!.indexOf(name);
    const totals = new Map<string, bigint>();
    for (const r of rows) {
      const invoice = invoices.get(r[col('Number')]!)!;
      expect(asWritten(r[col('Client')]!)).toBe(invoice.organization.label);
      expect(r[col('Invoice Total')]).toBe(invoice.total);
      totals.set(r[0]!, (totals.get(r[0]!) ?? 0n) + cents(r[col('Amount')]!));
    }
    for (const [number, invoice] of invoices) expect(totals.get(number)).toBe(cents(invoice.total));
    expect(rows.some((r) => r[col('Client')] === NAMES.osaka)).toBe(true);
    expect(rows.some((r) => r[col('Client')] === `'${NAMES.tokyo}`)).toBe(true);

    const xlsx = await exported('xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Invoices')!;
    const titles = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(titles).toEqual(header);
    const sums = new Map<string, number>();
    const names = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const number = String(row.getCell(1).value);
      names.add(String(row.getCell(4).value));
      expect(row.getCell(8).value).toBeInstanceOf(Date);
      sums.set(number, (sums.get(number) ?? 0) + Math.round(Number(row.getCell(19).value) * 100));
    });
    for (const [number, invoice] of invoices) expect(BigInt(sums.get(number)!)).toBe(cents(invoice.total));
    // In a typed workbook a text cell is never a formula: the names are kept as they are.
    expect([...names].sort()).toEqual(Object.values(NAMES).sort());
  });

  it('prints one PDF per invoice and credit note, non-Latin names included; a draft is marked', async () => {
    for (const invoice of invoices.values()) {
      const res = await admin.get(`${INVOICE}/${invoice.id}/pdf`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = (await pdfLines(res.rawPayload))
        .flat()
        .map((l) => l.text)
        .join('\n');
      expect(text).toContain(invoice.number!);
      // DejaVu Sans has no CJK glyphs (below): the 東京 client's names are checked where they are written.
      if (invoice.organization.value !== ids.tokyo) {
        expect(text).toContain(invoice.billTo.split('\n')[0]!);
        expect(text).toContain(invoice.contact ?? '—');
      }
      expect(text).toContain('Total');
      const total = cents(invoice.total);
      const abs = total < 0n ? -total : total;
      const money = `${total < 0n ? '-' : ''}$${(abs / 100n).toLocaleString('en-US')}.${String(abs % 100n).padStart(2, '0')}`;
      expect(text).toContain(money);
      expect(text).toContain('Net 30: payment is due 30 days after the invoice date.');
      expect(text).not.toContain('DRAFT');
    }
    const tokyo = [...invoices.values()].find(
      (i) => i.organization.value === ids.tokyo && i.kind.value === 'INVOICE',
    )!;
    const osaka = [...invoices.values()].find((i) => i.organization.value === ids.osaka)!;
    const text = (await pdfLines((await admin.get(`${INVOICE}/${osaka.id}/pdf`)).rawPayload))
      .flat()
      .map((l) => l.text);
    expect(text).toContain('Ōsaka Dental, "Ltd" Branch 2');
    // DejaVu Sans (the font every SD6 PDF embeds) has no CJK glyphs: 東京 prints as blanks until a CJK font is added.
    const tokyoText = (await pdfLines((await admin.get(`${INVOICE}/${tokyo.id}/pdf`)).rawPayload)).flat();
    expect(tokyoText[0]!.text).toMatch(/^=SUM\(A1\) .* Clinic$/);
    // The voided client is drafted again: its draft previews with the mark.
    expect((await admin.post(RUN, { period: '2026-10' })).statusCode).toBe(200);
    await drafted(runId);
    const draft = (
      (await admin.get(`${RUN}/${runId}/invoices?status=DRAFT`)).json().items as { id: number }[]
    )[0]!;
    const preview = await pdfLines((await admin.get(`${INVOICE}/${draft.id}/pdf`)).rawPayload);
    expect(
      preview
        .flat()
        .map((l) => l.text)
        .join('\n'),
    ).toContain('DRAFT');
  });

  it('keeps every export in report history with the clients it covers', async () => {
    const items = (await admin.get('/api/report/history?limit=100')).json().items as {
      report: string;
      format: string;
      title: string;
      organizations: string;
    }[];
    const runExports = items.filter((i) => i.report === 'billing-run-export');
    expect(runExports.map((i) => i.format).sort()).toEqual(['CSV', 'CSV', 'CSV', 'FILE', 'XLSX']);
    expect(runExports[0]).toMatchObject({ organizations: '3 organizations' });
    expect(runExports.map((i) => i.title)).toContain('Xero Sales Invoices: October 2026');
    expect(items.filter((i) => i.report === 'invoice-pdf').length).toBe(invoices.size + 3);
    const osaka = (await admin.get(`/api/report/history?organization=${ids.osaka}&limit=100`)).json().items;
    expect(osaka.length).toBe(5 + 2);
  });

  it('refuses an unknown format, a run that is not there, and callers who are not administrators', async () => {
    const unknown = await exported('pdf');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().form.fields.format).toEqual(['Choose a format: xero, qbo, iif, csv or xlsx.']);
    expect((await admin.get(`${RUN}/${runId}/export`)).statusCode).toBe(400);
    expect((await admin.get(`${RUN}/999999/export?format=csv`)).statusCode).toBe(404);
    expect((await admin.get(`${INVOICE}/999999/pdf`)).statusCode).toBe(404);
    const tech = await makeUser(api.db.pool);
    const caller = await api.signIn(tech.email, TEST_PASSWORD);
    expect((await caller.get(`${RUN}/${runId}/export?format=xero`)).statusCode).toBe(403);
    expect((await caller.get(`${INVOICE}/1/pdf`)).statusCode).toBe(403);
    expect((await caller.get(MAPPING)).statusCode).toBe(403);
    expect((await caller.post(MAPPING, { version: 1 })).statusCode).toBe(403);
  });
});
