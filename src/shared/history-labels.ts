// The names users know for the record classes of field history (SPEC §3 "Entities with field history" names the
// classes; the screens name them as their menus and breadcrumbs do: Project is shown as software). One mapping for
// every history screen; cases, tasks and slips in the words of Case & Task Grammar.
import { applyGrammar, DEFAULT_GRAMMAR, type Grammar } from './grammar.js';

export const HISTORY_CLASS_LABELS: Readonly<Record<string, string>> = {
  Agreement: 'Agreement',
  AgreementDocument: 'Agreement Document',
  AgreementService: 'Agreement Service',
  Amendment: 'Amendment',
  AmendmentSettings: 'Sales Settings: Amendments',
  AmendmentType: 'Amendment Type',
  BillingSettings: 'Billing Settings',
  BucketCategory: 'Bucket',
  Case: 'Case',
  Department: 'Department',
  DeviceStatusSettings: 'Device Status',
  Equipment: 'Equipment',
  EquipmentCategory: 'Device Category',
  LanguageSettings: 'Case & Task Grammar',
  Notice: 'Notice',
  Opportunity: 'Opportunity',
  OpportunityDocument: 'Opportunity Document',
  OpportunitySettings: 'Sales Settings: Opportunities',
  Organization: 'Organization',
  Outage: 'Outage',
  OutageAutoAssignment: 'Outage Auto Assignment',
  OutageType: 'Outage Type',
  Person: 'Person',
  Project: 'Software',
  Proposal: 'Proposal',
  ReportNotice: 'Required Upload',
  RmmSettings: 'RMM Settings',
  SalesRoleSettings: 'Sales Settings: Roles',
  ServiceType: 'Service Type',
  SsoSettings: 'SSO Settings',
  System: 'System',
  Task: 'Task',
  TimesheetWeek: 'Timesheet Week',
  User: 'Staff Member',
};

/** Classes named by the grammar's words (Case & Task Grammar is the settings page's own name, kept as it is). */
const GRAMMAR_CLASSES = new Set(['Case', 'Task']);

/**
 * "Project" → "Software", "Case" → "Ticket" with that grammar. A class missing from the table is split into words
 * ("FooBarSettings" → "Foo Bar Settings") rather than shown as code; the table test keeps every class in the table.
 */
export function historyClassLabel(objectClass: string, grammar: Grammar = DEFAULT_GRAMMAR): string {
  const label = HISTORY_CLASS_LABELS[objectClass] ?? objectClass.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return GRAMMAR_CLASSES.has(objectClass) ? applyGrammar(label, grammar) : label;
}
