// A 409 on save: someone else changed the record. Shows their values; nothing is overwritten until the user picks.
import { Alert, Button } from 'react-bootstrap';

export type ConflictValue = { name: string; label: string; theirs: string; mine: string };

type Props = {
  message: string;
  differences: ConflictValue[];
  onUseTheirs: () => void;
  onKeepMine: () => void;
};

export function ConflictNotice({ message, differences, onUseTheirs, onKeepMine }: Props) {
  return (
    <Alert variant="warning" className="sd-conflict" data-testid="conflict">
      <div className="fw-semibold mb-2">{message}</div>
      {differences.length > 0 ? (
        <table className="table table-sm table-borderless mb-2 sd-conflict-table">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Their value</th>
              <th scope="col">Your value</th>
            </tr>
          </thead>
          <tbody>
            {differences.map((d) => (
              <tr key={d.name}>
                <th scope="row" className="fw-normal">
                  {d.label}
                </th>
                <td>{d.theirs}</td>
                <td>{d.mine}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="d-flex gap-2 flex-wrap">
        <Button size="sm" variant="outline-dark" onClick={onUseTheirs}>
          Use their values
        </Button>
        <Button size="sm" variant="warning" onClick={onKeepMine}>
          Keep my changes
        </Button>
      </div>
      <div className="small mt-2 text-body-secondary">
        Keep my changes, then Save, replaces their values with yours.
      </div>
    </Alert>
  );
}

/** Displayed text of one value: option labels for select values, Yes/No for booleans. */
export function displayValue(value: unknown, options?: { label: string; value: string | number }[]): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => displayValue(v, options)).join(', ');
  // A picked option (or a chosen file) shows its label, never "[object Object]".
  if (typeof value === 'object' && 'label' in value) return String((value as { label: unknown }).label);
  const option = options?.find((o) => String(o.value) === String(value));
  return option ? option.label : String(value);
}

/** The fields whose current server value differs from the user's edit. */
export function conflictDifferences(
  current: Record<string, unknown>,
  mine: Record<string, unknown>,
  fields: { name: string; label: string; options?: { label: string; value: string | number }[] }[],
): ConflictValue[] {
  const out: ConflictValue[] = [];
  for (const field of fields) {
    const theirs = displayValue(current[field.name], field.options);
    const own = displayValue(mine[field.name], field.options);
    if (theirs !== own) out.push({ name: field.name, label: field.label, theirs, mine: own });
  }
  return out;
}
