// The rows of a report: a table whose sortable headers toggle the order (kept in the address), cards on phones,
// "No Results", and pages of rows with "Rows 26–50 of 1,234". Hidden columns (ids for row actions) never show; a
// value below its column's expected one is highlighted; multi-line text keeps its lines; row actions come last.
import type { ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { formatDecimal, toNumber } from '../../../shared/format/number';
import type { ReportColumn, ReportResponse, ReportRow } from '../../../shared/reports';
import { useMediaQuery } from '../../shell/use-media-query';
import { EmailText, ListTable, Select } from '../../ui';
import { formatCell, NUMERIC_KINDS } from './report-format';

const MEDIUM_UP = '(min-width: 768px)';
/** The actions stay in view at the end of a table wider than the screen. */
const STICKY_END = { right: 0, borderLeft: '1px solid var(--bs-border-color)' } as const;

export type SortState = { field: string; dir: 'asc' | 'desc' };

/** Clicking a header: the same column turns its order around, another column sorts ascending. */
export function nextSort(current: SortState, column: string): SortState {
  if (current.field === column) return { field: column, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { field: column, dir: 'asc' };
}

/** "Rows 26–50 of 1,234" (nothing for no rows). */
export function rowsText(start: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return '';
  return `Rows ${formatDecimal(start + 1)}–${formatDecimal(start + shown)} of ${formatDecimal(total)}`;
}

const cellClass = (c: ReportColumn) => (NUMERIC_KINDS.includes(c.kind) ? 'text-end text-nowrap' : undefined);

/** A number below what its column expects (a short workday, a short week). */
export function belowExpected(row: ReportRow, column: ReportColumn): boolean {
  if (column.expected === undefined || !NUMERIC_KINDS.includes(column.kind)) return false;
  const value = toNumber(row[column.name] ?? null);
  return value !== null && value < column.expected;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One value as shown: formatted, its lines kept, and the highlight said in words to screen readers too. */
function cellView(row: ReportRow, column: ReportColumn) {
  const value = row[column.name] ?? null;
  const below = belowExpected(row, column);
  const classes = [
    typeof value === 'string' && value.includes('\n') ? 'sd-pre-line' : '',
    below ? 'sd-below-expected' : '',
  ].filter(Boolean);
  const text = formatCell(value, column.kind);
  return {
    text,
    // An address wraps after its @ and dots, never mid-word (a phone's card is narrow).
    content: column.kind === 'text' && EMAIL.test(text) ? <EmailText email={text} /> : text,
    below,
    className: classes.join(' '),
    title: below ? `Below the expected ${formatCell(column.expected ?? null, column.kind)}` : undefined,
    hint: below ? <span className="visually-hidden"> (below expected)</span> : null,
  };
}

function Cell({ row, column }: { row: ReportRow; column: ReportColumn }) {
  const view = cellView(row, column);
  const classes = [cellClass(column), view.className, view.below ? 'table-warning fw-semibold' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <td className={classes || undefined} title={view.title}>
      {view.content}
      {view.hint}
    </td>
  );
}

function SortHeader(props: { column: ReportColumn; sort: SortState; onSort: (s: SortState) => void }) {
  const { column, sort } = props;
  const active = sort.field === column.name;
  const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined;
  const numeric = NUMERIC_KINDS.includes(column.kind);
  // Titles wrap between words ("Warranty / End"), so a wide report still fits the screen; the last word keeps its
  // sort mark beside it.
  const cut = column.title.lastIndexOf(' ') + 1;
  return (
    <th
      scope="col"
      aria-sort={ariaSort}
      className={numeric ? 'text-end' : undefined}
      style={{ whiteSpace: 'normal', minWidth: '4rem' }}
    >
      {column.sortable ? (
        <button
          type="button"
          className={`btn btn-link p-0 fw-semibold text-body text-decoration-none ${numeric ? 'text-end' : 'text-start'}`}
          style={{ fontSize: 'inherit' }}
          onClick={() => props.onSort(nextSort(sort, column.name))}
        >
          {column.title.slice(0, cut)}
          <span className="text-nowrap">
            {column.title.slice(cut)}
            <span aria-hidden="true" className="ms-1 text-body-secondary">
              {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
            </span>
          </span>
        </button>
      ) : (
        column.title
      )}
    </th>
  );
}

/** Phones have no headers to click: the sortable columns in both orders, as one select. */
function SortSelect(props: { columns: ReportColumn[]; sort: SortState; onSort: (s: SortState) => void }) {
  const options = props.columns
    .filter((c) => c.sortable)
    .flatMap((c) => [
      { value: `${c.name}:asc`, label: `${c.title} (ascending)` },
      { value: `${c.name}:desc`, label: `${c.title} (descending)` },
    ]);
  if (options.length === 0) return null;
  return (
    <Select
      label="Sort"
      name="sort"
      options={options}
      value={`${props.sort.field}:${props.sort.dir}`}
      onChange={(v) => {
        const [field = '', dir] = String(v ?? '').split(':');
        if (field) props.onSort({ field, dir: dir === 'desc' ? 'desc' : 'asc' });
      }}
      className="mb-2"
    />
  );
}

function CardValue({ row, column }: { row: ReportRow; column: ReportColumn }) {
  const view = cellView(row, column);
  const classes = [
    'mb-1',
    view.className,
    view.below ? 'text-warning-emphasis bg-warning-subtle fw-semibold px-1 rounded align-self-start' : '',
  ];
  return (
    <dd className={classes.filter(Boolean).join(' ')} title={view.title}>
      {view.text ? view.content : '—'}
      {view.hint}
    </dd>
  );
}

function RowCard(props: { row: ReportRow; columns: ReportColumn[]; actions: ReactNode }) {
  const { row } = props;
  const [first, ...rest] = props.columns;
  // A long text (several lines) takes the card's whole width.
  const wide = (c: ReportColumn) => String(row[c.name] ?? '').includes('\n');
  return (
    <div className="card sd-card mb-2">
      <div className="card-body py-2 px-3">
        {first ? <div className="fw-semibold">{formatCell(row[first.name] ?? null, first.kind)}</div> : null}
        <dl className="row small mb-0">
          {rest.map((c) => (
            <div key={c.name} className={`${wide(c) ? 'col-12' : 'col-6'} d-flex flex-column`}>
              <dt className="fw-normal text-body-secondary">{c.title}</dt>
              <CardValue row={row} column={c} />
            </div>
          ))}
        </dl>
        {props.actions ? <div className="d-flex flex-wrap gap-2 mt-1">{props.actions}</div> : null}
      </div>
    </div>
  );
}

type Props = {
  report: ReportResponse | undefined;
  loading: boolean;
  updating: boolean;
  start: number;
  pageSize: number;
  onSort: (sort: SortState) => void;
  onPage: (start: number) => void;
  /** Actions on one row: a last "Actions" column, the foot of each card. */
  rowActions?: (row: ReportRow) => ReactNode;
};

export function ReportTable(props: Props) {
  const { report, loading, updating, start, pageSize, onSort, onPage, rowActions } = props;
  const mediumUp = useMediaQuery(MEDIUM_UP);
  if (loading || !report) {
    return <Spinner animation="border" size="sm" role="status" aria-label="Loading" />;
  }
  const { rows, total, sort } = report;
  const columns = report.columns.filter((c) => !c.hidden);
  const overlay = updating ? (
    <div className="sd-updating" data-testid="updating">
      <Spinner animation="border" size="sm" role="status" aria-label="Updating" />
    </div>
  ) : null;
  const empty = rows.length === 0;
  return (
    <section aria-label="Rows">
      {mediumUp ? (
        <ListTable className="sd-list" aria-busy={updating}>
          {overlay}
          <table className="table table-sm table-hover align-middle sd-table">
            <thead>
              <tr>
                {columns.map((c) => (
                  <SortHeader key={c.name} column={c} sort={sort} onSort={onSort} />
                ))}
                {rowActions ? (
                  <th scope="col" style={{ ...STICKY_END, zIndex: 2 }}>
                    Actions
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {empty ? (
                <tr>
                  <td colSpan={columns.length + (rowActions ? 1 : 0) || 1} className="text-body-secondary">
                    No Results
                  </td>
                </tr>
              ) : (
                rows.map((row, i) => (
                  // Rows are a report's output, not records: their place on the page is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <tr key={i}>
                    {columns.map((c) => (
                      <Cell key={c.name} row={row} column={c} />
                    ))}
                    {rowActions ? (
                      <td className="text-nowrap" style={{ ...STICKY_END, position: 'sticky', zIndex: 1 }}>
                        {/* One above the other: a narrow last column leaves the figures room at 1280 px. */}
                        <div className="d-grid gap-1">{rowActions(row)}</div>
                      </td>
                    ) : null}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </ListTable>
      ) : (
        <div className="sd-list sd-cards" aria-busy={updating}>
          {overlay}
          <SortSelect columns={columns} sort={sort} onSort={onSort} />
          {empty ? (
            <p className="text-body-secondary">No Results</p>
          ) : (
            rows.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
              <RowCard key={i} row={row} columns={columns} actions={rowActions?.(row)} />
            ))
          )}
        </div>
      )}
      {empty ? null : (
        <nav className="d-flex flex-wrap align-items-center gap-2" aria-label="Pages">
          <span className="small text-body-secondary me-auto" data-testid="report-rows">
            {rowsText(start, rows.length, total)}
          </span>
          <Button
            size="sm"
            variant="outline-primary"
            disabled={start === 0}
            onClick={() => onPage(Math.max(0, start - pageSize))}
          >
            Previous
          </Button>
          <Button
            size="sm"
            variant="outline-primary"
            disabled={start + rows.length >= total}
            onClick={() => onPage(start + pageSize)}
          >
            Next
          </Button>
        </nav>
      )}
    </section>
  );
}
