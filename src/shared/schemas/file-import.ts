// RMM file import (/admin/file-import): the kinds of export, the SD6 fields a file's columns map to, the calls'
// inputs and the run/preset/status shapes the screen reads.
import { z } from 'zod';
import { recordId } from './common.js';
import { type CodeList, codeValues } from './fields.js';
import { CLIENT_FILTERS } from './organization.js';

export const IMPORT_KINDS = [
  { value: 'DEVICE', label: 'Devices' },
  { value: 'ANTIVIRUS', label: 'Antivirus' },
  { value: 'BITLOCKER', label: 'BitLocker' },
  { value: 'PATCH', label: 'Patches' },
] as const satisfies CodeList;
export type ImportKind = (typeof IMPORT_KINDS)[number]['value'];

/** The SD6 equipment fields an export's columns can fill, plus the site/customer the organization is found by. */
export const IMPORT_FIELDS = [
  { value: 'site', label: 'Site / Customer' },
  { value: 'rmmId', label: 'RMM ID' },
  { value: 'name', label: 'Name' },
  { value: 'serialNumber', label: 'Serial Number' },
  { value: 'manufacturer', label: 'Manufacturer' },
  { value: 'model', label: 'Model' },
  { value: 'operatingSystem', label: 'Operating System' },
  { value: 'osVersion', label: 'OS Version' },
  { value: 'location', label: 'Location' },
  { value: 'purchaseDate', label: 'Purchase Date' },
  { value: 'warrantyEnd', label: 'Warranty End' },
  { value: 'lastResponseAt', label: 'Last RMM Response' },
  { value: 'antivirusProduct', label: 'Antivirus Product' },
  { value: 'antivirusState', label: 'Antivirus State' },
  { value: 'bitlockerState', label: 'BitLocker State' },
  { value: 'missingPatches', label: 'Missing Patches' },
  { value: 'lastPatchDate', label: 'Last Patch Date' },
  { value: 'firmwareVersion', label: 'Firmware Version' },
  { value: 'virtual', label: 'Virtual' },
] as const satisfies CodeList;
export type ImportField = (typeof IMPORT_FIELDS)[number]['value'];
/** The fields that identify a device (one is required in a mapping). */
export const IDENTITY_FIELDS = ['rmmId', 'serialNumber', 'name'] as const satisfies readonly ImportField[];

/** 100 MB: the largest export accepted. */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
export const IMPORT_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const IMPORT_TOO_LARGE = 'The file is larger than 100 MB.';
export const IMPORT_NOT_TABLE = 'Choose a CSV or XLSX file (an RMM export).';
export const IMPORT_LEGACY_EXCEL =
  'This is an old Excel (.xls) workbook. Save it as .xlsx or CSV and upload that.';
export const IMPORT_NO_FILE = 'Choose a file to upload.';
export const IMPORT_EMPTY = 'The file has no rows.';
export const IMPORT_PRESET_UNKNOWN = 'Choose a preset from the list.';
export const IMPORT_SITE_REQUIRED = 'Choose the column with the site or customer name.';
export const IMPORT_IDENTITY_REQUIRED = 'Choose a column with the device name, serial number or RMM ID.';
export const IMPORT_COLUMN_UNKNOWN = 'This column is not in the file.';
export const IMPORT_PRESET_DUPLICATE = 'A preset with this name exists already. Choose another name.';
export const IMPORT_NOT_PREVIEW = 'This import has been confirmed already.';
export const IMPORT_NEEDS_MAPPING = "Map the file's columns before confirming the import.";
export const IMPORT_NEEDS_DATE_ORDER = 'Choose how the dates are written before confirming the import.';
export const IMPORT_XLSX_UNREADABLE =
  'This file could not be read as an XLSX workbook. Open it in Excel, save it again as .xlsx or CSV, and upload that.';
export const IMPORT_NOT_CANCELLABLE = 'This import has finished already.';

/** How a column writes numeric dates: month first (11/1/2026 is November 1) or day first (1.11.2026). */
export const DATE_ORDERS = [
  { value: 'DMY', label: 'Day first' },
  { value: 'MDY', label: 'Month first' },
] as const satisfies CodeList;
export type DateOrderCode = (typeof DATE_ORDERS)[number]['value'];

const presetKey = z.string().trim().max(80);

/** The text fields of the upload form (the file comes last). `preset` empty: recognise the file's shape. */
export const uploadFields = z.object({
  preset: presetKey.optional().transform((v) => v || null),
});

/** A column mapping: SD6 field -> the file's column name. */
export const columnMapping = z
  .partialRecord(z.enum(codeValues(IMPORT_FIELDS)), z.string().trim().max(200))
  .transform((m) => Object.fromEntries(Object.entries(m).filter(([, v]) => v)) as ColumnMapping);
