// /admin/notice: notices printed on reports and, when marked so, shown as a banner in the shell: list, basics and
// field history (Notice).
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { ACTIVE_CHOICES } from '../../../shared/schemas/fields';
import {
  NOTICE_BODY_MAX,
  NOTICE_PLACES,
  type NoticeRecord,
  noticeForm,
} from '../../../shared/schemas/notice';
import { NOTICE_BANNERS_KEY } from '../../shell/notice-banner';
import { HistoryView } from '../history/history-view';
import { RecordBasics } from '../records/record-basics';
import type { FieldSection } from '../records/record-fields';
import { type Column, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';

const API = '/api/admin/notice';
const KEY = 'notice';

/** Where a notice shows, in words: "Reports, Banner". */
const shows = (r: NoticeRecord) =>
  [r.onReports ? 'Reports' : null, r.asBanner ? 'Banner' : null].filter(Boolean).join(', ') || 'Nowhere';

/** The first line, cut at 120 characters. */
const firstLine = (text: string) => {
  const line = text.split('\n')[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
};

const SECTIONS: FieldSection[] = [
  {
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true, col: 'col-12', maxLength: 200 },
      {
        name: 'body',
        label: 'Text',
        kind: 'textarea',
        required: true,
        col: 'col-12',
        maxLength: NOTICE_BODY_MAX,
        hint: `Plain text; line breaks are kept. At most ${NOTICE_BODY_MAX} characters.`,
      },
      {
        name: 'onReports',
        label: 'Show on reports',
        kind: 'checkbox',
        col: 'col-sm-4 sd-check-cell',
      },
      {
        name: 'asBanner',
        label: 'Show as a banner',
        kind: 'checkbox',
        col: 'col-sm-4 sd-check-cell',
        hint: 'While active, every signed-in user sees it at the top of each page until they dismiss it.',
      },
      { name: 'active', label: 'Active', kind: 'checkbox', col: 'col-sm-4 sd-check-cell' },
    ],
  },
];

export function NoticeListPage() {
  const state = useQueryFilters(['q', 'active', 'shows'], { active: '1' });
  const columns: Column<NoticeRecord>[] = [
    {
      key: 'title',
      label: 'Title',
      render: (r) => <Link to={pathFor('notice_basics', { id: r.id })}>{r.title}</Link>,
    },
    {
      key: 'body',
      label: 'Text',
      // The first line is enough to tell notices apart; the whole text is on the notice.
      render: (r) => firstLine(r.body),
      wide: true,
    },
    { key: 'shows', label: 'Shows', render: shows },
    { key: 'active', label: 'Status', render: (r) => (r.active ? 'Active' : 'Inactive') },
  ];
  return (
    <RecordList<NoticeRecord>
      title="Notices"
      url={API}
      queryKey={KEY}
      columns={columns}
      state={state}
      filters={[
        { name: 'q', label: 'Search', kind: 'text' },
        { name: 'shows', label: 'Shows', kind: 'select', options: NOTICE_PLACES.map((p) => ({ ...p })) },
        { name: 'active', label: 'Show', kind: 'select', options: ACTIVE_CHOICES, emptyValue: 'all' },
      ]}
      rowKey={(r) => r.id}
      rowClassName={(r) => (r.active ? undefined : 'sd-row-inactive')}
      actions={
        <Link to={pathFor('notice_basics', { id: 'create' })} className="btn btn-sm btn-primary">
          New Notice
        </Link>
      }
    />
  );
}

export function NoticeBasicsPage() {
  const id = useParams().id ?? 'create';
  const queryClient = useQueryClient();
  return (
    <RecordBasics<NoticeRecord>
      api={API}
      onChanged={() => void queryClient.invalidateQueries({ queryKey: NOTICE_BANNERS_KEY })}
      entityKey={KEY}
      historyKey={KEY}
      id={id}
      schema={noticeForm}
      sections={SECTIONS}
      title={(r) => r.title}
      newTitle="New Notice"
      savedPath={(rid) => pathFor('notice_basics', { id: rid })}
      cancelPath={pathFor('notices')}
      historyPath={(rid) => pathFor('notice_history', { id: rid })}
    />
  );
}

export function NoticeHistoryPage() {
  const id = useParams().id ?? '';
  return (
    <HistoryView
      entity={KEY}
      id={id}
      objectClass="Notice"
      backTo={pathFor('notice_basics', { id })}
      backText="Notice"
    />
  );
}
