// A proposal's lines: edited as rows (a service type or free text, quantity, unit price, one-time or monthly; added,
// removed and reordered) with the one-time, monthly and first-year totals following every keystroke, exact to the
// cent with the same arithmetic the server uses; read as a table with its totals. Also the terms' rich text field.
import { useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { formatMoney, formatQuantity, lineAmount, parseDecimal } from '../../../shared/format/money';
import type { Option } from '../../../shared/schemas/common';
import { type ProposalLine, type ProposalTotals, proposalTotals } from '../../../shared/schemas/opportunity';
import { ListTable, RichText, Select, TextInput } from '../../ui';
import type { CustomFieldProps } from '../records/record-fields';

type Row = Record<string, unknown>;

const optionValue = (v: unknown) => (v && typeof v === 'object' && 'value' in v ? (v as Option).value : v);
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** What a row is worth as typed so far: a value that does not read as an amount counts as nothing yet. */
function typed(row: Row) {
  const read = (v: unknown, wholeDigits?: number) => {
    const parsed = parseDecimal(text(v), wholeDigits);
    return parsed?.ok ? parsed.value : null;
  };
  return {
    quantity: read(row.quantity, 8),
    unitPrice: read(row.unitPrice),
    recurrence: text(optionValue(row.recurrence)),
  };
}

/** The totals of the rows as they stand in the form. */
export function liveTotals(rows: Row[]): ProposalTotals {
  return proposalTotals(
    rows.map((row) => {
      const t = typed(row);
      return { quantity: t.quantity ?? '0', unitPrice: t.unitPrice ?? '0', recurrence: t.recurrence };
    }),
  );
}

const rowAmount = (row: Row) => {
  const t = typed(row);
  return t.quantity !== null && t.unitPrice !== null ? lineAmount(t.quantity, t.unitPrice) : null;
};

export const NEW_LINE: Row = {
  serviceType: null,
  description: '',
  quantity: '1',
  unitPrice: '',
  recurrence: { value: 'ONE_TIME', label: 'One-time' },
};

/** One-time, monthly and first year, announced politely as they change. */
export function Totals({ totals }: { totals: ProposalTotals }) {
  const items: [string, string, string][] = [
    ['One-time', totals.oneTime, 'proposal-one-time'],
    ['Monthly', totals.monthly, 'proposal-monthly'],
    ['First year', totals.firstYear, 'proposal-first-year'],
  ];
  return (
    <section
      className="d-flex flex-wrap gap-4 justify-content-end border-top pt-2"
      aria-label="Proposal totals"
      aria-live="polite"
    >
      {items.map(([label, value, testId]) => (
        <div key={label} className="text-end">
          <div className="text-body-secondary small">{label}</div>
          <div className="fs-6 fw-semibold" data-testid={testId}>
            {formatMoney(value)}
          </div>
        </div>
      ))}
    </section>
  );
}

function LineEditor({
  row,
  index,
  count,
  errors,
  update,
  move,
  remove,
  formOptions,
}: {
  row: Row;
  index: number;
  count: number;
  errors: string[];
  update: (next: Row) => void;
  move: (by: -1 | 1) => void;
  remove: () => void;
  formOptions: Record<string, Option[]>;
}) {
  const set = (name: string, value: unknown) => update({ ...row, [name]: value });
  const name = (field: string) => `line-${index}-${field}`;
  const amount = rowAmount(row);
  // A saved line keeps a service type made inactive since: it is offered beside the active ones.
  const saved = row.serviceType && typeof row.serviceType === 'object' ? (row.serviceType as Option) : null;
  const offered = formOptions.serviceType ?? [];
  const types =
    saved && !offered.some((o) => String(o.value) === String(saved.value)) ? [saved, ...offered] : offered;
  const recurrences = formOptions.recurrence ?? [];
  const n = index + 1;
  return (
    <fieldset
      className={`sd-proposal-line border rounded p-2 mb-2 ${errors.length ? 'border-danger' : ''}`}
      aria-label={`Line ${n}`}
    >
      <div className="d-flex align-items-center gap-1 mb-1">
        <span className="fw-semibold small me-auto">
          Line {n}
          <span className="text-body-secondary fw-normal ms-2" data-testid={`line-${n}-amount`}>
            {amount === null ? '' : formatMoney(amount)}
          </span>
        </span>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => move(-1)}
          disabled={index === 0}
          aria-label={`Move line ${n} up`}
        >
          ↑
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => move(1)}
          disabled={index === count - 1}
          aria-label={`Move line ${n} down`}
        >
          ↓
        </Button>
        <Button size="sm" variant="outline-danger" onClick={remove} aria-label={`Remove line ${n}`}>
          Remove
        </Button>
      </div>
      <div className="row g-2">
        <div className="col-md-3">
          <Select
            label="Service Type"
            name={name('serviceType')}
            options={types}
            placeholder="Free text"
            value={(optionValue(row.serviceType) as string | number | null) ?? null}
            onChange={(v) => set('serviceType', types.find((o) => o.value === v) ?? null)}
          />
        </div>
        <div className="col-md-4">
          <TextInput
            label="Description"
            name={name('description')}
            value={text(row.description)}
            onChange={(v) => set('description', v)}
          />
        </div>
        <div className="col-3 col-md-1">
          <TextInput
            label="Quantity"
            name={name('quantity')}
            value={text(row.quantity)}
            inputMode="decimal"
            onChange={(v) => set('quantity', v)}
          />
        </div>
        <div className="col-4 col-md-2">
          <TextInput
            label="Unit Price"
            name={name('unitPrice')}
            value={text(row.unitPrice)}
            inputMode="decimal"
            onChange={(v) => set('unitPrice', v)}
          />
        </div>
        <div className="col-5 col-md-2">
          <Select
            label="Billing"
            name={name('recurrence')}
            required
            options={recurrences}
            value={(optionValue(row.recurrence) as string | null) ?? null}
            onChange={(v) => set('recurrence', recurrences.find((o) => o.value === v) ?? null)}
          />
        </div>
      </div>
      {errors.length ? (
        <ul className="invalid-feedback d-block ps-3 mb-0" role="alert">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

/** The lines as the reader sees them, with their totals. */
export function LinesTable({ lines }: { lines: ProposalLine[] }) {
  if (lines.length === 0) return <p className="text-body-secondary small">No lines yet.</p>;
  return (
    <ListTable>
      <Table size="sm" className="mb-2 sd-proposal-lines" aria-label="Proposal lines">
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className="text-end">
              Qty
            </th>
            <th scope="col" className="text-end">
              Unit price
            </th>
            <th scope="col">Billing</th>
            <th scope="col" className="text-end">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own; their order is their identity
            <tr key={i}>
              <td>
                {l.serviceType?.label ?? l.description}
                {l.serviceType && l.description ? (
                  <span className="text-body-secondary"> · {l.description}</span>
                ) : null}
              </td>
              <td className="text-end">{formatQuantity(l.quantity)}</td>
              <td className="text-end text-nowrap">{formatMoney(l.unitPrice)}</td>
              <td>{l.recurrence.label}</td>
              <td className="text-end text-nowrap">{formatMoney(l.amount)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ListTable>
  );
}

/** Errors that name a line ("Line 2: …") belong to that line; the rest to the whole list. */
function errorsByLine(errors: string[] | undefined, count: number): { rows: string[][]; other: string[] } {
  const rows: string[][] = Array.from({ length: count }, () => []);
  const other: string[] = [];
  for (const e of errors ?? []) {
    const n = /^Line (\d+):/.exec(e)?.[1];
    const row = n ? rows[Number(n) - 1] : undefined;
    if (row) row.push(e);
    else other.push(e);
  }
  return { rows, other };
}

/** The lines field of the proposal form: the table when reading, the rows when editing; totals in both. */
export function LinesField({ value, set, errors, readOnly, formOptions }: CustomFieldProps) {
  const rows = (value as Row[] | undefined) ?? [];
  // SPEC §5: changing a line hides its errors until the next check; adding, removing or moving a line renumbers
  // them, so all of them are hidden then.
  const [cleared, setCleared] = useState<{ for?: string[]; rows: Set<number>; all: boolean }>({
    rows: new Set(),
    all: false,
  });
  const current = cleared.for === errors ? cleared : { rows: new Set<number>(), all: false };
  const shown = current.all ? [] : errors;
  const { rows: rowErrors, other } = errorsByLine(shown, rows.length);
  const change = (next: Row[], row?: number) => {
    setCleared({
      for: errors,
      rows: row === undefined ? current.rows : new Set([...current.rows, row]),
      all: current.all || row === undefined,
    });
    set(next);
  };
  const move = (i: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row!);
    change(next);
  };
  return (
    <div className="mb-3" data-field="lines">
      <div className="form-label fw-semibold">Lines</div>
      {readOnly ? (
        <LinesTable lines={rows as unknown as ProposalLine[]} />
      ) : (
        <>
          {rows.map((row, i) => (
            <LineEditor
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
              key={i}
              row={row}
              index={i}
              count={rows.length}
              errors={current.rows.has(i) ? [] : (rowErrors[i] ?? [])}
              formOptions={formOptions}
              update={(next) =>
                change(
                  rows.map((r, j) => (j === i ? next : r)),
                  i,
                )
              }
              move={(by) => move(i, by)}
              remove={() => change(rows.filter((_, j) => j !== i))}
            />
          ))}
          <Button
            size="sm"
            variant="outline-primary"
            className="mb-2"
            onClick={() => change([...rows, NEW_LINE])}
          >
            Add Line
          </Button>
        </>
      )}
      {other.length && current.rows.size === 0 ? (
        <ul className="invalid-feedback d-block ps-3 mb-2" role="alert">
          {other.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      <Totals totals={liveTotals(rows)} />
    </div>
  );
}

/** The terms: rich text in the editor's formats (the server keeps only those). */
export function TermsField({ value, set, errors, readOnly }: CustomFieldProps) {
  return (
    <RichText
      label="Terms"
      name="terms"
      value={text(value)}
      onChange={(html) => set(html)}
      readOnly={readOnly}
      errors={errors}
    />
  );
}
