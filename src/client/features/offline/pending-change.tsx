// A waiting change on its card: "Not yet saved" while queued; when the server refused it, its message and the
// choice of Keep mine, Take theirs or Discard.
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { type Choice, choose } from './offline-sync';
import type { Pending } from './queue-logic';

export const NOT_YET_SAVED = 'Not yet saved';
export const NOT_SAVED = 'Not saved';

export function PendingBadge({ pending }: { pending: Pending }) {
  const failed = pending.state === 'failed';
  return (
    <Badge
      bg={failed ? 'danger' : 'warning'}
      text={failed ? undefined : 'dark'}
      className="sd-pending-badge text-nowrap"
      data-testid="pending-badge"
      title={
        failed ? 'The server refused this change' : 'Saved on this device; sent when the network is back'
      }
    >
      {failed ? NOT_SAVED : NOT_YET_SAVED}
    </Badge>
  );
}

/**
 * The refused change's message and choices. Keep mine sends it again (re-based on the server's version after a
 * conflict) or, with `onFix`, opens the form with the server's field errors; Take theirs is not offered for a new
 * slip (the server has none).
 */
export function PendingChoices({
  pending,
  onFix,
  onChosen,
}: {
  pending: Pending;
  onFix?: () => void;
  onChosen?: (choice: Choice) => void;
}) {
  const [busy, setBusy] = useState(false);
  if (pending.state !== 'failed' || !pending.error) return null;
  const { error } = pending;
  const fields = Object.values(error.fields)
    .flat()
    .filter((m) => m && m !== error.message);
  const conflict = error.status === 409;
  const pick = async (choice: Choice) => {
    if (choice === 'mine' && !conflict && onFix) {
      onFix();
      return;
    }
    setBusy(true);
    try {
      await choose(pending.opId, choice);
      onChosen?.(choice);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="sd-pending-choices mt-2" data-testid="pending-choices">
      <div className="text-danger small" role="alert">
        {[error.message, ...fields].map((m) => (
          <div key={m}>{m}</div>
        ))}
      </div>
      <div className="d-flex flex-wrap gap-2 mt-1">
        <Button size="sm" variant="primary" disabled={busy} onClick={() => void pick('mine')}>
          Keep mine
        </Button>
        {pending.kind !== 'slip-create' ? (
          <Button size="sm" variant="outline-primary" disabled={busy} onClick={() => void pick('theirs')}>
            Take theirs
          </Button>
        ) : null}
        <Button size="sm" variant="outline-danger" disabled={busy} onClick={() => void pick('discard')}>
          Discard
        </Button>
      </div>
    </div>
  );
}
