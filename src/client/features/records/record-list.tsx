// The one list screen of every record: filters kept in the address (Back, Forward and reload keep them), columns
// per entity (or cards on phones), keyset pages with Load More, "No Results", and an updating overlay while a new
// filter loads. Header rows stay visible while the page scrolls (ListTable). The first page's total says how many rows
// match; on phones the filters fold behind a "Filters (n)" button so the rows start on the first screen.
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { formatCount } from '../../../shared/format/figures';
import type { ListPage, Option } from '../../../shared/schemas/common';
import { isApiError, isNetworkFailure, type Query } from '../../api/http';
import { loadProblem } from '../../api/query-client';
import { lazyComponent } from '../../shell/lazy-chunk';
import { useMediaQuery } from '../../shell/use-media-query';
import { ListTable, Select, TextInput, Typeahead } from '../../ui';
import { TEXT_SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/use-debounced';
import type { DateFilterProps } from './date-filter';
import { listQuery } from './list-query';

export type Column<T> = {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Low priority: hidden below md and wherever the list itself is narrow (sd-col-wide; e.g. beside the daily panel). */
  wide?: boolean;
  className?: string;
};

/** Hidden on phones by the screen's width, elsewhere by the list's own width (a container query in app.scss). */
const WIDE_COLUMN = 'd-none d-md-table-cell sd-col-wide';

export type FilterDef =
  | { name: string; label: string; kind: 'text'; placeholder?: string }
  /** A day (MM/dd/yyyy in the address), applied once a whole date is typed or picked. */
  | { name: string; label: string; kind: 'date' }
  | {
      name: string;
      label: string;
      kind: 'typeahead';
      /** Suggest url of the picker. */
      url: string;
      /** Filter value holding the picked option's label, so the address restores the picker as shown. */
      labelName: string;
    }
  | {
      name: string;
      label: string;
      kind: 'select';
      options: Option[];
      placeholder?: string;
      /** The value the empty choice stands for (e.g. "all" where the server's default is another code). */
      emptyValue?: string;
    };

/** Filter values live in the address; the caller decides how (query string or a route parameter). */
export type FilterState = {
  values: Record<string, string>;
  set: (changes: Record<string, string | null>) => void;
};

type Props<T> = {
  title: string;
  /** API list path (GET, keyset contract). */
  url: string;
  queryKey: string;
  columns: Column<T>[];
  filters: FilterDef[];
  state: FilterState;
  /** Fixed query values (e.g. the organization of a tab). */
  fixed?: Query;
  rowKey: (row: T) => number | string;
  rowClassName?: (row: T) => string | undefined;
  actions?: ReactNode;
  /** Rendered instead of the h1 (tabs of a parent record show their own header). */
  heading?: ReactNode;
  /** Below md each row is shown as this card instead of a table row (long text needs the width). */
  card?: (row: T) => ReactNode;
  /** Shown above the rows from the first page (e.g. a total the server computed over every row); it stands in for
   * the generic match count, so a list with totals of its own says its count there. */
  summary?: (first: ListPage<T>) => ReactNode;
};

/** A refused filter names itself ("Close To: …"): the generic "fields shown in red" fits no filter bar. */
export function filterMessages(error: Error, filters: FilterDef[]): string[] {
  if (!isApiError(error) || Object.keys(error.fields).length === 0) return [error.message];
  return Object.entries(error.fields).flatMap(([name, messages]) => {
    const label = filters.find((f) => f.name === name)?.label;
    return messages.map((m) => (label ? `${label}: ${m}` : m));
  });
}

/** SPEC §9 helpers: below md (768 px) lists may show cards. */
const MEDIUM_UP = '(min-width: 768px)';

// The date input and its month grid load only with a list that has a date filter (not on the first screens).
const DateFilter = lazyComponent<DateFilterProps>('date-filter', () => import('./date-filter'), 'DateFilter');

/** "1,234 results" / "1 result"; nothing when no row matches (the list says "No Results") or the count is unknown. */
export function resultCountText(total: number | undefined): string {
  if (!total) return '';
  return `${formatCount(total)} ${total === 1 ? 'result' : 'results'}`;
}

/** How many filters show a value (a select at its "all" value shows none): the n of "Filters (n)". */
export function setFilterCount(filters: FilterDef[], values: Record<string, string>): number {
  return filters.filter((f) => {
    const v = values[f.name] ?? '';
    return v !== '' && !(f.kind === 'select' && v === f.emptyValue);
  }).length;
}

const cleanQuery = (values: Record<string, string>): Query =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));

