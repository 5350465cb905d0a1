// An endpoint's form: address, description, events and Enabled; read-only until Edit (a new endpoint starts editing),
// the server's field messages under the fields, a 409 merged by field, and Delete behind a confirmation.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { pathFor } from '../../../shared/routes';
import {
  WEBHOOK_EVENT_OPTIONS,
  WEBHOOK_FIELD_LABELS,
  WEBHOOK_HISTORY_KEY,
  WEBHOOK_URL_MAX,
  type WebhookEndpoint,
  type WebhookForm,
  webhookForm,
} from '../../../shared/schemas/webhook';
import { RESET, setServerErrors, useErrorLists } from '../../api/form-errors';
import { errorMessages, isApiError } from '../../api/http';
import { Checkbox, Dialog, TextArea, TextInput } from '../../ui';
import { ConflictNotice, useConflictMerge } from '../../ui/conflict-notice';
import { historyKey } from '../history/history-api';
import { RecordStamps, SaveCancel } from '../records/record-form-footer';
import { EventsField } from './events-field';
import { handOverSecret } from './secret-panel';
import { createWebhook, deleteWebhook, updateWebhook, WEBHOOKS_KEY, webhookKey } from './webhooks-api';

type Output = z.output<typeof webhookForm>;
const NAMES = ['url', 'description', 'events', 'enabled'] as const;
const EMPTY: WebhookForm = { url: '', description: '', events: [], enabled: true };

function toForm(endpoint: WebhookEndpoint | null): WebhookForm {
  if (!endpoint) return EMPTY;
  const { url, description, events, enabled } = endpoint;
  return { url, description, events: [...events], enabled };
}

/** A 409's record: the endpoint itself, or an answer carrying it as `item`. */
function currentOf(error: unknown): WebhookEndpoint | null {
  if (!isApiError(error) || error.status !== 409 || !error.current || typeof error.current !== 'object')
    return null;
  const current = error.current as WebhookEndpoint | { item: WebhookEndpoint };
  return 'item' in current ? current.item : current;
}

function urlHint(allowPrivate: boolean): string {
  return allowPrivate
    ? 'The receiver’s https:// address. This server also accepts private and loopback addresses, with http:// too.'
    : 'The receiver’s https:// address on the internet (private and loopback addresses are refused).';
}

