// Manage → Charts (/manage/charts): the firm's work at a glance over a period of whole weeks. The period lives in
// the address; one call answers every chart; the previous charts stay up (dimmed) while a new period loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Col, Row, Spinner } from 'react-bootstrap';
import type { ChartsResponse } from '../../../shared/charts';
import { ROUTES } from '../../../shared/routes';
import { apiGet } from '../../api/http';
import { filterMessages } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';
import { type ChartParams, chartsApiQuery, companyToday } from './chart-period';
import { ChartPeriodPicker, PERIOD_LABELS } from './chart-period-picker';
import { BillablePerWeek, DeviceAge, HoursPerWeek, TopOrganizations, WipTrend } from './chart-views';

const FILTERS = Object.entries(PERIOD_LABELS).map(([name, label]) => ({
  name,
  label,
  kind: 'text' as const,
}));

function ChartGrid({ data }: { data: ChartsResponse }) {
  return (
    <Row xs={1} lg={2} className="g-3">
      <Col>
        <HoursPerWeek weeks={data.weeks} />
      </Col>
      <Col>
        <BillablePerWeek weeks={data.weeks} />
      </Col>
      <Col>
        <TopOrganizations organizations={data.topOrganizations} />
      </Col>
      <Col>
        <WipTrend trend={data.wipTrend} />
      </Col>
      <Col>
        <DeviceAge bands={data.deviceAge} />
      </Col>
    </Row>
  );
}

export function ChartsPage() {
  const state = useQueryFilters(['weeks', 'from', 'to']);
  const params = state.values as ChartParams;
  const query = chartsApiQuery(params, companyToday());
  const charts = useQuery({
    queryKey: ['charts', query],
    // The signal cancels the call for a period left before it answered.
    queryFn: ({ signal }) => apiGet<ChartsResponse>('/api/manage/charts', { signal, query }),
    placeholderData: keepPreviousData,
  });
  const data = charts.isError ? undefined : charts.data;
  const updating = charts.isFetching && !charts.isPending;
  const weeks = data?.weeks.length ?? 0;

  return (
    <>
      <div className="sd-page-head flex-wrap">
        <h1 className="h4 mb-0">{ROUTES.charts?.title ?? 'Charts'}</h1>
      </div>
      <ChartPeriodPicker params={params} set={state.set} shown={data?.period ?? null} />
      {charts.isError ? (
        <Alert variant="danger">
          {filterMessages(charts.error, FILTERS).map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      ) : !data ? (
        <Spinner animation="border" size="sm" role="status" aria-label="Loading" />
      ) : (
        <>
          <div className="d-flex align-items-center gap-2 mb-3">
            <h2 className="h5 mb-0" data-testid="charts-period">
              {weeks} {weeks === 1 ? 'week' : 'weeks'}: {data.period.from} – {data.period.to}
            </h2>
            {updating ? <Spinner animation="border" size="sm" role="status" aria-label="Updating" /> : null}
          </div>
          <div style={updating ? { opacity: 0.6 } : undefined} aria-busy={updating || undefined}>
            <ChartGrid data={data} />
          </div>
        </>
      )}
    </>
  );
}
