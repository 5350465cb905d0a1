// Numeric text input (SPEC §5): stores a number with non-digits stripped; ↑/↓ add or subtract 1.
import type { KeyboardEvent } from 'react';
import { toNumber } from '../../shared/format';
import { type FieldProps, FormField, fieldId, useField } from './form-field';
import { ReadOnlyText } from './read-only-text';

export type NumberInputProps = FieldProps & {
  value: number | null;
  onChange: (v: number | null) => void;
  onBlur?: () => void;
  /** Lowest value the arrow keys reach (default 0). */
  min?: number;
  max?: number;
  placeholder?: string;
  id?: string;
};

function NumberControl(props: NumberInputProps & { id: string }) {
  const field = useField();
  const min = props.min ?? 0;
  const clamp = (n: number) => Math.min(props.max ?? Number.POSITIVE_INFINITY, Math.max(min, n));
  const change = (v: number | null) => {
    field?.markChanged();
    props.onChange(v);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    const base = props.value ?? 0;
    change(clamp(base + (e.key === 'ArrowUp' ? 1 : -1)));
  };
  return (
    <input
      id={props.id}
      name={props.name}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      className={['form-control', field?.invalid ? 'is-invalid' : ''].filter(Boolean).join(' ')}
      value={props.value === null ? '' : String(props.value)}
      placeholder={props.placeholder}
      onChange={(e) => change(toNumber(e.target.value))}
      onKeyDown={onKeyDown}
      onBlur={props.onBlur}
      required={props.required}
      aria-required={props.required || undefined}
      disabled={props.disabled}
      aria-invalid={field?.invalid || undefined}
      aria-describedby={field?.describedBy}
    />
  );
}

export function NumberInput(props: NumberInputProps) {
  const id = fieldId(props.name, props.id);
  return (
    <FormField {...props} id={id}>
      {props.readOnly ? (
        <ReadOnlyText id={id} value={props.value === null ? '' : String(props.value)} />
      ) : (
        <NumberControl {...props} id={id} />
      )}
    </FormField>
  );
}
