// "Draft invoices" for a month (last month unless another is picked): a month that has a run already is drafted
// again only once confirmed, as that rebuilds its unposted invoices and loses their edits. The server's refusals show
// under the month (a month not begun) or above the form (a run in progress, a month posted).
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { Button, Card, Spinner } from 'react-bootstrap';
import { type BillingRun, periodLabel, startRunBody } from '../../../shared/schemas/billing-run';
import { errorMessages, isApiError } from '../../api/http';
import { Dialog, Select } from '../../ui';
import { companyMonth, monthOptions, Problem, shiftMonth } from './billing-parts';
import { startRun } from './billing-run-api';

type Refusal = { field: string[] | undefined; messages: string[] };

export function RunForm({ runs, onStarted }: { runs: BillingRun[]; onStarted: (run: BillingRun) => void }) {
  const thisMonth = useMemo(() => companyMonth(), []);
  const options = useMemo(() => monthOptions(thisMonth), [thisMonth]);
  const [period, setPeriod] = useState(() => shiftMonth(thisMonth, -1));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [confirming, setConfirming] = useState(false);
  const start = useMutation({
    mutationFn: startRun,
    onMutate: () => setRefusal(null),
    onSuccess: onStarted,
    onError: (error) => {
      const field = isApiError(error) ? error.fields.period : undefined;
      setRefusal({ field, messages: errorMessages(error).filter((m) => !field?.includes(m)) });
    },
  });
  const existing = runs.find((r) => r.period === period) ?? null;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const checked = startRunBody.safeParse({ period });
    if (!checked.success) {
      setRefusal({ field: checked.error.issues.map((i) => i.message), messages: [] });
      return;
    }
    if (existing) setConfirming(true);
    else start.mutate(checked.data.period);
  };

  return (
    <Card className="sd-card mb-3">
      <Card.Body className="pb-1">
        <form onSubmit={submit} noValidate aria-label="Draft invoices">
          <p className="small text-body-secondary mb-2">
            One invoice per client with something to bill in the month: recurring services, devices and users,
            block hours, time and one-time charges. Each is reviewed, approved and posted here.
          </p>
          <Problem messages={refusal?.messages ?? []} onClose={() => setRefusal(null)} />
          <div className="d-flex flex-wrap align-items-start column-gap-3">
            <Select
              label="Month"
              name="period"
              required
              className="sd-run-month"
              options={options}
              value={period}
              onChange={(v) => {
                setPeriod(typeof v === 'string' ? v : '');
                setRefusal(null);
              }}
              errors={refusal?.field}
            />
            <div className="mb-3">
              {/* The label's room, kept empty: the button stands level with the select, whatever is under it. */}
              <div className="form-label invisible" aria-hidden="true">
                Month
              </div>
              <Button type="submit" variant="primary" disabled={start.isPending}>
                {start.isPending ? (
                  <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
                ) : null}
                Draft invoices
              </Button>
            </div>
          </div>
        </form>
      </Card.Body>
      <Dialog
        show={confirming}
        title="Draft Again"
        okayLabel="Draft invoices"
        onHide={() => setConfirming(false)}
        onOkay={() => {
          setConfirming(false);
          start.mutate(period);
        }}
      >
        <p>
          {periodLabel(period)} has a billing run already ({existing?.status.label.toLowerCase()}). Draft its
          invoices again?
        </p>
        <p className="mb-0">
          Its unposted invoices are rebuilt from the agreements, devices and time of now: the changes made to
          their lines and their approvals are lost. Posted invoices stay as they are.
        </p>
      </Dialog>
    </Card>
  );
}
