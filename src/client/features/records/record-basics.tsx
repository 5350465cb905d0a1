// The one basics screen of every record: read-only until Edit (create starts editing), Save / Cancel, field errors
// under the fields (checked first with the same zod schema the server uses), the 409 "changed by" notice that merges
// by field and overwrites nothing unasked, and Delete with a confirmation.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { RecordCan } from '../../../shared/permissions';
import { pathFor } from '../../../shared/routes';
import type { Option } from '../../../shared/schemas/common';
import { deleteEntity, errorPageStatus, saveEntity, toPayload } from '../../api/entity';
import { isApiError, isNetworkFailure } from '../../api/http';
import { loadProblem } from '../../api/query-client';
import { Dialog } from '../../ui';
import { ConflictNotice, useConflictMerge } from '../../ui/conflict-notice';
import { historyKey } from '../history/history-api';
import { type FieldSection, RecordField } from './record-fields';
import { RecordStamps, SaveCancel, type Stamps } from './record-form-footer';
import { answeredForThisVisit, loadRecord, recordKey } from './record-query';

export type RecordValues = Record<string, unknown> & { id: number; version: number };

/** `Rec`: the record type of the entity's shared response schema (by default any record). */
export type RecordBasicsProps<Rec extends RecordValues = RecordValues> = {
  /** API path of one record, without the id: GET/POST/DELETE {api}/{id|create}. */
  api: string;
  /** Response key of the record (SPEC §7). */
  entityKey: string;
  /** History key, to refresh the history after a save. */
  historyKey?: string;
  id: string;
  /** Prefill values of a new record, passed to the create call (?name=...). */
  prefill?: Record<string, string | undefined>;
  schema: z.ZodType;
  /** Saves the checked values in place of the JSON POST (e.g. a form with a file, showing its upload). */
  save?: (url: string, payload: Record<string, unknown>) => Promise<Rec>;
  sections: FieldSection[];
  title: (record: Rec) => string;
  newTitle: string;
  subtitle?: (record: Rec) => ReactNode;
  /** Where the saved new record goes. */
  savedPath: (id: number) => string;
  /** Where Cancel goes when creating, and where a deleted record's screen goes. */
  cancelPath: string;
  historyPath?: (id: number) => string;
  canDelete?: boolean;
  /** false: the record is read-only whatever the user may do (e.g. a signed amendment). */
  canEdit?: (record: Rec) => boolean;
  /** After a save or delete: refresh what else shows this record's effects (e.g. a parent's totals). */
  onChanged?: () => void;
  /** More buttons beside History (e.g. Copy). */
  actions?: (record: Rec) => ReactNode;
  /**
   * Values that follow from a change the user made (e.g. a stage's default probability), merged over the new values;
   * `before` holds the values as they were.
   */
  derive?: (
    change: { name: string; value: unknown },
    before: Record<string, unknown>,
    formOptions: Record<string, Option[]>,
  ) => Record<string, unknown> | undefined;
  /** Warnings under fields, from the current values: shown, never blocking the save. */
  warnings?: (values: Record<string, unknown>) => Record<string, string[]>;
  /** Shown under the title (e.g. the tabs of a parent record). */
  headerExtra?: ReactNode;
  children?: (record: Rec) => ReactNode;
};

type Loaded<Rec> = {
  entity: Rec;
  formOptions?: Record<string, Option[]>;
  can?: RecordCan;
  deleteBlockedReason?: string | null;
};

