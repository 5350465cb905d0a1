// /admin/staff/:id/security: roles and active flag, two-factor status and reset, sessions with revoke, failed
// sign-ins and the lock, a password reset mail, API tokens. Destructive actions ask first; each one is in history.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Spinner } from 'react-bootstrap';
import { Navigate, useParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import type { StaffSecurity, StaffSession } from '../../../shared/schemas/staff-security';
import type { Role } from '../../../shared/schemas/user';
import { errorPageStatus } from '../../api/entity';
import { errorMessages, isApiError } from '../../api/http';
import { Checkbox, Dialog, ListTable } from '../../ui';
import { ApiTokenTable } from '../api-tokens/api-token-table';
import { formatWhen, historyKey } from '../history/history-api';
import { staffKey } from './staff-api';
import {
  loadSecurity,
  runSecurityAction,
  type SecurityAction,
  type SecurityLoad,
  securityKey,
} from './staff-security-api';
import { StaffTabs } from './staff-tabs';

type Confirm = { title: string; text: ReactNode; okay: string; action: SecurityAction };

const DONE: Partial<Record<SecurityAction['kind'], string>> = {
  access: 'Roles and active flag saved.',
  resetTwoFactor: 'Two-factor sign-in was reset; the staff member was signed out everywhere.',
  revokeSession: 'The session was revoked.',
  revokeAllSessions: 'Every session was revoked.',
  unlock: 'The account was unlocked.',
  passwordReset: 'A password reset mail was sent.',
  revokeToken: 'The API token was revoked.',
};

export function StaffSecurityPage() {
  const id = useParams().id ?? '';
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: securityKey(id),
    queryFn: ({ signal }) => loadSecurity(id, signal),
    staleTime: 0,
  });
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [notice, setNotice] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);
  const action = useMutation({
    mutationFn: (a: SecurityAction) => runSecurityAction(id, a),
    onMutate: () => setNotice(null),
    onSuccess: (data, a) => {
      queryClient.setQueryData(securityKey(id), data);
      void queryClient.invalidateQueries({ queryKey: staffKey(id) });
      void queryClient.invalidateQueries({ queryKey: historyKey('user', id) });
      void queryClient.invalidateQueries({ queryKey: ['staff-list'] });
      setNotice({ variant: 'success', text: DONE[a.kind] ?? 'Done.' });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void query.refetch();
      setNotice({ variant: 'danger', text: errorMessages(error).join('\n') });
    },
  });
  const goTo = errorPageStatus(query.error);
  if (goTo) return <Navigate to={pathFor('error', { statusCode: goTo })} replace />;
  const security = query.data?.security;
  const run = (a: SecurityAction) => action.mutate(a);
  const ask = (c: Confirm) => setConfirm(c);
  const busy = action.isPending;

  return (
    <>
      <div className="sd-page-head">
        <div>
          <h1 className="h4 mb-0">{security?.staff.name ?? 'Staff Member'}</h1>
          {security ? <div className="text-body-secondary small">{security.staff.email}</div> : null}
        </div>
      </div>
      <StaffTabs id={id} />
      {query.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {query.isError ? <Alert variant="danger">{query.error.message}</Alert> : null}
      {notice ? (
        <Alert
          variant={notice.variant}
          className="py-2 small sd-pre-line"
          role={notice.variant === 'danger' ? 'alert' : 'status'}
          dismissible
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      ) : null}
      {security && query.data ? (
        <div className="row g-3">
          <div className="col-lg-6">
            <AccessCard data={query.data} busy={busy} onSave={(form) => run({ kind: 'access', form })} />
          </div>
          <div className="col-lg-6">
            <SignInCard security={security} busy={busy} run={run} ask={ask} />
          </div>
          <div className="col-lg-6">
            <TwoFactorCard security={security} busy={busy} ask={ask} />
          </div>
          <div className="col-12">
            <SessionsCard security={security} busy={busy} ask={ask} />
          </div>
          <div className="col-12">
            <Card className="sd-card">
              <Card.Header>
                <h2 className="h6 mb-0">API Tokens</h2>
              </Card.Header>
              <Card.Body>
                <ApiTokenTable
                  tokens={security.apiTokens}
                  busy={busy}
                  onRevoke={(t) => run({ kind: 'revokeToken', tokenId: t.id })}
                />
              </Card.Body>
            </Card>
          </div>
        </div>
      ) : null}
      <Dialog
        show={confirm !== null}
        title={confirm?.title ?? ''}
        okayLabel={confirm?.okay}
        onOkay={() => {
          if (confirm) run(confirm.action);
          setConfirm(null);
        }}
        onHide={() => setConfirm(null)}
      >
        {confirm?.text}
      </Dialog>
    </>
  );
}

