// The task record (a piece of a case), for the generic record service.

import { can } from '../../../shared/permissions.js';
import { WORK_STATUSES } from '../../../shared/schemas/case.js';
import { TASK_HAS_SLIPS, taskRecord } from '../../../shared/schemas/task.js';
import { outages } from '../../db/schema/inventory.js';
import { users } from '../../db/schema/staff.js';
import { cases, departments, tasks } from '../../db/schema/work.js';
import { defineRecord } from '../../platform/records.js';
import { STAFF_LABEL } from '../case/index.js';

export const TASK = defineRecord({
  key: 'task',
  table: tasks,
  objectClass: 'Task',
  schema: taskRecord,
  title: 't.title',
  canRead: (user) => can(user, 'task', 'read'),
  // Slips refer to their task (slips_task_id_tasks_id_fk): a task with logged time is closed, never deleted.
  inUseMessage: TASK_HAS_SLIPS,
  // numeric(6,1) arrives as text: the form and the list show a number.
  present: (record) => ({ ...record, points: record.points == null ? null : Number(record.points) }),
  fields: [
    {
      name: 'case',
      column: tasks.caseId,
      label: 'Case',
      kind: 'ref',
      ref: { table: cases, label: `'#' || $.id || ' ' || $.title` },
    },
    { name: 'title', column: tasks.title, label: 'Title' },
    {
      name: 'department',
      column: tasks.departmentId,
      label: 'Department',
      kind: 'ref',
      ref: { table: departments, label: '$.name' },
    },
    {
      name: 'assignedTo',
      column: tasks.assignedToId,
      label: 'Assigned To',
      kind: 'ref',
      ref: { table: users, label: STAFF_LABEL },
    },
    { name: 'status', column: tasks.status, label: 'Status', kind: 'code', codes: WORK_STATUSES },
    { name: 'isProject', column: tasks.isProject, label: 'Project', kind: 'bool' },
    { name: 'points', column: tasks.points, label: 'Points' },
    {
      name: 'outage',
      column: tasks.outageId,
      label: 'Outage',
      kind: 'ref',
      ref: { table: outages, label: '$.title' },
    },
    { name: 'description', column: tasks.description, label: 'Description' },
  ],
});
