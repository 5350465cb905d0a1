// Component-test data of the billing screens: a run, an invoice summary, an invoice and its lines, shaped as the
// server answers them (src/shared/schemas/billing-run.ts).
import type { BillingRun, Invoice, InvoiceLine, InvoiceSummary } from '../../../shared/schemas/billing-run';

const stamp = { at: '2026-11-02T14:00:00.000Z', by: { value: 1, label: 'Ada Admin' } };
const code = (value: string, label: string) => ({ value, label });

export const billingRun = (over: Partial<BillingRun> = {}): BillingRun => ({
  id: 5,
  period: '2026-10',
  periodLabel: 'October 2026',
  status: code('READY', 'Ready'),
  clients: 12,
  done: 12,
  skipped: [],
  error: null,
  invoices: { draft: 9, approved: 2, posted: 1, void: 0, warnings: 3 },
  total: '12345.67',
  started: stamp,
  finishedAt: '2026-11-02T14:01:00.000Z',
  version: 1,
  ...over,
});

export const invoiceSummary = (
  id: number,
  client: string,
  over: Partial<InvoiceSummary> = {},
): InvoiceSummary => ({
  id,
  number: null,
  kind: code('INVOICE', 'Invoice'),
  status: code('DRAFT', 'Draft'),
  organization: { value: id * 10, label: client },
  contact: 'Pat Payable',
  lines: 3,
  warnings: 0,
  total: '1500.00',
  ...over,
});

export const invoiceLine = (id: number, over: Partial<InvoiceLine> = {}): InvoiceLine => ({
  id,
  position: id,
  kind: code('RECURRING', 'Recurring service'),
  description: 'Managed workstations',
  quantity: '10.00',
  unitPrice: '50.00',
  amount: '500.00',
  proration: null,
  detail: 'October 1–31, 2026',
  warning: null,
  source: { label: 'Agreement MSA-7', href: '/manage/agreement/7' },
  original: null,
  ...over,
});

const can = { edit: true, approve: true, unapprove: false, post: false, void: false, rebuild: true };

export const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  ...invoiceSummary(41, 'Acme Dental'),
  run: { id: 5, period: '2026-10', periodLabel: 'October 2026' },
  periodFrom: '10/01/2026',
  periodTo: '10/31/2026',
  issueDate: null,
  dueDate: null,
  billTo: 'Acme Dental LLC',
  address: '1 Main St\nSpringfield',
  contactEmail: 'pat@acme.example',
  creditOf: null,
  creditNote: null,
  voidReason: null,
  approved: null,
  posted: null,
  voided: null,
  items: [
    invoiceLine(1),
    invoiceLine(2, {
      kind: code('TIME', 'Time and materials'),
      description: 'Case #88 Printer outage',
      quantity: '2.50',
      unitPrice: '150.00',
      amount: '375.00',
      detail: 'Remote support × 1: 2:30',
      source: { label: 'Case #88', href: '/manage/case/88' },
      original: {
        description: 'Case #88 Printer outage',
        quantity: '3.00',
        unitPrice: '150.00',
        amount: '450.00',
      },
    }),
  ],
  total: '875.00',
  lines: 2,
  warningsText: [],
  version: 4,
  can,
  ...over,
});
