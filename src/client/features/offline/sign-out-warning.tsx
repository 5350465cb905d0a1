// Log Out with changes not yet saved warns first (issue 16): they stay on this device and are sent the next time
// the same user signs in here; online, they can be sent now instead.
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Dialog } from '../../ui';
import { loadSync } from './load-sync';
import { changesNotSaved, queueCounts } from './queue-state';
import { useMyQueue, useOnline, useSignedInUserId } from './use-offline';

export const LOGOUT_PATH = '/logout';

/** The signed-in user's queued change count, and a dialog to show instead of logging out while there are some. */
export function useSignOutWarning() {
  const userId = useSignedInUserId();
  const queue = useMyQueue(userId);
  const [show, setShow] = useState(false);
  const { total, failed } = queueCounts(queue, userId);
  return {
    /** True when the warning took over (the caller then does not log out). */
    intercept: () => {
      if (total === 0) return false;
      setShow(true);
      return true;
    },
    dialog: <SignOutWarning show={show} total={total} failed={failed} onHide={() => setShow(false)} />,
  };
}

function SignOutWarning({
  show,
  total,
  failed,
  onHide,
}: {
  show: boolean;
  total: number;
  failed: number;
  onHide: () => void;
}) {
  const online = useOnline();
  const logOut = () => window.location.assign(LOGOUT_PATH);
  return (
    <Dialog
      show={show}
      onHide={onHide}
      title={total ? 'Changes not yet saved' : 'All changes saved'}
      onOkay={logOut}
      okayLabel={total ? 'Log Out Anyway' : 'Log Out'}
      footer={
        online && total > failed ? (
          <Button
            variant="outline-primary"
            className="me-auto"
            onClick={() => void loadSync().then((sync) => sync.kick())}
          >
            Send now
          </Button>
        ) : null
      }
      data-testid="sign-out-warning"
    >
      {total ? (
        <>
          <p>
            You have {changesNotSaved(total)}. They stay on this device and are sent the next time you sign in
            here.
          </p>
          {failed ? (
            <p className="text-danger mb-0">
              {failed === total
                ? `The server refused ${total === 1 ? 'it' : 'them'}`
                : `${failed} of them ${failed === 1 ? 'was' : 'were'} refused by the server`}
              : open the Daily panel to keep yours, take theirs or discard.
            </p>
          ) : null}
        </>
      ) : (
        <p className="mb-0">All your changes are saved.</p>
      )}
    </Dialog>
  );
}
