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

/** A column mapping as the server presents it: SD6 field -> the file's column name. */
const columnMappingValue = z
  .partialRecord(z.enum(codeValues(IMPORT_FIELDS)), z.string())
  .describe("SD6 field -> the file's column name.");

export const importPresetSchema = z.object({
  key: z.string().describe('Built-in: its key ("ninjaone-devices"); saved: "saved:<id>".'),
  label: z.string(),
  kind: z.enum(codeValues(IMPORT_KINDS)),
  columns: columnMappingValue,
  builtIn: z.boolean(),
  id: z.number().int().nullable().describe("A saved preset's id; null for a built-in one."),
});
export type ImportPreset = z.infer<typeof importPresetSchema>;
/** GET /api/admin/file-import/presets: the built-in presets, then the saved ones. */
export const importPresetsResponse = z.object({ presets: z.array(importPresetSchema) });
/** POST /api/admin/file-import/presets: the preset saved. */
export const importPresetResponse = z.object({ preset: importPresetSchema });
/** DELETE /api/admin/file-import/presets/{id}. */
export const importPresetDeletedResponse = z.object({ ok: z.literal(true) });

export const rejectedRowSchema = z.object({
  line: z.number().int().describe("The row's line in the file."),
  reason: z.string(),
  device: z
    .string()
    .nullable()
    .describe("The device's name, serial number or RMM ID, where the row has one."),
});
export type RejectedRow = z.infer<typeof rejectedRowSchema>;

/** A suggested field for a column of a file no preset knows, and how sure it is (0-100). */
const columnSuggestionSchema = z.object({
  field: z.enum(codeValues(IMPORT_FIELDS)),
  confidence: z.number().describe('How sure the suggestion is, 0-100.'),
});
export type ColumnSuggestion = z.infer<typeof columnSuggestionSchema>;

/** A date column: the order its numeric dates are read in, and what decided it (null: the user must choose). */
const dateColumnSchema = z.object({
  field: z.enum(codeValues(IMPORT_FIELDS)),
  header: z.string(),
  order: z.enum(codeValues(DATE_ORDERS)).nullable().describe('null: the user must choose before confirming.'),
  decidedBy: z.enum(['values', 'choice']).nullable(),
  samples: z
    .array(z.object({ text: z.string(), dayFirst: z.string(), monthFirst: z.string() }))
    .describe('Values that read both ways: the text, read day first and month first (yyyy-MM-dd).'),
});
export type DateColumn = z.infer<typeof dateColumnSchema>;

export const importPreviewSchema = z.object({
  headers: z.array(z.string()).describe("The file's column names."),
  needsMapping: z.boolean().describe('The columns could not be mapped by the preset: the user maps them.'),
  missingColumns: z.array(z.string()).describe("The preset's columns the file lacks."),
  extraColumns: z.array(z.string()).optional().describe("The file's columns the preset does not import."),
  suggestions: z
    .record(z.string(), columnSuggestionSchema)
    .optional()
    .describe('For the mapping step: a suggested field per column, by its header.'),
  dateColumns: z
    .array(dateColumnSchema)
    .optional()
    .describe('The mapped date columns with numeric dates, and how they are read.'),
  warnings: z
    .array(rejectedRowSchema)
    .optional()
    .describe('Rows imported with a warning (a last-seen date in the future): the first 200.'),
  warningCount: z.number().int().optional().describe('Rows imported with a warning, in all.'),
  notices: z
    .array(z.string())
    .describe('File-wide notes (an encoding read as Windows-1252, a preset recognised).'),
  counts: z.object({
    total: z.number().int(),
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    rejected: z.number().int(),
  }),
  rejected: z.array(rejectedRowSchema).describe('The first 200 rejected rows.'),
  organizations: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        sites: z.array(z.string()),
        rows: z.number().int(),
      }),
    )
    .describe('The organizations the rows go to, with the site names that matched them.'),
  unmatchedSites: z
    .array(z.object({ site: z.string(), rows: z.number().int() }))
    .describe('Site names no organization is mapped to yet.'),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const RUN_STATUSES = [
  { value: 'PREVIEW', label: 'Preview' },
  { value: 'QUEUED', label: 'Queued' },
  { value: 'RUNNING', label: 'Running' },
  { value: 'DONE', label: 'Done' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'CANCELLED', label: 'Cancelled' },
] as const satisfies CodeList;
export type RunStatus = (typeof RUN_STATUSES)[number]['value'];

export const importRunSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  fileSize: z.number().int().nullable().describe('Bytes.'),
  preset: z.string().describe('The preset key the run maps by ("custom": a mapping of its own).'),
  presetLabel: z.string(),
  kind: z.enum(codeValues(IMPORT_KINDS)),
  mapping: columnMappingValue,
  status: z.enum(codeValues(RUN_STATUSES)),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  counts: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    rejected: z.number().int(),
  }),
  preview: importPreviewSchema.nullable().describe("The run's preview; null in the list of runs."),
  error: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601 instant.'),
  createdBy: z.string().nullable().describe("The uploader's name."),
  startedAt: z.string().nullable().describe('ISO 8601 instant.'),
  finishedAt: z.string().nullable().describe('ISO 8601 instant.'),
});
export type ImportRun = z.infer<typeof importRunSchema>;
/** Upload, one run, and each step of a run (sites, mapping, confirm, cancel): the run as it now is. */
export const importRunResponse = z.object({ run: importRunSchema });
/** GET /api/admin/file-import: the recent runs, newest first (without their previews). */
export const importRunListResponse = z.object({
  items: z.array(importRunSchema),
  next: z.string().nullable(),
});

export const IMPORT_FILE_STATUSES = [
  { value: 'MISSING', label: 'Missing' },
  { value: 'UPLOADED', label: 'Uploaded' },
] as const satisfies CodeList;

const importKindStatus = z.object({
  status: z.enum(['Missing', 'Uploaded']),
  uploadedAt: z.string().nullable().describe('ISO 8601 instant; null while missing.'),
  runId: z.number().int().nullable().describe('The run that uploaded it; null while missing.'),
});
export const importStatusRowSchema = z.object({
  organization: z.object({ value: z.number().int(), label: z.string() }),
  kinds: z
    .record(z.enum(codeValues(IMPORT_KINDS)), importKindStatus)
    .describe('Each kind of export: whether one was imported for the organization in the month.'),
});
export type ImportStatusRow = z.infer<typeof importStatusRowSchema>;
/** GET /api/admin/file-import/status: a page of organizations with each kind's status in the month. */
export const importStatusResponse = z.object({
  month: z.string().describe('YYYY-MM'),
  items: z.array(importStatusRowSchema),
  next: z.string().nullable(),
});
