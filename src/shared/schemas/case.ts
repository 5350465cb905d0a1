// Cases (also called invoices) and their tasks: code lists, forms and list filters the server and screens share.
import { z } from 'zod';
import { listQuery } from './common.js';
import { CASE_STATUS_FILTERS } from './constants.js';
import {
  BLANK,
  type CodeList,
  codeValues,
  optionalRef,
  optionalText,
  requiredRef,
  requiredText,
  version,
} from './fields.js';
import { codeValue, recordBase, refValue } from './record.js';

export const WORK_STATUSES = [
  { value: 'OPEN', label: 'Open' },
  { value: 'CLOSED', label: 'Closed' },
] as const satisfies CodeList;
export type WorkStatus = (typeof WORK_STATUSES)[number]['value'];

/** The list's status filter: Open (default), Closed, or all (in constants.ts: the list screen loads without zod). */
export { CASE_STATUS_FILTERS };

export const CASE_HAS_TASKS = 'This case has tasks and cannot be deleted. Close it instead.';

/** A required Open/Closed code. */
export const workStatus = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(codeValues(WORK_STATUSES), { error: BLANK }),
  );

export const caseForm = z.object({
  version: version(),
  title: requiredText(200),
  organization: requiredRef(),
  status: workStatus(),
  department: optionalRef(),
  assignedTo: optionalRef(),
  description: optionalText(10_000),
});
export type CaseForm = z.infer<typeof caseForm>;

export const CASE_SORTS = ['number', 'updated'] as const;

export const caseListQuery = listQuery.extend({
  status: z.enum(codeValues(CASE_STATUS_FILTERS)).default('OPEN'),
  organization: optionalRef(),
  department: optionalRef(),
  assignedTo: optionalRef(),
  sort: z.enum(CASE_SORTS).default('number'),
});
export type CaseListQuery = z.infer<typeof caseListQuery>;

/** A case as the API presents it (list rows, the basics screen, a save's answer), with the bill list's mark. */
export const caseRecord = recordBase.extend({
  title: z.string(),
  organization: refValue,
  status: codeValue,
  department: refValue.nullable(),
  assignedTo: refValue.nullable(),
  description: z.string().nullable(),
  /** When and by whom the case was billed (invoiced); null while not billed. */
  billedAt: z.string().nullable(),
  billedBy: z.string().nullable(),
});
export type CaseRecord = z.infer<typeof caseRecord>;
