// /report/billing-run/invoice/:id/history: the field history of an invoice (key INVOICE_HISTORY_KEY): its status,
// number and void reason, and each line's description, quantity and unit price as they were changed.
import { useParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { INVOICE_HISTORY_KEY } from '../../../shared/schemas/billing-run';
import { HistoryView } from '../history/history-view';
import { InvoiceTabs } from './invoice-page';

export function InvoiceHistoryPage() {
  const id = useParams().id ?? '';
  return (
    <>
      <InvoiceTabs id={id} />
      <HistoryView
        entity={INVOICE_HISTORY_KEY}
        id={id}
        backTo={pathFor('report_invoice', { id })}
        backText="Invoice"
      />
    </>
  );
}
