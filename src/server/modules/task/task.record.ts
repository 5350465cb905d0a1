// The task record (a piece of a case), for the generic record service.

import { can } from '../../../shared/permissions.js';
import { WORK_STATUSES } from '../../../shared/schemas/case.js';
import { TASK_HAS_SLIPS } from '../../../shared/schemas/task.js';
import type { RecordDef } from '../../platform/records.js';
import { STAFF_LABEL } from '../case/index.js';

export const TASK: RecordDef = {
  key: 'task',
  table: 'tasks',
  objectClass: 'Task',
  title: 't.title',
  canRead: (user) => can(user, 'task', 'read'),
  // Slips refer to their task (slips_task_id_tasks_id_fk): a task with logged time is closed, never deleted.
  inUseMessage: TASK_HAS_SLIPS,
  // numeric(6,1) arrives as text: the form and the list show a number.
  present: (record) => ({ ...record, points: record.points == null ? null : Number(record.points) }),
  fields: [
    {
      name: 'case',
      column: 'case_id',
      label: 'Case',
      kind: 'ref',
      ref: { table: 'cases', label: `'#' || $.id || ' ' || $.title` },
    },
    { name: 'title', column: 'title', label: 'Title' },
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
    { name: 'status', column: 'status', label: 'Status', kind: 'code', codes: WORK_STATUSES },
    { name: 'isProject', column: 'is_project', label: 'Project', kind: 'bool' },
    { name: 'points', column: 'points', label: 'Points' },
    {
      name: 'outage',
      column: 'outage_id',
      label: 'Outage',
      kind: 'ref',
      ref: { table: 'outages', label: '$.title' },
    },
    { name: 'description', column: 'description', label: 'Description' },
  ],
};