function AccessCard({
  data,
  busy,
  onSave,
}: {
  data: SecurityLoad;
  busy: boolean;
  onSave: (form: { roles: Role[]; active: boolean; version: number }) => void;
}) {
  const staff = data.security.staff;
  const [roles, setRoles] = useState<Role[]>(staff.roles);
  const [active, setActive] = useState(staff.active);
  // A saved answer (or another action) brings the stored values back.
  useEffect(() => {
    setRoles(staff.roles);
    setActive(staff.active);
  }, [staff.roles, staff.active]);
  const changed = active !== staff.active || [...roles].sort().join() !== [...staff.roles].sort().join();
  return (
    <Card className="sd-card h-100">
      <Card.Header>
        <h2 className="h6 mb-0">Access</h2>
      </Card.Header>
      <Card.Body>
        <form
          noValidate
          aria-label="Access"
          onSubmit={(e) => {
            e.preventDefault();
            onSave({ roles, active, version: staff.version });
          }}
        >
          <Checkbox label="Active" name="active" switch checked={active} onChange={setActive} />
          <fieldset className="mb-3" data-field="roles">
            <legend className="form-label fs-6 mb-1">Roles</legend>
            <div className="d-flex flex-wrap column-gap-4">
              {data.formOptions.roles.map((o) => {
                const role = o.value as Role;
                return (
                  <Checkbox
                    key={role}
                    label={o.label}
                    name={`role-${role}`}
                    className="mb-1"
                    checked={roles.includes(role)}
                    onChange={(on) =>
                      setRoles(
                        on ? [...roles.filter((r) => r !== role), role] : roles.filter((r) => r !== role),
                      )
                    }
                  />
                );
              })}
            </div>
          </fieldset>
          <Button type="submit" size="sm" disabled={busy || !changed}>
            Save
          </Button>
        </form>
      </Card.Body>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-5 fw-normal text-body-secondary">{label}</dt>
      <dd className="col-sm-7">{children}</dd>
    </>
  );
}

