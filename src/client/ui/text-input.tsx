// Single-line text input with optional live character count (SPEC §5 "Text input").
import type { FocusEvent, KeyboardEvent, Ref } from 'react';
import { type FieldProps, FormField, fieldId, useField } from './form-field';
import { ReadOnlyText } from './read-only-text';

export const INPUT_MODES = ['none', 'text', 'decimal', 'numeric', 'tel', 'search', 'email', 'url'] as const;
export type InputMode = (typeof INPUT_MODES)[number];
export type TextInputType = 'text' | 'email' | 'password' | 'tel' | 'url' | 'search';

export function assertInputMode(mode: string | undefined): void {
  if (mode !== undefined && !(INPUT_MODES as readonly string[]).includes(mode)) {
    throw new Error(`inputMode must be one of ${INPUT_MODES.join(', ')}; got "${mode}"`);
  }
}

export type TextInputProps = FieldProps & {
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  type?: TextInputType;
  inputMode?: InputMode;
  autoComplete?: string;
  placeholder?: string;
  autoFocus?: boolean;
  minCount?: number;
  maxCount?: number;
  /** Defaults to `f-${name}`. */
  id?: string;
  onFocus?: (e: FocusEvent<HTMLInputElement>) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Read-only view: shorten long text to this many rows with "(more)"/"(less)". */
  readOnlyRows?: number;
};

export type CountState = 'over' | 'under' | 'ok';

/** The live count is shown only when a bound is above 0 (SPEC §5). */
export function countState(length: number, minCount = 0, maxCount = 0): CountState | null {
  if (!(minCount > 0) && !(maxCount > 0)) return null;
  if (maxCount > 0 && length > maxCount) return 'over';
  if (minCount > 0 && length < minCount) return 'under';
  return 'ok';
}

function CharCount({
  id,
  length,
  minCount = 0,
  maxCount = 0,
}: {
  id: string;
  length: number;
  minCount?: number;
  maxCount?: number;
}) {
  const state = countState(length, minCount, maxCount);
  if (state === null) return null;
  const cls =
    state === 'over'
      ? 'text-danger fw-semibold'
      : state === 'under'
        ? 'text-warning-emphasis'
        : 'text-body-secondary';
  const bounds = [minCount > 0 ? `min ${minCount}` : '', maxCount > 0 ? `max ${maxCount}` : '']
    .filter(Boolean)
    .join(', ');
  return (
    <div id={id} className={`form-text text-end sd-count sd-count-${state} ${cls}`} data-count-state={state}>
      {length} characters ({bounds})
    </div>
  );
}

/** The <input> alone, wired to the enclosing FormField (label, errors, describedby). */
export function TextControl(props: TextInputProps & { id: string; className?: string }) {
  const field = useField();
  assertInputMode(props.inputMode);
  return (
    <input
      ref={props.inputRef}
      id={props.id}
      name={props.name}
      type={props.type ?? 'text'}
      inputMode={props.inputMode}
      className={['form-control', field?.invalid ? 'is-invalid' : ''].filter(Boolean).join(' ')}
      value={props.value}
      onChange={(e) => {
        field?.markChanged();
        props.onChange(e.target.value);
      }}
      onBlur={props.onBlur}
      onFocus={props.onFocus}
      onKeyDown={props.onKeyDown}
      autoComplete={props.autoComplete}
      placeholder={props.placeholder}
      // biome-ignore lint/a11y/noAutofocus: callers opt in (e.g. the first field of a sign-in form)
      autoFocus={props.autoFocus}
      required={props.required}
      aria-required={props.required || undefined}
      disabled={props.disabled}
      aria-invalid={field?.invalid || undefined}
      aria-describedby={field?.describedBy}
    />
  );
}

export function TextInput(props: TextInputProps) {
  const id = fieldId(props.name, props.id);
  const counted = countState(props.value.length, props.minCount, props.maxCount) !== null && !props.readOnly;
  return (
    <FormField {...props} id={id} describedBy={counted ? `${id}-count` : undefined}>
      {props.readOnly ? (
        <ReadOnlyText
          id={id}
          value={props.type === 'password' ? '' : props.value}
          rows={props.readOnlyRows}
          email={props.type === 'email'}
        />
      ) : (
        <>
          <TextControl {...props} id={id} />
          {counted ? (
            <CharCount
              id={`${id}-count`}
              length={props.value.length}
              minCount={props.minCount}
              maxCount={props.maxCount}
            />
          ) : null}
        </>
      )}
    </FormField>
  );
}