export type ColumnMapping = Partial<Record<ImportField, string>>;

export const mappingBody = z.object({
  kind: z.enum(codeValues(IMPORT_KINDS)),
  columns: columnMapping,
  /** The order of each date field's numeric dates, where the user chose it. */
  dateOrders: z.partialRecord(z.enum(codeValues(IMPORT_FIELDS)), z.enum(codeValues(DATE_ORDERS))).optional(),
  /** Also save the mapping as a preset of this name. */
  saveAs: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || null),
});
export type MappingBody = z.infer<typeof mappingBody>;

export const presetBody = z.object({
  name: z.string().trim().min(1, 'Enter a name for the preset.').max(100),
  kind: z.enum(codeValues(IMPORT_KINDS)),
  columns: columnMapping,
});
export type PresetBody = z.infer<typeof presetBody>;

export const sitesBody = z.object({
  sites: z
    .array(z.object({ site: z.string().trim().min(1).max(200), organization: recordId() }))
    .min(1, 'Choose an organization for at least one site.')
    .max(500),
});
export type SitesBody = z.infer<typeof sitesBody>;

export const runListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  after: z.string().max(200).optional(),
});

export const MONTH_INVALID = 'Enter a month as YYYY-MM.';
export const statusQuery = z.object({
  month: z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_INVALID)
    .optional(),
  clients: z.enum(codeValues(CLIENT_FILTERS)).default('1'),
  organization: recordId().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  after: z.string().max(500).optional(),
});

// ---- Responses ----

export type ImportPreset = {
  /** Built-in: its key ("ninjaone-devices"); saved: "saved:<id>". */
  key: string;
  label: string;
  kind: ImportKind;
  columns: ColumnMapping;
  builtIn: boolean;
  id: number | null;
};

export type RejectedRow = { line: number; reason: string; device: string | null };

/** A suggested field for a column of a file no preset knows, and how sure it is (0-100). */
export type ColumnSuggestion = { field: ImportField; confidence: number };

/** A date column: the order its numeric dates are read in, and what decided it (null: the user must choose). */
export type DateColumn = {
  field: ImportField;
  header: string;
  order: DateOrderCode | null;
  decidedBy: 'values' | 'choice' | null;
  /** Values that read both ways: the text, read day first and month first (yyyy-MM-dd). */
  samples: { text: string; dayFirst: string; monthFirst: string }[];
};
export type ImportPreview = {
  /** The file's column names. */
  headers: string[];
  /** The columns could not be mapped by the preset: the user maps them. */
  needsMapping: boolean;
  /** The preset's columns the file lacks. */
  missingColumns: string[];
  /** The file's columns the preset does not import. */
  extraColumns?: string[];
  /** For the mapping step: a suggested field per column (by its header). */
  suggestions?: Record<string, ColumnSuggestion>;
  /** The mapped date columns with numeric dates, and how they are read. */
  dateColumns?: DateColumn[];
  /** Rows imported with a warning (a last-seen date in the future): the first 200, and how many. */
  warnings?: RejectedRow[];
  warningCount?: number;
  /** File-wide notes (an encoding read as Windows-1252, a preset recognised). */
  notices: string[];
  counts: { total: number; create: number; update: number; unchanged: number; rejected: number };
  /** The first 200 rejected rows. */
  rejected: RejectedRow[];
  organizations: { id: number; name: string; sites: string[]; rows: number }[];
  unmatchedSites: { site: string; rows: number }[];
};

export const RUN_STATUSES = [
  { value: 'PREVIEW', label: 'Preview' },
  { value: 'QUEUED', label: 'Queued' },
  { value: 'RUNNING', label: 'Running' },
  { value: 'DONE', label: 'Done' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'CANCELLED', label: 'Cancelled' },
] as const satisfies CodeList;
export type RunStatus = (typeof RUN_STATUSES)[number]['value'];

export type ImportRun = {
  id: number;
  fileName: string;
  fileSize: number | null;
  preset: string;
  presetLabel: string;
  kind: ImportKind;
  mapping: ColumnMapping;
  status: RunStatus;
  totalRows: number;
  processedRows: number;
  counts: { create: number; update: number; unchanged: number; rejected: number };
  preview: ImportPreview | null;
  error: string | null;
  createdAt: string;
  createdBy: string | null;
  startedAt: string | null;
  finishedAt: string | null;
};

export const IMPORT_FILE_STATUSES = [
  { value: 'MISSING', label: 'Missing' },
  { value: 'UPLOADED', label: 'Uploaded' },
] as const satisfies CodeList;

export type ImportStatusRow = {
  organization: { value: number; label: string };
  kinds: Record<
    ImportKind,
    { status: 'Missing' | 'Uploaded'; uploadedAt: string | null; runId: number | null }
  >;
};
