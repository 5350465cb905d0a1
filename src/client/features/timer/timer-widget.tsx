// The running timer in the top navigation: task title and elapsed h:mm:ss by the server's clock. Only the elapsed
// time re-renders each second; activating it opens the running timer's dialog. Nothing shows while no timer runs.
import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useEffect, useState } from 'react';
import type { Timer } from '../../../shared/schemas/timer';
import { readTimeZone } from '../../shell/environment';
import { timerFace } from './elapsed';
import { elapsedMs, useTimer } from './timer-api';
import { openTimerDialog } from './timer-dialog-store';

/** The ticking part: its own state, so the rest of the navigation does not render every second. */
export function Elapsed({ timer, offset }: { timer: Timer; offset: number }) {
  const [now, setNow] = useState(() => elapsedMs(timer, offset));
  useEffect(() => {
    setNow(elapsedMs(timer, offset));
    const id = window.setInterval(() => setNow(elapsedMs(timer, offset)), 1000);
    return () => window.clearInterval(id);
  }, [timer, offset]);
  return (
    <span className="sd-timer-elapsed font-monospace" data-testid="timer-elapsed">
      {timerFace(now, timer.startedAt, readTimeZone())}
    </span>
  );
}

/** Outside the signed-in app (no query client, e.g. a lone navigation in a test) there is no timer to show. */
export function TimerWidget() {
  return useContext(QueryClientContext) ? <RunningTimer /> : null;
}

function RunningTimer() {
  const { data } = useTimer();
  const timer = data?.timer;
  if (!timer || !data) return null;
  return (
    <div className="nav-item me-1 me-sm-2 order-lg-last ms-lg-2 me-lg-0">
      <button
        type="button"
        className="btn btn-sm btn-outline-light d-flex align-items-center gap-1 gap-sm-2 px-1 px-sm-2 sd-timer-widget"
        aria-haspopup="dialog"
        aria-label={`Running timer: ${timer.task.label}. Open to stop or switch.`}
        title={`${timer.task.label} · ${timer.case.label} · ${timer.organization.label}`}
        data-testid="timer-widget"
        onClick={() => openTimerDialog('running')}
      >
        <span className="text-danger" aria-hidden="true">
          ●
        </span>
        <span className="text-truncate d-none d-sm-inline" style={{ maxWidth: '14rem' }}>
          {timer.task.label}
        </span>
        <Elapsed timer={timer} offset={data.offset} />
      </button>
    </div>
  );
}
