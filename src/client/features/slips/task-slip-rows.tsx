// How a task's slips show on its Slips screen: table columns on wider screens, a card per slip on phones, and
// the task's total hours (computed by the server over every slip of the task).
import { Link } from 'react-router';
import { minutesToHmm } from '../../../shared/format/duration';
import { slipDuration, timeRange } from '../../../shared/format/slip-display';
import { pathFor } from '../../../shared/routes';
import type { ListPage } from '../../../shared/schemas/common';
import type { Slip } from '../../../shared/schemas/slip';
import type { Column } from '../records/record-list';

const slipLink = (s: Slip) =>
  pathFor('case_task_slip_basics', { caseId: s.caseId, taskId: s.taskId, slipId: s.id });

/** Edit for a slip the user may change; else "Read-only" with the server's reason (the same as the slip's page). */
export function SlipChange({ slip }: { slip: Slip }) {
  if (slip.can?.edit === false) {
    return (
      <span
        className="small text-body-secondary text-nowrap sd-slip-read-only"
        title={slip.locked ?? undefined}
      >
        Read-only
        {slip.locked ? <span className="visually-hidden">: {slip.locked}</span> : null}
      </span>
    );
  }
  const edit = pathFor('case_task_slip_basics_edit', {
    caseId: slip.caseId,
    taskId: slip.taskId,
    slipId: slip.id,
  });
  return (
    <Link to={edit} className="small" aria-label={`Edit slip #${slip.number}`}>
      Edit
    </Link>
  );
}

export const TASK_SLIP_COLUMNS: Column<Slip>[] = [
  { key: 'date', label: 'Date', render: (s) => <Link to={slipLink(s)}>{s.date}</Link> },
  {
    key: 'range',
    label: 'Time Range',
    render: (s) => timeRange(s.startTime, s.stopTime),
    className: 'text-nowrap',
  },
  { key: 'time', label: 'Time', render: (s) => slipDuration(s.startTime, s.stopTime), className: 'text-end' },
  { key: 'biller', label: 'Biller', render: (s) => s.user?.label, className: 'text-nowrap' },
  { key: 'how', label: 'How', render: (s) => s.how?.label, className: 'text-nowrap' },
  { key: 'where', label: 'Where', render: (s) => s.where?.label, className: 'text-nowrap' },
  { key: 'comment', label: 'Description', render: (s) => s.comment, className: 'sd-slip-comment' },
  { key: 'change', label: 'Change', render: (s) => <SlipChange slip={s} />, className: 'text-nowrap' },
];

/** One slip on a phone: date and times first, then who, how and where, then the description at full width. */
export function TaskSlipCard({ slip }: { slip: Slip }) {
  const duration = slipDuration(slip.startTime, slip.stopTime);
  const how = [slip.user?.label, slip.how?.label, slip.where?.label].filter(Boolean).join(' · ');
  return (
    <div className="card sd-task-slip-card mb-2" data-testid="task-slip-card">
      <div className="card-body p-2">
        <div className="d-flex gap-2 align-items-baseline">
          <Link to={slipLink(slip)} className="fw-semibold">
            {slip.date}
          </Link>
          <span className="text-nowrap">{timeRange(slip.startTime, slip.stopTime)}</span>
          <span className="ms-auto fw-semibold">{duration}</span>
          <SlipChange slip={slip} />
        </div>
        {how ? <div className="small text-body-secondary">{how}</div> : null}
        {slip.comment ? <div className="sd-slip-comment">{slip.comment}</div> : null}
      </div>
    </div>
  );
}

/** The first page carries the task's total minutes (GET /api/manage/slip?task=). */
export function TaskSlipsTotal({ first }: { first: ListPage<Slip> & { totalMinutes?: number } }) {
  return (
    <div className="mb-2 sd-task-slips-total" data-testid="task-slips-total">
      <span className="small text-body-secondary me-2" id="sd-task-total-label">
        Total Hours
      </span>
      <output className="fw-semibold" aria-labelledby="sd-task-total-label">
        {minutesToHmm(first.totalMinutes ?? 0)}
      </output>
    </div>
  );
}
