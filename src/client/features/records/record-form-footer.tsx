// The foot of every record form: Save / Cancel while editing, and the card footer naming who created and last
// changed the record and when (a record without a created stamp, such as a settings page, shows the change only).
import { Button, Card } from 'react-bootstrap';
import type { Option } from '../../../shared/schemas/common';
import { formatWhen } from '../history/history-api';

/** Save (submits the form, off while a save runs) and Cancel; `className` adds spacing classes. */
export function SaveCancel(props: { saving: boolean; onCancel: () => void; className?: string }) {
  return (
    <div className={props.className ? `d-flex gap-2 ${props.className}` : 'd-flex gap-2'}>
      <Button type="submit" size="sm" disabled={props.saving}>
        Save
      </Button>
      <Button type="button" size="sm" variant="outline-secondary" onClick={props.onCancel}>
        Cancel
      </Button>
    </div>
  );
}

export type Stamps = {
  created?: string;
  createdBy?: Option | null;
  updated: string;
  updatedBy?: Option | null;
};

/** Created … by … and Updated … by … (or Updated alone where nothing records the creation). */
export function RecordStamps({ record }: { record: Stamps }) {
  const by = (who: Option | null | undefined) => (who ? ` by ${who.label}` : '');
  if (record.created === undefined) {
    return (
      <Card.Footer className="small text-body-secondary">
        Updated {formatWhen(record.updated)}
        {by(record.updatedBy)}
      </Card.Footer>
    );
  }
  return (
    <Card.Footer className="small text-body-secondary d-flex flex-wrap column-gap-4">
      <span>
        Created {formatWhen(record.created)}
        {by(record.createdBy)}
      </span>
      <span>
        Updated {formatWhen(record.updated)}
        {by(record.updatedBy)}
      </span>
    </Card.Footer>
  );
}
