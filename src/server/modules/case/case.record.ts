// The case record (also called invoice): a unit of work for one organization, for the generic record service.

import { can } from '../../../shared/permissions.js';
import { CASE_HAS_TASKS, caseRecord, WORK_STATUSES } from '../../../shared/schemas/case.js';
import { organizations } from '../../db/schema/inventory.js';
import { users } from '../../db/schema/staff.js';
import { cases, departments } from '../../db/schema/work.js';
import { defineRecord } from '../../platform/records.js';

export const STAFF_LABEL = "$.first_name || ' ' || $.last_name";

export const CASE = defineRecord({
  key: 'case',
  table: cases,
  objectClass: 'Case',
  schema: caseRecord,
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
    { name: 'title', column: cases.title, label: 'Title' },
    {
      name: 'organization',
      column: cases.organizationId,
      label: 'Organization',
      kind: 'ref',
      ref: { table: organizations, label: '$.name' },
    },
    { name: 'status', column: cases.status, label: 'Status', kind: 'code', codes: WORK_STATUSES },
    {
      name: 'department',
      column: cases.departmentId,
      label: 'Department',
      kind: 'ref',
      ref: { table: departments, label: '$.name' },
    },
    {
      name: 'assignedTo',
      column: cases.assignedToId,
      label: 'Assigned To',
      kind: 'ref',
      ref: { table: users, label: STAFF_LABEL },
    },
    { name: 'description', column: cases.description, label: 'Description' },
  ],
});
