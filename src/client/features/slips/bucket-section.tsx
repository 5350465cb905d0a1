// The daily panel's collapsible Buckets section (SPEC §2, §4): Bucket, Time, Summary; edit icon, Save, Cancel.
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Collapse from 'react-bootstrap/Collapse';
import type { Bucket } from '../../../shared/schemas/slip';
import { isApiError } from '../../api/http';
import { DurationInput, TextArea } from '../../ui';
import type { WriteResult } from '../offline/offline-sync';
import { PendingBadge, PendingChoices } from '../offline/pending-change';
import type { Pending } from '../offline/queue-logic';
import { saveBucket } from './slip-api';

export type BucketWriter = (
  bucket: Bucket,
  values: { time: string; comment: string; version: number },
) => Promise<WriteResult<Bucket>>;

const direct =
  (date: Date): BucketWriter =>
  async (bucket, values) => ({ queued: false, value: await saveBucket(bucket.category.id, date, values) });

type Props = {
  buckets: Bucket[];
  date: Date;
  onSaved: (bucket: Bucket) => void;
  writer?: BucketWriter;
  /** Category id → its change waiting in the offline queue. */
  pending?: ReadonlyMap<number, Pending>;
};

export function BucketSection({ buckets, date, onSaved, writer, pending }: Props) {
  const [open, setOpen] = useState(true);
  return (
    <section className="sd-daily-buckets mb-2" aria-label="Buckets">
      <button
        type="button"
        className="btn btn-link p-0 text-decoration-none fw-semibold sd-daily-buckets-toggle"
        aria-expanded={open}
        aria-controls="sd-daily-buckets-body"
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> Buckets
      </button>
      <Collapse in={open}>
        <div id="sd-daily-buckets-body">
          <table className="table table-sm align-middle mb-0 mt-1 sd-daily-bucket-table">
            <thead>
              <tr>
                <th scope="col">Bucket</th>
                <th scope="col">Time</th>
                <th scope="col">Summary</th>
                <th scope="col">
                  <span className="visually-hidden">Edit</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {buckets.map((bucket) => (
                <BucketRow
                  key={bucket.category.id}
                  bucket={bucket}
                  onSaved={onSaved}
                  writer={writer ?? direct(date)}
                  pending={pending?.get(bucket.category.id)}
                />
              ))}
            </tbody>
          </table>
        </div>
      </Collapse>
    </section>
  );
}

function BucketRow({
  bucket,
  onSaved,
  writer,
  pending,
}: {
  bucket: Bucket;
  onSaved: (b: Bucket) => void;
  writer: BucketWriter;
  pending: Pending | undefined;
}) {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [time, setTime] = useState(bucket.time);
  const [comment, setComment] = useState(bucket.comment ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const title = bucket.category.title;
  const restore = () => {
    setTime(bucket.time);
    setComment(bucket.comment ?? '');
    setErrors({});
    setMessage(null);
    setEditing(false);
  };
  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const result = await writer(bucket, { time, comment, version: bucket.version });
      setEditing(false);
      setErrors({});
      if (!result.queued) onSaved(result.value);
    } catch (error) {
      setErrors(isApiError(error) ? error.fields : {});
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  if (!editing) {
    return (
      <tr data-testid="bucket-row">
        <td>
          {title}
          {pending ? (
            <div>
              <PendingBadge pending={pending} />
              <PendingChoices
                pending={pending}
                onFix={() => {
                  setTime(bucket.time);
                  setComment(bucket.comment ?? '');
                  setErrors(pending.error?.fields ?? {});
                  setMessage(pending.error?.message ?? null);
                  setEditing(true);
                }}
              />
            </div>
          ) : null}
        </td>
        <td className="text-nowrap">{bucket.time}</td>
        <td className="sd-daily-bucket-comment">{bucket.comment}</td>
        <td className="text-end">
          <Button
            variant="link"
            size="sm"
            className="p-0"
            aria-label={`Edit ${title}`}
            onClick={() => {
              setTime(bucket.time);
              setComment(bucket.comment ?? '');
              setEditing(true);
            }}
          >
            ✎
          </Button>
        </td>
      </tr>
    );
  }
  const id = `bucket-${bucket.category.id}`;
  return (
    <tr data-testid="bucket-row">
      <td colSpan={4}>
        <fieldset disabled={busy}>
          <div className="fw-semibold mb-1">{title}</div>
          <DurationInput
            id={`${id}-time`}
            name="time"
            label="Time"
            value={time}
            onChange={setTime}
            errors={errors.time}
          />
          <TextArea
            id={`${id}-comment`}
            name="comment"
            label="Summary"
            autoGrow
            value={comment}
            onChange={setComment}
            errors={errors.comment}
          />
          {message ? (
            <div className="text-danger small mb-2" role="alert">
              {message}
            </div>
          ) : null}
          <div className="d-flex gap-2">
            <Button size="sm" onClick={() => void save()}>
              Save
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={restore}>
              Cancel
            </Button>
          </div>
        </fieldset>
      </td>
    </tr>
  );
}
