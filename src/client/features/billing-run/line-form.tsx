// A line's form: description, quantity and unit price (and Charge or Credit for a line added by hand), with the
// amount they make as typed, by the server's rounding rule. Edit opens it in a dialog (the line's original value is
// kept by the server); Add line is a form under the lines. Field messages show under their fields, the rest above.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatMoney, parseDecimal } from '../../../shared/format/money';
import {
  addLineBody,
  centsText,
  editLineBody,
  type Invoice,
  type InvoiceLine,
  LINE_KINDS,
  lineCents,
  MANUAL_KINDS,
} from '../../../shared/schemas/billing-run';
import { RESET, setServerErrors, useErrorLists } from '../../api/form-errors';
import { isApiError } from '../../api/http';
import { Dialog, Select, TextInput } from '../../ui';
import { addLine, editLine } from './billing-run-api';
import { useInvoiceStore } from './invoice-store';

const editForm = editLineBody.omit({ version: true });
const addForm = addLineBody.omit({ version: true });
type EditInput = z.input<typeof editForm>;
type AddInput = z.input<typeof addForm>;
type AnyForm = UseFormReturn<AddInput, unknown, z.output<typeof addForm>>;

const NAMES = ['kind', 'description', 'quantity', 'unitPrice'] as const;
const KIND_OPTIONS = LINE_KINDS.filter((k) => (MANUAL_KINDS as readonly string[]).includes(k.value)).map(
  (k) => ({ value: k.value, label: k.label }),
);
const INVALID = 'Please review the page for field entry errors, shown in red.';

/** The amount the typed quantity and price make (a credit negative), or nothing while one does not read. */
function typedAmount(
  values: { quantity?: unknown; unitPrice?: unknown },
  line: InvoiceLine | null,
  credit: boolean,
) {
  const read = (v: unknown, digits?: number) => {
    const parsed = parseDecimal(v === null || v === undefined ? '' : String(v), digits);
    return parsed?.ok ? parsed.value : null;
  };
  const quantity = read(values.quantity, 8);
  const unitPrice = read(values.unitPrice);
  if (quantity === null || unitPrice === null) return null;
  return centsText(lineCents(quantity, unitPrice, line?.proration ?? null, credit));
}

function LineFields({
  form,
  idPrefix,
  line,
  withKind,
}: {
  form: AnyForm;
  idPrefix: string;
  line: InvoiceLine | null;
  withKind: boolean;
}) {
  const errorsOf = useErrorLists(form.formState.errors);
  const values = form.watch();
  const set = (name: (typeof NAMES)[number], value: string) =>
    form.setValue(name, value as never, { shouldDirty: true });
  const credit = withKind ? values.kind === 'CREDIT' : line?.kind.value === 'CREDIT';
  const amount = typedAmount(values, line, credit);
  return (
    <div className="row g-2">
      {withKind ? (
        <div className="col-sm-4 col-md-2">
          <Select
            label="Kind"
            name="kind"
            id={`${idPrefix}-kind`}
            required
            options={KIND_OPTIONS}
            value={values.kind ?? null}
            onChange={(v) => set('kind', typeof v === 'string' ? v : 'CHARGE')}
            errors={errorsOf('kind')}
          />
        </div>
      ) : null}
      <div className={withKind ? 'col-sm-8 col-md-4' : 'col-12'}>
        <TextInput
          label="Description"
          name="description"
          id={`${idPrefix}-description`}
          required
          maxCount={500}
          value={String(values.description ?? '')}
          onChange={(v) => set('description', v)}
          errors={errorsOf('description')}
        />
      </div>
      {(
        [
          ['quantity', 'Quantity'],
          ['unitPrice', 'Unit Price'],
        ] as const
      ).map(([name, label]) => (
        <div key={name} className={withKind ? 'col-4 col-md-2' : 'col-4'}>
          <TextInput
            label={label}
            name={name}
            id={`${idPrefix}-${name}`}
            required
            inputMode="decimal"
            value={String(values[name] ?? '')}
            onChange={(v) => set(name, v)}
            errors={errorsOf(name)}
          />
        </div>
      ))}
      <div className={withKind ? 'col-4 col-md-2' : 'col-4'}>
        <div className="form-label">Amount</div>
        <div className="form-control-plaintext text-end fw-semibold" data-testid={`${idPrefix}-amount`}>
          {amount === null ? '—' : formatMoney(amount)}
        </div>
      </div>
      {line?.proration ? (
        <div className="col-12 small text-body-secondary mt-0 mb-2">
          Prorated: days {line.proration.first}–{line.proration.last} of {line.proration.days}.
        </div>
      ) : null}
    </div>
  );
}

