// Mounted once in the shell: Shift+T anywhere no field has focus opens Start Timer (or the running timer when one
// runs), the other tabs' changes are listened for, and the timer's notice shows. The dialogs load on first use.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { lazyComponent, MountWhenOpened } from '../../shell/lazy-chunk';
import { typingNowhere } from '../search/search-state';
import { TIMER_KEY, type TimerView, useTimerChannel } from './timer-api';
import { openTimerDialog, useTimerDialog } from './timer-dialog-store';
import { showTimerNotice, useTimerNotice } from './timer-notice';

const TimerDialogs = lazyComponent('timer', () => import('./timer-dialogs'), 'TimerDialogs');
const NOTICE_MS = 8000;

/** Shift+T (no Ctrl, Alt or Meta) while focus is on no field. */
export function isTimerShortcut(event: KeyboardEvent): boolean {
  if (event.key !== 'T' || !event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return false;
  if (event.isComposing) return false;
  return typingNowhere(event);
}

function TimerNoticeView() {
  const notice = useTimerNotice();
  useEffect(() => {
    if (!notice) return;
    const id = window.setTimeout(() => showTimerNotice(null), NOTICE_MS);
    return () => window.clearTimeout(id);
  }, [notice]);
  return (
    <div
      className="position-fixed bottom-0 end-0 p-3"
      style={{ zIndex: 1090 }}
      role="status"
      aria-live="polite"
    >
      {notice ? (
        <div
          className={`alert alert-${notice.variant} sd-pre-line shadow-sm mb-0 py-2`}
          data-testid="timer-notice"
        >
          {notice.text}
        </div>
      ) : null}
    </div>
  );
}

export function TimerShortcut() {
  const queryClient = useQueryClient();
  const dialog = useTimerDialog();
  useTimerChannel();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isTimerShortcut(event)) return;
      event.preventDefault();
      const view = queryClient.getQueryData<TimerView>(TIMER_KEY);
      openTimerDialog(view?.timer ? 'running' : 'start');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [queryClient]);
  return (
    <>
      <MountWhenOpened open={dialog !== null}>
        <TimerDialogs />
      </MountWhenOpened>
      <TimerNoticeView />
    </>
  );
}
