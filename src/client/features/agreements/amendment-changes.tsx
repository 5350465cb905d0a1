// An amendment's service changes: edited as rows (add a service, change a quantity or price, end a service) and
// read as a before/after table of the services with their monthly amounts.
import { Button, Table } from 'react-bootstrap';
import { formatMoney, formatQuantity, sumAmounts } from '../../../shared/format/money';
import type { ChangeRow } from '../../../shared/schemas/agreement';
import type { Option } from '../../../shared/schemas/common';
import { ListTable, Select, TextInput } from '../../ui';
import type { CustomFieldProps } from '../records/record-fields';

type Row = Record<string, unknown>;

const optionValue = (v: unknown) => (v && typeof v === 'object' && 'value' in v ? (v as Option).value : v);
const find = (options: Option[] | undefined, v: unknown) =>
  options?.find((o) => String(o.value) === String(optionValue(v))) ?? null;

function ChangeEditor({
  row,
  index,
  update,
  remove,
  formOptions,
}: {
  row: Row;
  index: number;
  update: (next: Row) => void;
  remove: () => void;
  formOptions: Record<string, Option[]>;
}) {
  const kind = String(optionValue(row.kind) ?? '');
  const set = (name: string, value: unknown) => update({ ...row, [name]: value });
  const id = (name: string) => `change-${index}-${name}`;
  const text = (name: string, label: string, col: string) => (
    <div className={col}>
      <TextInput
        label={label}
        name={id(name)}
        value={String(row[name] ?? '')}
        onChange={(v) => set(name, v)}
        inputMode="decimal"
      />
    </div>
  );
  const select = (name: string, label: string, col: string) => (
    <div className={col}>
      <Select
        label={label}
        name={id(name)}
        options={formOptions[name] ?? []}
        value={find(formOptions[name], row[name])?.value ?? null}
        onChange={(v) => set(name, find(formOptions[name], v))}
      />
    </div>
  );
  return (
    <fieldset className="sd-change-row border rounded p-2 mb-2" aria-label={`Service change ${index + 1}`}>
      <div className="row g-2 align-items-end">
        {select('kind', `Change ${index + 1}`, 'col-md-4')}
        {kind === 'ADD' ? (
          <>
            {select('serviceType', 'Service Type', 'col-md-4')}
            <div className="col-md-4">
              <TextInput
                label="Description"
                name={id('description')}
                value={String(row.description ?? '')}
                onChange={(v) => set('description', v)}
              />
            </div>
            {text('quantity', 'Quantity', 'col-4 col-md-2')}
            {text('unitPrice', 'Unit Price', 'col-4 col-md-2')}
            {select('billingFrequency', 'Billing', 'col-4 col-md-3')}
            {text('coveredHours', 'Covered Hours', 'col-6 col-md-2')}
          </>
        ) : null}
        {kind === 'CHANGE' || kind === 'END' ? select('service', 'Service', 'col-md-8') : null}
        {kind === 'CHANGE' ? (
          <>
            {text('quantity', 'New Quantity', 'col-6 col-md-3')}
            {text('unitPrice', 'New Unit Price', 'col-6 col-md-3')}
          </>
        ) : null}
        <div className="col-auto ms-auto">
          <Button
            size="sm"
            variant="outline-danger"
            onClick={remove}
            aria-label={`Remove change ${index + 1}`}
          >
            Remove
          </Button>
        </div>
      </div>
    </fieldset>
  );
}

function side(s: ChangeRow['before']) {
  return s ? `${formatQuantity(s.quantity)} × ${formatMoney(s.unitPrice)}` : '—';
}

/** Before and after of every service the amendment touches, and the change of the monthly value. */
export function ChangeTable({ rows }: { rows: ChangeRow[] }) {
  if (rows.length === 0) return <p className="text-body-secondary small mb-0">No service changes.</p>;
  const before = sumAmounts(rows.flatMap((r) => (r.before ? [r.before.monthly] : [])));
  const after = sumAmounts(rows.flatMap((r) => (r.after ? [r.after.monthly] : [])));
  const delta = sumAmounts([after, `-${before}`.replace('--', '')]);
  return (
    <ListTable>
      <Table size="sm" className="mb-0 sd-change-table" aria-label="Service changes">
        <thead>
          <tr>
            <th>Change</th>
            <th>Service</th>
            <th className="text-end">Before</th>
            <th className="text-end">After</th>
            <th className="text-end">Monthly before</th>
            <th className="text-end">Monthly after</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; their order is their identity
            <tr key={i}>
              <td>{r.kind.label}</td>
              <td>
                {r.serviceType?.label ?? r.service?.label ?? ''}
                {r.description ? <span className="text-body-secondary"> · {r.description}</span> : null}
                {r.billingFrequency ? (
                  <div className="small text-body-secondary">{r.billingFrequency.label}</div>
                ) : null}
              </td>
              <td className="text-end text-nowrap">{side(r.before)}</td>
              <td className="text-end text-nowrap">{side(r.after)}</td>
              <td className="text-end">{r.before ? formatMoney(r.before.monthly) : '—'}</td>
              <td className="text-end">{r.after ? formatMoney(r.after.monthly) : '—'}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={4}>Monthly value change</th>
            <th className="text-end">{formatMoney(before)}</th>
            <th className="text-end" data-testid="monthly-change">
              {formatMoney(after)} ({delta.startsWith('-') ? '−' : '+'}
              {formatMoney(delta.replace('-', ''))})
            </th>
          </tr>
        </tfoot>
      </Table>
    </ListTable>
  );
}

/** The changes field of the amendment form: the table when reading, the rows when editing. */
export function ChangesField({ value, set, values, errors, readOnly, formOptions }: CustomFieldProps) {
  const rows = (value as Row[] | undefined) ?? [];
  return (
    <div className="mb-3">
      <div className="form-label fw-semibold">Service Changes</div>
      {readOnly ? (
        <ChangeTable rows={(values.changeRows as ChangeRow[] | undefined) ?? []} />
      ) : (
        <>
          {rows.map((row, i) => (
            <ChangeEditor
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
              key={i}
              row={row}
              index={i}
              formOptions={formOptions}
              update={(next) => set(rows.map((r, j) => (j === i ? next : r)))}
              remove={() => set(rows.filter((_, j) => j !== i))}
            />
          ))}
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => set([...rows, { kind: { value: 'ADD', label: 'Add a service' } }])}
          >
            Add Change
          </Button>
        </>
      )}
      {errors?.length ? (
        <ul className="invalid-feedback d-block ps-3 mb-0">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
