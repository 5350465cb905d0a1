// A new signing secret, shown this once (after a create or a rotation) with Copy, until dismissed. The secret of a
// new endpoint crosses from the create form to the endpoint's screen in memory only, never in the address or history.
import { Alert } from 'react-bootstrap';
import { CopyField } from '../../ui/copy-field';

const created = new Map<number, string>();

/** Keeps a new endpoint's secret for its screen, which shows it once. */
export function handOverSecret(id: number, secret: string): void {
  created.set(id, secret);
}

/** The secret handed over for this endpoint (read while rendering: no side effect). */
export function handedOverSecret(id: number): string | null {
  return created.get(id) ?? null;
}

/** Once the screen holds it, the secret leaves this store: coming back to the screen does not show it again. */
export function forgetSecret(id: number): void {
  created.delete(id);
}

export type ShownSecret = { secret: string; rotated: boolean; overlapHours: number };

const overlapText = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

export function SecretPanel({ shown, onDismiss }: { shown: ShownSecret; onDismiss: () => void }) {
  return (
    <Alert
      variant="success"
      dismissible
      onClose={onDismiss}
      closeLabel="Dismiss"
      data-testid="webhook-secret-panel"
    >
      <div className="fw-semibold mb-1" role="status">
        {shown.rotated ? 'New signing secret' : 'Signing secret'}
      </div>
      <p className="small mb-2">
        Copy it now: it will not be shown again. The receiver verifies each delivery's{' '}
        <code>webhook-signature</code> with it.
      </p>
      {shown.rotated ? (
        <p className="small mb-2">
          {shown.overlapHours > 0
            ? `For the next ${overlapText(shown.overlapHours)} both the old and the new secret sign each delivery (two signatures in webhook-signature), so the receiver can switch to the new one without missing a delivery.`
            : 'The old secret no longer signs: deliveries are signed with the new secret only.'}
        </p>
      ) : null}
      <CopyField key={shown.secret} id="webhook-secret" value={shown.secret} label="Signing secret" />
    </Alert>
  );
}
