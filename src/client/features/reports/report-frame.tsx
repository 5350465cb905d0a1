// The one frame of every client report, driven by its ReportDef (src/shared/reports.ts) and never by its name:
// filters in the address, the summary, the rows (sorted, paged) and the exports. A screen may add what it does with
// the rows: content above them (its messages, its settings) and actions on each row.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useRef } from 'react';
import { Alert } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import type { ReportDef, ReportRow } from '../../../shared/reports';
import { ROUTES } from '../../../shared/routes';
import { PAGE_SIZE } from '../../../shared/schemas/constants';
import { isNetworkFailure } from '../../api/http';
import { loadProblem } from '../../api/query-client';
import { changedParams } from '../records/use-filters';
import { reportCall } from './report-call';
import { ReportExport } from './report-export';
import { ReportFilters, type ReportParams, reportMessages } from './report-filters';
import { reportApiQuery, reportFilters } from './report-query';
import { ReportSummary } from './report-summary';
import { ReportTable } from './report-table';

/** The address as the report's state: a filter change starts again at the first row; a page is a step of history. */
function useReportParams(): ReportParams & { page: (start: number) => void } {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  latest.current = params;
  const set = useCallback(
    (changes: Record<string, string | null>) => {
      const next = changedParams(latest.current, changes);
      if (!next) return;
      if (!('start' in changes)) next.delete('start');
      setParams(next, { replace: true, preventScrollReset: true });
    },
    [setParams],
  );
  const page = useCallback(
    (start: number) => {
      const next = changedParams(latest.current, { start: start > 0 ? String(start) : null });
      if (next) setParams(next, { preventScrollReset: true });
    },
    [setParams],
  );
  return useMemo(() => ({ params, set, page }), [params, set, page]);
}

export { reportQueryKey } from './report-call';

type Props = {
  def: ReportDef;
  /** Shown between the summary and the rows (a screen's messages and settings). */
  aboveRows?: ReactNode;
  /** What can be done with one row: the last column of the table, the foot of a card. */
  rowActions?: (row: ReportRow) => ReactNode;
};

export function ReportFrame({ def, aboveRows, rowActions }: Props) {
  const state = useReportParams();
  const query = reportApiQuery(def, state.params);
  const report = useQuery({ ...reportCall(def.key, query), placeholderData: keepPreviousData });
  const problem = loadProblem(report);
  const data = problem ? undefined : report.data;
  const title = ROUTES[def.route]?.title ?? def.title;
  const start = typeof query.start === 'number' ? query.start : 0;

  return (
    <>
      <div className="sd-page-head flex-wrap">
        <h1 className="h4 mb-0">{title}</h1>
        <ReportExport reportKey={def.key} query={reportFilters(def, state.params)} />
      </div>
      <ReportFilters
        def={def}
        state={state}
        namesReady={!report.isPending}
        known={data?.organization ?? null}
      />
      {problem ? (
        <Alert variant={isNetworkFailure(problem) ? 'warning' : 'danger'}>
          {reportMessages(problem, def).map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      ) : (
        <>
          {data ? <ReportSummary report={data} /> : null}
          {aboveRows}
          <ReportTable
            report={data}
            loading={report.isPending}
            updating={report.isFetching && !report.isPending}
            start={start}
            pageSize={PAGE_SIZE}
            onSort={(sort) => state.set({ sort: sort.field, dir: sort.dir })}
            onPage={state.page}
            rowActions={rowActions}
          />
        </>
      )}
    </>
  );
}
