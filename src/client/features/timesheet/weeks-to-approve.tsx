// The submitted weeks the signed-in user may approve, oldest first; each opens that person's week in the calendar.
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { formatWhen } from '../history/history-api';
import { fetchWeeksToApprove, TO_APPROVE_KEY } from './timesheet-api';

export function WeeksToApprove({ onOpen }: { onOpen: (userId: number, weekStart: string) => void }) {
  const weeks = useQuery({
    queryKey: TO_APPROVE_KEY,
    queryFn: ({ signal }) => fetchWeeksToApprove(signal),
    retry: false,
  });
  const items = weeks.data?.items ?? [];
  return (
    <section className="sd-weeks-to-approve border rounded p-2 mb-2" aria-labelledby="weeks-to-approve-title">
      <h3 id="weeks-to-approve-title" className="h6 mb-2">
        Weeks to approve
      </h3>
      {weeks.isPending ? (
        <p className="small mb-0">Loading…</p>
      ) : weeks.isError ? (
        <p className="small text-danger mb-0" role="alert">
          {weeks.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="small text-body-secondary mb-0">No weeks are waiting for your approval.</p>
      ) : (
        <ul className="list-unstyled mb-0" data-testid="weeks-to-approve">
          {items.map((w) => (
            <li key={w.id} className="mb-1">
              <Button
                variant="link"
                size="sm"
                className="p-0 text-start"
                onClick={() => onOpen(w.userId, w.weekStart)}
              >
                {w.user.label} — week of {w.weekStart}
              </Button>
              <span className="small text-body-secondary ms-2">submitted {formatWhen(w.submittedAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
