// Saving a document: with a newly chosen file, one multipart POST (the text fields first, then the file) through
// apiUpload so the screen can show its progress; without one, the usual JSON save of the fields alone.
import { DOCUMENT_PARTS, type DocumentRecord } from '../../../shared/schemas/document';
import { saveEntity } from '../../api/entity';
import { apiUpload } from '../../api/upload';

/** The file field's value once a file is chosen: its name, the file, and the stored file it replaces. */
export type PickedFile = { label: string; upload: File; replaces: unknown };

export const isPicked = (value: unknown): value is PickedFile =>
  !!value && typeof value === 'object' && 'upload' in value && (value as PickedFile).upload instanceof Blob;

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The multipart body: every text field of the form, then the file (the server reads it last). */
export function documentFormData(payload: Record<string, unknown>, file: File): FormData {
  const form = new FormData();
  for (const name of DOCUMENT_PARTS) if (name !== 'file') form.append(name, text(payload[name]));
  form.append('file', file, file.name);
  return form;
}

export async function saveDocument(
  url: string,
  entityKey: string,
  payload: Record<string, unknown>,
  options: { onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<DocumentRecord> {
  const picked = payload.file;
  if (!isPicked(picked))
    return saveEntity<DocumentRecord>(url, entityKey, payload, { signal: options.signal });
  const response = await apiUpload<Record<string, DocumentRecord | undefined>>(
    url,
    documentFormData(payload, picked.upload),
    options,
  );
  const record = response?.[entityKey];
  if (!record || typeof record !== 'object') throw new Error(`The response of ${url} has no "${entityKey}".`);
  return record;
}
