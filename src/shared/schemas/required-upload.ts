// Required uploads (/admin/required-upload, SPEC "ReportNotice"): a document every client of a group must receive
// each period (e.g. the quarterly security pack), made by a client report, the security pack, or uploaded by hand.
import { z } from 'zod';
import { CLIENT_REPORTS } from '../reports.js';
import { listQuery } from './common.js';
import {
  activeFilter,
  BLANK,
  type CodeList,
  codeValues,
  optionalEnum,
  optionalRef,
  optionalText,
  requiredText,
  version,
} from './fields.js';
import { CLIENT_FILTERS } from './organization.js';
import { codeValue, recordBase, refValue } from './record.js';

export const NAME_USED = 'This name is already used.';
export const SECURITY_PACK = 'security-pack';
/** The report choice's empty value (null): a document someone uploads by hand. */
export const UPLOADED_BY_HAND = 'Document uploaded by hand';

/** What makes the document: each client report, and the security pack. */
export const REQUIRED_UPLOAD_REPORTS = [
  ...CLIENT_REPORTS.map((r) => ({ value: r.key as string, label: r.title })),
  { value: SECURITY_PACK, label: 'Security pack' },
] as const satisfies CodeList;

export const FREQUENCIES = [
  { value: 'MONTHLY', label: 'Monthly' },
  { value: 'QUARTERLY', label: 'Quarterly' },
  { value: 'YEARLY', label: 'Yearly' },
] as const satisfies CodeList;
export type Frequency = (typeof FREQUENCIES)[number]['value'];

/** A required choice: left empty it is blank, not "not offered". */
const requiredChoice = <T extends string>(values: readonly [T, ...T[]]) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(values, { error: (issue) => (issue.input === undefined ? BLANK : undefined) }),
  );

export const requiredUploadForm = z.object({
  version: version(),
  name: requiredText(200),
  description: optionalText(2000),
  /** null: uploaded by hand. */
  report: optionalEnum(codeValues(REQUIRED_UPLOAD_REPORTS)),
  frequency: requiredChoice(codeValues(FREQUENCIES)),
  /** SPEC §4 client filter code: the organizations that must receive it. */
  clients: requiredChoice(codeValues(CLIENT_FILTERS)),
  /** A notice printed with it. */
  notice: optionalRef(),
  active: z.boolean(),
});
export type RequiredUploadForm = z.infer<typeof requiredUploadForm>;

export const requiredUploadListQuery = listQuery.extend({
  active: activeFilter,
  frequency: optionalEnum(codeValues(FREQUENCIES)),
  sort: z.enum(['name']).default('name'),
});

/** A required upload as the API presents it (list rows, the basics screen, a save's answer). */
export const requiredUploadRecord = recordBase.extend({
  name: z.string(),
  description: z.string().nullable(),
  /** None: a document uploaded by hand. */
  report: codeValue.nullable(),
  frequency: codeValue,
  clients: codeValue,
  notice: refValue.nullable(),
  active: z.boolean(),
});
export type RequiredUploadRecord = z.infer<typeof requiredUploadRecord>;
