// An invoice changed (a line, an approval, a posting): the screen shows the server's answer at once, and its field
// history, its run and the run's lists load again. A stale version's 409 shows the invoice as it is now.
import { useQueryClient } from '@tanstack/react-query';
import { INVOICE_HISTORY_KEY, type Invoice } from '../../../shared/schemas/billing-run';
import { errorMessages, isApiError } from '../../api/http';
import { historyKey } from '../history/history-api';
import { BILLING_KEY, currentInvoice, invoiceKey } from './billing-run-api';

export function useInvoiceStore() {
  const queryClient = useQueryClient();
  const stored = (invoice: Invoice) => {
    queryClient.setQueryData(invoiceKey(invoice.id), invoice);
    void queryClient.invalidateQueries({ queryKey: historyKey(INVOICE_HISTORY_KEY, invoice.id) });
    for (const part of ['runs', 'run', 'invoices'])
      void queryClient.invalidateQueries({ queryKey: [...BILLING_KEY, part] });
  };
  /**
   * What a refused change says. A 409 carries the invoice as it is now, which is shown; when someone changed it since
   * `seen` (the version the change was made to), that is said, to be checked before trying again.
   */
  const refused = (error: unknown, seen?: number): string[] => {
    const current = currentInvoice(error);
    if (!current) return errorMessages(error);
    stored(current);
    const said = isApiError(error) ? error.message : '';
    return seen !== undefined && current.version !== seen
      ? [`${said} The invoice now shows their change: check it, then do yours again.`.trim()]
      : errorMessages(error);
  };
  return { stored, refused };
}
