// The client reports (SPEC §2 /report/..., DOMAIN "Reports"): their keys, screens, filters and the one response
// shape every report answers with. Server (queries, exports, history) and client (the report frame) share it.
import { z } from 'zod';
import { MAX_INT } from './schemas/common.js';
import { EQUIPMENT_FILTERS } from './schemas/equipment.js';
import { ACTIVE_FILTERS, type CodeList, codeValues, dateKey, optionalDate } from './schemas/fields.js';
import { CLIENT_FILTERS } from './schemas/organization.js';
import { recordListResponse } from './schemas/record.js';

export const CLIENT_REPORT_KEYS = [
  'antivirus',
  'bitlocker',
  'device',
  'device-summary-by-age',
  'device-summary-by-address',
  'firmware',
  'outdated-response',
  'patch',
  'services-activity',
  'user-and-device-counts',
  'warranty',
  'user',
] as const;
export type ClientReportKey = (typeof CLIENT_REPORT_KEYS)[number];
/** The internal reports (Report → Internal): what a manager opens at month end to bill and to plan. */
export const INTERNAL_REPORT_KEYS = ['annual-update', 'bill-list', 'weekly-summary', 'wip-list'] as const;
export type InternalReportKey = (typeof INTERNAL_REPORT_KEYS)[number];
export const REPORT_KEYS = [...CLIENT_REPORT_KEYS, ...INTERNAL_REPORT_KEYS] as const;
export type ReportKey = ClientReportKey | InternalReportKey;
/** What report history and required uploads can name: a report, the security pack, or an uploaded file. */
export type HistoryReportKey = ReportKey | 'security-pack' | 'upload' | 'billing-run-export' | 'invoice-pdf';
/** Files month-end billing keeps in report history besides the reports: accounting exports and invoice PDFs. */
export const BILLING_HISTORY_REPORTS = [
  { value: 'billing-run-export', label: 'Accounting Export' },
  { value: 'invoice-pdf', label: 'Invoice' },
] as const;

/**
 * Which rows a report lists, so which filter codes it takes: equipment (device filter), people (user filter),
 * organizations (client filter only), staff (no organization filter: staff members' time).
 */
export type ReportSubject = 'equipment' | 'people' | 'organizations' | 'staff';

export type ReportDef = {
  key: ReportKey;
  group: 'client' | 'internal';
  /** Route name (src/shared/routes/). */
  route: string;
  title: string;
  subject: ReportSubject;
  /** Takes a from/to period (yyyy-MM-dd range; default: last month). */
  period?: boolean;
  /** Takes `days` (outdated response: no check-in for more than N days). */
  days?: boolean;
  /** Takes `within` (warranty: expired or ending within 30/60/90 days). */
  within?: boolean;
  /** SPEC §3 report type code where there is one. */
  type?: string;
  /** Takes `billed` (bill list: not billed, billed, all). */
  billed?: boolean;
  /** Takes `staff` (one staff member's time). */
  staff?: boolean;
  /** Takes `review` (annual update: yearly review due within 30/60/90/180/365 days). */
  review?: boolean;
  /** The period is whole weeks, Monday to Sunday (default: this week). */
  weeks?: boolean;
};

