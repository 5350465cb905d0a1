// /admin/file-import (Admin Files Import; `?preset=<key>` chooses the preset) and /admin/file-import/:runId: upload
// an RMM export with a preset, then its run (preview, steps, confirm, progress, result), so a reload keeps the place.
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, ProgressBar, Spinner } from 'react-bootstrap';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import {
  IMPORT_ACCEPT,
  IMPORT_KINDS,
  IMPORT_NO_FILE,
  type ImportRun,
} from '../../../shared/schemas/file-import';
import { errorMessages } from '../../api/http';
import { apiUpload } from '../../api/upload';
import { FormField, Select } from '../../ui';
import { IMPORT_API, runKey, usePresets, useRun } from './file-import-api';
import { ImportStatusTable, RecentImports } from './import-lists';
import { RunView } from './run-view';

/** The choice that lets the server recognise the file by its columns. */
const AUTO = 'auto';
const kindLabel = (kind: string) => IMPORT_KINDS.find((k) => k.value === kind)?.label ?? kind;

function UploadCard() {
  const [search] = useSearchParams();
  const presets = usePresets();
  const [preset, setPreset] = useState<string>(AUTO);
  // `?preset=<key>` chooses a preset the list has; an unknown key is ignored (the list never grows one).
  const asked = search.get('preset');
  useEffect(() => {
    if (asked && presets.data?.some((p) => p.key === asked)) setPreset(asked);
  }, [asked, presets.data]);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(new Error(IMPORT_NO_FILE));
      return;
    }
    const form = new FormData();
    form.append('preset', preset === AUTO ? '' : preset);
    form.append('file', file);
    setError(null);
    setProgress(0);
    try {
      const result = await apiUpload<{ run: ImportRun }>(`${IMPORT_API}/upload`, form, {
        onProgress: (loaded, total) => setProgress(total ? Math.round((loaded / total) * 100) : 0),
      });
      queryClient.setQueryData(runKey(result.run.id), result);
      void queryClient.invalidateQueries({ queryKey: ['file-import', 'runs'] });
      navigate(pathFor('file_import_run', { runId: result.run.id }));
    } catch (e) {
      setError(e);
      setProgress(null);
    }
  };

  const options = [
    { value: AUTO, label: 'Recognise from the columns' },
    ...(presets.data ?? []).map((p) => ({ value: p.key, label: `${p.label} (${kindLabel(p.kind)})` })),
  ];
  const uploading = progress !== null;
  return (
    <Card className="sd-card sd-form-card mb-3">
      <Card.Header>
        <h2 className="h6 mb-0">Upload an RMM Export</h2>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate aria-label="Upload an RMM export">
          {errorMessages(error).map((e) => (
            <Alert key={e} variant="danger" className="py-2 small" role="alert">
              {e}
            </Alert>
          ))}
          <div className="row g-2">
            <div className="col-md-6">
              <Select
                label="Preset"
                name="preset"
                options={options}
                value={preset}
                onChange={(v) => setPreset(v === null ? AUTO : String(v))}
                hint="The tool and report the file was exported from."
              />
            </div>
            <div className="col-md-6">
              <FormField
                id="import-file"
                label="File"
                name="file"
                required
                hint="CSV or XLSX, at most 100 MB."
              >
                <input
                  ref={input}
                  id="import-file"
                  name="file"
                  type="file"
                  className="form-control"
                  accept={IMPORT_ACCEPT}
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              </FormField>
            </div>
          </div>
          {uploading ? (
            <div className="mb-2">
              <div className="small mb-1">
                {progress < 100 ? 'Uploading…' : 'Reading the file and preparing the preview…'}
              </div>
              <ProgressBar now={progress} aria-label="Upload progress" animated={progress >= 100} />
            </div>
          ) : null}
          <Button type="submit" disabled={uploading}>
            Upload and Preview
          </Button>
        </form>
      </Card.Body>
    </Card>
  );
}

export function FileImportPage() {
  return (
    <>
      <div className="sd-page-head">
        <h1 className="h4 mb-0">Admin Files Import</h1>
      </div>
      <UploadCard />
      <RecentImports />
      <ImportStatusTable />
    </>
  );
}

export function FileImportRunPage() {
  const runId = Number(useParams().runId);
  const run = useRun(runId);
  return (
    <>
      <div className="sd-page-head">
        <h1 className="h4 mb-0">Import #{runId}</h1>
        <Link to={pathFor('file_import')} className="btn btn-sm btn-outline-secondary">
          New Import
        </Link>
      </div>
      {run.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {run.isError ? <Alert variant="danger">{run.error.message}</Alert> : null}
      {run.data ? <RunView run={run.data} /> : null}
    </>
  );
}
