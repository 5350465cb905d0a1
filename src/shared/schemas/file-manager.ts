// The file manager (/admin/file-manager, administrators): every stored file (documents of agreements and
// opportunities, RMM imports, report exports and packs) with its size, owner and where it is used; delete when unused.
import { z } from 'zod';
import { PAGE_SIZE } from './common.js';
import { refValue } from './record.js';

export const FILE_FILTERS = ['all', 'unused'] as const;
export const FILE_SORTS = ['date', 'size'] as const;

/** GET /api/admin/file-manager */
export const fileListQuery = z.object({
  filter: z
    .string()
    .trim()
    .refine((v) => v === '' || (FILE_FILTERS as readonly string[]).includes(v), 'Choose All or Unused.')
    .optional()
    .transform((v) => (v || 'all') as (typeof FILE_FILTERS)[number]),
  sort: z
    .string()
    .trim()
    .refine((v) => v === '' || (FILE_SORTS as readonly string[]).includes(v), 'Sort by date or by size.')
    .optional()
    .transform((v) => (v || 'date') as (typeof FILE_SORTS)[number]),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
  after: z.string().max(500).optional(),
});
export type FileListQuery = z.infer<typeof fileListQuery>;

export const FILE_USE_KINDS = ['agreement', 'opportunity', 'import', 'report'] as const;
export type FileUseKind = (typeof FILE_USE_KINDS)[number];
export const FILE_USE_LABELS: Record<FileUseKind, string> = {
  agreement: 'Agreement Document',
  opportunity: 'Opportunity Document',
  import: 'RMM Import',
  report: 'Report History',
};

/** Where a file is used: the record and the screen that shows it. */
export const fileUseSchema = z.object({
  kind: z.enum(FILE_USE_KINDS),
  kindLabel: z.string(),
  /** The document's title, the import's file name or the report's title. */
  label: z.string(),
  href: z.string().describe('The path of the screen that shows the record.'),
});
export type FileUse = z.infer<typeof fileUseSchema>;

export const storedFileItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().describe('Bytes.'),
  owner: refValue.nullable().describe('Who uploaded or made it; null: unknown.'),
  created: z.string().describe('ISO time.'),
  uses: z.array(fileUseSchema).describe('Where it is used; empty: unused, it may be deleted.'),
});
export type StoredFileItem = z.infer<typeof storedFileItemSchema>;

export const storageTotalsSchema = z.object({
  count: z.number().int(),
  bytes: z.number().int(),
  unusedCount: z.number().int(),
  unusedBytes: z.number().int(),
});
export type StorageTotals = z.infer<typeof storageTotalsSchema>;

/** GET /api/admin/file-manager: one page of files and the storage totals of all. */
export const fileListSchema = z.object({
  items: z.array(storedFileItemSchema),
  next: z.string().nullable(),
  totals: storageTotalsSchema,
});
export type FileList = z.infer<typeof fileListSchema>;

export const FILE_IN_USE = 'This file is still used and cannot be deleted. Remove it where it is used first.';
