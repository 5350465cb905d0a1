// Start Timer on a known task: a button on the task screen and an item of a slip's actions menu. A running timer on
// another task is stopped into a slip first (switching); the notice says what was saved.
import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import { useStartTimer } from './timer-actions';

function useStart(taskId: number) {
  const start = useStartTimer();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    await start(taskId);
    setBusy(false);
  };
  return { busy, run };
}

function Starter({ taskId, size }: { taskId: number; size?: 'sm' }) {
  const { busy, run } = useStart(taskId);
  return (
    <Button size={size} variant="outline-primary" disabled={busy} onClick={() => void run()}>
      Start Timer
    </Button>
  );
}

export function StartTimerButton({ taskId, size }: { taskId: number; size?: 'sm' }) {
  return useContext(QueryClientContext) ? <Starter taskId={taskId} size={size} /> : null;
}

function Item({ taskId }: { taskId: number }) {
  const { busy, run } = useStart(taskId);
  return (
    <Dropdown.Item disabled={busy} onClick={() => void run()}>
      Start Timer
    </Dropdown.Item>
  );
}

/** The slip menu's item: starts a timer on the slip's task (only inside the app, where the query client is). */
export function StartTimerItem({ taskId }: { taskId: number }) {
  return useContext(QueryClientContext) ? <Item taskId={taskId} /> : null;
}