function SignInCard({
  security,
  busy,
  run,
  ask,
}: {
  security: StaffSecurity;
  busy: boolean;
  run: (a: SecurityAction) => void;
  ask: (c: Confirm) => void;
}) {
  const locked = security.lockedUntil !== null;
  return (
    <Card className="sd-card h-100">
      <Card.Header>
        <h2 className="h6 mb-0">Sign-in</h2>
      </Card.Header>
      <Card.Body>
        <dl className="row mb-2" data-testid="sign-in-facts">
          <Fact label="Last sign-in">{security.lastSignIn ? formatWhen(security.lastSignIn) : 'Never'}</Fact>
          <Fact label="Password changed">
            {security.passwordChanged ? formatWhen(security.passwordChanged) : 'Not recorded'}
          </Fact>
          <Fact label="Failed attempts">{security.failedLogins}</Fact>
          <Fact label="Lock">
            {locked ? (
              <Badge bg="danger">Locked until {formatWhen(security.lockedUntil!)}</Badge>
            ) : (
              'Not locked'
            )}
          </Fact>
        </dl>
        <div className="d-flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={locked ? 'danger' : 'outline-secondary'}
            disabled={busy || (!locked && security.failedLogins === 0)}
            onClick={() => run({ kind: 'unlock' })}
          >
            Unlock
          </Button>
          <Button
            size="sm"
            variant="outline-primary"
            disabled={busy}
            onClick={() =>
              ask({
                title: 'Send Password Reset Mail',
                okay: 'Send',
                text: `Mail ${security.staff.email} a link to choose a new password? The link works once, for 30 minutes.`,
                action: { kind: 'passwordReset' },
              })
            }
          >
            Send password reset mail
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}

function TwoFactorCard({
  security,
  busy,
  ask,
}: {
  security: StaffSecurity;
  busy: boolean;
  ask: (c: Confirm) => void;
}) {
  const { twoFactor } = security;
  return (
    <Card className="sd-card h-100">
      <Card.Header>
        <h2 className="h6 mb-0">Two-factor Sign-in</h2>
      </Card.Header>
      <Card.Body>
        <dl className="row mb-2">
          <Fact label="Status">
            {twoFactor.enabled && twoFactor.since ? (
              <Badge bg="success">On since {formatWhen(twoFactor.since)}</Badge>
            ) : (
              <Badge bg="secondary">Off</Badge>
            )}
          </Fact>
          {twoFactor.enabled ? <Fact label="Recovery codes left">{twoFactor.recoveryCodesLeft}</Fact> : null}
        </dl>
        {twoFactor.enabled ? (
          <Button
            size="sm"
            variant="outline-danger"
            disabled={busy}
            onClick={() =>
              ask({
                title: 'Reset Two-factor Sign-in',
                okay: 'Reset',
                text: `Turn off two-factor sign-in for ${security.staff.name}? The authenticator and the recovery codes stop working, and every session of ${security.staff.name} ends.`,
                action: { kind: 'resetTwoFactor' },
              })
            }
          >
            Reset two-factor sign-in
          </Button>
        ) : null}
      </Card.Body>
    </Card>
  );
}

const STAGES: Record<string, string> = {
  TWO_FACTOR: 'Awaiting code',
  TWO_FACTOR_SETUP: 'Setting up two-factor',
};

function SessionsCard({
  security,
  busy,
  ask,
}: {
  security: StaffSecurity;
  busy: boolean;
  ask: (c: Confirm) => void;
}) {
  const describe = (s: StaffSession) => `${s.browser}${s.ip ? ` from ${s.ip}` : ''}`;
  return (
    <Card className="sd-card">
      <Card.Header className="d-flex align-items-center">
        <h2 className="h6 mb-0 me-auto">Sessions</h2>
        <Button
          size="sm"
          variant="outline-danger"
          disabled={busy || security.sessions.length === 0}
          onClick={() =>
            ask({
              title: 'Revoke All Sessions',
              okay: 'Revoke all',
              text: `Sign ${security.staff.name} out everywhere? Every browser is sent to the login page on its next call.`,
              action: { kind: 'revokeAllSessions' },
            })
          }
        >
          Revoke all
        </Button>
      </Card.Header>
      <Card.Body>
        {security.sessions.length === 0 ? (
          <p className="text-body-secondary small mb-0">No open sessions.</p>
        ) : (
          <ListTable>
            <table className="table table-sm align-middle sd-table mb-0" aria-label="Sessions">
              <thead>
                <tr>
                  <th scope="col">Started</th>
                  <th scope="col">Last Seen</th>
                  <th scope="col">Method</th>
                  <th scope="col">IP</th>
                  <th scope="col">Browser</th>
                  <th scope="col">Stage</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {security.sessions.map((s) => (
                  <tr key={s.id}>
                    <td className="text-nowrap">{formatWhen(s.started)}</td>
                    <td className="text-nowrap">{formatWhen(s.lastSeen)}</td>
                    <td>{s.method === 'SSO' ? 'SSO' : 'Password'}</td>
                    <td className="text-nowrap">{s.ip ?? ''}</td>
                    <td title={s.userAgent ?? undefined}>{s.browser}</td>
                    <td>{s.stage ? (STAGES[s.stage] ?? s.stage) : 'Signed in'}</td>
                    <td className="text-end">
                      <Button
                        size="sm"
                        variant="outline-danger"
                        disabled={busy}
                        aria-label={`Revoke session ${describe(s)}`}
                        onClick={() =>
                          ask({
                            title: 'Revoke Session',
                            okay: 'Revoke',
                            text: `End the session of ${describe(s)}, started ${formatWhen(s.started)}?`,
                            action: { kind: 'revokeSession', sessionId: s.id },
                          })
                        }
                      >
                        Revoke
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ListTable>
        )}
      </Card.Body>
    </Card>
  );
}