export function RecordList<T>(props: Props<T>) {
  const { state, filters } = props;
  const textName = filters.find((f) => f.kind === 'text')?.name;
  const [text, setText] = useState(textName ? (state.values[textName] ?? '') : '');
  const debounced = useDebounced(text, TEXT_SEARCH_DEBOUNCE_MS);
  const { set } = state;

  // Typing is debounced (SPEC §9 text search 1000 ms) before it reaches the address and the server.
  useEffect(() => {
    if (textName) set({ [textName]: debounced.trim() || null });
  }, [debounced, textName, set]);

  const query: Query = { ...props.fixed, ...cleanQuery(state.values) };
  const list = useInfiniteQuery({
    ...listQuery<T>(props.url, props.queryKey, query),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const problem = loadProblem(list);
  const updating = list.isFetching && !list.isFetchingNextPage && !list.isPending;
  const mediumUp = useMediaQuery(MEDIUM_UP);
  const first = list.data?.pages[0];
  const formId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const setCount = setFilterCount(filters, {
    ...state.values,
    ...(textName ? { [textName]: text.trim() } : {}),
  });
  const countText = first && !props.summary ? resultCountText(first.total) : '';
  const overlay = updating ? (
    <div className="sd-updating" data-testid="updating">
      <Spinner animation="border" size="sm" role="status" aria-label="Updating" />
    </div>
  ) : null;

  return (
    <>
      {props.heading ?? (
        <div className="sd-page-head">
          <h1 className="h4 mb-0">{props.title}</h1>
          <div className="d-flex gap-2">{props.actions}</div>
        </div>
      )}
      {props.heading && props.actions ? <div className="d-flex gap-2 mb-2">{props.actions}</div> : null}
      {filters.length > 0 && !mediumUp ? (
        // Below md the filters would push the rows off the first screen: a button says how many are set.
        <Button
          size="sm"
          variant="outline-secondary"
          className="mb-2"
          aria-expanded={filtersOpen}
          aria-controls={formId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {setCount > 0 ? `Filters (${setCount})` : 'Filters'}
        </Button>
      ) : null}
      {filters.length > 0 ? (
        <form
          id={formId}
          // Hidden, not unmounted: a half-typed date or search survives folding the filters away.
          className={`row g-2 align-items-end sd-filters${!mediumUp && !filtersOpen ? ' d-none' : ''}`}
          onSubmit={(e) => e.preventDefault()}
          aria-label={`${props.title} filters`}
        >
          {filters.map((f) =>
            f.kind === 'text' ? (
              <div key={f.name} className="col-sm-6 col-md-4 col-xl-3">
                <TextInput
                  label={f.label}
                  name={f.name}
                  type="search"
                  inputMode="search"
                  placeholder={f.placeholder}
                  value={text}
                  onChange={setText}
                  className="mb-0"
                />
              </div>
            ) : f.kind === 'date' ? (
              <div key={f.name} className="col-6 col-md-3 col-xl-2">
                <Suspense fallback={null}>
                  <DateFilter
                    label={f.label}
                    name={f.name}
                    value={state.values[f.name] ?? ''}
                    onChange={(v) => set({ [f.name]: v })}
                  />
                </Suspense>
              </div>
            ) : f.kind === 'typeahead' ? (
              <div key={f.name} className="col-sm-6 col-md-3 col-xl-2">
                <Typeahead
                  label={f.label}
                  name={f.name}
                  url={f.url}
                  value={
                    state.values[f.name]
                      ? {
                          value: state.values[f.name]!,
                          label: state.values[f.labelName] || state.values[f.name]!,
                        }
                      : null
                  }
                  onChange={(o) =>
                    set({ [f.name]: o ? String(o.value) : null, [f.labelName]: o ? o.label : null })
                  }
                  className="mb-0"
                />
              </div>
            ) : (
              <div key={f.name} className="col-sm-6 col-md-3 col-xl-2">
                <Select
                  label={f.label}
                  name={f.name}
                  options={f.options}
                  placeholder={f.placeholder ?? 'All'}
                  value={
                    !state.values[f.name] || state.values[f.name] === f.emptyValue
                      ? null
                      : state.values[f.name]!
                  }
                  onChange={(v) => set({ [f.name]: v === null ? (f.emptyValue ?? '') : String(v) })}
                  className="mb-0"
                />
              </div>
            ),
          )}
        </form>
      ) : null}
      {problem ? (
        // Bootstrap's alert classes, not react-bootstrap's Alert: its fade transition would be first-screen code.
        // No network is a state of the device, not a fault of the request: a warning, and the rows already shown stay.
        <div className={`alert ${isNetworkFailure(problem) ? 'alert-warning' : 'alert-danger'}`} role="alert">
          {filterMessages(problem, props.filters).map((m) => (
            <div key={m}>{m}</div>
          ))}
        </div>
      ) : null}
      {first && props.summary ? props.summary(first) : null}
      {countText ? (
        <p className="small text-body-secondary mb-2" aria-live="polite" data-testid="result-count">
          {countText}
        </p>
      ) : null}
      {props.card && !mediumUp ? (
        <div className="sd-list sd-cards" aria-busy={list.isFetching}>
          {overlay}
          {list.isPending ? (
            <Spinner animation="border" size="sm" role="status" aria-label="Loading" />
          ) : rows.length === 0 ? (
            problem ? null : (
              <p className="text-body-secondary">No Results</p>
            )
          ) : (
            <ul className="list-unstyled mb-2">
              {rows.map((row) => (
                <li key={props.rowKey(row)} className={props.rowClassName?.(row)}>
                  {props.card?.(row)}
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <ListTable className="sd-list" aria-busy={list.isFetching}>
          {overlay}
          <table className="table table-sm table-hover align-middle sd-table">
            <thead>
              <tr>
                {props.columns.map((c) => (
                  <th key={c.key} scope="col" className={c.wide ? WIDE_COLUMN : undefined}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.isPending ? (
                <tr>
                  <td colSpan={props.columns.length}>
                    <Spinner animation="border" size="sm" role="status" aria-label="Loading" />
                  </td>
                </tr>
              ) : rows.length === 0 ? (
                // A list that failed to load does not know it has no rows: the alert above says why.
                problem ? null : (
                  <tr>
                    <td colSpan={props.columns.length} className="text-body-secondary">
                      No Results
                    </td>
                  </tr>
                )
              ) : (
                rows.map((row) => (
                  <tr key={props.rowKey(row)} className={props.rowClassName?.(row)}>
                    {props.columns.map((c) => (
                      <td
                        key={c.key}
                        className={[c.wide ? WIDE_COLUMN : '', c.className ?? ''].filter(Boolean).join(' ')}
                      >
                        {c.render(row)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </ListTable>
      )}
      {list.hasNextPage ? (
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? 'Loading…' : 'Load More'}
        </Button>
      ) : null}
    </>
  );
}

/** A link cell to a record's basics screen. */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return <Link to={to}>{children}</Link>;
}

/** {label, value} or null → its label. */
export const label = (value: unknown) =>
  value && typeof value === 'object' && 'label' in value ? String((value as Option).label) : '';
