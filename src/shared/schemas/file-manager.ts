// The file manager (/admin/file-manager, administrators): every stored file (documents of agreements and
// opportunities, RMM imports, report exports and packs) with its size, owner and where it is used; delete when unused.
import { z } from 'zod';
import { type Option, PAGE_SIZE } from './common.js';

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

export type FileUseKind = 'agreement' | 'opportunity' | 'import' | 'report';
export const FILE_USE_LABELS: Record<FileUseKind, string> = {
  agreement: 'Agreement Document',
  opportunity: 'Opportunity Document',
  import: 'RMM Import',
  report: 'Report History',
};

/** Where a file is used: the record and the screen that shows it. */
export type FileUse = { kind: FileUseKind; kindLabel: string; label: string; href: string };

export type StoredFileItem = {
  id: number;
  name: string;
  contentType: string;
  size: number;
  owner: Option | null;
  /** ISO time. */
  created: string;
  uses: FileUse[];
};

export type StorageTotals = { count: number; bytes: number; unusedCount: number; unusedBytes: number };

export type FileList = { items: StoredFileItem[]; next: string | null; totals: StorageTotals };

export const FILE_IN_USE = 'This file is still used and cannot be deleted. Remove it where it is used first.';
