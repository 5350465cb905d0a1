// The case record (also called invoice): a unit of work for one organization, for the generic record service.

import { can } from '../../../shared/permissions.js';
import { CASE_HAS_TASKS, WORK_STATUSES } from '../../../shared/schemas/case.js';
import type { RecordDef } from '../../platform/records.js';

export const STAFF_LABEL = "$.first_name || ' ' || $.last_name";

export const CASE: RecordDef = {
  key: 'case',
  table: 'cases',
  objectClass: 'Case',
  title: `'#' || t.id || ' ' || t.title`,
  canRead: (user) => can(user, 'case', 'read'),
  // Tasks refer to their case (tasks_case_id_cases_id_fk): a case with tasks is closed, never deleted.
  inUseMessage: CASE_HAS_TASKS,
  // Written by the bill list's mark (report/billing.routes.ts), not by the case form.
  historyLabels: { billed: 'Billed' },
  // The mark shown on the case: billed (invoiced) cases have their time locked.
  columns: [
    { name: 'billedAt', sql: 't.billed_at' },
    {
      name: 'billedBy',
      sql: `(SELECT ${STAFF_LABEL.replaceAll('$', 'bu')} FROM users bu WHERE bu.id = t.billed_by)`,
    },
  ],
  fields: [
    { name: 'title', column: 'title', label: 'Title' },
    {
      name: 'organization',
      column: 'organization_id',
      label: 'Organization',
      kind: 'ref',
      ref: { table: 'organizations', label: '$.name' },
    },
    { name: 'status', column: 'status', label: 'Status', kind: 'code', codes: WORK_STATUSES },
    {
      name: 'department',
      column: 'department_id',
      label: 'Department',
      kind: 'ref',
      ref: { table: 'departments', label: '$.name' },
    },
    {
      name: 'assignedTo',
      column: 'assigned_to_id',
      label: 'Assigned To',
      kind: 'ref',
      ref: { table: 'users', label: STAFF_LABEL },
    },
    { name: 'description', column: 'description', label: 'Description' },
  ],
};