export const CLIENT_REPORTS: readonly ReportDef[] = [
  {
    key: 'antivirus',
    group: 'client',
    route: 'report_antivirus',
    title: 'Antivirus',
    subject: 'equipment',
    type: 'antivirus_report',
  },
  {
    key: 'bitlocker',
    group: 'client',
    route: 'report_bitlocker',
    title: 'BitLocker Compliance',
    subject: 'equipment',
    type: 'bitlocker_report',
  },
  {
    key: 'device',
    group: 'client',
    route: 'report_device',
    title: 'Devices',
    subject: 'equipment',
    type: 'device_report',
  },
  {
    key: 'device-summary-by-age',
    group: 'client',
    route: 'report_device_summary_by_age',
    title: 'Device Summary by Age',
    subject: 'equipment',
  },
  {
    key: 'device-summary-by-address',
    group: 'client',
    route: 'report_device_summary_by_address',
    title: 'Device Summary by Address',
    subject: 'equipment',
  },
  { key: 'firmware', group: 'client', route: 'report_firmware', title: 'Firmware', subject: 'equipment' },
  {
    key: 'outdated-response',
    group: 'client',
    route: 'report_outdated_response',
    title: 'Outdated Response',
    subject: 'equipment',
    days: true,
    type: 'outdated_response_report',
  },
  {
    key: 'patch',
    group: 'client',
    route: 'report_patch',
    title: 'Patch',
    subject: 'equipment',
    type: 'patch_report',
  },
  {
    key: 'services-activity',
    group: 'client',
    route: 'report_services_activity',
    title: 'Services Activity',
    subject: 'organizations',
    period: true,
  },
  {
    key: 'user-and-device-counts',
    group: 'client',
    route: 'report_user_and_device_counts',
    title: 'User and Device Counts',
    subject: 'organizations',
  },
  {
    key: 'warranty',
    group: 'client',
    route: 'report_warranty',
    title: 'Warranty',
    subject: 'equipment',
    within: true,
  },
  { key: 'user', group: 'client', route: 'report_user', title: 'Users', subject: 'people' },
];

export const INTERNAL_REPORTS: readonly ReportDef[] = [
  {
    key: 'annual-update',
    group: 'internal',
    route: 'report_annual_update',
    title: 'Annual Update',
    subject: 'organizations',
    review: true,
  },
  {
    key: 'bill-list',
    group: 'internal',
    route: 'report_bill_list',
    title: 'Bill List',
    subject: 'organizations',
    period: true,
    billed: true,
  },
  {
    key: 'weekly-summary',
    group: 'internal',
    route: 'report_weekly_summary',
    title: 'Weekly Summary',
    subject: 'staff',
    period: true,
    weeks: true,
    staff: true,
  },
  {
    key: 'wip-list',
    group: 'internal',
    route: 'report_wip_list',
    title: 'WIP List',
    subject: 'organizations',
    staff: true,
  },
];

export const REPORTS: readonly ReportDef[] = [...CLIENT_REPORTS, ...INTERNAL_REPORTS];
export const reportDef = (key: string): ReportDef | undefined => REPORTS.find((r) => r.key === key);

/** Bill list: which cases (a case is billed, or invoiced, as a whole). */
export const BILLED_FILTERS = [
  { value: 'unbilled', label: 'Not billed' },
  { value: 'billed', label: 'Billed' },
  { value: 'all', label: 'All' },
] as const satisfies CodeList;

/** Annual update: agreements whose yearly review (the anniversary of their start) falls within N days. */
export const REVIEW_WINDOWS = [
  { value: '30', label: 'Review within 30 days' },
  { value: '60', label: 'Review within 60 days' },
  { value: '90', label: 'Review within 90 days' },
  { value: '180', label: 'Review within 180 days' },
  { value: '365', label: 'Review within a year' },
] as const satisfies CodeList;

export const WARRANTY_WINDOWS = [
  { value: '30', label: 'Expired or ending within 30 days' },
  { value: '60', label: 'Expired or ending within 60 days' },
  { value: '90', label: 'Expired or ending within 90 days' },
  { value: 'expired', label: 'Expired' },
] as const satisfies CodeList;

export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const PERIOD_REVERSED = 'The period must end on or after its start.';
export const PERIOD_TOO_LONG = 'A period can be at most one year.';
/** A from/to period (MM/dd/yyyy) is refused under `to` when it is reversed or longer than a year. */
export function checkPeriod(query: { from: string | null; to: string | null }, ctx: z.RefinementCtx): void {
  const [from, to] = [dateKey(query.from), dateKey(query.to)];
  if (from && to && to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: PERIOD_REVERSED });
  if (from && to && Number(to) - Number(from) > 10000)
    ctx.addIssue({ code: 'custom', path: ['to'], message: PERIOD_TOO_LONG });
}

