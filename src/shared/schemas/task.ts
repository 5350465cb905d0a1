// Tasks of a case (SPEC §3 Task): the form and list filters the server and screens share.
import { z } from 'zod';
import { CASE_STATUS_FILTERS, workStatus } from './case.js';
import { listQuery } from './common.js';
import { codeValues, optionalRef, optionalText, requiredRef, requiredText, version } from './fields.js';
import { codeValue, recordBase, refValue } from './record.js';

export const TASK_HAS_SLIPS = 'This task has time slips and cannot be deleted. Close it instead.';
export const CASE_CLOSED = 'This case is closed. Reopen it before adding tasks.';
export const POINTS_NUMBER = 'Please enter a number with at most one decimal (e.g. 1.5).';
export const POINTS_NOT_NEGATIVE = 'Please enter a number of 0 or more.';

/** Effort points: optional, 0 or more, at most one decimal. */
const points = () =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .number({ error: POINTS_NUMBER })
      .min(0, POINTS_NOT_NEGATIVE)
      .max(99_999.9, POINTS_NUMBER)
      .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, POINTS_NUMBER)
      .nullable(),
  );

export const taskForm = z.object({
  version: version(),
  /** The task's case; fixed once the task exists. */
  case: requiredRef(),
  /** Title-cased on save (SPEC §5). */
  title: requiredText(200),
  department: optionalRef(),
  assignedTo: optionalRef(),
  status: workStatus(),
  /** Project work (green in the calendar) rather than support (blue). */
  isProject: z.boolean(),
  points: points(),
  outage: optionalRef(),
  description: optionalText(10_000),
});
export type TaskForm = z.infer<typeof taskForm>;

export const TASK_STATUS_FILTERS = CASE_STATUS_FILTERS;

export const taskListQuery = listQuery.extend({
  case: optionalRef(),
  status: z.enum(codeValues(TASK_STATUS_FILTERS)).default('all'),
  department: optionalRef(),
  assignedTo: optionalRef(),
  sort: z.enum(['number']).default('number'),
});
export type TaskListQuery = z.infer<typeof taskListQuery>;

/** A task as the API presents it (list rows, the basics screen, a save's answer). */
export const taskRecord = recordBase.extend({
  case: refValue,
  title: z.string(),
  department: refValue.nullable(),
  assignedTo: refValue.nullable(),
  status: codeValue,
  isProject: z.boolean(),
  points: z.number().nullable(),
  outage: refValue.nullable(),
  description: z.string().nullable(),
  /** List rows: the minutes logged on the task. */
  minutes: z.number().optional(),
});
export type TaskRecord = z.infer<typeof taskRecord>;