/** The messages a refused save puts above the form (its field messages go under their fields). */
function useRefusal(form: AnyForm, version: number) {
  const { refused } = useInvoiceStore();
  const [message, setMessage] = useState<string[]>([]);
  const fail = (error: unknown) => {
    if (isApiError(error) && error.status === 409) {
      setMessage(refused(error, version));
      return;
    }
    const other = setServerErrors(error, form.setError, NAMES);
    const top = isApiError(error) ? error.message.split('\n') : refused(error, version);
    setMessage([...new Set([...top, ...other])]);
  };
  return { message, setMessage, fail };
}

function Messages({ message }: { message: string[] }) {
  if (message.length === 0) return null;
  return (
    <Alert variant="danger" className="py-2 small" role="alert">
      {message.map((m) => (
        <div key={m}>{m}</div>
      ))}
    </Alert>
  );
}

export function EditLineDialog({
  invoice,
  line,
  onHide,
  onSaved,
}: {
  invoice: Invoice;
  line: InvoiceLine;
  onHide: () => void;
  onSaved: (saved: Invoice) => void;
}) {
  const { stored } = useInvoiceStore();
  const form = useForm<EditInput, unknown, z.output<typeof editForm>>({
    resolver: zodResolver(editForm),
    defaultValues: { description: line.description, quantity: line.quantity, unitPrice: line.unitPrice },
    reValidateMode: 'onSubmit',
  });
  const anyForm = form as unknown as AnyForm;
  const { message, setMessage, fail } = useRefusal(anyForm, invoice.version);
  const save = useMutation({
    mutationFn: (v: z.output<typeof editForm>) =>
      editLine(invoice.id, line.id, {
        description: v.description,
        quantity: v.quantity,
        unitPrice: v.unitPrice,
        version: invoice.version,
      }),
    onSuccess: (saved) => {
      stored(saved);
      onSaved(saved);
    },
    onError: fail,
  });
  const submit = form.handleSubmit(
    (v) => {
      setMessage([]);
      save.mutate(v);
    },
    () => setMessage([INVALID]),
  );
  return (
    <Dialog
      show
      title={`Edit Line ${line.position}`}
      okayLabel="Save"
      okayDisabled={save.isPending}
      onOkay={() => void submit()}
      onHide={onHide}
      size="lg"
    >
      <form onSubmit={submit} noValidate aria-label={`Line ${line.position}`}>
        <Messages message={message} />
        <p className="small text-body-secondary">
          {line.kind.label}
          {line.original ? '' : '. The line as drafted is kept and shown beside the change.'}
        </p>
        <LineFields form={anyForm} idPrefix="edit-line" line={line} withKind={false} />
        {/* Enter in a field saves, as Save does. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
    </Dialog>
  );
}

const NEW_LINE: AddInput = { kind: 'CHARGE', description: '', quantity: '1', unitPrice: '' };

export function AddLineForm({ invoice, onSaved }: { invoice: Invoice; onSaved: (saved: Invoice) => void }) {
  const { stored } = useInvoiceStore();
  const form = useForm<AddInput, unknown, z.output<typeof addForm>>({
    resolver: zodResolver(addForm),
    defaultValues: NEW_LINE,
    reValidateMode: 'onSubmit',
  });
  const { message, setMessage, fail } = useRefusal(form, invoice.version);
  const save = useMutation({
    mutationFn: (v: z.output<typeof addForm>) => addLine(invoice.id, { ...v, version: invoice.version }),
    onSuccess: (saved) => {
      stored(saved);
      form.reset(NEW_LINE, RESET);
      onSaved(saved);
    },
    onError: fail,
  });
  const submit = form.handleSubmit(
    (v) => {
      setMessage([]);
      save.mutate(v);
    },
    () => setMessage([INVALID]),
  );
  return (
    <Card className="sd-card mb-3">
      <Card.Header>
        <h2 className="h6 mb-0">Add Line</h2>
      </Card.Header>
      <Card.Body className="pb-0">
        <form onSubmit={submit} noValidate aria-label="Add line">
          <Messages message={message} />
          <LineFields form={form} idPrefix="add-line" line={null} withKind />
          <div className="d-flex gap-2 mb-3">
            <Button type="submit" size="sm" variant="primary" disabled={save.isPending}>
              Add line
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => {
                form.reset(NEW_LINE, RESET);
                setMessage([]);
              }}
            >
              Clear
            </Button>
          </div>
        </form>
      </Card.Body>
    </Card>
  );
}
