// The viewed week's state in the calendar: a badge, who submitted or decided it and when, the comment, and the
// actions the signed-in user may take (Submit Week with its warnings, Approve, Reject with a reason, Reopen or
// Withdraw). Each action refetches the week; the confirm steps are small dialogs inside the calendar.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import {
  REJECT_NEEDS_COMMENT,
  type WeekAction,
  type WeekAnswer,
  type WeekStatus,
} from '../../../shared/schemas/timesheet';
import { errorMessages, isApiError } from '../../api/http';
import { TextArea } from '../../ui';
import { formatWhen } from '../history/history-api';
import { fetchWeek, postWeekAction, TO_APPROVE_KEY, WEEK_KEY, weekKey } from './timesheet-api';

const BADGE: Record<WeekStatus, string> = {
  OPEN: 'secondary',
  SUBMITTED: 'primary',
  APPROVED: 'success',
  REJECTED: 'danger',
};

function who(answer: WeekAnswer): string | null {
  const { week } = answer;
  if (week.status === 'SUBMITTED' && week.submittedAt) {
    return `Submitted ${formatWhen(week.submittedAt)}${week.submittedBy ? ` by ${week.submittedBy.label}` : ''}`;
  }
  if (week.decidedAt && week.decidedBy) {
    const verb =
      week.status === 'APPROVED' ? 'Approved' : week.status === 'REJECTED' ? 'Rejected' : 'Reopened';
    return `${verb} ${formatWhen(week.decidedAt)} by ${week.decidedBy.label}`;
  }
  return null;
}

type Step = 'submit' | 'reject' | null;
const REJECT_FIELD_ID = 'week-reject-comment';

export function WeekState({ day, userId, ownId }: { day: Date; userId: number; ownId: number | null }) {
  const queryClient = useQueryClient();
  const key = weekKey(day, userId);
  const week = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchWeek(day, userId, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const [step, setStep] = useState<Step>(null);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string[] | undefined>();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  // A new week or user closes any open step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on the week shown
  useEffect(() => {
    setStep(null);
    setComment('');
    setCommentError(undefined);
  }, [key[1], userId]);
  useEffect(() => {
    if (step === 'submit') confirmRef.current?.focus();
    if (step === 'reject') document.getElementById(REJECT_FIELD_ID)?.focus();
  }, [step]);

  const act = useMutation({
    mutationFn: (input: { action: WeekAction; comment?: string | null }) =>
      postWeekAction(day, userId, input.action, {
        version: week.data?.week.version ?? 0,
        comment: input.comment ?? null,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      setStep(null);
      setComment('');
      void queryClient.invalidateQueries({ queryKey: [WEEK_KEY] });
      void queryClient.invalidateQueries({ queryKey: TO_APPROVE_KEY });
      statusRef.current?.focus();
    },
    onError: (error) => {
      // Someone else changed the week: show its new state.
      if (isApiError(error) && error.status === 409) void week.refetch();
      if (isApiError(error) && error.fields.comment) setCommentError(error.fields.comment);
    },
  });

  // Only the person, their approver and administrators see a week's state.
  if (week.isError || !week.data) return null;
  const answer = week.data;
  const { can } = answer;
  const line = who(answer);
  const own = ownId === userId;
  const run = (action: WeekAction, text?: string) => {
    act.reset();
    act.mutate({ action, comment: text ?? null });
  };
  const reject = () => {
    if (!comment.trim()) {
      setCommentError([REJECT_NEEDS_COMMENT]);
      return;
    }
    run('reject', comment);
  };
  const errors = act.isError ? errorMessages(act.error).filter((m) => !commentError?.includes(m)) : [];

  return (
    <div
      className="sd-week-state border rounded p-2 mb-2"
      data-testid="week-state"
      data-status={answer.week.status}
    >
      <div className="d-flex flex-wrap align-items-center gap-2">
        <div ref={statusRef} tabIndex={-1} className="d-flex flex-wrap align-items-center gap-2 me-auto">
          <span className="small">Week of {answer.week.weekStart}:</span>
          <Badge bg={BADGE[answer.week.status]} data-testid="week-status">
            {answer.week.statusLabel}
          </Badge>
          {line ? <span className="small text-body-secondary">{line}</span> : null}
        </div>
        {can.submit ? (
          <Button size="sm" onClick={() => setStep('submit')} disabled={act.isPending}>
            Submit Week
          </Button>
        ) : null}
        {can.approve ? (
          <Button size="sm" variant="success" onClick={() => run('approve')} disabled={act.isPending}>
            Approve
          </Button>
        ) : null}
        {can.reject ? (
          <Button
            size="sm"
            variant="outline-danger"
            onClick={() => setStep('reject')}
            disabled={act.isPending}
          >
            Reject
          </Button>
        ) : null}
        {can.reopen ? (
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => run('reopen')}
            disabled={act.isPending}
          >
            {own && answer.week.status === 'SUBMITTED' ? 'Withdraw' : 'Reopen'}
          </Button>
        ) : null}
      </div>
      {answer.week.comment ? (
        <p className="small mb-0 mt-1 sd-pre-line" data-testid="week-comment">
          <span className="fw-semibold">Comment:</span> {answer.week.comment}
        </p>
      ) : null}
      {errors.length ? (
        <div className="alert alert-danger py-1 px-2 small mt-2 mb-0" role="alert">
          {errors.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </div>
      ) : null}
      {step === 'submit' ? (
        <InlineStep
          role="alertdialog"
          title={`Submit the week of ${answer.week.weekStart} for approval?`}
          onCancel={() => setStep(null)}
        >
          {answer.warnings.length ? (
            <>
              <p className="small mb-1">Check these first:</p>
              <ul className="small mb-2" data-testid="week-warnings">
                {answer.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="small mb-2">Every workday has its expected hours, without gaps.</p>
          )}
          <div className="d-flex gap-2">
            <Button ref={confirmRef} size="sm" onClick={() => run('submit')} disabled={act.isPending}>
              Submit Week
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => setStep(null)}>
              Cancel
            </Button>
          </div>
        </InlineStep>
      ) : null}
      {step === 'reject' ? (
        <InlineStep
          role="dialog"
          title={`Reject the week of ${answer.week.weekStart}`}
          onCancel={() => setStep(null)}
        >
          <TextArea
            label="Reason"
            name="weekRejectComment"
            required
            rows={2}
            value={comment}
            onChange={(v) => {
              setComment(v);
              setCommentError(undefined);
            }}
            errors={commentError}
            id={REJECT_FIELD_ID}
          />
          <div className="d-flex gap-2">
            <Button size="sm" variant="danger" onClick={reject} disabled={act.isPending}>
              Reject Week
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => setStep(null)}>
              Cancel
            </Button>
          </div>
        </InlineStep>
      ) : null}
    </div>
  );
}

/** A confirm step shown in place under the week's state: titled for screen readers, Escape cancels it. */
function InlineStep({
  role,
  title,
  onCancel,
  children,
}: {
  role: 'dialog' | 'alertdialog';
  title: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the role is dialog or alertdialog, given by the caller
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: both roles take aria-labelledby
    <div
      role={role}
      aria-labelledby={titleId}
      className="border-top mt-2 pt-2"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <p id={titleId} className="fw-semibold small mb-1">
        {title}
      </p>
      {children}
    </div>
  );
}
