// A case's lines on the bill list: each finished slip with its actual and billable time, the rule that rounded it,
// the block hours it used, its rate and amount; the amounts add up to the case's. A billed case shows what was
// billed (its snapshot), whatever changed since. A table on wider screens, a list on phones; Load More pages on.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Spinner } from 'react-bootstrap';
import type { BillLine, BillLines } from '../../../shared/billing';
import { minutesToHmm } from '../../../shared/format/duration';
import { formatMoney } from '../../../shared/format/money';
import { formatDecimal } from '../../../shared/format/number';
import { useMediaQuery } from '../../shell/use-media-query';
import { Dialog } from '../../ui';
import { billLinesKey, loadBillLines } from './bill-list-api';

const MEDIUM_UP = '(min-width: 768px)';

export type LinesOf = { caseId: number; label: string };

const worked = (l: BillLine) =>
  `${minutesToHmm(l.minutes)} worked → ${minutesToHmm(l.billableMinutes)} billable`;
const charged = (l: BillLine) =>
  `${l.coveredMinutes > 0 ? `${minutesToHmm(l.coveredMinutes)} block hours, ` : ''}${minutesToHmm(
    l.billableMinutes - l.coveredMinutes,
  )} at ${formatMoney(l.rate)}/h`;

/** The table's columns: title, and whether it holds a figure (right-aligned). */
const HEADERS: [string, boolean][] = [
  ['Date', false],
  ['Staff', false],
  ['Task', false],
  ['Worked', true],
  ['Billable', true],
  ['Rule', false],
  ['Block Hours', true],
  ['Rate', true],
  ['Amount', true],
];

function LinesTable({ items, totals }: { items: BillLine[]; totals: BillLines['totals'] }) {
  return (
    // Not a page's list table: inside the dialog the header needs no room for the top navigation.
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-2">
        <thead className="table-light small">
          <tr>
            {HEADERS.map(([title, numeric]) => (
              <th key={title} scope="col" className={numeric ? 'text-end' : undefined}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((l) => (
            <tr key={l.slip}>
              <td className="text-nowrap">
                {l.date}
                <div className="small text-body-secondary">
                  {l.startTime}–{l.stopTime}
                </div>
              </td>
              <td>{l.staff}</td>
              <td>{l.task}</td>
              <td className="text-end">{minutesToHmm(l.minutes)}</td>
              <td className="text-end">{minutesToHmm(l.billableMinutes)}</td>
              <td className="small">{l.explanation}</td>
              <td className="text-end">{l.coveredMinutes ? minutesToHmm(l.coveredMinutes) : ''}</td>
              <td className="text-end text-nowrap">{formatMoney(l.rate)}</td>
              <td className="text-end text-nowrap">{formatMoney(l.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="table-group-divider">
          <tr className="fw-semibold">
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td className="text-end">{minutesToHmm(totals.minutes)}</td>
            <td className="text-end">{minutesToHmm(totals.billableMinutes)}</td>
            <td />
            <td className="text-end">{minutesToHmm(totals.coveredMinutes)}</td>
            <td />
            <td className="text-end text-nowrap" data-testid="lines-amount">
              {formatMoney(totals.amount)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function LinesList({ items, totals }: { items: BillLine[]; totals: BillLines['totals'] }) {
  return (
    <>
      <ul className="list-unstyled mb-2">
        {items.map((l) => (
          <li key={l.slip} className="border-bottom py-2">
            <div className="d-flex justify-content-between gap-2">
              <span className="fw-semibold">
                {l.date} {l.startTime}–{l.stopTime}
              </span>
              <span className="fw-semibold text-nowrap">{formatMoney(l.amount)}</span>
            </div>
            <div className="small">
              {l.staff} · {l.task}
            </div>
            <div className="small">{worked(l)}</div>
            <div className="small text-body-secondary">{l.explanation}</div>
            <div className="small text-body-secondary">{charged(l)}</div>
          </li>
        ))}
      </ul>
      <div className="d-flex justify-content-between fw-semibold">
        <span>Total</span>
        <span data-testid="lines-amount">{formatMoney(totals.amount)}</span>
      </div>
    </>
  );
}

/** The lines of `of` (a case of the bill list) in a dialog; `of` null: closed. */
export function BillLinesDialog({ of, onHide }: { of: LinesOf | null; onHide: () => void }) {
  const wide = useMediaQuery(MEDIUM_UP);
  const caseId = of?.caseId ?? 0;
  const query = useInfiniteQuery({
    queryKey: billLinesKey(caseId),
    queryFn: ({ pageParam, signal }) => loadBillLines(caseId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((n, p) => n + p.items.length, 0);
      return shown < last.total ? shown : undefined;
    },
    enabled: of !== null,
    staleTime: 0,
  });
  const first = query.data?.pages[0];
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Dialog
      show={of !== null}
      title={of ? `Lines: ${of.label}` : ''}
      size="xl"
      scrollable
      showOkay={false}
      showCancel={false}
      onHide={onHide}
      data-testid="bill-lines"
    >
      {query.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {query.isError ? <Alert variant="danger">{query.error.message}</Alert> : null}
      {first ? (
        <>
          <p className="small mb-2">
            {first.billed
              ? 'As billed: the rules and rates of the billing, whatever changed since. '
              : 'As the case would be billed now. '}
            Each slip is rounded to the cent; the case’s amount is the sum of its {formatDecimal(first.total)}{' '}
            {first.total === 1 ? 'line' : 'lines'}.
          </p>
          {wide ? (
            <LinesTable items={items} totals={first.totals} />
          ) : (
            <LinesList items={items} totals={first.totals} />
          )}
          {query.hasNextPage ? (
            <Button
              size="sm"
              variant="outline-primary"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Load More
            </Button>
          ) : null}
        </>
      ) : null}
    </Dialog>
  );
}
