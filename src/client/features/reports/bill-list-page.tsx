// The bill list (Report → Internal): the report frame, plus billing. A case not billed is marked billed with the
// total the list shows (the server refuses it when the time changed since); it then leaves the list, and the status
// line offers to undo it. A billed case (Cases: Billed or All) has its billing undone after a confirmation. The rate
// line above the rows changes the default hourly rate the amounts are priced at.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { type ReportRow, reportDef } from '../../../shared/reports';
import { errorMessages } from '../../api/http';
import { Dialog } from '../../ui';
import { billCase, unbillCase } from './bill-list-api';
import { BillingRate } from './billing-rate';
import { ReportFrame, reportQueryKey } from './report-frame';

const DEF = reportDef('bill-list')!;

/** The parts of a bill list row the actions use (the server's row: src/server/modules/report/queries). */
type BillRow = { caseId: number; label: string; minutes: number; amount: string; billed: string | null };

function billRow(row: ReportRow): BillRow | null {
  const caseId = Number(row.caseId);
  if (!Number.isInteger(caseId) || caseId < 1) return null;
  return {
    caseId,
    label: typeof row.case === 'string' && row.case ? row.case : `#${caseId}`,
    minutes: Number(row.minutes) || 0,
    amount: typeof row.amount === 'string' ? row.amount : '0.00',
    billed: typeof row.billed === 'string' && row.billed ? row.billed : null,
  };
}

type Notice = { caseId: number; action: 'billed' | 'unbilled' };
type Action = { kind: 'bill' | 'unbill'; row: BillRow };

export function BillListPage() {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [problem, setProblem] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState<BillRow | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: reportQueryKey(DEF.key) });

  const act = useMutation({
    mutationFn: ({ kind, row }: Action) =>
      kind === 'bill' ? billCase(row.caseId, row.minutes, row.amount) : unbillCase(row.caseId),
    onMutate: () => {
      setNotice(null);
      setProblem(null);
    },
    // The list is reloaded before the buttons are enabled again: the case has left it (or come back).
    onSuccess: async (_billing, { kind, row }) => {
      setNotice({ caseId: row.caseId, action: kind === 'bill' ? 'billed' : 'unbilled' });
      await refresh();
    },
    onError: async (error) => {
      setProblem(errorMessages(error));
      await refresh();
    },
  });
  const busy = act.isPending;
  const acting = (row: BillRow) => busy && act.variables?.row.caseId === row.caseId;

  const rowActions = (report: ReportRow) => {
    const row = billRow(report);
    if (!row) return null;
    const spinner = acting(row) ? (
      <Spinner animation="border" size="sm" role="status" aria-label="Saving" className="me-1" />
    ) : null;
    return row.billed ? (
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={busy}
        onClick={() => setConfirming(row)}
        aria-label={`Undo Billing: ${row.label}`}
      >
        {spinner}
        Undo Billing
      </Button>
    ) : (
      <Button
        size="sm"
        variant="primary"
        disabled={busy}
        onClick={() => act.mutate({ kind: 'bill', row })}
        aria-label={`Mark Billed: ${row.label}`}
      >
        {spinner}
        Mark Billed
      </Button>
    );
  };

  const aboveRows = (
    <>
      <BillingRate onSaved={() => void refresh()} />
      {problem ? (
        <Alert variant="danger" className="py-2" onClose={() => setProblem(null)} dismissible>
          {problem.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      ) : null}
      <div role="status" className="mb-2" data-testid="bill-status">
        {notice ? (
          <div className="alert alert-success py-2 mb-0 d-flex flex-wrap align-items-center gap-2">
            <span>
              Case #{notice.caseId} {notice.action === 'billed' ? 'marked billed.' : 'is no longer billed.'}
            </span>
            {notice.action === 'billed' ? (
              <Button
                size="sm"
                variant="outline-success"
                disabled={busy}
                onClick={() =>
                  act.mutate({
                    kind: 'unbill',
                    row: { caseId: notice.caseId, label: `#${notice.caseId}`, minutes: 0, amount: '0.00', billed: null },
                  })
                }
              >
                Undo
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </>
  );

  return (
    <>
      <ReportFrame def={DEF} aboveRows={aboveRows} rowActions={rowActions} />
      <Dialog
        show={confirming !== null}
        title="Undo Billing"
        okayLabel="Undo Billing"
        onHide={() => setConfirming(null)}
        onOkay={() => {
          if (confirming) act.mutate({ kind: 'unbill', row: confirming });
          setConfirming(null);
        }}
      >
        {confirming ? (
          <p className="mb-0">
            Undo the billing of case {confirming.label} (billed {confirming.billed})? Its time can then be
            changed again, and it is listed as not billed.
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
