// A native select of {label, value} options; numbers stay numbers, the empty choice is null.
import type { Option } from '../../shared/schemas/common';
import { type FieldProps, FormField, fieldId, useField } from './form-field';
import { ReadOnlyText } from './read-only-text';

export type SelectProps = FieldProps & {
  value: string | number | null;
  options: Option[];
  onChange: (v: string | number | null) => void;
  placeholder?: string;
  id?: string;
  onBlur?: () => void;
};

function SelectControl(props: SelectProps & { id: string }) {
  const field = useField();
  const { options, value } = props;
  const current = value === null ? '' : String(value);
  const known = value === null || options.some((o) => String(o.value) === current);
  // The empty choice is offered unless the field is required and already has a value.
  const showEmpty = value === null || !props.required;
  return (
    <select
      id={props.id}
      name={props.name}
      className={['form-select', field?.invalid ? 'is-invalid' : ''].filter(Boolean).join(' ')}
      value={current}
      onChange={(e) => {
        field?.markChanged();
        const raw = e.target.value;
        const picked = options.find((o) => String(o.value) === raw);
        props.onChange(picked ? picked.value : null);
      }}
      onBlur={props.onBlur}
      required={props.required}
      aria-required={props.required || undefined}
      disabled={props.disabled}
      aria-invalid={field?.invalid || undefined}
      aria-describedby={field?.describedBy}
    >
      {showEmpty ? <option value="">{props.placeholder ?? ''}</option> : null}
      {known ? null : <option value={current}>{current}</option>}
      {options.map((o) => (
        <option key={String(o.value)} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export function Select(props: SelectProps) {
  const id = fieldId(props.name, props.id);
  const label = props.options.find(
    (o) => props.value !== null && String(o.value) === String(props.value),
  )?.label;
  return (
    <FormField {...props} id={id}>
      {props.readOnly ? (
        <ReadOnlyText id={id} value={label ?? (props.value === null ? '' : String(props.value))} />
      ) : (
        <SelectControl {...props} id={id} />
      )}
    </FormField>
  );
}
