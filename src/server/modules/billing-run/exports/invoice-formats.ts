// The rows of each invoice export, as pure functions of an invoice (the sources of every column are in
// test/fixtures/invoice-exports/README.md). One rule keeps the vendors' totals equal to SD6's to the cent: the
// vendors recompute a line as quantity × unit price, so a line whose amount is not round(quantity × unit price) (a
// prorated, counted or edited line) is written as quantity 1 at its amount, its quantity, price and proration moved
// into the description. A negative line (a credit, a credit note's line) carries its sign on the quantity.
import { formatMoney, formatQuantity } from '../../../../shared/format/money.js';
import {
  centsText,
  lineCents,
  PAYMENT_TERMS_DAYS,
  periodLabel,
} from '../../../../shared/schemas/billing-run.js';
import { csvSafe } from '../../report/index.js';
import type { ExportInvoice, ExportLine } from './export-data.js';

/** A line as a vendor that recomputes quantity × unit price must see it: the product rounds to the line's amount. */
export type VendorLine = { quantity: string; unitPrice: string; amount: string; description: string };

const negate = (text: string) => (text.startsWith('-') ? text.slice(1) : text === '0.00' ? text : `-${text}`);

export function vendorLine(
  line: Pick<ExportLine, 'description' | 'quantity' | 'unitPrice' | 'cents' | 'proration'>,
): VendorLine {
  const negative = line.cents < 0n;
  const magnitude = negative ? -line.cents : line.cents;
  const amount = centsText(line.cents);
  const exact = lineCents(line.quantity, line.unitPrice, null) === magnitude;
  if (exact)
    return {
      quantity: negative ? negate(line.quantity) : line.quantity,
      unitPrice: line.unitPrice,
      amount,
      description: line.description,
    };
  const p = line.proration;
  const how = `${formatQuantity(line.quantity)} × ${formatMoney(line.unitPrice)}${
    p ? `, prorated days ${p.first}–${p.last} of ${p.days}` : ''
  }`;
  return {
    quantity: negative ? '-1.00' : '1.00',
    unitPrice: centsText(magnitude),
    amount,
    description: `${line.description} (${how})`,
  };
}

/** yyyy-MM-dd → dd/mm/yyyy (Xero's template). */
export const xeroDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** yyyy-MM-dd → MM/DD/YYYY (QuickBooks Online's import as chosen on its screen, IIF, the plain files). */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Text a spreadsheet would run as a formula gets an apostrophe (export-csv.ts); numbers stay as they are. */
const text = (value: string | null | undefined) => csvSafe(value ?? '');
const money = (value: string) => csvSafe(value, 'money');

/** The free-text address, its first four lines (Xero's PO address lines, IIF's ADDR2…ADDR5). */
export const addressLines = (address: string | null) =>
  (address ?? '')
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 4);

/** What the invoice is for: its month, or the invoice a credit note takes back. */
export const referenceOf = (invoice: ExportInvoice) =>
  invoice.kind === 'CREDIT_NOTE'
    ? `Credit note for ${invoice.creditOf ?? ''}`.trim()
    : periodLabel(invoice.periodFrom.slice(0, 7));

// ---- Xero: the sales invoice import template ----

export const XERO_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;

export function xeroRows(invoice: ExportInvoice): string[][] {
  const address = addressLines(invoice.address);
  return invoice.lines.map((line) => {
    const v = vendorLine(line);
    return [
      text(invoice.billTo),
      text(invoice.contactEmail),
      ...[0, 1, 2, 3].map((i) => text(address[i])),
      '',
      '',
      '',
      '',
      text(invoice.number),
      text(referenceOf(invoice)),
      xeroDate(invoice.issueDate),
      xeroDate(invoice.dueDate),
      text(line.mappedItem),
      text(v.description),
      money(v.quantity),
      money(v.unitPrice),
      '',
      text(line.account),
      text(line.taxCode),
      '',
      '',
      '',
      '',
      '',
      '',
    ];
  });
}

// ---- QuickBooks Online: the invoice import ----

export const QBO_COLUMNS = [
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
] as const;

export const QBO_TERMS = `Net ${PAYMENT_TERMS_DAYS}`;

export function qboRows(invoice: ExportInvoice): string[][] {
  return invoice.lines.map((line) => {
    const v = vendorLine(line);
    return [
      text(invoice.number),
      text(invoice.billTo),
      usDate(invoice.issueDate),
      usDate(invoice.dueDate),
      QBO_TERMS,
      text(referenceOf(invoice)),
      text(line.item),
      text(v.description),
      money(v.quantity),
      money(v.unitPrice),
      money(v.amount),
      text(line.taxCode),
      '',
    ];
  });
}

