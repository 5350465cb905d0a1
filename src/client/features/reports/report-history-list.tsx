// Report history (/report/report-history and an organization's Report History tab): every export kept, newest
// first, with its filters, who made it and when; download it again or run the report again with its filters.

import type { ReactNode } from 'react';
import { Badge } from 'react-bootstrap';
import { Link } from 'react-router';
import { BILLING_HISTORY_REPORTS, CLIENT_REPORTS, type ReportHistoryItem } from '../../../shared/reports';
import { formatWhen } from '../history/history-api';
import { type Column, type FilterDef, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';
import { formatSize } from './report-format';

const REPORT_OPTIONS = [
  ...CLIENT_REPORTS.map((r) => ({ value: r.key, label: r.title })),
  { value: 'security-pack', label: 'Security Pack' },
  ...BILLING_HISTORY_REPORTS.map((r) => ({ ...r })),
  { value: 'upload', label: 'Uploaded File' },
];
const FILTERS: FilterDef[] = [{ name: 'report', label: 'Report', kind: 'select', options: REPORT_OPTIONS }];

const FORMAT_BADGE: Record<ReportHistoryItem['format'], string> = {
  CSV: 'success',
  XLSX: 'primary',
  PDF: 'danger',
  FILE: 'secondary',
};

function Actions({ item }: { item: ReportHistoryItem }) {
  return (
    <span className="d-inline-flex gap-2 text-nowrap">
      <a href={item.download} download aria-label={`Download ${item.fileName}`}>
        Download
      </a>
      {item.rerun ? (
        <Link to={item.rerun} aria-label={`Run ${item.reportTitle} again`}>
          Run again
        </Link>
      ) : null}
    </span>
  );
}

const size = (item: ReportHistoryItem) =>
  item.rowCount === null
    ? formatSize(item.size)
    : `${item.rowCount} ${item.rowCount === 1 ? 'row' : 'rows'} · ${formatSize(item.size)}`;

const COLUMNS: Column<ReportHistoryItem>[] = [
  { key: 'report', label: 'Report', render: (h) => h.reportTitle },
  { key: 'title', label: 'Title', render: (h) => h.title },
  {
    key: 'format',
    label: 'Format',
    render: (h) => <Badge bg={FORMAT_BADGE[h.format] ?? 'secondary'}>{h.format}</Badge>,
  },
  { key: 'filters', label: 'Filters', render: (h) => h.filtersText, wide: true, className: 'small' },
  { key: 'organizations', label: 'Organizations', render: (h) => h.organizations, wide: true },
  { key: 'who', label: 'Who', render: (h) => h.createdBy ?? '', wide: true },
  { key: 'when', label: 'When', render: (h) => formatWhen(h.createdAt), className: 'text-nowrap' },
  { key: 'size', label: 'Size', render: size, wide: true, className: 'text-nowrap' },
  { key: 'actions', label: '', render: (h) => <Actions item={h} /> },
];

function HistoryCard(h: ReportHistoryItem) {
  return (
    <div className="card sd-card mb-2">
      <div className="card-body py-2 px-3 small">
        <div className="d-flex gap-2 align-items-center">
          <Badge bg={FORMAT_BADGE[h.format] ?? 'secondary'}>{h.format}</Badge>
          <span className="fw-semibold text-truncate">{h.title}</span>
        </div>
        <div className="text-body-secondary">{h.filtersText}</div>
        <div>{h.organizations}</div>
        <div className="text-body-secondary">
          {formatWhen(h.createdAt)}
          {h.createdBy ? ` · ${h.createdBy}` : ''} · {size(h)}
        </div>
        <Actions item={h} />
      </div>
    </div>
  );
}

export function ReportHistoryList(props: {
  organization?: string;
  heading?: ReactNode;
  summary?: ReactNode;
  actions?: ReactNode;
}) {
  const state = useQueryFilters(['report']);
  return (
    <RecordList<ReportHistoryItem>
      title="Report History"
      url="/api/report/history"
      queryKey="report-history"
      columns={COLUMNS}
      filters={FILTERS}
      state={state}
      fixed={props.organization ? { organization: props.organization } : undefined}
      rowKey={(h) => h.id}
      heading={props.heading}
      actions={props.actions}
      card={HistoryCard}
      summary={props.summary ? () => props.summary : undefined}
    />
  );
}