/** zod issues → errors keyed by field (a fresh array each time, so the kit shows them again). */
function issuesByField(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_form');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

export function RecordBasics<Rec extends RecordValues = RecordValues>(props: RecordBasicsProps<Rec>) {
  const creating = props.id === 'create';
  const query = useQuery({
    // A saved record's key is the record alone, shared with its screen's header (one GET, not two) and set directly
    // after a save; a new record's form depends on what it was prefilled with. The call is recordQuery's.
    queryKey: creating
      ? [...recordKey(props.api, props.id), props.prefill ?? {}]
      : recordKey(props.api, props.id),
    queryFn: ({ signal }) =>
      loadRecord<Rec>(props.api, props.entityKey, props.id, {
        signal,
        prefill: creating ? props.prefill : undefined,
      }),
    // Arriving asks for a new answer, unless the route already started one for this visit (record-query.ts).
    staleTime: 0,
    refetchOnMount: (q) => !answeredForThisVisit(q),
  });
  const goTo = errorPageStatus(query.error);
  if (goTo) return <Navigate to={pathFor('error', { statusCode: goTo })} replace />;
  const record = query.data?.entity;
  const problem = loadProblem(query);
  return (
    <>
      <div className="sd-page-head">
        <div>
          <h1 className="h4 mb-0">{creating ? props.newTitle : record ? props.title(record) : '…'}</h1>
          {record && !creating && props.subtitle ? (
            <div className="text-body-secondary small">{props.subtitle(record)}</div>
          ) : null}
        </div>
        {!creating && record && (props.historyPath || props.actions) ? (
          <div className="d-flex gap-2">
            {props.actions?.(record)}
            {props.historyPath ? (
              <Link to={props.historyPath(record.id)} className="btn btn-sm btn-outline-secondary">
                History
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
      {props.headerExtra}
      {query.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {problem ? (
        // No network is the device's state, not a fault: a warning above what is already shown, gone when it is back.
        <Alert variant={isNetworkFailure(problem) ? 'warning' : 'danger'}>{problem.message}</Alert>
      ) : null}
      {query.data && record ? (
        <RecordForm key={`${props.id}:${record.id}`} {...props} loaded={query.data} />
      ) : null}
      {record && !creating ? props.children?.(record) : null}
    </>
  );
}

function RecordForm<Rec extends RecordValues>(props: RecordBasicsProps<Rec> & { loaded: Loaded<Rec> }) {
  const { loaded } = props;
  const creating = props.id === 'create';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<Rec>(loaded.entity);
  const [values, setValues] = useState<Rec>(loaded.entity);
  const [editing, setEditing] = useState(creating);
  // A newer record from the server (a refetch after a change elsewhere, e.g. winning an opportunity) replaces what a
  // read-only form shows; while editing, the user's values stay and a stale save merges by field.
  const [shown, setShown] = useState(loaded.entity);
  if (shown !== loaded.entity && !editing) {
    setShown(loaded.entity);
    setSaved(loaded.entity);
    setValues(loaded.entity);
  }
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const formOptions = loaded.formOptions ?? {};
  const fields = props.sections.flatMap((s) => s.fields);
  const fieldNames = fields.map((f) => f.name);
  // The base of a merge is the record as this form last loaded or saved it.
  const conflict = useConflictMerge<Rec>((merged, theirs) => {
    setSaved(theirs);
    setValues(merged as Rec);
  });

  const set = (name: string, value: unknown) =>
    setValues((v) => ({ ...v, [name]: value, ...props.derive?.({ name, value }, v, formOptions) }));
  const warnings = props.warnings?.(values) ?? {};

  const stored = (record: Rec) => {
    queryClient.setQueryData(recordKey(props.api, String(record.id)), { ...loaded, entity: record });
    void queryClient.invalidateQueries({ queryKey: ['record', props.api] });
    void queryClient.invalidateQueries({ queryKey: [props.entityKey, 'list'] });
    if (props.historyKey)
      void queryClient.invalidateQueries({ queryKey: historyKey(props.historyKey, record.id) });
  };

  const failed = (error: unknown) => {
    if (isApiError(error) && error.status === 409 && error.current && typeof error.current === 'object') {
      conflict.open(
        error.message,
        {
          base: saved,
          theirs: error.current as Rec,
          mine: values,
          record: error.current as Rec,
        },
        fields.map((f) => ({ name: f.name, label: f.label, options: formOptions[f.name] })),
      );
      return;
    }
    if (isApiError(error)) {
      const known: Record<string, string[]> = {};
      const other: string[] = [];
      for (const [field, list] of Object.entries(error.fields)) {
        if (fieldNames.includes(field)) known[field] = [...list];
        else other.push(...list);
      }
      setErrors(known);
      setMessage([error.message, ...other].join('\n'));
      return;
    }
    setMessage(error instanceof Error ? error.message : 'Invalid request');
  };

  const save = useMutation({
    mutationFn: (payload: Record<string, unknown>) =>
      (props.save ?? ((url, values) => saveEntity<Rec>(url, props.entityKey, values)))(
        `${props.api}/${encodeURIComponent(props.id)}`,
        payload,
      ),
    onSuccess: (record) => {
      stored(record);
      props.onChanged?.();
      if (creating) {
        navigate(props.savedPath(record.id), { replace: true });
        return;
      }
      setSaved(record);
      setValues(record);
      setEditing(false);
    },
    onError: failed,
  });

  const remove = useMutation({
    mutationFn: () => deleteEntity(`${props.api}/${saved.id}?version=${saved.version}`),
    onSuccess: () => {
      props.onChanged?.();
      void queryClient.invalidateQueries({ queryKey: [props.entityKey, 'list'] });
      navigate(props.cancelPath, { replace: true });
    },
    onError: (error) => {
      setConfirmDelete(false);
      failed(error);
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    conflict.clear();
    const payload = toPayload(values);
    const checked = props.schema.safeParse(payload);
    if (!checked.success) {
      setErrors(issuesByField(checked.error));
      setMessage('Please review the page for field entry errors, shown in red.');
      return;
    }
    setErrors({});
    save.mutate(payload);
  };

  const cancel = () => {
    if (creating) {
      navigate(props.cancelPath);
      return;
    }
    setValues(saved);
    setErrors({});
    setMessage(null);
    conflict.clear();
    setEditing(false);
  };

  return (
    <Card className="sd-card sd-form-card">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0 me-auto">Basics</h2>
        {/* Only the actions the permission matrix gives this user (the server refuses the others too). */}
        {editing || loaded.can?.save === false || props.canEdit?.(saved) === false ? null : (
          <Button size="sm" variant="outline-primary" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
        {!creating &&
        props.canDelete !== false &&
        loaded.can?.delete !== false &&
        props.canEdit?.(saved) !== false &&
        !editing ? (
          <DeleteButton reason={loaded.deleteBlockedReason} onClick={() => setConfirmDelete(true)} />
        ) : null}
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate aria-label={props.newTitle.replace(/^New /, '')}>
          {message ? (
            <Alert variant="danger" className="py-2 small sd-pre-line" role="alert">
              {message}
            </Alert>
          ) : null}
          <ConflictNotice merge={conflict} />
          {props.sections.map((section, i) => (
            <fieldset key={section.title ?? i} className="mb-2">
              {section.title ? (
                <legend className="h6 text-body-secondary mb-2">{section.title}</legend>
              ) : null}
              <div className="row">
                {section.fields
                  .filter((f) => !f.visible || f.visible(values, editing))
                  .map((f) => (
                    <div key={f.name} className={f.col ?? 'col-md-6'}>
                      <RecordField
                        field={f}
                        values={values}
                        set={set}
                        errors={errors[f.name]}
                        warnings={warnings[f.name]}
                        readOnly={!editing}
                        formOptions={formOptions}
                      />
                    </div>
                  ))}
              </div>
            </fieldset>
          ))}
          {editing ? <SaveCancel saving={save.isPending} onCancel={cancel} /> : null}
        </form>
      </Card.Body>
      {creating ? null : <RecordStamps record={saved as Rec & Stamps} />}
      <Dialog
        show={confirmDelete}
        title="Delete"
        okayLabel="Delete"
        onOkay={() => remove.mutate()}
        onHide={() => setConfirmDelete(false)}
      >
        Delete {props.title(saved)}? This cannot be undone.
      </Dialog>
    </Card>
  );
}

/** Delete, or — when the server says it would refuse — Delete disabled with the reason beside it. */
function DeleteButton({ reason, onClick }: { reason?: string | null; onClick: () => void }) {
  const reasonId = useId();
  if (!reason)
    return (
      <Button size="sm" variant="outline-danger" onClick={onClick}>
        Delete
      </Button>
    );
  return (
    <>
      <span id={reasonId} className="small text-body-secondary sd-delete-blocked">
        {reason}
      </span>
      <Button size="sm" variant="outline-danger" disabled aria-describedby={reasonId}>
        Delete
      </Button>
    </>
  );
}
