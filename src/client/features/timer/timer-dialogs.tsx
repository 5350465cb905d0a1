// The timer's two dialogs: Start Timer (a task typeahead; picking a task starts it) and the running timer's (task ›
// case › organization, started at, comment; Stop on Enter, Switch Task, Discard after asking).
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes';
import type { Option } from '../../../shared/schemas/common';
import type { Timer } from '../../../shared/schemas/timer';
import { errorMessages, isApiError } from '../../api/http';
import { Dialog, TextInput, Typeahead } from '../../ui';
import { formatWhen } from '../history/history-api';
import { savedText, useStartTimer } from './timer-actions';
import { discardTimer, stopTimer, useTimer, useTimerChanged } from './timer-api';
import { closeTimerDialog, useTimerDialog } from './timer-dialog-store';
import { showTimerNotice } from './timer-notice';
import { Elapsed } from './timer-widget';

const TASK_COLUMNS = [
  { name: 'label', title: 'Task' },
  { name: 'case', title: 'Case' },
  { name: 'organization', title: 'Client' },
];

/**
 * Focuses the field with `id` once the dialog shows and keeps it there while the dialog's opening moves focus to its
 * frame, with the caret at the end: letters typed straight after the shortcut all land in the field.
 */
function useFocusOnShow(id: string, show: boolean) {
  useEffect(() => {
    if (!show) return;
    const focus = () => {
      const el = document.getElementById(id);
      if (!(el instanceof HTMLInputElement) || document.activeElement === el) return;
      el.focus();
      el.setSelectionRange(el.value.length, el.value.length);
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof Element && target.matches('.modal, .offcanvas')) focus();
    };
    document.addEventListener('focusin', onFocusIn);
    const timers = [0, 50, 150, 350].map((ms) => window.setTimeout(focus, ms));
    const settle = window.setTimeout(() => document.removeEventListener('focusin', onFocusIn), 1000);
    return () => {
      for (const t of timers) window.clearTimeout(t);
      window.clearTimeout(settle);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [id, show]);
}

/** The task typeahead of Start Timer and Switch Task: picking a task (Enter) starts its timer. */
function TaskPicker({ id, label, onStarted }: { id: string; label: string; onStarted: () => void }) {
  const start = useStartTimer();
  const [value, setValue] = useState<Option | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Typeahead
      id={id}
      name="task"
      label={label}
      url="/api/time/timer/tasks"
      columns={TASK_COLUMNS}
      placeholder="Type a task, case or client"
      disabled={busy}
      value={value}
      onChange={async (picked) => {
        setValue(picked);
        if (!picked) return;
        setBusy(true);
        const ok = await start(Number(picked.value));
        setBusy(false);
        if (ok) onStarted();
      }}
    />
  );
}

function StartTimerDialog({ show }: { show: boolean }) {
  useFocusOnShow('timer-task', show);
  return (
    <Dialog
      show={show}
      title="Start Timer"
      showOkay={false}
      showCancel={false}
      onHide={closeTimerDialog}
      data-testid="start-timer-dialog"
    >
      {show ? <TaskPicker id="timer-task" label="Task" onStarted={closeTimerDialog} /> : null}
    </Dialog>
  );
}

function RunningBody({ timer, offset }: { timer: Timer; offset: number }) {
  const changed = useTimerChanged();
  const [comment, setComment] = useState(timer.comment ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  useFocusOnShow(switching ? 'timer-switch-task' : 'timer-comment', true);
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
  }, [confirming]);

  const refused = (error: unknown) => {
    setErrors(errorMessages(error));
    // Another window stopped or switched it: show what runs now.
    if (isApiError(error) && (error.status === 404 || error.status === 409)) changed();
  };

  const stop = async () => {
    setBusy(true);
    setErrors([]);
    try {
      const { slips } = await stopTimer(timer.version, comment.trim() || null);
      changed();
      closeTimerDialog();
      showTimerNotice({ text: savedText(slips), variant: 'success' });
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  const discard = async () => {
    setBusy(true);
    try {
      await discardTimer(timer.version);
      changed();
      closeTimerDialog();
      showTimerNotice({ text: 'Timer discarded. No time was logged.', variant: 'success' });
    } catch (error) {
      refused(error);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      aria-label="Running timer"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy && !switching && !confirming) void stop();
      }}
    >
      <p className="mb-1" data-testid="timer-trail">
        <Link
          to={pathFor('case_task_basics', { caseId: timer.caseId, taskId: timer.taskId })}
          onClick={closeTimerDialog}
        >
          {timer.task.label}
        </Link>
        <span className="text-body-secondary">
          {' '}
          › {timer.case.label} › {timer.organization.label}
        </span>
      </p>
      <p className="mb-3 small text-body-secondary">
        Started at {formatWhen(timer.startedAt)} · <Elapsed timer={timer} offset={offset} />
      </p>
      <TextInput
        id="timer-comment"
        name="comment"
        label="Comment"
        value={comment}
        onChange={setComment}
        hint="Goes on the slip. Enter stops the timer."
      />
      {errors.length ? (
        <div className="alert alert-danger py-2 sd-pre-line" role="alert">
          {errors.join('\n')}
        </div>
      ) : null}
      {switching ? (
        <TaskPicker id="timer-switch-task" label="Switch to task" onStarted={closeTimerDialog} />
      ) : null}
      {confirming ? (
        <div
          className="alert alert-warning py-2 d-flex flex-wrap align-items-center gap-2"
          role="alertdialog"
        >
          <span className="me-auto">Discard this timer? Its time is not logged.</span>
          <Button size="sm" variant="danger" disabled={busy} onClick={() => void discard()}>
            Discard
          </Button>
          <Button ref={keepRef} size="sm" variant="outline-secondary" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      ) : null}
      <div className="d-flex flex-wrap gap-2 justify-content-end">
        <Button
          variant="outline-danger"
          size="sm"
          disabled={busy}
          onClick={() => setConfirming(true)}
          className="me-auto"
        >
          Discard
        </Button>
        <Button variant="outline-secondary" size="sm" disabled={busy} onClick={() => setSwitching((s) => !s)}>
          Switch Task
        </Button>
        <Button type="submit" variant="primary" size="sm" disabled={busy}>
          Stop
        </Button>
      </div>
    </form>
  );
}

function RunningTimerDialog({ show }: { show: boolean }) {
  const { data } = useTimer();
  const timer = data?.timer ?? null;
  return (
    <Dialog
      show={show && !!timer}
      title="Timer"
      showOkay={false}
      showCancel={false}
      onHide={closeTimerDialog}
      data-testid="running-timer-dialog"
    >
      {timer && data ? <RunningBody key={timer.version} timer={timer} offset={data.offset} /> : null}
    </Dialog>
  );
}

export function TimerDialogs() {
  const dialog = useTimerDialog();
  const { data } = useTimer();
  const running = !!data?.timer;
  // Asked for the running timer after another window stopped it: offer to start one instead.
  return (
    <>
      <StartTimerDialog
        show={dialog === 'start' || (dialog === 'running' && data !== undefined && !running)}
      />
      <RunningTimerDialog show={dialog === 'running'} />
    </>
  );
}
