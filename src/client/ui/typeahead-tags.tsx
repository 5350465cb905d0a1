// The selected options of a multiple/tags Typeahead as removable tags around the text input.
import type { ReactNode } from 'react';
import type { Option } from '../../shared/schemas/common';

export type TypeaheadTagsProps = {
  selected: Option[];
  onRemove: (option: Option) => void;
  /** Widest a tag may be, in percent of the control. */
  tagSizePercent?: number;
  invalid?: boolean;
  disabled?: boolean;
  children: ReactNode;
};

export function TypeaheadTags(props: TypeaheadTagsProps) {
  const maxWidth = props.tagSizePercent !== undefined ? `${props.tagSizePercent}%` : undefined;
  return (
    <div
      className={`form-control d-flex flex-wrap gap-1 align-items-center ${props.invalid ? 'is-invalid' : ''}`}
    >
      {props.selected.map((o) => (
        <span
          key={String(o.value)}
          className="badge text-bg-secondary d-inline-flex align-items-center sd-typeahead-tag"
          style={{ maxWidth }}
        >
          <span className="text-truncate">{o.label}</span>
          <button
            type="button"
            className="btn-close btn-close-white ms-1"
            style={{ fontSize: '0.5rem' }}
            aria-label={`Remove ${o.label}`}
            disabled={props.disabled}
            onClick={() => props.onRemove(o)}
          />
        </span>
      ))}
      {props.children}
    </div>
  );
}
