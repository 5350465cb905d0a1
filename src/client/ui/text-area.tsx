// Multi-line text: default 2 rows; auto-grow from 3 to 10 rows at a wrap width of 70 (SPEC §5, §9).
import { type FieldProps, FormField, fieldId, useField } from './form-field';
import { countRows, ReadOnlyText } from './read-only-text';

export const TEXT_AREA_ROWS = 2;
export const AUTO_GROW_MIN = 3;
export const AUTO_GROW_MAX = 10;

export type TextAreaProps = FieldProps & {
  value: string;
  onChange: (v: string) => void;
  rows?: number;
  autoGrow?: boolean;
  maxLength?: number;
  onBlur?: () => void;
  placeholder?: string;
  id?: string;
  /** Read-only view: shorten long text to this many rows with "(more)"/"(less)". */
  readOnlyRows?: number;
};

/** Rows of an auto-growing text area for this text. */
export function autoGrowRows(text: string): number {
  return Math.min(AUTO_GROW_MAX, Math.max(AUTO_GROW_MIN, countRows(text)));
}

function AreaControl(props: TextAreaProps & { id: string }) {
  const field = useField();
  const rows = props.autoGrow ? autoGrowRows(props.value) : (props.rows ?? TEXT_AREA_ROWS);
  return (
    <textarea
      id={props.id}
      name={props.name}
      className={['form-control', field?.invalid ? 'is-invalid' : ''].filter(Boolean).join(' ')}
      rows={rows}
      value={props.value}
      maxLength={props.maxLength}
      placeholder={props.placeholder}
      onChange={(e) => {
        field?.markChanged();
        props.onChange(e.target.value);
      }}
      onBlur={props.onBlur}
      required={props.required}
      aria-required={props.required || undefined}
      disabled={props.disabled}
      aria-invalid={field?.invalid || undefined}
      aria-describedby={field?.describedBy}
    />
  );
}

export function TextArea(props: TextAreaProps) {
  const id = fieldId(props.name, props.id);
  return (
    <FormField {...props} id={id}>
      {props.readOnly ? (
        <ReadOnlyText id={id} value={props.value} rows={props.readOnlyRows} />
      ) : (
        <AreaControl {...props} id={id} />
      )}
    </FormField>
  );
}
