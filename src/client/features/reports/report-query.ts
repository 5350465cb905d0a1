// A report's filters in the address (`/report/warranty?organization=3,5&within=60&sort=warrantyEnd&start=25`) and
// the query sent for them: only the parameters the report takes, organizations replacing the client filter.
// Reports of staff members' time (subject 'staff') take no organization or client filter.
import type { ReportDef } from '../../../shared/reports';
import { PAGE_SIZE } from '../../../shared/schemas/constants';
import type { Query } from '../../api/http';

/** A report screen's filter state: the page's query string and how to change it. */
export type ReportParams = {
  params: URLSearchParams;
  set: (changes: Record<string, string | null>) => void;
};

/** The server's defaults (reportQuery): what a select shows while the address has no value. */
export const REPORT_DEFAULTS: Record<string, string> = {
  clients: '1',
  equipment: '1',
  users: '1',
  days: '30',
  within: '90',
  billed: 'unbilled',
  review: '90',
};

/** The address parameters a report takes, besides `start` (its page). */
export function reportParamNames(def: ReportDef): string[] {
  const names = def.subject === 'staff' ? [] : ['organization', 'clients'];
  if (def.subject === 'equipment') names.push('equipment');
  if (def.subject === 'people') names.push('users');
  if (def.period) names.push('from', 'to');
  if (def.days) names.push('days');
  if (def.within) names.push('within');
  if (def.billed) names.push('billed');
  if (def.review) names.push('review');
  if (def.staff) names.push('staff');
  names.push('sort', 'dir');
  return names;
}

/** "3,5,x,3" -> [3, 5]: a hand-edited address keeps only the ids it really names. */
export function parseIds(text: string | null | undefined): number[] {
  if (!text) return [];
  const ids = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => /^\d{1,10}$/.test(p))
    .map(Number)
    .filter((n) => n > 0);
  return [...new Set(ids)];
}

/** The report's filters as strings (the export body's `query`): every row, no page. */
export function reportFilters(def: ReportDef, params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of reportParamNames(def)) {
    const value = params.get(name)?.trim();
    if (value) out[name] = value;
  }
  // Chosen organizations are the report's scope: the client filter then means nothing.
  if (out.organization) delete out.clients;
  return out;
}

/** One page of the report: its filters, the page start and size. */
export function reportApiQuery(def: ReportDef, params: URLSearchParams): Query {
  const start = Number(params.get('start'));
  return {
    ...reportFilters(def, params),
    start: Number.isInteger(start) && start > 0 ? start : undefined,
    limit: PAGE_SIZE,
  };
}
