// The profile's API Tokens card: create a personal token (name, scope, expiry), shown once with Copy; list; revoke.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes';
import {
  type ApiTokenCreated,
  type ApiTokenExpiry,
  type ApiTokenForm,
  type ApiTokenScope,
  EXPIRY_OPTIONS,
  SCOPE_OPTIONS,
} from '../../../shared/schemas/api-token';
import { errorMessages, isApiError } from '../../api/http';
import { Select, TextInput } from '../../ui';
import { CopyField } from '../../ui/copy-field';
import { ApiTokenTable } from './api-token-table';
import { API_TOKENS_KEY, createApiToken, listApiTokens, revokeApiToken } from './api-tokens-api';

const EMPTY: ApiTokenForm = { name: '', scope: 'READ', expiresIn: '90' };

export function ApiTokensCard() {
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: API_TOKENS_KEY, queryFn: ({ signal }) => listApiTokens(signal) });
  const [form, setForm] = useState<ApiTokenForm>(EMPTY);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY });
  const create = useMutation({
    mutationFn: createApiToken,
    onSuccess: (result) => {
      setCreated(result);
      setForm(EMPTY);
      void refresh();
    },
  });
  const revoke = useMutation({ mutationFn: (id: number) => revokeApiToken(id), onSettled: refresh });
  const fields = isApiError(create.error) ? create.error.fields : {};
  const otherErrors = create.error && !Object.keys(fields).length ? errorMessages(create.error) : [];

  return (
    <Card className="sd-card" id="api-tokens">
      <Card.Header>
        <h2 className="h6 mb-0">API Tokens</h2>
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">
          A personal token lets a program call the SD6 API as you (<code>Authorization: Bearer …</code>); see
          the <Link to={pathFor('api_reference')}>API Reference</Link>.
        </p>
        {created ? (
          <Alert variant="success" className="py-2" role="status">
            <div className="small mb-2">
              Token “{created.item.name}” created. Copy it now: it is not shown again.
            </div>
            <CopyField key={created.token} id="new-api-token" value={created.token} label="New API token" />
          </Alert>
        ) : null}
        <form
          noValidate
          aria-label="New API token"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(form);
          }}
        >
          {otherErrors.length ? (
            <Alert variant="danger" className="py-2 small" role="alert">
              {otherErrors.join(' ')}
            </Alert>
          ) : null}
          <div className="row g-2">
            <div className="col-sm-12">
              <TextInput
                label="Name"
                name="tokenName"
                required
                value={form.name}
                maxCount={100}
                hint="What the token is for, e.g. “Monitoring sync”."
                onChange={(name) => setForm({ ...form, name })}
                errors={fields.name}
              />
            </div>
            <div className="col-sm-6">
              <Select
                label="Scope"
                name="scope"
                required
                options={SCOPE_OPTIONS}
                value={form.scope}
                onChange={(v) => setForm({ ...form, scope: (v ?? 'READ') as ApiTokenScope })}
                errors={fields.scope}
              />
            </div>
            <div className="col-sm-6">
              <Select
                label="Expires"
                name="expiresIn"
                required
                options={EXPIRY_OPTIONS}
                value={form.expiresIn}
                onChange={(v) => setForm({ ...form, expiresIn: (v ?? '90') as ApiTokenExpiry })}
                errors={fields.expiresIn}
              />
            </div>
          </div>
          <Button type="submit" size="sm" disabled={create.isPending} className="mb-3">
            Create Token
          </Button>
        </form>
        {tokens.isError ? <Alert variant="danger">{tokens.error.message}</Alert> : null}
        {revoke.isError ? <Alert variant="danger">{errorMessages(revoke.error).join(' ')}</Alert> : null}
        {tokens.data ? (
          <ApiTokenTable tokens={tokens.data} busy={revoke.isPending} onRevoke={(t) => revoke.mutate(t.id)} />
        ) : null}
      </Card.Body>
    </Card>
  );
}
