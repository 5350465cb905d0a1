// The client reports (SPEC §2 /report/..., DOMAIN "Reports"): their keys, screens, filters and the one response
// shape every report answers with. Server (queries, exports, history) and client (the report frame) share it.
import { z } from 'zod';
import { MAX_INT } from './schemas/common.js';
import { EQUIPMENT_FILTERS } from './schemas/equipment.js';
import { ACTIVE_FILTERS, type CodeList, codeValues, dateKey, optionalDate } from './schemas/fields.js';
import { CLIENT_FILTERS } from './schemas/organization.js';

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
export type HistoryReportKey = ReportKey | 'security-pack' | 'upload';

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
export type ReportColumnKind = 'text' | 'number' | 'percent' | 'date' | 'datetime' | 'minutes' | 'money';
export type ReportColumn = {
  name: string;
  title: string;
  kind: ReportColumnKind;
  /** The rows can be sorted by this column (`sort=<name>`). */
  sortable?: boolean;
  /** A value the screen needs (an id for a row action) but never shows or exports. */
  hidden?: boolean;
  /** Minutes expected (weekly summary: a workday's, a week's): a value below it is highlighted. */
  expected?: number;
};
/** Raw values: dates yyyy-MM-dd, instants ISO 8601, minutes and numbers as numbers, money as a decimal text. */
export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;

export type ReportFigure = { label: string; value: string; tone?: 'good' | 'warning' | 'bad' };
export type ReportChart = {
  title: string;
  kind: 'bar' | 'donut';
  /** What the values count: minutes are written as hours (h:mm), money as dollars and cents, else a number. */
  unit?: 'minutes' | 'money';
  data: { label: string; value: number; tone?: 'good' | 'warning' | 'bad' | 'neutral' }[];
};
export type ReportNoticeText = { title: string; body: string };

/** GET /api/report/{key}: the summary of every matching row, and one page of the rows. */
export type ReportResponse = {
  report: { key: ReportKey; title: string };
  /** The filters in words ("Clients: Active · Devices: Active · Ending within 90 days"). */
  filtersText: string;
  /** The period shown, MM/dd/yyyy, where the report takes one. */
  period: { from: string; to: string } | null;
  /** The one organization reported on, when only one is. */
  organization: { value: number; label: string } | null;
  summary: { figures: ReportFigure[]; chart: ReportChart | null };
  columns: ReportColumn[];
  rows: ReportRow[];
  /** Matching rows in all. */
  total: number;
  sort: { field: string; dir: 'asc' | 'desc' };
  notices: ReportNoticeText[];
};

/** POST /api/report/{key}/export: makes the file, keeps it in report history, answers with the history row. */
export const exportBody = z.object({
  format: z.enum(EXPORT_FORMATS),
  // The report's filters as the address carries them (strings).
  query: z.record(z.string(), z.string()).default({}),
});

export type ReportHistoryItem = {
  id: number;
  report: string;
  reportTitle: string;
  title: string;
  format: 'CSV' | 'XLSX' | 'PDF' | 'FILE';
  filtersText: string;
  /** The address of the report with these filters, to run it again (null for uploads). */
  rerun: string | null;
  organizations: string;
  rowCount: number | null;
  size: number;
  fileName: string;
  createdAt: string;
  createdBy: string | null;
  /** GET: the file as an attachment. */
  download: string;
};

export const NO_ORGANIZATIONS_MATCH = 'No organizations match this filter.';
/** The most clients one security-pack job makes packs for. */
export const SECURITY_PACK_MAX = 5000;

/** POST /api/report/security-pack: packs for one organization, or for every one a SPEC §4 client code matches. */
export const securityPackBody = z.object({
  organization: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  clients: z.enum(codeValues(CLIENT_FILTERS)).default('1'),
});

/** A security-pack job as its status call answers it. */
export type SecurityPackJob = {
  id: string;
  state: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  total: number;
  done: number;
};
/** POST /api/report/security-pack: the job, and how many clients the filter matched with no devices to report. */
export type SecurityPackStarted = { job: SecurityPackJob; skipped: number };
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
export type RequiredUploadStatus = {
  id: number;
  name: string;
  description: string | null;
  /** The report that fulfils it (a client report key or 'security-pack'); null: a document uploaded by hand. */
  report: string | null;
  reportTitle: string | null;
  frequency: { value: 'MONTHLY' | 'QUARTERLY' | 'YEARLY'; label: string };
  /** The current period, MM/dd/yyyy, and its name ("Q4 2026"). */
  period: { from: string; to: string; label: string };
  dueOn: string;
  lastSent: { id: number; title: string; at: string; download: string } | null;
  state: { value: UploadState; label: string };
};
