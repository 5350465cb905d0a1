// The steps a preview may ask for: choosing an organization for each site the RMM names that SD6 does not know,
// mapping the columns of a file no preset knows (started from suggestions, each with how sure it is; the mapping can
// be saved as a preset), and how a date column writes its dates when its values read both ways.
import { useState } from 'react';
import { Alert, Badge, Button, Card } from 'react-bootstrap';
import type { Option } from '../../../shared/schemas/common';
import {
  type ColumnMapping,
  type ColumnSuggestion,
  DATE_ORDERS,
  type DateColumn,
  type DateOrderCode,
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

/** How sure a suggestion is, in words and figures. */
function SuggestionNote({ suggestion }: { suggestion: ColumnSuggestion }) {
  const { confidence } = suggestion;
  const words = confidence >= 90 ? 'sure' : confidence >= 75 ? 'likely' : 'a guess';
  return (
    <div className="small text-body-secondary mt-1" data-testid="suggestion">
      <Badge bg={confidence >= 90 ? 'success' : confidence >= 75 ? 'info' : 'secondary'} className="me-1">
        {confidence} %
      </Badge>
      Suggested from the column's name: {words}
    </div>
  );
}

export function MappingStep({ run }: { run: ImportRun }) {
  const headers = run.preview?.headers ?? [];
  const suggestions = run.preview?.suggestions ?? {};
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
          serial number or RMM ID are required; leave the others empty. The fields chosen for you are
          suggestions from the columns' names: check them.
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
                <td className="text-break sd-cell-min">{header}</td>
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
                  {suggestions[header] && suggestions[header].field === byHeader[header] ? (
                    <SuggestionNote suggestion={suggestions[header]} />
                  ) : null}
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

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/** The date columns whose values read both ways: the user says how each is written (shown three values each way). */
export function DateOrderStep({ run }: { run: ImportRun }) {
  const columns = (run.preview?.dateColumns ?? []).filter(
    (c) => c.decidedBy !== 'values' && c.samples.length,
  );
  const [chosen, setChosen] = useState<Record<string, DateOrderCode | undefined>>(() =>
    Object.fromEntries(columns.map((c) => [c.field, c.order ?? undefined])),
  );
  const { mapping } = useRunChange(run.id);
  if (columns.length === 0) return null;
  const open = columns.filter((c) => c.order === null);
  const complete = columns.every((c) => chosen[c.field]);
  const submit = () =>
    mapping.mutate({
      kind: run.kind,
      columns: run.mapping,
      dateOrders: Object.fromEntries(columns.map((c) => [c.field, chosen[c.field]])),
    });
  return (
    <Card className="sd-card mb-3" data-testid="date-order">
      <Card.Header>
        <h2 className="h6 mb-0">How Are the Dates Written?</h2>
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">
          {open.length
            ? 'Every date in these columns can be read day first or month first. Choose how the file writes them before confirming.'
            : 'The dates of these columns are read as chosen below.'}
        </p>
        <Errors error={mapping.error} />
        {columns.map((c) => (
          <DateColumnChoice
            key={c.field}
            column={c}
            value={chosen[c.field]}
            onChange={(order) => setChosen({ ...chosen, [c.field]: order })}
          />
        ))}
        <Button size="sm" onClick={submit} disabled={!complete || mapping.isPending}>
          Apply Date Order
        </Button>
      </Card.Body>
    </Card>
  );
}

function DateColumnChoice({
  column,
  value,
  onChange,
}: {
  column: DateColumn;
  value: DateOrderCode | undefined;
  onChange: (order: DateOrderCode) => void;
}) {
  const label = IMPORT_FIELDS.find((f) => f.value === column.field)?.label ?? column.field;
  const name = `date-order-${column.field}`;
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-medium mb-1 text-break">
        {column.header} <span className="text-body-secondary small">({label})</span>
      </legend>
      <table className="table table-sm sd-table mb-2">
        <thead>
          <tr>
            <th scope="col">In the File</th>
            <th scope="col">Day First</th>
            <th scope="col">Month First</th>
          </tr>
        </thead>
        <tbody>
          {column.samples.map((s) => (
            <tr key={s.text}>
              <td>{s.text}</td>
              <td>{longDate(s.dayFirst)}</td>
              <td>{longDate(s.monthFirst)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="d-flex flex-wrap gap-3">
        {DATE_ORDERS.map((o) => (
          <div key={o.value} className="form-check">
            <input
              className="form-check-input"
              type="radio"
              id={`${name}-${o.value}`}
              name={name}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <label className="form-check-label" htmlFor={`${name}-${o.value}`}>
              {o.label}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
