// A slip card (SPEC §2, §4): read-only, edit, saving or loading; Save/Cancel, Ctrl+S, field errors, actions, print.
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { minutesToHmm } from '../../../shared/format/duration';
import { slipDuration } from '../../../shared/format/slip-display';
import { normalizeTimeOfDay, parseTimeOfDay } from '../../../shared/format/time-of-day';
import { billable, ruleOf } from '../../../shared/rounding';
import { pathFor } from '../../../shared/routes';
import type { Slip, SlipFormOptions } from '../../../shared/schemas/slip';
import { isApiError } from '../../api/http';
import type { WriteResult } from '../offline/offline-sync';
import { slipAsTyped } from '../offline/offline-views';
import { PendingBadge, PendingChoices } from '../offline/pending-change';
import type { Pending } from '../offline/queue-logic';
import { SlipActions } from './slip-actions';
import { deleteSlip, saveSlip } from './slip-api';
import { SlipFields } from './slip-fields';
import { looksSavable, type SlipValues, valuesOf } from './slip-logic';
import { SlipReadView } from './slip-read-view';
import { usePrint } from './use-print';

/** `saving`: sent, and shown as typed (read-only) until the server answers; `loading`: sent, fields kept on screen. */
export type SlipMode = 'read' | 'edit' | 'saving' | 'loading';

/** How a card saves and deletes: straight to the server, or (the daily panel) through the offline queue. */
export type SlipWriter = {
  save: (slip: Slip, values: SlipValues, isNew: boolean) => Promise<WriteResult<Slip>>;
  remove: (slip: Slip) => Promise<WriteResult<null>>;
};

const direct: SlipWriter = {
  save: async (slip, values, isNew) => ({
    queued: false,
    value: await saveSlip(isNew ? null : slip.id, values),
  }),
  remove: async (slip) => {
    await deleteSlip(slip);
    return { queued: false, value: null };
  },
};

export type SlipCardProps = {
  slip: Slip;
  formOptions: SlipFormOptions;
  /** A slip not saved yet (create or copy): edit mode, no actions, Cancel drops it. */
  isNew?: boolean;
  /** Open in edit mode (the edit route), when the slip may be edited: else it opens read-only. */
  startInEdit?: boolean;
  warnings?: string[];
  onSaved: (saved: Slip, previous: Slip) => void;
  onCancel?: () => void;
  onDeleted?: (slip: Slip) => void;
  /** Return true when Edit was handled elsewhere (a phone navigates to the edit route). */
  onEditRequest?: (slip: Slip) => boolean;
  onMove?: (slip: Slip) => void;
  onCopy?: (slip: Slip) => void;
  writer?: SlipWriter;
  /** A change of this slip waits in the offline queue (or was refused by the server). */
  pending?: Pending;
  /** The change went into the offline queue instead of to the server. */
  onQueued?: () => void;
};

/** Times as typed are normalised like the inputs do on blur, so Ctrl+S in a field saves what blur would show. */
/** Billable time (h:mm) of the times and multiplier as typed, by the rule the server gave the slip; '' unfinished. */
function typedBillable(slip: Slip, values: SlipValues): string {
  const start = parseTimeOfDay(values.startTime);
  const stop = values.stopTime.trim() ? parseTimeOfDay(values.stopTime) : null;
  if (start === null || stop === null || stop <= start) return '';
  return minutesToHmm(billable(stop - start, ruleOf(slip.billing), Number(values.rateMultiplier || '1')));
}

function normalised(values: SlipValues): SlipValues {
  const time = (t: string) => (t.trim() ? (normalizeTimeOfDay(t) ?? t) : '');
  return { ...values, startTime: time(values.startTime), stopTime: time(values.stopTime) };
}