export const CHOOSE_STAFF = 'Choose a staff member from the list.';
export const ORGANIZATIONS_TOO_MANY = 'Choose at most 100 organizations, or a client filter.';

/** A list of organization ids in the address: "3,5,9". */
export const CHOOSE_ORGANIZATIONS = 'Choose organizations from the list.';
const organizationIds = z.preprocess(
  // An empty choice in the address is no choice: the client filter applies.
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string()
    .trim()
    .max(1100)
    .regex(/^\d{1,10}(,\d{1,10})*$/, CHOOSE_ORGANIZATIONS)
    .transform((v) => [...new Set(v.split(',').map(Number))])
    // Past the largest id no organization exists (and the database would refuse the number).
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_INT), CHOOSE_ORGANIZATIONS)
    .refine((ids) => ids.length <= 100, ORGANIZATIONS_TOO_MANY)
    .optional(),
);

/**
 * The filters of every client report, as the address carries them (`/report/warranty?clients=4&within=60`):
 * organizations (`organization`, several ids) or else a SPEC §4 client filter code (`clients`, default 1 Active);
 * the equipment (`equipment`, default 1) or user (`users`, default 1) filter code; period, days, within where
 * the report takes them; sort, dir, start (offset) and limit (default 25) for the rows.
 */
export const reportQuery = z
  .object({
    organization: organizationIds,
    clients: z.enum(codeValues(CLIENT_FILTERS)).default('1'),
    equipment: z.enum(codeValues(EQUIPMENT_FILTERS)).default('1'),
    users: z.enum(codeValues(ACTIVE_FILTERS)).default('1'),
    from: optionalDate(),
    to: optionalDate(),
    days: z.coerce.number().int().min(1).max(3650).default(30),
    within: z.enum(codeValues(WARRANTY_WINDOWS)).default('90'),
    billed: z.enum(codeValues(BILLED_FILTERS)).default('unbilled'),
    review: z.enum(codeValues(REVIEW_WINDOWS)).default('90'),
    // One staff member (a user id); an empty choice in the address means everyone.
    staff: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce
        .number({ error: CHOOSE_STAFF })
        .int(CHOOSE_STAFF)
        .min(1, CHOOSE_STAFF)
        .max(MAX_INT, CHOOSE_STAFF)
        .optional(),
    ),
    sort: z.string().max(40).optional(),
    dir: z.enum(['asc', 'desc']).optional(),
    start: z.coerce.number().int().min(0).max(10_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .superRefine(checkPeriod);
export type ReportQuery = z.infer<typeof reportQuery>;

/** How a column's raw value is shown, exported (typed XLSX cells) and sorted. */
const reportColumnKind = z.enum(['text', 'number', 'percent', 'date', 'datetime', 'minutes', 'money']);
export type ReportColumnKind = z.infer<typeof reportColumnKind>;
export const reportColumnSchema = z.object({
  name: z.string().describe("The key of the column's value in each row."),
  title: z.string(),
  kind: reportColumnKind.describe(
    'How the value reads: date yyyy-MM-dd, datetime an ISO 8601 instant, minutes a number of minutes, money dollars, percent a fraction (0.5 = 50 %); figures come as numbers or as decimal text.',
  ),
  sortable: z
    .boolean()
    .optional()
    .describe('The rows can be sorted by this column (sort=<name>); sent only when true.'),
  hidden: z
    .boolean()
    .optional()
    .describe(
      'A value the screen needs (an id for a row action) but never shows or exports; sent only when true.',
    ),
  expected: z
    .number()
    .optional()
    .describe("Minutes expected (weekly summary: a workday's, a week's): a value below it is highlighted."),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;
/** Raw values: dates yyyy-MM-dd, instants ISO 8601, minutes and numbers as numbers, money as a decimal text. */
export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;
/** A row: each column's raw value under the column's name (the columns differ by report). */
export const reportRowSchema = z
  .record(z.string(), reportCellSchema)
  .describe(
    "Each column's raw value under its name, read by the column's kind: dates yyyy-MM-dd, instants ISO 8601, figures (minutes, money, numbers, fractions) as numbers or decimal text, null when empty.",
  );
export type ReportRow = z.infer<typeof reportRowSchema>;

const tone = z.enum(['good', 'warning', 'bad']);
export const reportFigureSchema = z.object({
  label: z.string(),
  value: z.string().describe('The figure as shown ("1,204", "$3,950.00", "12:30").'),
  tone: tone.optional(),
});
export type ReportFigure = z.infer<typeof reportFigureSchema>;
export const reportChartSchema = z.object({
  title: z.string(),
  kind: z.enum(['bar', 'donut']),
  unit: z
    .enum(['minutes', 'money'])
    .optional()
    .describe('What the values count: minutes (written as h:mm), money (dollars); absent: a plain number.'),
  data: z.array(
    z.object({
      label: z.string(),
      value: z.number(),
      tone: z.enum(['good', 'warning', 'bad', 'neutral']).optional(),
    }),
  ),
});
export type ReportChart = z.infer<typeof reportChartSchema>;
export const reportNoticeSchema = z.object({ title: z.string(), body: z.string() });
export type ReportNoticeText = z.infer<typeof reportNoticeSchema>;

/** GET /api/report/{key}: the summary of every matching row, and one page of the rows. */
export const reportResponseSchema = z.object({
  report: z.object({ key: z.enum(REPORT_KEYS), title: z.string() }),
  filtersText: z
    .string()
    .describe('The filters in words ("Clients: Active · Devices: Active · Ending within 90 days").'),
  period: z
    .object({ from: z.string(), to: z.string() })
    .nullable()
    .describe('The period shown, MM/dd/yyyy; null when the report takes none.'),
  organization: z
    .object({ value: z.number().int(), label: z.string() })
    .nullable()
    .describe('The one organization reported on; null when the report covers several or a client filter.'),
  summary: z
    .object({ figures: z.array(reportFigureSchema), chart: reportChartSchema.nullable() })
    .describe('Figures and a chart over every matching row (not only this page).'),
  columns: z.array(reportColumnSchema),
  total: z.number().int().describe('Matching rows in all.'),
  sort: z.object({ field: z.string(), dir: z.enum(['asc', 'desc']) }),
  notices: z.array(reportNoticeSchema).describe('Notices printed on the report (client reports only).'),
  rows: z.array(reportRowSchema).describe('One page of the rows (start, limit), in the sort order.'),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** POST /api/report/{key}/export: makes the file, keeps it in report history, answers with the history row. */
export const exportBody = z.object({
  format: z.enum(EXPORT_FORMATS),
  // The report's filters as the address carries them (strings).
  query: z.record(z.string(), z.string()).default({}),
});

/** A row of report history: an export made, a security pack, or a document uploaded for a required upload. */
export const reportHistoryItemSchema = z.object({
  id: z.number().int(),
  report: z
    .string()
    .describe("The report's key, 'security-pack', or 'upload' (a document uploaded by hand)."),
  reportTitle: z.string(),
  title: z.string(),
  format: z.enum(['CSV', 'XLSX', 'PDF', 'FILE']).describe('FILE: a document uploaded by hand.'),
  filtersText: z.string().describe('The filters in words (empty for uploads).'),
  rerun: z
    .string()
    .nullable()
    .describe(
      "The address of the report's screen with these filters, to run it again; null when it is no client report.",
    ),
  organizations: z
    .string()
    .describe(
      'Who it was for: the one organization\'s name, "3 organizations", or empty (internal reports).',
    ),
  rowCount: z.number().int().nullable().describe('Rows written; null for security packs and uploads.'),
  size: z.number().int().describe('File size in bytes.'),
  fileName: z.string(),
  createdAt: z.string().describe('ISO 8601 instant.'),
  createdBy: z.string().nullable().describe("The maker's name; null once the user is gone."),
  download: z.string().describe('GET: the file as an attachment.'),
});
export type ReportHistoryItem = z.infer<typeof reportHistoryItemSchema>;
/** GET /api/report/history: a page of report history, newest first. */
export const reportHistoryPageResponse = recordListResponse(reportHistoryItemSchema);
/** POST /api/report/{key}/export and POST /api/report/history/upload: the history row of the file kept. */
export const reportHistoryResponse = z.object({ history: reportHistoryItemSchema.nullable() });

export const NO_ORGANIZATIONS_MATCH = 'No organizations match this filter.';
/** The most clients one security-pack job makes packs for. */
export const SECURITY_PACK_MAX = 5000;

/** POST /api/report/security-pack: packs for one organization, or for every one a SPEC §4 client code matches. */
export const securityPackBody = z.object({
  organization: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  clients: z.enum(codeValues(CLIENT_FILTERS)).default('1'),
});

/** A security-pack job as its status call answers it. */
export const securityPackJobSchema = z.object({
  id: z.string().describe('The job id (a UUID).'),
  state: z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']),
  total: z.number().int().describe('Packs to make (one per organization).'),
  done: z.number().int().describe('Packs made so far.'),
});
export type SecurityPackJob = z.infer<typeof securityPackJobSchema>;
/** GET /api/report/security-pack/{id}. */
export const securityPackStatusResponse = z.object({ job: securityPackJobSchema });
/** POST /api/report/security-pack: the job, and how many clients the filter matched with no devices to report. */
export const securityPackStartedSchema = z.object({
  job: securityPackJobSchema,
  skipped: z
    .number()
    .int()
    .describe('Organizations the filter matched that have no active device to report.'),
});
export type SecurityPackStarted = z.infer<typeof securityPackStartedSchema>;
/** One organization chosen, with no active device: its pack would report nothing. */
export const NO_DEVICES_TO_REPORT = 'This organization has no active devices to report.';
/** A client filter whose clients all have no active device. */
export const NO_CLIENT_DEVICES_TO_REPORT =
  'None of the clients this filter matches has active devices to report.';
/** "12 packs queued; 3 organizations skipped: no devices to report". */
export function packsQueuedText(queued: number, skipped: number): string {
  const packs = `${queued} ${queued === 1 ? 'pack' : 'packs'} queued`;
  if (!skipped) return packs;
  return `${packs}; ${skipped} ${skipped === 1 ? 'organization' : 'organizations'} skipped: no devices to report`;
}

export const UPLOAD_STATES = [
  { value: 'RECEIVED', label: 'Received' },
  { value: 'DUE', label: 'Due' },
  { value: 'OVERDUE', label: 'Overdue' },
] as const satisfies CodeList;
export type UploadState = (typeof UPLOAD_STATES)[number]['value'];

/** GET /api/report/required-uploads?organization=<id>: `{ items: RequiredUploadStatus[] }`. */
export const requiredUploadStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  report: z
    .string()
    .nullable()
    .describe(
      "The report that fulfils it (a client report key or 'security-pack'); null: a document uploaded by hand.",
    ),
  reportTitle: z.string().nullable(),
  frequency: z.object({ value: z.enum(['MONTHLY', 'QUARTERLY', 'YEARLY']), label: z.string() }),
  period: z
    .object({ from: z.string(), to: z.string(), label: z.string() })
    .describe('The current period, MM/dd/yyyy, and its name ("Q4 2026").'),
  dueOn: z.string().describe('MM/dd/yyyy: the last day of the period.'),
  lastSent: z
    .object({
      id: z.number().int(),
      title: z.string(),
      at: z.string().describe('ISO 8601 instant.'),
      download: z.string().describe('GET: the file as an attachment.'),
    })
    .nullable()
    .describe('The newest document sent for it (an export of its report or an upload); null: none yet.'),
  state: z.object({ value: z.enum(codeValues(UPLOAD_STATES)), label: z.string() }),
});
export type RequiredUploadStatus = z.infer<typeof requiredUploadStatusSchema>;
export const requiredUploadsResponse = z.object({ items: z.array(requiredUploadStatusSchema) });
