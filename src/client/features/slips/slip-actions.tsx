// A slip card's actions menu (Edit, Move, Copy, Print, Delete, Info), its delete confirmation and info dialog.
import { useId, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import type { Slip } from '../../../shared/schemas/slip';
import { Dialog } from '../../ui';
import { formatWhen } from '../history/history-api';
import { StartTimerItem } from '../timer/start-timer-button';

export type SlipActionHandlers = {
  onEdit?: () => void;
  onMove?: () => void;
  onCopy?: () => void;
  onPrint?: () => void;
  onDelete?: () => void;
};

type Props = SlipActionHandlers & {
  slip: Slip;
  printing?: boolean;
  /** Why the slip may not be changed: Edit (and Delete, when refused too) show disabled, with this reason. */
  refused?: string | null;
};

export function SlipActions({ slip, printing, onEdit, onMove, onCopy, onPrint, onDelete, refused }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [info, setInfo] = useState(false);
  const reasonId = useId();
  const disabled = (label: string) => (
    <Dropdown.Item as="button" disabled aria-describedby={reasonId}>
      {label}
    </Dropdown.Item>
  );
  return (
    <>
      <Dropdown align="end">
        <Dropdown.Toggle
          variant="link"
          size="sm"
          className="sd-slip-menu text-body-secondary"
          aria-label={`Actions for slip #${slip.number}`}
        >
          Actions
        </Dropdown.Toggle>
        <Dropdown.Menu className="sd-slip-actions">
          {refused ? (
            <>
              {/* A set width: the reason wraps instead of widening the menu past a phone's screen. */}
              <Dropdown.ItemText
                id={reasonId}
                className="small text-body-secondary text-wrap sd-slip-locked"
                style={{ width: '16rem' }}
              >
                {refused}
              </Dropdown.ItemText>
              <Dropdown.Divider />
            </>
          ) : null}
          {onEdit ? <Dropdown.Item onClick={onEdit}>Edit</Dropdown.Item> : refused ? disabled('Edit') : null}
          {onMove ? <Dropdown.Item onClick={onMove}>Move</Dropdown.Item> : null}
          {onCopy ? <Dropdown.Item onClick={onCopy}>Copy</Dropdown.Item> : null}
          <StartTimerItem taskId={slip.taskId} />
          {onPrint ? (
            <Dropdown.Item onClick={onPrint} disabled={printing}>
              Print
            </Dropdown.Item>
          ) : null}
          {onDelete ? (
            <Dropdown.Item onClick={() => setConfirming(true)}>Delete</Dropdown.Item>
          ) : refused ? (
            disabled('Delete')
          ) : null}
          <Dropdown.Item onClick={() => setInfo(true)}>Info</Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
      <Dialog
        variant="modal"
        show={confirming}
        title="Delete Slip"
        okayLabel="Delete"
        onHide={() => setConfirming(false)}
        onOkay={() => {
          setConfirming(false);
          onDelete?.();
        }}
      >
        Delete slip #{slip.number} ({slip.startTime}
        {slip.stopTime ? ` - ${slip.stopTime}` : ''} on {slip.date})?
      </Dialog>
      <SlipInfoDialog slip={slip} show={info} onHide={() => setInfo(false)} />
    </>
  );
}

/** "Slip #{number}": Created and Updated, person then timestamp, and an Okay button only (SPEC §2). */
export function SlipInfoDialog({ slip, show, onHide }: { slip: Slip; show: boolean; onHide: () => void }) {
  const stamp = (s: Slip['created']) => [s.by?.label, s.at ? formatWhen(s.at) : ''].filter(Boolean).join(' ');
  return (
    <Dialog
      variant="modal"
      show={show}
      title={`Slip #${slip.number}`}
      showCancel={false}
      onHide={onHide}
      onOkay={onHide}
    >
      <dl className="row mb-0">
        <dt className="col-4">Created</dt>
        <dd className="col-8">{stamp(slip.created)}</dd>
        <dt className="col-4">Updated</dt>
        <dd className="col-8 mb-0">{stamp(slip.updated)}</dd>
      </dl>
    </Dialog>
  );
}