// ---- QuickBooks Desktop: IIF (tab-separated; one TRNS, its SPL lines, ENDTRNS) ----

export const IIF_TRNS = [
  '!TRNS',
  'TRNSTYPE',
  'DATE',
  'ACCNT',
  'NAME',
  'AMOUNT',
  'DOCNUM',
  'MEMO',
  'DUEDATE',
  'TERMS',
  'ADDR1',
  'ADDR2',
  'ADDR3',
  'ADDR4',
  'ADDR5',
];
export const IIF_SPL = [
  '!SPL',
  'TRNSTYPE',
  'DATE',
  'ACCNT',
  'NAME',
  'AMOUNT',
  'DOCNUM',
  'MEMO',
  'QNTY',
  'PRICE',
  'INVITEM',
  'TAXABLE',
];
export const IIF_HEADER = [IIF_TRNS, IIF_SPL, ['!ENDTRNS']];

/** An IIF field: no tab or line break (IIF has no quoting: they would end the field or the row). */
export const iifText = (value: string | null | undefined) =>
  text((value ?? '').replace(/[\t\r\n\u2028\u2029]+/g, ' ').trim());

/** TRNS carries the total on accounts receivable; each SPL the negative of its line on its income account. */
export function iifRows(invoice: ExportInvoice, receivableAccount: string): string[][] {
  const type = invoice.kind === 'CREDIT_NOTE' ? 'CREDIT MEMO' : 'INVOICE';
  const date = usDate(invoice.issueDate);
  const address = addressLines(invoice.address);
  const head = [
    'TRNS',
    type,
    date,
    iifText(receivableAccount),
    iifText(invoice.billTo),
    money(centsText(invoice.cents)),
    iifText(invoice.number),
    iifText(referenceOf(invoice)),
    usDate(invoice.dueDate),
    QBO_TERMS,
    iifText(invoice.billTo),
    ...[0, 1, 2, 3].map((i) => iifText(address[i])),
  ];
  const splits = invoice.lines.map((line) => {
    const v = vendorLine(line);
    return [
      'SPL',
      type,
      date,
      iifText(line.account),
      iifText(invoice.billTo),
      money(centsText(-line.cents)),
      iifText(invoice.number),
      iifText(v.description),
      money(negate(v.quantity)),
      money(v.unitPrice),
      iifText(line.item),
      'N',
    ];
  });
  return [head, ...splits, ['ENDTRNS']];
}

/** IIF text: tab-separated rows, CR LF. */
export const iifLine = (row: string[]) => `${row.join('\t')}\r\n`;

// ---- the plain CSV and XLSX: every fact of every line ----

export const PLAIN_COLUMNS = [
  'Number',
  'Type',
  'Status',
  'Client',
  'Bill To',
  'Billing Contact',
  'Contact Email',
  'Invoice Date',
  'Due Date',
  'Period From',
  'Period To',
  'Credit Of',
  'Line',
  'Kind',
  'Description',
  'Detail',
  'Quantity',
  'Unit Price',
  'Amount',
  'Account Code',
  'Item',
  'Tax Code',
  'Invoice Total',
] as const;

/** Raw values: dates yyyy-MM-dd, money decimal text; each file writes them its way. */
export function plainRows(invoice: ExportInvoice): string[][] {
  return invoice.lines.map((line) => [
    invoice.number,
    invoice.kind === 'CREDIT_NOTE' ? 'Credit Note' : 'Invoice',
    invoice.status === 'VOID' ? 'Void' : 'Posted',
    invoice.organization,
    invoice.billTo,
    invoice.contactName ?? '',
    invoice.contactEmail ?? '',
    invoice.issueDate,
    invoice.dueDate,
    invoice.periodFrom,
    invoice.periodTo,
    invoice.creditOf ?? '',
    String(line.position),
    line.kindLabel,
    line.description,
    line.detail ?? '',
    line.quantity,
    line.unitPrice,
    centsText(line.cents),
    line.account,
    line.item,
    line.taxCode,
    centsText(invoice.cents),
  ]);
}

export const PLAIN_DATES = new Set([7, 8, 9, 10]);
export const PLAIN_NUMBERS = new Set([12, 16]);
export const PLAIN_MONEY = new Set([17, 18, 22]);

/** A plain row as the CSV writes it: dates MM/DD/YYYY, formula-like text escaped. */
export const plainCsvRow = (row: string[]) =>
  row.map((value, i) =>
    PLAIN_DATES.has(i) && value
      ? usDate(value)
      : PLAIN_MONEY.has(i) || PLAIN_NUMBERS.has(i)
        ? money(value)
        : text(value),
  );
