// Starting a timer from any screen (task screen, slip menu, dialogs) and the short notice that says what happened:
// "Slip saved …" after a stop or switch, or why the server refused.
import { minutesToHmm } from '../../../shared/format/duration';
import type { Slip } from '../../../shared/schemas/slip';
import { TIMER_SAVED } from '../../../shared/schemas/timer';
import { errorMessages } from '../../api/http';
import { startTimer, useTimerChanged } from './timer-api';
import { showTimerNotice } from './timer-notice';

/** "Slip saved: 9:00 AM – 9:10 AM (0:10) on Wind the clock" (one line per day of a timer that ran past midnight). */
export function savedText(slips: Slip[]): string {
  return slips
    .map(
      (s) =>
        `${TIMER_SAVED}: ${s.date} ${s.startTime} – ${s.stopTime ?? ''} (${minutesToHmm(s.minutes ?? 0)}) on ${s.task.label}`,
    )
    .join('\n');
}

/** Starts (or switches to) a task's timer; the notice says what was saved or why it was refused. */
export function useStartTimer() {
  const changed = useTimerChanged();
  return async (task: number): Promise<boolean> => {
    try {
      const result = await startTimer({ task });
      changed();
      const started = `Timer started on ${result.timer.task.label}.`;
      showTimerNotice({
        text: result.stopped.length ? `${savedText(result.stopped)}\n${started}` : started,
        variant: 'success',
      });
      return true;
    } catch (error) {
      showTimerNotice({ text: errorMessages(error).join('\n'), variant: 'danger' });
      return false;
    }
  };
}
