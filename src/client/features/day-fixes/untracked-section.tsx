// The daily panel's "Changed today, no time": cases and tasks the user changed on the displayed day without
// logging time on them, each with Log Time (a task: its new slip card; a case: the one-line entry on the case).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Collapse from 'react-bootstrap/Collapse';
import { formatDate, toPathDate } from '../../../shared/format/date';
import type { Slip } from '../../../shared/schemas/slip';
import type { UntrackedItem, UntrackedList } from '../../../shared/schemas/untracked';
import { apiGet } from '../../api/http';
import { today, useDaily } from '../slips/daily-state';

/** The section heading for the displayed day. */
export function untrackedHeading(date: Date, now: Date = today()): string {
  return formatDate(date) === formatDate(now)
    ? 'Changed today, no time'
    : `Changed on ${formatDate(date)}, no time`;
}

type Props = {
  date: Date;
  /** The day's slips: a saved slip (a new version or id) asks again, so work just logged leaves the list. */
  slips: readonly Pick<Slip, 'id' | 'version'>[];
};

export function UntrackedSection({ date, slips }: Props) {
  const daily = useDaily();
  const [open, setOpen] = useState(true);
  const path = toPathDate(date);
  const logged = slips.map((s) => `${s.id}.${s.version}`).join(',');
  const { data } = useQuery({
    queryKey: ['untracked', path, logged],
    queryFn: ({ signal }) => apiGet<UntrackedList>(`/api/time/untracked/${path}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  const heading = untrackedHeading(date);
  const logTime = (item: UntrackedItem) =>
    item.taskId !== null ? daily.open({ taskId: item.taskId }) : daily.fillQuick(`#${item.caseId} `);

  return (
    <section className="sd-untracked mt-3" aria-label={heading} data-testid="untracked">
      <button
        type="button"
        className="btn btn-link p-0 text-decoration-none fw-semibold"
        aria-expanded={open}
        aria-controls="sd-untracked-body"
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> {heading}
      </button>
      <Collapse in={open}>
        <div id="sd-untracked-body">
          <ul className="list-unstyled mb-0 mt-1">
            {items.map((item) => (
              <li
                key={`${item.kind}-${item.taskId ?? item.caseId}`}
                className="d-flex align-items-start gap-2 py-1 border-bottom"
                data-testid="untracked-item"
              >
                <div className="flex-grow-1 small text-break">
                  <div>
                    {item.organization} › #{item.caseId} {item.caseTitle}
                    {item.taskTitle ? ` › ${item.taskTitle}` : ''}
                  </div>
                  <div className="text-body-secondary">Changed: {item.fields.join(', ')}</div>
                </div>
                <Button
                  size="sm"
                  variant="outline-primary"
                  className="py-0 text-nowrap"
                  aria-label={`Log Time on ${item.taskTitle ?? `#${item.caseId} ${item.caseTitle}`}`}
                  onClick={() => logTime(item)}
                >
                  Log Time
                </Button>
              </li>
            ))}
          </ul>
        </div>
      </Collapse>
    </section>
  );
}
