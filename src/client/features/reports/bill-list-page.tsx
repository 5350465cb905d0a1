// The bill list (Report → Internal): the report frame, plus billing. A case not billed is marked billed, after a
// confirmation saying its amount and that its slips are then locked for everyone, with the totals the list shows
// (the server refuses them when the time or the prices changed since); it then leaves the list, and the status line
// offers to undo it. Undoing a billing (a billed case under Cases: Billed or All, or the status line) confirms too.
// Lines opens a case's slips as they are (or were) billed. The rate line above the rows changes the default hourly
// rate the amounts are priced at.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { formatMoney } from '../../../shared/format/money';
import { type ReportRow, reportDef } from '../../../shared/reports';
import { errorMessages } from '../../api/http';
import { Dialog } from '../../ui';
import { BillLinesDialog, type LinesOf } from './bill-lines';
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
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [linesOf, setLinesOf] = useState<LinesOf | null>(null);
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
    const lines = (
      <Button
        size="sm"
        variant="outline-primary"
        className="me-1"
        onClick={() => setLinesOf({ caseId: row.caseId, label: row.label })}
        aria-label={`Lines: ${row.label}`}
        aria-haspopup="dialog"
      >
        Lines
      </Button>
    );
    return (
      <>
        {lines}
        {row.billed ? (
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={busy}
            onClick={() => setConfirming({ kind: 'unbill', row })}
            aria-label={`Undo Billing: ${row.label}`}
            aria-haspopup="dialog"
          >
            {spinner}
            Undo Billing
          </Button>
        ) : (
          <Button
            size="sm"
            variant="primary"
            disabled={busy}
            onClick={() => setConfirming({ kind: 'bill', row })}
            aria-label={`Mark Billed: ${row.label}`}
            aria-haspopup="dialog"
          >
            {spinner}
            Mark Billed
          </Button>
        )}
      </>
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
                  setConfirming({
                    kind: 'unbill',
                    row: {
                      caseId: notice.caseId,
                      label: `#${notice.caseId}`,
                      minutes: 0,
                      amount: '0.00',
                      billed: null,
                    },
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
        title={confirming?.kind === 'bill' ? 'Mark Billed' : 'Undo Billing'}
        okayLabel={confirming?.kind === 'bill' ? 'Mark Billed' : 'Undo Billing'}
        onHide={() => setConfirming(null)}
        onOkay={() => {
          if (confirming) act.mutate(confirming);
          setConfirming(null);
        }}
      >
        {confirming ? <ConfirmText action={confirming} /> : null}
      </Dialog>
      <BillLinesDialog of={linesOf} onHide={() => setLinesOf(null)} />
    </>
  );
}

/** What a billing action does, said before it is done. */
function ConfirmText({ action: { kind, row } }: { action: Action }) {
  if (kind === 'bill')
    return (
      <>
        <p>
          Mark case {row.label} billed for <strong>{formatMoney(row.amount)}</strong>?
        </p>
        <p className="mb-0">
          This locks every slip of the case for everyone: no one can add, change, move or delete its time
          until the billing is undone. Its lines and amount are kept as they are now, whatever rates or
          rounding rules change later.
        </p>
      </>
    );
  return (
    <p className="mb-0">
      Undo the billing of case {row.label}
      {row.billed ? ` (billed ${row.billed})` : ''}? Its time can then be changed again, it is priced by the
      rules and rates of now, and it is listed as not billed.
    </p>
  );
}
