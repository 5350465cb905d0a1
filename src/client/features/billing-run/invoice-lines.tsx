// An invoice's lines: kind, description with its detail (the proration, the count and its date, the hours), where
// it comes from (a link to the agreement, case or count), quantity, unit price and amount; a changed line says what
// it was. While the invoice may be edited each line has Edit (a dialog) and Remove (confirmed). The total is the
// server's: the sum of the lines. On phones the hidden columns' values sit under the description.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { formatMoney, formatQuantity } from '../../../shared/format/money';
import type { Invoice, InvoiceLine } from '../../../shared/schemas/billing-run';
import { Dialog, ListTable } from '../../ui';
import { removeLine } from './billing-run-api';
import { useInvoiceStore } from './invoice-store';
import { EditLineDialog } from './line-form';

const WIDE = 'd-none d-md-table-cell';

function Source({ source }: { source: InvoiceLine['source'] }) {
  if (!source) return null;
  return source.href ? <Link to={source.href}>{source.label}</Link> : <span>{source.label}</span>;
}

/** "Changed from: Managed workstations · 10 × $50.00 = $500.00". */
export function changedFrom(original: NonNullable<InvoiceLine['original']>): string {
  return `Changed from: ${original.description} · ${formatQuantity(original.quantity)} × ${formatMoney(
    original.unitPrice,
  )} = ${formatMoney(original.amount)}`;
}

function Description({ line }: { line: InvoiceLine }) {
  return (
    <>
      <div>{line.description}</div>
      {line.detail ? <div className="small text-body-secondary sd-pre-line">{line.detail}</div> : null}
      {line.warning ? <div className="small text-warning-emphasis">⚠ {line.warning}</div> : null}
      {line.original ? (
        <div className="small text-body-secondary fst-italic" data-testid={`line-${line.position}-original`}>
          {changedFrom(line.original)}
        </div>
      ) : null}
      <div className="small text-body-secondary d-md-none">
        {line.kind.label} · {formatQuantity(line.quantity)} × {formatMoney(line.unitPrice)}
        {line.source ? (
          <>
            {' · '}
            <Source source={line.source} />
          </>
        ) : null}
      </div>
    </>
  );
}

type Props = {
  invoice: Invoice;
  onChanged: (invoice: Invoice, notice: string) => void;
  onRefused: (messages: string[]) => void;
};

export function InvoiceLines({ invoice, onChanged, onRefused }: Props) {
  const { stored, refused } = useInvoiceStore();
  const [editing, setEditing] = useState<InvoiceLine | null>(null);
  const [removing, setRemoving] = useState<InvoiceLine | null>(null);
  const remove = useMutation({
    mutationFn: (line: InvoiceLine) => removeLine(invoice.id, line.id, invoice.version),
    onSuccess: (saved, line) => {
      stored(saved);
      onChanged(saved, `Line ${line.position} removed.`);
    },
    onError: (error) => onRefused(refused(error, invoice.version)),
  });
  const edit = invoice.can.edit;
  const columns = edit ? 7 : 6;
  return (
    <>
      <ListTable>
        <table className="table table-sm align-middle sd-table mb-3" aria-label="Lines">
          <thead>
            <tr>
              <th scope="col" className={WIDE}>
                Kind
              </th>
              <th scope="col">Description</th>
              <th scope="col" className={WIDE}>
                Source
              </th>
              <th scope="col" className={`${WIDE} text-end`}>
                Quantity
              </th>
              <th scope="col" className={`${WIDE} text-end`}>
                Unit Price
              </th>
              <th scope="col" className="text-end">
                Amount
              </th>
              {edit ? (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {invoice.items.length === 0 ? (
              <tr>
                <td colSpan={columns} className="text-body-secondary">
                  No lines.
                </td>
              </tr>
            ) : (
              invoice.items.map((line) => (
                <tr
                  key={line.id}
                  data-testid={`line-${line.position}`}
                  className={line.warning ? 'table-warning' : ''}
                >
                  <td className={`${WIDE} small`}>{line.kind.label}</td>
                  <td style={{ minWidth: '12rem' }}>
                    <Description line={line} />
                  </td>
                  <td className={`${WIDE} small`}>
                    <Source source={line.source} />
                  </td>
                  <td className={`${WIDE} text-end`}>{formatQuantity(line.quantity)}</td>
                  <td className={`${WIDE} text-end text-nowrap`}>{formatMoney(line.unitPrice)}</td>
                  <td className="text-end text-nowrap">{formatMoney(line.amount)}</td>
                  {edit ? (
                    <td className="text-end">
                      <div className="d-flex flex-wrap justify-content-end gap-1">
                        <Button
                          size="sm"
                          variant="outline-primary"
                          onClick={() => setEditing(line)}
                          aria-label={`Edit line ${line.position}`}
                          aria-haspopup="dialog"
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-danger"
                          disabled={remove.isPending}
                          onClick={() => setRemoving(line)}
                          aria-label={`Remove line ${line.position}`}
                          aria-haspopup="dialog"
                        >
                          Remove
                        </Button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))
            )}
          </tbody>
          <tfoot className="table-group-divider">
            <tr className="fw-semibold">
              <th scope="row" colSpan={5} className={WIDE}>
                Total
              </th>
              <th scope="row" className="d-md-none">
                Total
              </th>
              <td className="text-end text-nowrap fs-6" data-testid="invoice-total">
                {formatMoney(invoice.total)}
              </td>
              {edit ? <td /> : null}
            </tr>
          </tfoot>
        </table>
      </ListTable>
      {editing ? (
        <EditLineDialog
          invoice={invoice}
          line={editing}
          onHide={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            onChanged(saved, `Line ${editing.position} changed.`);
          }}
        />
      ) : null}
      <Dialog
        show={removing !== null}
        title="Remove Line"
        okayLabel="Remove"
        onHide={() => setRemoving(null)}
        onOkay={() => {
          if (removing) remove.mutate(removing);
          setRemoving(null);
        }}
      >
        {removing ? (
          <p className="mb-0">
            Remove line {removing.position}, {removing.description} ({formatMoney(removing.amount)}), from
            this invoice?
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
