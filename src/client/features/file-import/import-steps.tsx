// The two steps a preview may ask for: choosing an organization for each site the RMM names that SD6 does not know,
// and mapping the columns of a file no preset knows (which can be saved as a preset).
import { useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import type { Option } from '../../../shared/schemas/common';
import {
  type ColumnMapping,
  IMPORT_FIELDS,
  IMPORT_KINDS,
  type ImportField,
  type ImportKind,
  type ImportRun,
} from '../../../shared/schemas/file-import';
import { errorMessages } from '../../api/http';
import { Select, TextInput, Typeahead } from '../../ui';
import { useRunChange } from './file-import-api';

function Errors({ error }: { error: unknown }) {
  const lines = errorMessages(error);
  return lines.length ? (
    <Alert variant="danger" className="py-2 small" role="alert">
      {lines.map((l) => (
        <div key={l}>{l}</div>
      ))}
    </Alert>
  ) : null;
}

export function SitesStep({ run }: { run: ImportRun }) {
  const sites = run.preview?.unmatchedSites ?? [];
  const [chosen, setChosen] = useState<Record<string, Option | null>>({});
  const { sites: save } = useRunChange(run.id);
  const picked = sites
    .map((s) => ({ site: s.site, organization: chosen[s.site]?.value }))
    .filter((s): s is { site: string; organization: number } => typeof s.organization === 'number');
  if (sites.length === 0) return null;
  return (
    <Card className="sd-card mb-3" data-testid="unmatched-sites">
      <Card.Header>
        <h2 className="h6 mb-0">Sites Without an Organization</h2>
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">
          Choose the organization each site is. The choice is saved: later imports find it by themselves.
        </p>
        <Errors error={save.error} />
        {sites.map((s) => (
          <div key={s.site} className="row align-items-center g-2 mb-2">
            <div className="col-md-5 text-break">
              <span className="fw-medium">{s.site}</span>{' '}
              <span className="text-body-secondary small">
                ({s.rows.toLocaleString('en-US')} {s.rows === 1 ? 'row' : 'rows'})
              </span>
            </div>
            <div className="col-md-7">
              <Typeahead
                label={`Organization for ${s.site}`}
                name={`site-${s.site}`}
                className="mb-0 sd-label-hidden"
                url="/api/suggest/clients/"
                value={chosen[s.site] ?? null}
                onChange={(v) => setChosen({ ...chosen, [s.site]: v })}
              />
            </div>
          </div>
        ))}
        <Button
          size="sm"
          disabled={picked.length === 0 || save.isPending}
          onClick={() => save.mutate(picked)}
        >
          Save Site Mappings
        </Button>
      </Card.Body>
    </Card>
  );
}

const FIELD_OPTIONS = IMPORT_FIELDS.map((f) => ({ value: f.value, label: f.label }));

export function MappingStep({ run }: { run: ImportRun }) {
  const headers = run.preview?.headers ?? [];
  // Header -> field, starting from what the preset found.
  const [byHeader, setByHeader] = useState<Record<string, ImportField | null>>(() =>
    Object.fromEntries(Object.entries(run.mapping).map(([field, header]) => [header, field as ImportField])),
  );
  const [kind, setKind] = useState<ImportKind>(run.kind);
  const [saveAs, setSaveAs] = useState('');
  const { mapping } = useRunChange(run.id);
  const submit = () => {
    const columns: ColumnMapping = {};
    for (const [header, field] of Object.entries(byHeader)) if (field) columns[field] = header;
    mapping.mutate({ kind, columns, saveAs: saveAs.trim() || null });
  };
  return (
    <Card className="sd-card mb-3" data-testid="column-mapping">
      <Card.Header>
        <h2 className="h6 mb-0">Map the File's Columns</h2>
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">
          Choose the SD6 field of each column you want imported. The site or customer column and one of name,
          serial number or RMM ID are required; leave the others empty.
        </p>
        <Errors error={mapping.error} />
        <div className="row g-2">
          <div className="col-md-4">
            <Select
              label="Export Kind"
              name="kind"
              options={IMPORT_KINDS.map((k) => ({ ...k }))}
              value={kind}
              onChange={(v) => setKind((v as ImportKind) ?? 'DEVICE')}
            />
          </div>
        </div>
        <table className="table table-sm align-middle sd-table">
          <thead>
            <tr>
              <th scope="col">Column in the File</th>
              <th scope="col">SD6 Field</th>
            </tr>
          </thead>
          <tbody>
            {headers.map((header) => (
              <tr key={header}>
                <td className="text-break">{header}</td>
                <td>
                  <Select
                    label={`SD6 field for ${header}`}
                    name={`map-${header}`}
                    className="mb-0 sd-label-hidden"
                    options={FIELD_OPTIONS.filter(
                      (f) => byHeader[header] === f.value || !Object.values(byHeader).includes(f.value),
                    )}
                    placeholder="(not imported)"
                    value={byHeader[header] ?? null}
                    onChange={(v) =>
                      setByHeader({ ...byHeader, [header]: (v as ImportField | null) ?? null })
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="row g-2 align-items-end">
          <div className="col-md-6">
            <TextInput
              label="Save as Preset"
              name="saveAs"
              value={saveAs}
              onChange={setSaveAs}
              hint="Optional: a name to offer this mapping again for files of this shape."
            />
          </div>
          <div className="col-md-6 mb-3">
            <Button size="sm" onClick={submit} disabled={mapping.isPending}>
              Apply Mapping
            </Button>
          </div>
        </div>
      </Card.Body>
    </Card>
  );
}
