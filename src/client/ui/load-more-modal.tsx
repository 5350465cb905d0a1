// Reusable load-more results modal (SPEC §2, §4, §9): pages of 25 rows appended by "Load More".
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Dialog, type DialogSize } from './dialog';

export const LOAD_MORE_PAGE_SIZE = 25;
export const SELECT_FILTERS_MESSAGE = 'Select filters to see results.';
export const NO_RESULTS = 'No Results';

export type LoadMoreParams = { limit: number; start: number; initial: boolean; morePages: boolean };
/** Rows, or rows with error strings to list (e.g. a partial failure reported by the server). */
export type LoadMoreResult<Row> = Row[] | { rows: Row[]; errors?: string[] };

export type LoadMoreColumn = {
  key: string;
  title: ReactNode;
  align?: 'start' | 'center' | 'end';
  className?: string;
};

export type LoadMoreModalProps<Row> = {
  title: ReactNode;
  columns: LoadMoreColumn[];
  load: (params: LoadMoreParams) => Promise<LoadMoreResult<Row>>;
  /** Renders one row's cells (the <td>s); the modal supplies the <tr>. */
  renderRow: (row: Row, index: number) => ReactNode;
  rowKey?: (row: Row, index: number) => string | number;
  onHidden: () => void;
  /** Filter controls shown above the results. */
  filters?: ReactNode;
  /** A new value (compared with Object.is; use a string or memoised object) reloads from the start. */
  filterKey?: unknown;
  /** false while required filters are unset: nothing loads and the message shows. */
  filtersReady?: boolean;
  filtersMessage?: string;
  /** Error strings supplied by the caller, listed in an outlined box. */
  errors?: string[];
  size?: DialogSize;
  pageSize?: number;
  'data-testid'?: string;
};

type State<Row> = { rows: Row[]; loaded: boolean; loading: boolean; loadingMore: boolean; errors: string[] };

export function canLoadMore(rowCount: number, pageSize = LOAD_MORE_PAGE_SIZE): boolean {
  return rowCount > 0 && rowCount % pageSize === 0;
}

export function LoadMoreModal<Row>(props: LoadMoreModalProps<Row>) {
  const pageSize = props.pageSize ?? LOAD_MORE_PAGE_SIZE;
  const ready = props.filtersReady ?? true;
  const [show, setShow] = useState(true);
  const [state, setState] = useState<State<Row>>({
    rows: [],
    loaded: false,
    loading: false,
    loadingMore: false,
    errors: [],
  });
  // Each load gets a number; a reply for an older number (filters changed meanwhile) is dropped.
  const seq = useRef(0);
  const loadRef = useRef(props.load);
  loadRef.current = props.load;

  const fetchPage = useCallback(
    async (start: number, more: boolean) => {
      const mine = ++seq.current;
      setState((s) => ({ ...s, loading: !more, loadingMore: more }));
      let rows: Row[] = [];
      let errors: string[] = [];
      try {
        const result = await loadRef.current({
          limit: pageSize,
          start,
          initial: start === 0,
          morePages: more,
        });
        rows = Array.isArray(result) ? result : result.rows;
        errors = Array.isArray(result) ? [] : (result.errors ?? []);
      } catch (error) {
        // SPEC §8: a failed load is swallowed; the first load still completes.
        console.error('Load-more modal: load failed', error);
      }
      if (mine !== seq.current) return;
      setState((s) => ({
        rows: more ? [...s.rows, ...rows] : rows,
        loaded: true,
        loading: false,
        loadingMore: false,
        errors,
      }));
    },
    [pageSize],
  );

  // Opening, and every filter change, loads from the start.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey is the reload trigger
  useEffect(() => {
    if (!ready) {
      seq.current++;
      setState({ rows: [], loaded: true, loading: false, loadingMore: false, errors: [] });
      return;
    }
    void fetchPage(0, false);
  }, [ready, props.filterKey, fetchPage]);

  const allErrors = [...(props.errors ?? []), ...state.errors];
  const busy = state.loading || state.loadingMore;
  return (
    <Dialog
      show={show}
      title={props.title}
      onHide={() => setShow(false)}
      onHidden={props.onHidden}
      showOkay={false}
      scrollable
      size={props.size ?? 'lg'}
      data-testid={props['data-testid']}
    >
      {props.filters ? <div className="mb-3 sd-load-more-filters">{props.filters}</div> : null}
      {allErrors.length ? (
        <div className="border border-danger rounded p-2 mb-3 text-danger" data-testid="load-more-errors">
          <ul className="mb-0 ps-3">
            {allErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={`position-relative fade ${state.loaded ? 'show' : ''}`} aria-busy={busy}>
        {!ready ? (
          <p className="text-body-secondary mb-0">{props.filtersMessage ?? SELECT_FILTERS_MESSAGE}</p>
        ) : state.loaded && state.rows.length === 0 && !state.loading ? (
          <p className="text-body-secondary mb-0">{NO_RESULTS}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm table-hover mb-2">
              <thead>
                <tr>
                  {props.columns.map((c) => (
                    <th
                      key={c.key}
                      scope="col"
                      className={[c.align ? `text-${c.align}` : '', c.className].filter(Boolean).join(' ')}
                    >
                      {c.title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {state.rows.map((row, i) => (
                  <tr key={props.rowKey ? props.rowKey(row, i) : i}>{props.renderRow(row, i)}</tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {state.loading ? (
          <div className="position-absolute top-0 start-0 w-100 h-100 d-flex align-items-center justify-content-center bg-body bg-opacity-75">
            <Spinner animation="border" size="sm" role="status" className="me-2">
              <span className="visually-hidden">Updating...</span>
            </Spinner>
            <span aria-hidden="true">Updating...</span>
          </div>
        ) : null}
      </div>
      {ready && canLoadMore(state.rows.length, pageSize) ? (
        <Button
          variant="outline-primary"
          size="sm"
          disabled={busy}
          onClick={() => void fetchPage(state.rows.length, true)}
        >
          {state.loadingMore ? (
            <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
          ) : null}
          Load More
        </Button>
      ) : null}
    </Dialog>
  );
}
