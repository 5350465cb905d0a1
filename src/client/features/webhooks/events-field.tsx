// The events an endpoint subscribes to: a checkbox per event (its label, its type under it) and "Select all".

import { WEBHOOK_EVENT_OPTIONS, WEBHOOK_EVENTS, type WebhookEvent } from '../../../shared/schemas/webhook';
import { Checkbox } from '../../ui';

export function EventsField(props: {
  label: string;
  value: readonly WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  readOnly: boolean;
  errors?: string[];
}) {
  const { value, readOnly } = props;
  const chosen = new Set(value);
  const all = WEBHOOK_EVENTS.every((e) => chosen.has(e));
  // In the list's order, whatever order they were ticked in.
  const toggle = (event: WebhookEvent, on: boolean) =>
    props.onChange(WEBHOOK_EVENTS.filter((e) => (e === event ? on : chosen.has(e))));
  return (
    <fieldset className="mb-3 sd-field" data-field="events">
      <legend className="form-label fs-6 mb-1">
        {props.label}
        {readOnly ? null : (
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        )}
      </legend>
      {readOnly ? (
        <ul className="list-unstyled mb-0 py-1" data-testid="webhook-events">
          {WEBHOOK_EVENT_OPTIONS.filter((o) => chosen.has(o.value as WebhookEvent)).map((o) => (
            <li key={o.value}>
              {o.label} <code className="small">{o.value}</code>
            </li>
          ))}
        </ul>
      ) : (
        <>
          <Checkbox
            label="Select all"
            name="events-all"
            className="mb-2 fw-semibold"
            checked={all}
            onChange={(on) => props.onChange(on ? [...WEBHOOK_EVENTS] : [])}
          />
          <div className="row row-cols-1 row-cols-md-2">
            {WEBHOOK_EVENT_OPTIONS.map((o) => (
              <div key={o.value} className="col">
                <Checkbox
                  label={o.label}
                  name={`event-${o.value}`}
                  hint={String(o.value)}
                  className="mb-2"
                  checked={chosen.has(o.value as WebhookEvent)}
                  onChange={(on) => toggle(o.value as WebhookEvent, on)}
                />
              </div>
            ))}
          </div>
        </>
      )}
      {props.errors?.length ? (
        <div className="invalid-feedback d-block" role="alert">
          {props.errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