export function WebhookFormCard({
  endpoint,
  allowPrivate,
}: {
  /** null: a new endpoint. */
  endpoint: WebhookEndpoint | null;
  allowPrivate: boolean;
}) {
  const creating = endpoint === null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(creating);
  const [message, setMessage] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useForm<WebhookForm, unknown, Output>({
    resolver: zodResolver(webhookForm),
    values: toForm(endpoint),
    resetOptions: { keepDirtyValues: true },
    reValidateMode: 'onSubmit',
  });
  const errorsOf = useErrorLists(form.formState.errors);
  const values = form.watch();
  const set = <K extends keyof WebhookForm>(name: K, value: WebhookForm[K]) =>
    form.setValue(name, value as never, { shouldDirty: true });

  const stored = (saved: WebhookEndpoint) => {
    queryClient.setQueryData(webhookKey(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    void queryClient.invalidateQueries({ queryKey: historyKey(WEBHOOK_HISTORY_KEY, saved.id) });
  };
  const conflict = useConflictMerge<WebhookEndpoint>((merged, current) => {
    // Their record becomes what the form was loaded from (and its version the one a save sends); the merged values
    // that differ from it are mine, dirty, and survive the form taking it up.
    queryClient.setQueryData(webhookKey(current.id), current);
    for (const [name, value] of Object.entries(merged))
      form.setValue(name as keyof WebhookForm, value as never, { shouldDirty: true });
  });

  const failed = (error: unknown) => {
    const current = currentOf(error);
    if (current && endpoint) {
      conflict.open(
        (error as Error).message,
        { base: toForm(endpoint), theirs: toForm(current), mine: form.getValues(), record: current },
        NAMES.map((name) => ({
          name,
          label: WEBHOOK_FIELD_LABELS[name] ?? name,
          options: name === 'events' ? WEBHOOK_EVENT_OPTIONS : undefined,
        })),
      );
      return;
    }
    const other = setServerErrors(error, form.setError, NAMES);
    setMessage([isApiError(error) ? error.message : errorMessages(error).join(' '), ...other].join('\n'));
  };

  const save = useMutation({
    mutationFn: async (v: Output) => {
      if (!endpoint) return createWebhook(v);
      return { item: await updateWebhook(endpoint.id, { ...v, version: endpoint.version }), secret: null };
    },
    onSuccess: ({ item, secret }) => {
      stored(item);
      if (secret) {
        handOverSecret(item.id, secret);
        navigate(pathFor('webhook_basics', { id: item.id }), { replace: true });
        return;
      }
      form.reset(toForm(item), RESET);
      setEditing(false);
    },
    onError: failed,
  });

  const remove = useMutation({
    mutationFn: () => deleteWebhook(endpoint!),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      navigate(pathFor('webhooks'), { replace: true });
    },
    onError: (error) => {
      setConfirmDelete(false);
      setMessage(errorMessages(error).join('\n'));
    },
  });

  const submit = form.handleSubmit(
    (v) => {
      setMessage(null);
      conflict.clear();
      save.mutate(v);
    },
    () => setMessage('Please review the page for field entry errors, shown in red.'),
  );

  const cancel = () => {
    if (creating) {
      navigate(pathFor('webhooks'));
      return;
    }
    form.reset(toForm(endpoint), RESET);
    setMessage(null);
    conflict.clear();
    setEditing(false);
  };

  return (
    <Card className="sd-card sd-form-card mb-3">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0 me-auto">Endpoint</h2>
        {editing ? null : (
          <>
            <Button size="sm" variant="outline-primary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button size="sm" variant="outline-danger" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          </>
        )}
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate aria-label="Webhook endpoint">
          {message ? (
            <Alert variant="danger" className="py-2 small sd-pre-line" role="alert">
              {message}
            </Alert>
          ) : null}
          <ConflictNotice merge={conflict} />
          <TextInput
            label={WEBHOOK_FIELD_LABELS.url ?? 'Endpoint URL'}
            name="url"
            type="url"
            inputMode="url"
            required
            readOnly={!editing}
            placeholder="https://example.com/webhooks/sd6"
            maxCount={editing ? WEBHOOK_URL_MAX : undefined}
            hint={editing ? urlHint(allowPrivate) : undefined}
            value={values.url ?? ''}
            onChange={(v) => set('url', v)}
            errors={errorsOf('url')}
          />
          <TextArea
            label={WEBHOOK_FIELD_LABELS.description ?? 'Description'}
            name="description"
            readOnly={!editing}
            autoGrow
            rows={2}
            maxLength={500}
            hint={editing ? 'What receives these events, for the next administrator.' : undefined}
            value={values.description ?? ''}
            onChange={(v) => set('description', v)}
            errors={errorsOf('description')}
          />
          <EventsField
            label={WEBHOOK_FIELD_LABELS.events ?? 'Events'}
            value={values.events ?? []}
            onChange={(events) => set('events', events)}
            readOnly={!editing}
            errors={errorsOf('events')}
          />
          <Checkbox
            switch
            label={WEBHOOK_FIELD_LABELS.enabled ?? 'Enabled'}
            name="enabled"
            readOnly={!editing}
            checked={values.enabled ?? true}
            onChange={(v) => set('enabled', v)}
            hint={editing ? 'Events are sent only while the endpoint is enabled.' : undefined}
            errors={errorsOf('enabled')}
          />
          {editing ? <SaveCancel saving={save.isPending} onCancel={cancel} /> : null}
        </form>
      </Card.Body>
      {endpoint ? (
        <RecordStamps
          record={{
            created: endpoint.created.at,
            createdBy: endpoint.created.by,
            updated: endpoint.updated.at,
            updatedBy: endpoint.updated.by,
          }}
        />
      ) : null}
      <Dialog
        show={confirmDelete}
        title="Delete Endpoint"
        okayLabel="Delete"
        okayDisabled={remove.isPending}
        onOkay={() => remove.mutate()}
        onHide={() => setConfirmDelete(false)}
      >
        <span className="text-break">
          Delete the endpoint {endpoint?.url}? No more events are sent to it. This cannot be undone.
        </span>
      </Dialog>
    </Card>
  );
}
