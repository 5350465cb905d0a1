// The file of a document form: the stored file (name, size, type, who uploaded it, Download), and while editing a
// file picker that also takes a dropped file, the chosen file (which replaces the stored one on Save, or can be
// removed again) and the upload's progress.
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { Button, ProgressBar } from 'react-bootstrap';
import type { Option } from '../../../shared/schemas/common';
import { DOCUMENT_ACCEPT, fileTypeLabel, formatFileSize } from '../../../shared/schemas/document';
import { FormField, fieldId } from '../../ui';
import { formatWhen } from '../history/history-api';
import type { CustomFieldProps } from '../records/record-fields';
import { isPicked, type PickedFile } from './document-save';

export type UploadProgress = { loaded: number; total: number };

type Props = CustomFieldProps & {
  /** The download address of the stored file. */
  downloadUrl: string | null;
  required: boolean;
  progress: UploadProgress | null;
  /** Stops the running upload (Cancel pressed while it runs). */
  onAbort: () => void;
};

const storedOf = (value: unknown): Option | null =>
  value && typeof value === 'object' && 'value' in value ? (value as Option) : null;

export function DocumentFileField(props: Props) {
  const { value, values, readOnly, errors } = props;
  const id = fieldId('file');
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const picked: PickedFile | null = isPicked(value) ? value : null;
  const stored = picked ? storedOf(picked.replaces) : storedOf(value);

  // Cancel or Save put the stored file back: the input forgets the file it showed.
  useEffect(() => {
    if (!picked && input.current) input.current.value = '';
  }, [picked]);
  // Cancel while the file is still being sent: the upload stops (a finished one has no progress any more).
  const { progress, onAbort } = props;
  useEffect(() => {
    if (readOnly && progress) onAbort();
  }, [readOnly, progress, onAbort]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    props.set({ label: file.name, upload: file, replaces: picked ? picked.replaces : value });
  };
  const drop = (event: DragEvent<HTMLFieldSetElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  const percent =
    progress && progress.total > 0
      ? Math.min(100, Math.round((progress.loaded / progress.total) * 100))
      : null;

  return (
    <FormField
      id={id}
      label="File"
      name="file"
      required={props.required}
      readOnly={readOnly}
      errors={errors}
      labelFor={!readOnly}
    >
      {stored ? (
        <div
          className="d-flex flex-wrap align-items-center column-gap-3 row-gap-1 mb-2"
          data-testid="stored-file"
        >
          <span className="fw-medium text-break">{stored.label}</span>
          <span className="text-body-secondary small">
            {[
              typeof values.fileSize === 'number' ? formatFileSize(values.fileSize) : '',
              fileTypeLabel(values.fileType as string | null),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
          {values.fileUploaded ? (
            <span className="text-body-secondary small">
              Uploaded {formatWhen(String(values.fileUploaded))}
              {values.fileUploadedBy ? ` by ${values.fileUploadedBy}` : ''}
            </span>
          ) : null}
          {props.downloadUrl ? (
            <a className="btn btn-sm btn-outline-primary" href={props.downloadUrl} download={stored.label}>
              Download
            </a>
          ) : null}
        </div>
      ) : readOnly ? (
        <div className="text-body-secondary">No file</div>
      ) : null}
      {readOnly ? null : (
        <fieldset
          className={`rounded p-2 ${dragging ? 'bg-primary-subtle border-primary' : 'border-secondary-subtle'}`}
          style={{ border: '2px dashed' }}
          data-testid="drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <legend className="visually-hidden">Choose or drop a file</legend>
          <input
            ref={input}
            id={id}
            name="file"
            type="file"
            className="form-control"
            accept={DOCUMENT_ACCEPT}
            aria-describedby={`${id}-drop`}
            disabled={!!progress}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <div id={`${id}-drop`} className="form-text">
            {stored ? 'A new file replaces the current one when you save. ' : ''}
            Choose or drop a PDF, an image or an Office file of up to 25 MB.
          </div>
          {picked ? (
            <div className="d-flex align-items-center gap-2 mt-1" data-testid="picked-file">
              <span className="small">
                New file: <span className="fw-medium text-break">{picked.label}</span> (
                {formatFileSize(picked.upload.size)})
              </span>
              {progress ? null : (
                <Button size="sm" variant="link" className="p-0" onClick={() => props.set(picked.replaces)}>
                  Remove
                </Button>
              )}
            </div>
          ) : null}
          {progress ? (
            <ProgressBar
              className="mt-2"
              now={percent ?? 100}
              animated={percent === null}
              label={percent === null ? 'Uploading…' : `${percent}%`}
              aria-label="Upload progress"
            />
          ) : null}
        </fieldset>
      )}
    </FormField>
  );
}
