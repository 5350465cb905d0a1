// Documents kept with a record (an agreement's contract, an opportunity's quote): the kinds, the form of the text
// fields (the file travels beside them as a multipart part), the list filters, the upload limits and messages.
import { z } from 'zod';
import { listQuery } from './common.js';
import { type CodeList, codeValues, optionalDate, optionalText, requiredText, version } from './fields.js';
import { recordBase, refValue } from './record.js';

export const DOCUMENT_KINDS = [
  { value: 'CONTRACT', label: 'Contract' },
  { value: 'AMENDMENT', label: 'Amendment' },
  { value: 'QUOTE', label: 'Quote' },
  { value: 'CORRESPONDENCE', label: 'Correspondence' },
  { value: 'OTHER', label: 'Other' },
] as const satisfies CodeList;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]['value'];

/** 25 MB: the largest file a document may hold. */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;

/** Why the store refused a file. */
export type FileRefusal = 'TOO_LARGE' | 'TYPE' | 'EMPTY';

export const FILE_TOO_LARGE = 'The file is larger than 25 MB.';
export const FILE_TYPE_REFUSED = 'This kind of file cannot be uploaded. Use PDF, images or Office files.';
export const FILE_EMPTY = 'The file is empty.';
export const FILE_REQUIRED = 'Choose a file to upload.';
export const ONE_FILE = 'Upload one file at a time.';
export const FILE_LAST = 'Send the file after the other fields of the form.';
export const UPLOAD_UNREADABLE = 'The upload could not be read. Try again.';
export const FIELD_NOT_EXPECTED = 'This field is not expected here.';

/** The file picker's hint to the browser (the server decides from the bytes, not from the name). */
export const DOCUMENT_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.gif,.webp,.tif,.tiff,.heic,.heif,.doc,.docx,.xls,.xlsx,.ppt,.pptx';

/**
 * The text fields of a document. Notes stay below the multipart field limit (10 KB) in any script: 3,000
 * characters are at most 9,000 bytes of UTF-8.
 */
export const documentForm = z.object({
  version: version(),
  title: requiredText(200),
  kind: z.enum(codeValues(DOCUMENT_KINDS)),
  signedDate: optionalDate(),
  notes: optionalText(3000),
});
export type DocumentForm = z.infer<typeof documentForm>;

/** The names a multipart save may carry: the form's fields and the file. */
export const DOCUMENT_PARTS = ['version', 'title', 'kind', 'signedDate', 'notes', 'file'] as const;

export const documentListQuery = listQuery.extend({
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(codeValues(DOCUMENT_KINDS)).optional()),
});
export type DocumentListQuery = z.infer<typeof documentListQuery>;

/** A document's values beside its parent, as the API presents them: its fields, then what its file says of itself. */
const documentValues = {
  title: z.string(),
  kind: z.object({ value: z.enum(codeValues(DOCUMENT_KINDS)), label: z.string() }),
  signedDate: z.string().nullable(),
  file: refValue.nullable(),
  notes: z.string().nullable(),
  /** The file's size in bytes, content type, upload time and uploader's name. */
  fileSize: z.number().nullable(),
  fileType: z.string().nullable(),
  fileUploaded: z.string().nullable(),
  fileUploadedBy: z.string().nullable(),
};

/** A document whatever its parent (the screens shared by agreements and opportunities read these values). */
export const documentRecord = recordBase.extend(documentValues);
/** A document of a record, with the reference to that record named `Parent` (an agreement's: `agreement`). */
export type DocumentRecord<Parent extends string = never> = z.infer<typeof documentRecord> & {
  [K in Parent]: { value: number; label: string };
};

/** An agreement's document as the API presents it (list rows, the basics screen, a save's answer). */
export const agreementDocumentRecord = recordBase.extend({ agreement: refValue, ...documentValues });
/** An opportunity's document as the API presents it (list rows, the basics screen, a save's answer). */
export const opportunityDocumentRecord = recordBase.extend({ opportunity: refValue, ...documentValues });

const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'image/tiff': 'TIFF image',
  'image/heic': 'HEIC image',
  'image/heif': 'HEIF image',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation',
  'application/msword': 'Word 97-2003 document',
  'application/vnd.ms-excel': 'Excel 97-2003 workbook',
  'application/vnd.ms-powerpoint': 'PowerPoint 97-2003 presentation',
  'application/x-cfb': 'Office 97-2003 file',
};

/** What a person calls a stored content type ("PDF", "Word document"). */
export const fileTypeLabel = (contentType: string | null | undefined) =>
  contentType ? (TYPE_LABELS[contentType] ?? contentType) : '';

/** "1.4 MB", "320 KB", "12 bytes": a file size as people read it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  if (Math.round(bytes / 1024) < 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
