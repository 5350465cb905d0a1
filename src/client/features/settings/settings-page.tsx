// The one single-page settings screen: loads {key} from one url, read-only until Edit, Save / Cancel, the
// "changed by" conflict (their values are loaded, nothing is overwritten), errors listed above the form. A load
// saying `can: { save: false }` (a page everyone reads, administrators edit) stays read-only: no Edit.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { Option } from '../../../shared/schemas/common';
import { loadEntity, saveEntity } from '../../api/entity';
import { isApiError } from '../../api/http';
import { historyKey } from '../history/history-api';
import { RecordStamps, SaveCancel } from '../records/record-form-footer';

type Versioned = { version: number; updated: string | null; updatedBy: Option | null };

export type SettingsEditorProps<T> = {
  value: T;
  onChange: (next: T) => void;
  editing: boolean;
  formOptions: Record<string, Option[]>;
};

type Props<T extends Versioned> = {
  title: string;
  api: string;
  entityKey: string;
  /** The field history's key and page; absent for a page that keeps none (e-signature, SPEC §2). */
  historyKey?: string;
  historyPath?: string;
  /** Shown between the title and the form (e.g. the tabs of a group of settings pages). */
  nav?: ReactNode;
  schema: z.ZodType;
  /** The form payload of the edited value (ids, not options). */
  toPayload: (value: T) => Record<string, unknown>;
  editor: (props: SettingsEditorProps<T>) => ReactNode;
};

export function SettingsPage<T extends Versioned>(props: Props<T>) {
  const queryClient = useQueryClient();
  const key = ['settings', props.api];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => loadEntity<T, Record<string, Option[]>>(props.api, props.entityKey, { signal }),
    staleTime: 0,
  });
  const [draft, setDraft] = useState<T | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<string | null>(null);
  const saved = query.data?.entity;
  const editing = draft !== null;
  const canSave = query.data?.can?.save !== false;

  const save = useMutation({
    mutationFn: (payload: Record<string, unknown>) => saveEntity<T>(props.api, props.entityKey, payload),
    onSuccess: (value) => {
      queryClient.setQueryData(key, { ...query.data, entity: value });
      if (props.historyKey) void queryClient.invalidateQueries({ queryKey: historyKey(props.historyKey, 1) });
      setDraft(null);
      setErrors([]);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409 && error.current) {
        // Someone saved first: show their values, keep nothing of ours silently.
        queryClient.setQueryData(key, { ...query.data, entity: error.current as T });
        setDraft(error.current as T);
        setConflict(`${error.message}. Their values are shown; make your change again and Save.`);
        return;
      }
      setErrors(
        isApiError(error)
          ? [error.message, ...Object.values(error.fields).flat()].filter((m, i, all) => all.indexOf(m) === i)
          : ['Invalid request'],
      );
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    setConflict(null);
    const payload = props.toPayload(draft);
    const checked = props.schema.safeParse(payload);
    if (!checked.success) {
      setErrors(checked.error.issues.map((i) => i.message));
      return;
    }
    setErrors([]);
    save.mutate(payload);
  };

  return (
    <>
      <div className="sd-page-head">
        <h1 className="h4 mb-0">{props.title}</h1>
        {props.historyPath ? (
          <Link to={props.historyPath} className="btn btn-sm btn-outline-secondary">
            History
          </Link>
        ) : null}
      </div>
      {props.nav}
      {query.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {query.isError ? <Alert variant="danger">{query.error.message}</Alert> : null}
      {saved ? (
        <Card className="sd-card sd-form-card">
          <Card.Header className="d-flex align-items-center">
            <h2 className="h6 mb-0 me-auto">Settings</h2>
            {editing || !canSave ? null : (
              <Button size="sm" variant="outline-primary" onClick={() => setDraft(saved)}>
                Edit
              </Button>
            )}
          </Card.Header>
          <Card.Body>
            <form onSubmit={submit} noValidate aria-label={props.title}>
              {conflict ? (
                <Alert variant="warning" className="py-2 small" data-testid="conflict">
                  {conflict}
                </Alert>
              ) : null}
              {errors.length ? (
                <Alert variant="danger" className="py-2 small" role="alert">
                  {errors.map((e) => (
                    <div key={e}>{e}</div>
                  ))}
                </Alert>
              ) : null}
              {props.editor({
                value: draft ?? saved,
                onChange: setDraft,
                editing,
                formOptions: query.data?.formOptions ?? {},
              })}
              {editing ? (
                <SaveCancel
                  className="mt-3"
                  saving={save.isPending}
                  onCancel={() => {
                    setDraft(null);
                    setErrors([]);
                    setConflict(null);
                  }}
                />
              ) : null}
            </form>
          </Card.Body>
          {saved.updated ? (
            <RecordStamps record={{ updated: saved.updated, updatedBy: saved.updatedBy }} />
          ) : null}
        </Card>
      ) : null}
    </>
  );
}
