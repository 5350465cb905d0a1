// The filters every client report shares, as SQL conditions and as words: the organization selection (ids, else the
// SPEC §4 client filter code), the equipment and user filter codes, and the period.

import { displayOf, isoOfDisplay } from '../../../../shared/format/date.js';
import {
  BILLED_FILTERS,
  CHOOSE_ORGANIZATIONS,
  REVIEW_WINDOWS,
  type ReportDef,
  type ReportQuery,
  WARRANTY_WINDOWS,
} from '../../../../shared/reports.js';
import { EQUIPMENT_FILTERS } from '../../../../shared/schemas/equipment.js';
import { ACTIVE_FILTERS, codeLabel } from '../../../../shared/schemas/fields.js';
import { CLIENT_FILTERS } from '../../../../shared/schemas/organization.js';
import { type ListFilter, param } from '../../../platform/records.js';
import { addDays, defaultPeriod, monthOf } from '../queries/rules.js';

/** Also what an id that names no organization gets (it passed the address's shape but is not in the list). */
export const ORGANIZATION_UNKNOWN = CHOOSE_ORGANIZATIONS;

/** The organizations chosen by id (their names, in the order given), when some were. */
export type Selection = { id: number; name: string }[];

/** Conditions on organizations `o`: the chosen ones, else the client filter code (matches the organization list). */
export function organizationScope(query: ReportQuery, f: ListFilter, o = 'o'): string[] {
  if (query.organization?.length) return [`${o}.id = ANY(${param(f, query.organization)}::int[])`];
  switch (query.clients) {
    case '1':
      return [`${o}.active`];
    case '3':
      return [`NOT ${o}.active`];
    case '2':
      return [`${o}.rmm_plan IS NOT NULL`];
    case '4':
      return [`${o}.rmm_plan = 'RMM_BILL_BY_DEVICE'`];
    case '5':
      return [`${o}.rmm_plan = 'RMM_BILL_BY_USER'`];
    default:
      return [];
  }
}

/**
 * Clients `o` (sales status Client: never vendors, prospects, competitors or former clients) that the client filter
 * code matches, for what is made for clients themselves (security packs).
 */
export const clientScope = (query: ReportQuery, f: ListFilter, o = 'o'): string[] => [
  `${o}.sales_status = 'CLIENT'`,
  ...organizationScope(query, f, o),
];

/** Devices assigned to no organization: the organization selection does not apply to them. */
export const noneAssigned = (query: ReportQuery) => query.equipment === '5';

/**
 * Devices `e` in the report's scope, with their organization `o` joined (left joined for None Assigned, where there is
 * none): the equipment filter code as the equipment list applies it, and the organization selection.
 */
export function equipmentScope(query: ReportQuery, f: ListFilter): { join: string; where: string[] } {
  if (noneAssigned(query))
    return {
      join: 'LEFT JOIN organizations o ON o.id = e.organization_id',
      where: ['e.organization_id IS NULL'],
    };
  const where = equipmentCode(query);
  // The same ids on the device side too, so its organization index can serve them.
  if (query.organization?.length)
    where.push(`e.organization_id = ANY(${param(f, query.organization)}::int[])`);
  where.push(...organizationScope(query, f));
  return { join: 'JOIN organizations o ON o.id = e.organization_id', where };
}

/** Devices `e` by the equipment filter code (Active, RMM & Active, Inactive), as the equipment list applies it. */
export function equipmentCode(query: ReportQuery): string[] {
  if (query.equipment === '1') return ['e.active'];
  if (query.equipment === '2') return ['e.active AND e.rmm_id IS NOT NULL'];
  if (query.equipment === '3') return ['NOT e.active'];
  return [];
}

/** People `p` by the user filter code. */
export function peopleScope(query: ReportQuery): string[] {
  if (query.users === '1') return ['p.active'];
  if (query.users === '2') return ['NOT p.active'];
  return [];
}

/**
 * The period (yyyy-MM-dd both ends): as given; one end only, that end's month; neither, the month before `today`.
 * The query schema has already refused a reversed period or one over a year.
 */
export function resolvePeriod(query: ReportQuery, today: string): { from: string; to: string } {
  if (query.from && query.to) return { from: isoOfDisplay(query.from), to: isoOfDisplay(query.to) };
  if (query.from) return { from: isoOfDisplay(query.from), to: monthOf(isoOfDisplay(query.from)).to };
  if (query.to) return { from: monthOf(isoOfDisplay(query.to)).from, to: isoOfDisplay(query.to) };
  return defaultPeriod(today);
}

/** The Monday of the week of `day` (yyyy-MM-dd). */
export function mondayOf(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}

/**
 * A period of whole weeks, Monday to Sunday: the weeks of the days given; neither given, this week; one given,
 * that week. The query schema has already refused a reversed period or one over a year.
 */
export function resolveWeeks(query: ReportQuery, today: string): { from: string; to: string } {
  const from = query.from ? isoOfDisplay(query.from) : query.to ? isoOfDisplay(query.to) : today;
  const to = query.to ? isoOfDisplay(query.to) : from;
  return { from: mondayOf(from), to: addDays(mondayOf(to), 6) };
}

const names = (selection: Selection) => {
  const shown = selection.slice(0, 5).map((o) => o.name);
  const more = selection.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
};

/** The filters in words: "Clients: Active · Devices: Active · Expired or ending within 90 days". */
export function filtersText(
  def: ReportDef,
  query: ReportQuery,
  selection: Selection,
  period: { from: string; to: string } | null,
  staff: { name: string } | null = null,
): string {
  const parts: string[] = [];
  if (def.subject === 'staff') parts.push(staff ? `Staff: ${staff.name}` : 'Staff: Everyone');
  else if (def.subject === 'equipment' && noneAssigned(query)) parts.push('Devices: None Assigned');
  else {
    if (selection.length)
      parts.push(`${selection.length === 1 ? 'Organization' : 'Organizations'}: ${names(selection)}`);
    else parts.push(`Clients: ${codeLabel(CLIENT_FILTERS, query.clients)}`);
    if (def.subject === 'equipment') parts.push(`Devices: ${codeLabel(EQUIPMENT_FILTERS, query.equipment)}`);
  }
  if (def.subject === 'people') parts.push(`Users: ${codeLabel(ACTIVE_FILTERS, query.users)}`);
  if (period) parts.push(`Period: ${displayOf(period.from)} – ${displayOf(period.to)}`);
  if (def.days) parts.push(`No check-in for more than ${query.days} ${query.days === 1 ? 'day' : 'days'}`);
  if (def.within) parts.push(codeLabel(WARRANTY_WINDOWS, query.within) ?? '');
  if (def.billed) parts.push(`Cases: ${codeLabel(BILLED_FILTERS, query.billed)}`);
  if (def.review) parts.push(codeLabel(REVIEW_WINDOWS, query.review) ?? '');
  if (def.staff && def.subject !== 'staff') parts.push(staff ? `Staff: ${staff.name}` : 'Staff: Everyone');
  return parts.join(' · ');
}
