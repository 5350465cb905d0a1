// The calls of month-end billing (src/shared/schemas/billing-run.ts, administrators): billing runs (start one for a
// month, follow it, post its approved invoices), their invoices, and one invoice's lines and actions.
import type {
  AddLineBody,
  BillingRun,
  EditLineBody,
  Invoice,
  InvoiceStatus,
  InvoiceSummary,
} from '../../../shared/schemas/billing-run';
import { apiDelete, apiGet, apiPost, apiRequest, isApiError } from '../../api/http';

const RUNS = '/api/report/billing-run';
const INVOICES = '/api/report/invoice';
const run = (id: number) => `${RUNS}/${encodeURIComponent(String(id))}`;
const invoice = (id: number | string) => `${INVOICES}/${encodeURIComponent(String(id))}`;

/** Invoices a page of the run's table shows. */
export const INVOICE_PAGE = 100;

export const BILLING_KEY = ['billing-run'] as const;
export const runsKey = [...BILLING_KEY, 'runs'] as const;
export const runKey = (id: number) => [...BILLING_KEY, 'run', id] as const;
export const runInvoicesKey = (id: number) => [...BILLING_KEY, 'invoices', id] as const;
export const invoiceKey = (id: number | string) => [...BILLING_KEY, 'invoice', String(id)] as const;

/** While a run is queued or drafting its invoices, its screen follows it. */
export const isDrafting = (r: BillingRun | undefined) =>
  r?.status.value === 'QUEUED' || r?.status.value === 'RUNNING';

export const listRuns = (signal?: AbortSignal) =>
  apiGet<{ runs: BillingRun[] }>(RUNS, { signal }).then((r) => r.runs);

export const startRun = (period: string) => apiPost<{ run: BillingRun }>(RUNS, { period }).then((r) => r.run);

export const loadRun = (id: number, signal?: AbortSignal) =>
  apiGet<{ run: BillingRun }>(run(id), { signal }).then((r) => r.run);

export const listRunInvoices = (
  id: number,
  status: InvoiceStatus | null,
  start: number,
  signal?: AbortSignal,
) =>
  apiGet<{ items: InvoiceSummary[]; total: number }>(`${run(id)}/invoices`, {
    signal,
    query: { status: status ?? undefined, start, limit: INVOICE_PAGE },
  });

export type PostRunAnswer = {
  run: BillingRun;
  posted: number;
  /** Approved invoices that could not be posted, and why. */
  failed: { invoice: { value: number; label: string }; message: string }[];
};
export const postRun = (id: number) => apiPost<PostRunAnswer>(`${run(id)}/post`, {});

export const loadInvoice = (id: number | string, signal?: AbortSignal) =>
  apiGet<{ invoice: Invoice }>(invoice(id), { signal }).then((r) => r.invoice);

const answer = (call: Promise<{ invoice: Invoice }>) => call.then((r) => r.invoice);

export const addLine = (id: number, body: AddLineBody) => answer(apiPost(`${invoice(id)}/line`, body));

export const editLine = (id: number, lineId: number, body: EditLineBody) =>
  answer(apiRequest('PUT', `${invoice(id)}/line/${encodeURIComponent(String(lineId))}`, body));

export const removeLine = (id: number, lineId: number, version: number) =>
  answer(apiDelete(`${invoice(id)}/line/${encodeURIComponent(String(lineId))}`, { query: { version } }));

export type InvoiceAction = 'approve' | 'unapprove' | 'post' | 'rebuild';

export const invoiceAction = (id: number, action: InvoiceAction, version: number) =>
  answer(apiPost(`${invoice(id)}/${action}`, { version }));

export const voidInvoice = (id: number, reason: string, version: number) =>
  answer(apiPost(`${invoice(id)}/void`, { reason, version }));

/** A 409's invoice (the record as it is now: itself, or an answer carrying it), else null. */
export function currentInvoice(error: unknown): Invoice | null {
  if (!isApiError(error) || error.status !== 409 || !error.current || typeof error.current !== 'object')
    return null;
  const current = error.current as Invoice | { invoice: Invoice };
  const found = 'invoice' in current ? current.invoice : current;
  return found && typeof found === 'object' && Array.isArray(found.items) ? found : null;
}
