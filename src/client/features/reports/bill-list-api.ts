// The calls of the bill list screen (src/shared/billing.ts): mark a case billed or undo it, and the billing settings
// (the default hourly rate the amounts are priced at).
import { type BillingSettings, type BillLines, type CaseBilling, LINES_PAGE } from '../../../shared/billing';
import { apiGet, apiPost } from '../../api/http';

const caseUrl = (caseId: number, action: 'bill' | 'unbill') =>
  `/api/report/bill-list/${encodeURIComponent(String(caseId))}/${action}`;

/**
 * Marks a case billed; `minutes` and `amount` are the totals the list showed and the user confirmed, so time or
 * prices changed since then are refused.
 */
export const billCase = (caseId: number, minutes: number, amount: string) =>
  apiPost<{ billing: CaseBilling }>(caseUrl(caseId, 'bill'), { minutes, amount }).then((r) => r.billing);

/** A page of a case's lines (its slips as billed, or as they would be billed now), from `start`. */
export const loadBillLines = (caseId: number, start: number, signal?: AbortSignal) =>
  apiGet<{ lines: BillLines }>(
    `/api/report/bill-list/${encodeURIComponent(String(caseId))}/lines?start=${start}&limit=${LINES_PAGE}`,
    { signal },
  ).then((r) => r.lines);

export const billLinesKey = (caseId: number) => ['bill-lines', caseId] as const;

export const unbillCase = (caseId: number) =>
  apiPost<{ billing: CaseBilling }>(caseUrl(caseId, 'unbill')).then((r) => r.billing);

const SETTINGS_URL = '/api/report/billing-settings';
export const BILLING_SETTINGS_KEY = ['billing-settings'] as const;
export type BillingSettingsLoad = { billingSettings: BillingSettings; can: { save: boolean } };

export const loadBillingSettings = (signal?: AbortSignal) =>
  apiGet<BillingSettingsLoad>(SETTINGS_URL, { signal });

export const saveBillingSettings = (form: { version: number; defaultHourlyRate: string }) =>
  apiPost<{ billingSettings: BillingSettings }>(SETTINGS_URL, form).then((r) => r.billingSettings);
