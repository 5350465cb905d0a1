// What may be done with an invoice, as its `can` says: Approve, Take approval back, Post (confirmed: it is numbered
// and frozen), Void (a dialog asking the reason, which is required: a credit note is made) and Rebuild (confirmed:
// its lines are drafted again and their changes lost).
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { type Invoice, VOID_REASON } from '../../../shared/schemas/billing-run';
import { isApiError } from '../../api/http';
import { Dialog, TextArea } from '../../ui';
import { type InvoiceAction, invoiceAction, voidInvoice } from './billing-run-api';
import { useInvoiceStore } from './invoice-store';

type Props = {
  invoice: Invoice;
  onChanged: (invoice: Invoice, notice: string) => void;
  onRefused: (messages: string[]) => void;
};

const DONE: Record<InvoiceAction, (i: Invoice) => string> = {
  approve: () => 'Approved: ready to post.',
  unapprove: () => 'Approval taken back: the invoice may be changed again.',
  post: (i) => (i.number ? `Posted as ${i.number}.` : 'Posted.'),
  rebuild: () => 'Rebuilt from the agreements, devices and time of now.',
};

type Confirm = 'post' | 'rebuild' | 'void' | null;

export function InvoiceActions({ invoice, onChanged, onRefused }: Props) {
  const { stored, refused } = useInvoiceStore();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [reason, setReason] = useState('');
  const [reasonErrors, setReasonErrors] = useState<string[] | undefined>(undefined);
  const act = useMutation({
    mutationFn: (action: InvoiceAction) => invoiceAction(invoice.id, action, invoice.version),
    onSuccess: (saved, action) => {
      stored(saved);
      onChanged(saved, DONE[action](saved));
    },
    onError: (error) => onRefused(refused(error, invoice.version)),
  });
  const voiding = useMutation({
    mutationFn: () => voidInvoice(invoice.id, reason.trim(), invoice.version),
    onSuccess: (saved) => {
      stored(saved);
      setConfirm(null);
      setReason('');
      onChanged(
        saved,
        `Voided${saved.creditNote ? `: credit note ${saved.creditNote.label} takes it back` : ''}.`,
      );
    },
    onError: (error) => {
      const field = isApiError(error) ? error.fields.reason : undefined;
      if (field?.length) {
        setReasonErrors(field);
        return;
      }
      setConfirm(null);
      onRefused(refused(error, invoice.version));
    },
  });
  const busy = act.isPending || voiding.isPending;
  const run = (action: InvoiceAction) => act.mutate(action);
  const { can } = invoice;
  const button = (label: string, onClick: () => void, variant = 'outline-primary', popup = false) => (
    <Button
      size="sm"
      variant={variant}
      disabled={busy}
      onClick={onClick}
      aria-haspopup={popup ? 'dialog' : undefined}
    >
      {label}
    </Button>
  );
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3" data-testid="invoice-actions">
      {/* The server makes the PDF and keeps it in report history; a draft's is marked DRAFT. */}
      <a className="btn btn-sm btn-outline-secondary" href={`/api/report/invoice/${invoice.id}/pdf`} download>
        PDF
      </a>
      {can.approve ? button('Approve', () => run('approve'), 'primary') : null}
      {can.unapprove ? button('Take approval back', () => run('unapprove'), 'outline-secondary') : null}
      {can.post ? button('Post', () => setConfirm('post'), 'success', true) : null}
      {can.rebuild ? button('Rebuild', () => setConfirm('rebuild'), 'outline-secondary', true) : null}
      {can.void
        ? button(
            'Void',
            () => {
              setReasonErrors(undefined);
              setConfirm('void');
            },
            'outline-danger',
            true,
          )
        : null}
      {busy ? <Spinner animation="border" size="sm" role="status" aria-label="Saving" /> : null}
      <Dialog
        show={confirm === 'post' || confirm === 'rebuild'}
        title={confirm === 'post' ? 'Post Invoice' : 'Rebuild Invoice'}
        okayLabel={confirm === 'post' ? 'Post' : 'Rebuild'}
        onHide={() => setConfirm(null)}
        onOkay={() => {
          if (confirm === 'post' || confirm === 'rebuild') run(confirm);
          setConfirm(null);
        }}
      >
        {confirm === 'post' ? (
          <p className="mb-0">
            Post this invoice to {invoice.billTo}? It gets the next number and never changes again; the cases
            it bills are marked billed and their time is locked. Only voiding it with a credit note takes it
            back.
          </p>
        ) : (
          <p className="mb-0">
            Rebuild this invoice from the agreements, devices and time of now? Its drafted lines are drafted
            again and the changes made to them are lost; the lines added by hand stay.
          </p>
        )}
      </Dialog>
      <Dialog
        show={confirm === 'void'}
        title="Void Invoice"
        okayLabel="Void invoice"
        okayDisabled={voiding.isPending}
        onHide={() => setConfirm(null)}
        onOkay={() => {
          if (!reason.trim()) setReasonErrors([VOID_REASON]);
          else voiding.mutate();
        }}
      >
        <p>
          Void {invoice.number ?? 'this invoice'}? A credit note for its total ({invoice.billTo}) is made and
          posted; the client can then be billed again.
        </p>
        <TextArea
          label="Reason"
          name="voidReason"
          required
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(v) => {
            setReason(v);
            setReasonErrors(undefined);
          }}
          errors={reasonErrors}
        />
      </Dialog>
    </div>
  );
}
