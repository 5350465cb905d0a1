// Month-end billing in tests: a month drafted through the API and waited for, as the screen polls it.
import type { BillingRun, Invoice } from '../../src/shared/schemas/billing-run.js';
import type { Caller } from './api.js';

/** Starts drafting `period` ("YYYY-MM") and answers the run once it is READY (or FAILED). */
export async function draftMonth(caller: Caller, period: string, timeoutMs = 60_000): Promise<BillingRun> {
  const started = await caller.post('/api/report/billing-run', { period });
  if (started.statusCode !== 200)
    throw new Error(`billing run ${period}: ${started.statusCode} ${started.body}`);
  return waitForDraft(caller, started.json().run.id, timeoutMs);
}

/** Polls a run until it is drafted. */
export async function waitForDraft(caller: Caller, id: number, timeoutMs = 60_000): Promise<BillingRun> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const run = (await caller.get(`/api/report/billing-run/${id}`)).json().run as BillingRun;
    if (run.status.value === 'READY' || run.status.value === 'FAILED') return run;
    if (Date.now() > until) throw new Error(`billing run ${id} still ${run.status.value}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A client's invoice of a run, whole; undefined when the run has none for it. */
export async function runInvoice(
  caller: Caller,
  runId: number,
  organizationId: number,
): Promise<Invoice | undefined> {
  const list = (await caller.get(`/api/report/billing-run/${runId}/invoices?limit=200`)).json();
  const summary = list.items.find(
    (i: { organization: { value: number } }) => i.organization.value === organizationId,
  );
  return summary && (await caller.get(`/api/report/invoice/${summary.id}`)).json().invoice;
}
