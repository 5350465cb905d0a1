// Saving a document: the client's checks of the file, the multipart body (fields first, file last) and the choice
// between the upload and the plain JSON save.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DOCUMENT_MAX_BYTES,
  FILE_EMPTY,
  FILE_REQUIRED,
  FILE_TOO_LARGE,
} from '../../../shared/schemas/document';
import { documentSchema } from './document-basics';
import { documentFormData, type PickedFile, saveDocument } from './document-save';

const picked = (size: number, name = 'contract.pdf'): PickedFile => {
  const upload = new File([new Uint8Array(Math.min(size, 16))], name, { type: 'application/pdf' });
  if (size > 16) Object.defineProperty(upload, 'size', { value: size });
  return { label: name, upload, replaces: null };
};

const fields = { version: 0, title: 'Contract', kind: 'CONTRACT', signedDate: null, notes: null };

const fileErrors = (creating: boolean, file: unknown, over: Record<string, unknown> = {}) => {
  const result = documentSchema(creating).safeParse({ ...fields, ...over, file });
  return result.success ? [] : result.error.issues.filter((i) => i.path[0] === 'file').map((i) => i.message);
};

describe('documentSchema', () => {
  it('needs a file on a new document only, at most 25 MB and not empty', () => {
    expect(fileErrors(true, null)).toEqual([FILE_REQUIRED]);
    expect(fileErrors(false, { value: 3, label: 'old.pdf' })).toEqual([]);
    expect(fileErrors(true, picked(1200))).toEqual([]);
    expect(fileErrors(false, picked(DOCUMENT_MAX_BYTES + 1))).toEqual([FILE_TOO_LARGE]);
    expect(fileErrors(true, picked(DOCUMENT_MAX_BYTES))).toEqual([]);
    expect(fileErrors(true, picked(0))).toEqual([FILE_EMPTY]);
  });

  it('reports the file beside the other fields, all at once', () => {
    const result = documentSchema(true).safeParse({ version: 0, title: '', kind: null, file: null });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0]).sort()).toEqual(['file', 'kind', 'title']);
  });
});

describe('saving', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('puts every text field before the file', () => {
    const file = picked(10).upload;
    const form = documentFormData({ ...fields, notes: 'Signed copy', id: 7, created: 'x' }, file);
    expect([...form.keys()]).toEqual(['version', 'title', 'kind', 'signedDate', 'notes', 'file']);
    expect(form.get('signedDate')).toBe('');
    expect(form.get('notes')).toBe('Signed copy');
    expect((form.get('file') as File).name).toBe('contract.pdf');
  });

  it('saves the fields alone as JSON when no file was chosen', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ agreementDocument: { id: 4, title: 'Contract' } }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    const record = await saveDocument('/api/docs/4', 'agreementDocument', {
      ...fields,
      file: { value: 9, label: 'old.pdf' },
    });
    expect(record).toEqual({ id: 4, title: 'Contract' });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ title: 'Contract', file: 9 });
  });
});
