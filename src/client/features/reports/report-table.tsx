// The rows of a report: a table whose sortable headers toggle the order (kept in the address), cards on phones,
// "No Results", and pages of rows with "Rows 26–50 of 1,234".
import { Button, Spinner } from 'react-bootstrap';
import { formatDecimal } from '../../../shared/format/number';
import type { ReportColumn, ReportResponse, ReportRow } from '../../../shared/reports';
import { useMediaQuery } from '../../shell/use-media-query';
import { ListTable, Select } from '../../ui';
import { formatCell, NUMERIC_KINDS } from './report-format';

const MEDIUM_UP = '(min-width: 768px)';

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

function SortHeader(props: { column: ReportColumn; sort: SortState; onSort: (s: SortState) => void }) {
  const { column, sort } = props;
  const active = sort.field === column.name;
  const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <th scope="col" aria-sort={ariaSort} className={cellClass(column)}>
      {column.sortable ? (
        <button
          type="button"
          className="btn btn-link p-0 fw-semibold text-body text-decoration-none"
          style={{ fontSize: 'inherit' }}
          onClick={() => props.onSort(nextSort(sort, column.name))}
        >
          {column.title}
          <span aria-hidden="true" className="ms-1 text-body-secondary">
            {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
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

function RowCard({ row, columns }: { row: ReportRow; columns: ReportColumn[] }) {
  const [first, ...rest] = columns;
  return (
    <div className="card sd-card mb-2">
      <div className="card-body py-2 px-3">
        {first ? <div className="fw-semibold">{formatCell(row[first.name] ?? null, first.kind)}</div> : null}
        <dl className="row small mb-0">
          {rest.map((c) => (
            <div key={c.name} className="col-6 d-flex flex-column">
              <dt className="fw-normal text-body-secondary">{c.title}</dt>
              <dd className="mb-1">{formatCell(row[c.name] ?? null, c.kind) || '—'}</dd>
            </div>
          ))}
        </dl>
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
};

export function ReportTable({ report, loading, updating, start, pageSize, onSort, onPage }: Props) {
  const mediumUp = useMediaQuery(MEDIUM_UP);
  if (loading || !report) {
    return <Spinner animation="border" size="sm" role="status" aria-label="Loading" />;
  }
  const { columns, rows, total, sort } = report;
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
              </tr>
            </thead>
            <tbody>
              {empty ? (
                <tr>
                  <td colSpan={columns.length || 1} className="text-body-secondary">
                    No Results
                  </td>
                </tr>
              ) : (
                rows.map((row, i) => (
                  // Rows are a report's output, not records: their place on the page is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <tr key={i}>
                    {columns.map((c) => (
                      <td key={c.name} className={cellClass(c)}>
                        {formatCell(row[c.name] ?? null, c.kind)}
                      </td>
                    ))}
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
              <RowCard key={i} row={row} columns={columns} />
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
