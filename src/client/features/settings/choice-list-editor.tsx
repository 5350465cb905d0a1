// An editable list of short choices (opportunity sources, lost reasons): one text box per choice, add and remove.
// Read-only it is a plain list.
import { useRef } from 'react';
import { Button } from 'react-bootstrap';

type Props = {
  /** Heading of the list and the start of each box's accessible name ("Source 2"). */
  label: string;
  itemLabel: string;
  values: string[];
  onChange: (next: string[]) => void;
  editing: boolean;
};

let serial = 0;

export function ChoiceListEditor({ label, itemLabel, values, onChange, editing }: Props) {
  // Stable keys per row, so removing one keeps the focus and text of the others where they were.
  const keys = useRef<string[]>([]);
  while (keys.current.length < values.length) keys.current.push(`c${++serial}`);
  if (keys.current.length > values.length) keys.current.length = values.length;
  const headingId = `${itemLabel.replace(/\W/g, '')}-heading`;
  return (
    <section aria-labelledby={headingId} className="mb-3">
      <h3 id={headingId} className="h6">
        {label}
      </h3>
      {!editing ? (
        values.length ? (
          <ul className="mb-0 ps-3" data-testid={`${itemLabel.toLowerCase().replace(/\W/g, '-')}-list`}>
            {values.map((v, i) => (
              <li key={keys.current[i]}>{v}</li>
            ))}
          </ul>
        ) : (
          <p className="text-body-secondary mb-0">None</p>
        )
      ) : (
        <>
          {values.map((v, i) => (
            <div key={keys.current[i]} className="input-group input-group-sm mb-1">
              <input
                className="form-control"
                aria-label={`${itemLabel} ${i + 1}`}
                maxLength={100}
                value={v}
                onChange={(e) => onChange(values.map((x, j) => (j === i ? e.target.value : x)))}
              />
              <Button
                variant="outline-danger"
                aria-label={`Remove ${itemLabel.toLowerCase()} ${i + 1}`}
                onClick={() => {
                  keys.current.splice(i, 1);
                  onChange(values.filter((_, j) => j !== i));
                }}
              >
                Remove
              </Button>
            </div>
          ))}
          <Button
            size="sm"
            variant="outline-primary"
            className="mt-1"
            onClick={() => onChange([...values, ''])}
          >
            Add {itemLabel}
          </Button>
        </>
      )}
    </section>
  );
}
