// A 409 on save: someone else changed the record. Their changes to fields this user left alone come into the form,
// this user's changes to fields they left alone stay, and only fields both changed are asked about, one by one.
import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { type Choice, type Merge, type MergeField, mergeThreeWay, resolveMerge } from './conflict-merge';

export type { MergeField } from './conflict-merge';

export type ConflictState<R> = {
  /** A new one for every 409, so the choices start empty. */
  id: number;
  message: string;
  /** Their record as the server sent it. */
  record: R;
  merge: Merge;
  resolved: boolean;
};

/** The three sides in the form's own shape, and their record as the server sent it. */
export type ConflictSides<R> = {
  base: Record<string, unknown>;
  theirs: Record<string, unknown>;
  mine: Record<string, unknown>;
  record: R;
};

/**
 * The conflict of one form. `apply` puts the merged values in the form (they carry their version, so Save succeeds)
 * and their record where the form keeps what it was loaded from: at once when nothing needs a choice, else once the
 * fields both changed are chosen.
 */
export function useConflictMerge<R>(apply: (values: Record<string, unknown>, record: R) => void) {
  const [conflict, setConflict] = useState<ConflictState<R> | null>(null);
  return {
    conflict,
    open(message: string, sides: ConflictSides<R>, fields: readonly MergeField[]) {
      const merge = mergeThreeWay(sides.base, sides.theirs, sides.mine, fields);
      const resolved = merge.conflicts.length === 0;
      if (resolved) apply(merge.values, sides.record);
      setConflict({ id: (conflict?.id ?? 0) + 1, message, record: sides.record, merge, resolved });
    },
    resolve(choices: Record<string, Choice>) {
      if (!conflict) return;
      apply(resolveMerge(conflict.merge, choices), conflict.record);
      setConflict({ ...conflict, resolved: true });
    },
    clear: () => setConflict(null),
  };
}

export type ConflictMerge<R> = ReturnType<typeof useConflictMerge<R>>;

/** The notice of a form's conflict (nothing while there is none); a new 409 starts with no choices made. */
export function ConflictNotice<R>({ merge }: { merge: ConflictMerge<R> }) {
  return merge.conflict ? (
    <ConflictAlert key={merge.conflict.id} conflict={merge.conflict} onResolve={merge.resolve} />
  ) : null;
}

const list = (labels: string[]) => labels.join(', ');

type Props<R> = { conflict: ConflictState<R>; onResolve: (choices: Record<string, Choice>) => void };

function ConflictAlert<R>({ conflict, onResolve }: Props<R>) {
  const { merge } = conflict;
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const all = (choice: Choice) => Object.fromEntries(merge.conflicts.map((c) => [c.name, choice]));
  const chosen = merge.conflicts.every((c) => choices[c.name]);
  const asking = !conflict.resolved && merge.conflicts.length > 0;
  return (
    <Alert variant={asking ? 'warning' : 'info'} className="sd-conflict" data-testid="conflict">
      <div className="fw-semibold mb-2">{conflict.message}</div>
      {merge.taken.length ? (
        <div className="small" data-testid="conflict-taken">
          {/* Nothing changes in the form until the asked fields are chosen. */}
          {asking ? 'Their changes come into the form' : 'Their changes are now in the form'}:{' '}
          {list(merge.taken)}.
        </div>
      ) : null}
      {merge.kept.length ? (
        <div className="small" data-testid="conflict-kept">
          Your changes are kept: {list(merge.kept)}.
        </div>
      ) : null}
      {asking ? (
        <>
          <div className="small mt-2 mb-1">You both changed these fields. Choose the value to keep:</div>
          <table className="table table-sm table-borderless mb-2 sd-conflict-table">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Their value</th>
                <th scope="col">Your value</th>
              </tr>
            </thead>
            <tbody>
              {merge.conflicts.map((d) => (
                <tr key={d.name}>
                  <th scope="row" className="fw-normal">
                    {d.label}
                  </th>
                  {/* Each radio is named by its value; its row and column headers say whose value of which field. */}
                  {(['theirs', 'mine'] as const).map((side) => (
                    <td key={side}>
                      <Form.Check
                        type="radio"
                        id={`conflict-${d.name}-${side}`}
                        name={`conflict-${d.name}`}
                        checked={choices[d.name] === side}
                        onChange={() => setChoices((c) => ({ ...c, [d.name]: side }))}
                        label={d[side] || <span className="text-body-secondary">(empty)</span>}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="d-flex gap-2 flex-wrap">
            <Button size="sm" variant="warning" disabled={!chosen} onClick={() => onResolve(choices)}>
              Apply choices
            </Button>
            <Button size="sm" variant="outline-dark" onClick={() => onResolve(all('theirs'))}>
              Use their values
            </Button>
            <Button size="sm" variant="outline-dark" onClick={() => onResolve(all('mine'))}>
              Keep my changes
            </Button>
          </div>
        </>
      ) : merge.kept.length || merge.conflicts.length ? (
        <div className="small mt-2">Save to store the merged record.</div>
      ) : null}
    </Alert>
  );
}
