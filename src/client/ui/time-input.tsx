// Time of day and duration inputs (SPEC §5): normalised on blur, text selected on focus.
import { useMemo, useState } from 'react';
import { INVALID_TIME, normalizeDuration, normalizeTimeOfDay } from '../../shared/format';
import { type FieldProps, FormField, fieldId, useField } from './form-field';
import { ReadOnlyText } from './read-only-text';

export { INVALID_TIME };

type NormalisedProps = FieldProps & {
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  id?: string;
};

/** One text input that rewrites its value on blur; `normalise` returns null when the text is invalid. */
function NormalisedControl(
  props: NormalisedProps & {
    id: string;
    normalise: (text: string) => string | null;
    onInvalid: (bad: boolean) => void;
  },
) {
  const field = useField();
  return (
    <input
      id={props.id}
      name={props.name}
      type="text"
      inputMode="text"
      autoComplete="off"
      className={['form-control', field?.invalid ? 'is-invalid' : ''].filter(Boolean).join(' ')}
      value={props.value}
      placeholder={props.placeholder}
      onFocus={(e) => e.target.select()}
      onChange={(e) => {
        field?.markChanged();
        props.onInvalid(false);
        props.onChange(e.target.value);
      }}
      onBlur={() => {
        const normalised = props.normalise(props.value);
        if (normalised === null) props.onInvalid(true);
        else if (normalised !== props.value) props.onChange(normalised);
        props.onBlur?.();
      }}
      required={props.required}
      aria-required={props.required || undefined}
      disabled={props.disabled}
      aria-invalid={field?.invalid || undefined}
      aria-describedby={field?.describedBy}
    />
  );
}

export type TimeInputProps = NormalisedProps;

/** Accepts 9, 930, 9:30p, 9 am…; shows H:MM AM/PM; an invalid value stays as typed with the SPEC message. */
export function TimeInput(props: TimeInputProps) {
  const id = fieldId(props.name, props.id);
  const [invalid, setInvalid] = useState(false);
  const errors = useMemo(
    () => (invalid ? [...(props.errors ?? []), INVALID_TIME] : props.errors),
    [invalid, props.errors],
  );
  const normalise = (text: string) => (text.trim() === '' ? '' : normalizeTimeOfDay(text));
  return (
    <FormField {...props} errors={errors} id={id}>
      {props.readOnly ? (
        <ReadOnlyText id={id} value={props.value} />
      ) : (
        <NormalisedControl {...props} id={id} normalise={normalise} onInvalid={setInvalid} />
      )}
    </FormField>
  );
}

export type DurationInputProps = NormalisedProps & {
  /** Minutes round up to this increment (SPEC §5: 5 by default, 30, or 1). */
  rounding?: 1 | 5 | 30;
  /** Empty becomes 0:00. */
  forceZero?: boolean;
};

/** Decimal hours or h:mm, normalised to h:mm on blur (`1.25` → `1:15`). */
export function DurationInput(props: DurationInputProps) {
  const id = fieldId(props.name, props.id);
  const normalise = (text: string) =>
    normalizeDuration(text, { rounding: props.rounding ?? 5, forceZero: props.forceZero ?? false });
  return (
    <FormField {...props} id={id}>
      {props.readOnly ? (
        <ReadOnlyText id={id} value={props.value} />
      ) : (
        <NormalisedControl {...props} id={id} normalise={normalise} onInvalid={() => {}} />
      )}
    </FormField>
  );
}