export function SlipCard(props: SlipCardProps) {
  const { slip, formOptions, isNew } = props;
  // What the server says the viewer may do (absent on a slip only this device knows: the user's own).
  const allowed = slip.can ?? { edit: true, delete: true };
  const [mode, setMode] = useState<SlipMode>(isNew || (props.startInEdit && allowed.edit) ? 'edit' : 'read');
  const [values, setValues] = useState<SlipValues>(() => valuesOf(slip));
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [message, setMessage] = useState<string | null>(null);
  const printing = usePrint();
  const card = useRef<HTMLDivElement>(null);
  // Entering edit mode (new, copy, Edit) puts the cursor in Start; a failed save puts it back where it was.
  const [focusField, setFocusField] = useState<string | null>(mode === 'edit' ? 'startTime' : null);
  useEffect(() => {
    if (!focusField || mode !== 'edit') return;
    card.current?.querySelector<HTMLElement>(`[name="${focusField}"]`)?.focus();
    setFocusField(null);
  }, [focusField, mode]);
  const writer = props.writer ?? direct;
  const { pending } = props;
  // A slip only this device knows has no server id yet: nothing to move, copy or print.
  const local = slip.id < 0;
  const editing = mode === 'edit' || mode === 'loading';
  const busy = mode === 'saving' || mode === 'loading';
  // While saving, the card shows the slip as typed (times, billable time by the rule it had, comment).
  const shown = mode === 'saving' ? slipAsTyped(slip, values, formOptions) : slip;

  const save = async () => {
    if (busy) return;
    const body = normalised(values);
    const focused = document.activeElement;
    const field =
      focused instanceof HTMLElement && card.current?.contains(focused) ? focused.getAttribute('name') : null;
    setValues(body);
    // Time entry must feel instant: a slip the server will most likely take is shown saved at once.
    setMode(looksSavable(body) ? 'saving' : 'loading');
    setMessage(null);
    try {
      const result = await writer.save(slip, body, !!isNew);
      setErrors({});
      setMode('read');
      if (result.queued) props.onQueued?.();
      else props.onSaved(result.value, slip);
    } catch (error) {
      // Refused: back to the fields as typed, with the server's word, the cursor where it was.
      setMode('edit');
      setFocusField(field);
      setErrors(isApiError(error) ? error.fields : {});
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };
  const cancel = () => {
    setValues(valuesOf(slip));
    setErrors({});
    setMessage(null);
    setMode('read');
    props.onCancel?.();
  };
  const edit = () => {
    if (props.onEditRequest?.(slip)) return;
    setValues(valuesOf(slip));
    setMode('edit');
    setFocusField('startTime');
  };
  const remove = async () => {
    setMode('loading');
    setMessage(null);
    try {
      const result = await writer.remove(slip);
      if (result.queued) setMode('read');
      else props.onDeleted?.(slip);
    } catch (error) {
      setMode('read');
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      e.stopPropagation();
      void save();
    }
  };

  // Read: the saved slip's; edit, saving, loading: the times as typed.
  const duration =
    mode !== 'read'
      ? slipDuration(values.startTime, values.stopTime)
      : slip.minutes !== null
        ? slipDuration(slip.startTime, slip.stopTime)
        : '';
  const otherErrors = ['task', 'user', 'version']
    .flatMap((k) => errors[k] ?? [])
    .filter((e) => e && e !== message);
  const kind = slip.isProject ? 'project' : 'support';

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+S anywhere inside the card saves it (SPEC §4)
    <div
      ref={card}
      className={`card sd-slip-card sd-slip-${kind} ${editing ? 'sd-slip-editing' : ''}`}
      data-testid="slip-card"
      data-slip-id={isNew ? 'new' : slip.id}
      data-mode={mode}
      data-locked={slip.locked ? true : undefined}
      onKeyDown={editing ? onKeyDown : undefined}
    >
      <div className="card-body p-2">
        <div className="d-flex align-items-start gap-2">
          <div className="flex-grow-1 min-w-0">
            {/* Its own line, so the Actions toggle keeps its place on a phone. */}
            {pending ? (
              <div className="mb-1">
                <PendingBadge pending={pending} />
              </div>
            ) : null}
            <div className="fw-semibold text-truncate sd-slip-org">{slip.organization?.label}</div>
            <div className="small text-truncate">
              <Link
                to={pathFor('case_task_basics', { caseId: slip.caseId, taskId: slip.taskId })}
                className="sd-slip-task"
              >
                {slip.task?.label}
              </Link>
              <span className="text-body-secondary"> · </span>
              <Link to={pathFor('case_basics', { caseId: slip.caseId })} className="text-body-secondary">
                {slip.case?.label}
              </Link>
            </div>
          </div>
          {busy ? (
            <Spinner
              size="sm"
              animation="border"
              role="status"
              aria-label={mode === 'saving' ? 'Saving' : 'Loading'}
            />
          ) : null}
          {!isNew && mode === 'read' ? (
            <SlipActions
              slip={slip}
              printing={printing.busy}
              onEdit={allowed.edit ? edit : undefined}
              // A move takes the slip off its task: the server refuses it by the delete's rule.
              onMove={props.onMove && allowed.delete && !local ? () => props.onMove?.(slip) : undefined}
              onCopy={props.onCopy && !local ? () => props.onCopy?.(slip) : undefined}
              onPrint={local ? undefined : () => void printing.print(slip.taskId)}
              onDelete={props.onDeleted && allowed.delete ? () => void remove() : undefined}
              refused={slip.locked ?? null}
            />
          ) : null}
        </div>
        {editing ? (
          <fieldset disabled={mode === 'loading'} className="mt-2">
            <SlipFields
              idPrefix={`slip-${isNew ? 'new' : slip.id}`}
              values={values}
              onChange={setValues}
              formOptions={formOptions}
              errors={errors}
              warnings={props.warnings}
              duration={duration}
              billable={typedBillable(slip, values)}
              billerLabel={slip.user?.label ?? ''}
              buttons={
                <>
                  <Button size="sm" variant="primary" onClick={() => void save()}>
                    Save
                  </Button>
                  <Button size="sm" variant="outline-secondary" onClick={cancel}>
                    Cancel
                  </Button>
                </>
              }
            />
          </fieldset>
        ) : (
          <SlipReadView slip={shown} duration={duration} warnings={props.warnings} />
        )}
        {message || otherErrors.length ? (
          <div className="text-danger small mt-1 sd-slip-error" role="alert">
            {[message, ...otherErrors].filter(Boolean).map((m) => (
              <div key={m}>{m}</div>
            ))}
          </div>
        ) : null}
        {pending && mode === 'read' ? (
          <PendingChoices
            pending={pending}
            onFix={
              pending.kind === 'slip-delete'
                ? undefined
                : () => {
                    setValues(valuesOf(slip));
                    setErrors(pending.error?.fields ?? {});
                    setMessage(pending.error?.message ?? null);
                    setMode('edit');
                    setFocusField('startTime');
                  }
            }
          />
        ) : null}
        {printing.busy ? <div className="small text-body-secondary mt-1">Printing…</div> : null}
        {printing.result ? (
          <div className="small mt-1 sd-slip-print" role="status">
            {printing.result.message}{' '}
            {printing.result.previewUrl ? (
              <a href={printing.result.previewUrl} target="_blank" rel="noreferrer">
                Preview
              </a>
            ) : null}
          </div>
        ) : null}
        {printing.error ? (
          <div className="small text-danger mt-1" role="alert">
            {printing.error}
          </div>
        ) : null}
      </div>
    </div>
  );
}
