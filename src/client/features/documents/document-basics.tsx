// The basics screen of one document of any record (an agreement, an opportunity): the record screen's read-only /
// Edit / Save / Cancel / Delete, field errors and 409 notice, with the file picker, its upload progress and Download.
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import {
  DOCUMENT_KINDS,
  DOCUMENT_MAX_BYTES,
  type DocumentRecord,
  documentForm,
  FILE_EMPTY,
  FILE_REQUIRED,
  FILE_TOO_LARGE,
  fileTypeLabel,
} from '../../../shared/schemas/document';
import { RecordBasics } from '../records/record-basics';
import type { FieldSection } from '../records/record-fields';
import { label } from '../records/record-list';
import { DocumentFileField, type UploadProgress } from './document-file-field';
import { isPicked, saveDocument } from './document-save';

export type DocumentBasicsProps = {
  /** API path of the documents: GET/POST/DELETE {api}/{id|create}, GET {api}/{id}/file. */
  api: string;
  /** Response key of one document, e.g. agreementDocument. */
  entityKey: string;
  /** History key of the documents. */
  historyKey: string;
  id: string;
  savedPath: (id: number) => string;
  /** The documents list: where Cancel on a new document and a deleted document go. */
  cancelPath: string;
  historyPath: (id: number) => string;
  /** Under the title (e.g. the parent record's figures and tabs). */
  headerExtra?: ReactNode;
  /** After a save or delete (e.g. the parent's activity timeline loads again). */
  onChanged?: () => void;
};

const KINDS = DOCUMENT_KINDS.map((k) => ({ value: k.value, label: k.label }));

/**
 * The shared form, plus the file: required on a new document, at most 25 MB, not empty. Checked even when other
 * fields fail, so every message shows at once.
 */
export function documentSchema(creating: boolean) {
  return documentForm.extend({ file: z.unknown() }).superRefine(
    (form, ctx) => {
      const picked = isPicked(form.file) ? form.file.upload : null;
      if (creating && !picked) ctx.addIssue({ code: 'custom', path: ['file'], message: FILE_REQUIRED });
      else if (picked && picked.size > DOCUMENT_MAX_BYTES)
        ctx.addIssue({ code: 'custom', path: ['file'], message: FILE_TOO_LARGE });
      else if (picked && picked.size === 0)
        ctx.addIssue({ code: 'custom', path: ['file'], message: FILE_EMPTY });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}

export function DocumentBasics(props: DocumentBasicsProps) {
  const creating = props.id === 'create';
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useRef<AbortController | null>(null);
  const abort = useCallback(() => upload.current?.abort(), []);
  // Leaving the screen stops an upload still running.
  useEffect(() => abort, [abort]);

  const sections: FieldSection[] = useMemo(
    () => [
      {
        fields: [
          { name: 'title', label: 'Title', kind: 'text', required: true, col: 'col-md-6', maxLength: 200 },
          {
            name: 'kind',
            label: 'Kind',
            kind: 'select',
            required: true,
            col: 'col-6 col-md-3',
            options: KINDS,
          },
          { name: 'signedDate', label: 'Signed Date', kind: 'date', col: 'col-6 col-md-3' },
          {
            name: 'file',
            label: 'File',
            kind: 'custom',
            col: 'col-12',
            render: (field) => (
              <DocumentFileField
                {...field}
                required={creating}
                progress={progress}
                onAbort={abort}
                downloadUrl={
                  field.values.id && field.value ? `${props.api}/${field.values.id as number}/file` : null
                }
              />
            ),
          },
          { name: 'notes', label: 'Notes', kind: 'textarea', col: 'col-12', maxLength: 3000 },
        ],
      },
    ],
    [creating, progress, props.api, abort],
  );

  const save = async (url: string, payload: Record<string, unknown>): Promise<DocumentRecord> => {
    const controller = new AbortController();
    upload.current = controller;
    if (isPicked(payload.file)) setProgress({ loaded: 0, total: payload.file.upload.size });
    try {
      return await saveDocument(url, props.entityKey, payload, {
        signal: controller.signal,
        onProgress: (loaded, total) => setProgress({ loaded, total }),
      });
    } finally {
      upload.current = null;
      setProgress(null);
    }
  };

  return (
    <RecordBasics<DocumentRecord>
      api={props.api}
      entityKey={props.entityKey}
      historyKey={props.historyKey}
      id={props.id}
      schema={documentSchema(creating)}
      save={save}
      sections={sections}
      title={(d) => d.title}
      newTitle="New Document"
      subtitle={(d) =>
        [label(d.kind), d.signedDate ? `signed ${d.signedDate}` : '', fileTypeLabel(d.fileType)]
          .filter(Boolean)
          .join(' · ')
      }
      savedPath={props.savedPath}
      cancelPath={props.cancelPath}
      historyPath={props.historyPath}
      onChanged={props.onChanged}
      headerExtra={props.headerExtra}
    />
  );
}
