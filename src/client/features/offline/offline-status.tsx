// The top navigation's part of offline time entry: runs the sync engine for the signed-in user, says "Offline" when
// the browser has no network, and counts the user's changes not yet saved (red when the server refused any).
import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import Badge from 'react-bootstrap/Badge';
import Nav from 'react-bootstrap/Nav';
import { fromPathDate } from '../../../shared/format/date';
import { whenIdle } from '../../shell/when-idle';
import { useDailyOptional } from '../slips/daily-state';
import { loadSync } from './load-sync';
import { changesNotSaved, queueCounts } from './queue-state';
import { useMyQueue, useOnline, useSignedInUserId } from './use-offline';

/** The daily summaries' query key (slip-api's SUMMARY_KEY, not imported so the shell stays small). */
const SUMMARY_KEY = 'slip-summary';

function UploadIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M4.406 1.342A5.53 5.53 0 0 1 8 0c2.69 0 4.923 2 5.166 4.579C14.758 4.804 16 6.137 16 7.773 16 9.569 14.502 11 12.687 11H10a.5.5 0 0 1 0-1h2.688C13.979 10 15 8.988 15 7.773c0-1.216-1.02-2.228-2.313-2.228h-.5v-.5C12.188 2.825 10.328 1 8 1a4.53 4.53 0 0 0-2.941 1.1c-.757.652-1.153 1.438-1.153 2.055v.448l-.445.049C2.064 4.805 1 5.952 1 7.318 1 8.785 2.23 10 3.781 10H6a.5.5 0 0 1 0 1H3.781C1.708 11 0 9.366 0 7.318c0-1.763 1.266-3.223 2.942-3.593.143-.863.698-1.723 1.464-2.383" />
      <path d="M7.646 4.146a.5.5 0 0 1 .708 0l3 3a.5.5 0 0 1-.708.708L8.5 5.707V14.5a.5.5 0 0 1-1 0V5.707L5.354 7.854a.5.5 0 1 1-.708-.708z" />
    </svg>
  );
}

function OfflineIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M10.706 3.294A12.6 12.6 0 0 0 8 3C5.259 3 2.723 3.882.663 5.379a.485.485 0 0 0-.048.736.52.52 0 0 0 .668.05A11.45 11.45 0 0 1 8 4q.946 0 1.852.148zM8 6c-1.905 0-3.68.56-5.166 1.526a.48.48 0 0 0-.063.745.525.525 0 0 0 .652.065 8.45 8.45 0 0 1 3.51-1.27zm2.596 1.404.785-.785q.947.362 1.785.907a.48.48 0 0 1 .063.745.525.525 0 0 1-.652.065 8.5 8.5 0 0 0-1.98-.932zM8 10l.933-.933a6.5 6.5 0 0 1 2.013.637c.285.145.326.524.1.75l-.015.015a.53.53 0 0 1-.611.09A5.5 5.5 0 0 0 8 10m4.905-4.905.747-.747q.886.451 1.685 1.03a.485.485 0 0 1 .047.737.52.52 0 0 1-.668.05 11.5 11.5 0 0 0-1.811-1.07M9.02 11.78c.238.14.236.464.04.66l-.707.706a.5.5 0 0 1-.707 0l-.707-.707c-.195-.195-.197-.518.04-.66A2 2 0 0 1 8 11.5c.374 0 .723.102 1.021.28zm4.355-9.905a.53.53 0 0 1 .75.75l-10.75 10.75a.53.53 0 0 1-.75-.75z" />
    </svg>
  );
}

/** Keeps the sync engine running for the signed-in user; after the queue drains, the days show the server's truth. */
function useSyncEngine(userId: number | null) {
  const client = useContext(QueryClientContext);
  useEffect(() => {
    if (userId === null) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    // Started once the page is idle: the engine's chunk stays off the first screen's path.
    const cancelIdle = whenIdle(
      () =>
        void loadSync().then((sync) => {
          if (cancelled) return;
          stop = sync.startSync(userId, () => {
            void client?.invalidateQueries({ queryKey: [SUMMARY_KEY] });
          });
        }),
    );
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [userId, client]);
}

export function OfflineStatus() {
  const userId = useSignedInUserId();
  useSyncEngine(userId);
  const online = useOnline();
  const queue = useMyQueue(userId);
  const daily = useDailyOptional();
  const { total, failed } = queueCounts(queue, userId);
  // The panel opens on the day of the first refused change, else of the first waiting one.
  const first = queue.find((op) => op.state === 'failed') ?? queue[0];
  const label = failed
    ? `${changesNotSaved(total)}, ${failed} refused by the server`
    : changesNotSaved(total);
  return (
    <>
      {online ? null : (
        // A phone's top bar has no room for the word (the crossed-out cloud says it, with the word for readers),
        // nor for both signs: there the count stands alone and the daily panel says it is offline.
        <Badge
          bg="secondary"
          className={`align-self-center me-1 gap-1 align-items-center sd-offline-indicator ${total > 0 ? 'd-none d-sm-inline-flex' : 'd-inline-flex'}`}
          role="status"
          title="Offline"
        >
          <OfflineIcon />
          <span className="d-none d-sm-inline">Offline</span>
          <span className="visually-hidden d-sm-none">Offline</span>
        </Badge>
      )}
      {total > 0 ? (
        <Nav.Link
          as="button"
          type="button"
          className={`btn btn-link px-1 sd-queue-badge ${failed ? 'sd-queue-failed' : ''}`}
          aria-label={label}
          title={label}
          data-testid="queue-badge"
          onClick={() => daily?.open(first ? { date: fromPathDate(first.day) ?? undefined } : {})}
        >
          <Badge
            bg={failed ? 'danger' : 'warning'}
            text={failed ? undefined : 'dark'}
            className="d-inline-flex gap-1 align-items-center"
          >
            <UploadIcon />
            <span>{total}</span>
          </Badge>
        </Nav.Link>
      ) : null}
    </>
  );
}
