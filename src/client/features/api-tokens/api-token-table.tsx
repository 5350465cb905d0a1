// A list of API tokens (name, scope, created, last used, expires) with Revoke behind a confirm dialog; used on the
// profile and on a staff member's security screen.
import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { API_TOKEN_SCOPE_LABELS, type ApiToken } from '../../../shared/schemas/api-token';
import { Dialog, ListTable } from '../../ui';
import { formatWhen } from '../history/history-api';

export function ApiTokenTable({
  tokens,
  onRevoke,
  busy = false,
}: {
  tokens: ApiToken[];
  onRevoke: (token: ApiToken) => void;
  busy?: boolean;
}) {
  const [confirm, setConfirm] = useState<ApiToken | null>(null);
  if (tokens.length === 0) return <p className="text-body-secondary small mb-0">No API tokens.</p>;
  return (
    <>
      <ListTable>
        <table className="table table-sm align-middle sd-table mb-0" aria-label="API tokens">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Scope</th>
              <th scope="col">Created</th>
              <th scope="col">Last Used</th>
              <th scope="col">Expires</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id}>
                <td style={{ minWidth: '9rem' }}>{t.name}</td>
                <td className="text-nowrap">{API_TOKEN_SCOPE_LABELS[t.scope]}</td>
                <td className="text-nowrap">{formatWhen(t.created)}</td>
                <td className="text-nowrap">{t.lastUsed ? formatWhen(t.lastUsed) : 'Never'}</td>
                <td className="text-nowrap">
                  {t.expires ? formatWhen(t.expires) : 'Never'}
                  {t.expired ? (
                    <Badge bg="secondary" className="ms-1">
                      Expired
                    </Badge>
                  ) : null}
                </td>
                <td className="text-end">
                  <Button
                    size="sm"
                    variant="outline-danger"
                    disabled={busy}
                    onClick={() => setConfirm(t)}
                    aria-label={`Revoke ${t.name}`}
                  >
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListTable>
      <Dialog
        show={confirm !== null}
        title="Revoke API Token"
        okayLabel="Revoke"
        onOkay={() => {
          if (confirm) onRevoke(confirm);
          setConfirm(null);
        }}
        onHide={() => setConfirm(null)}
      >
        Revoke the API token “{confirm?.name}”? Programs using it are refused from now on. This cannot be
        undone.
      </Dialog>
    </>
  );
}
