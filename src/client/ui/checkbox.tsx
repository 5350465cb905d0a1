// A Bootstrap form-check with the kit's error and warning messages.
import {
  FieldContextProvider,
  type FieldProps,
  FormField,
  fieldId,
  RequiredMark,
  useFieldMessages,
} from './form-field';
import { ReadOnlyText } from './read-only-text';

export type CheckboxProps = FieldProps & {
  checked: boolean;
  onChange: (v: boolean) => void;
  id?: string;
  /** Render as a switch. */
  switch?: boolean;
};

export function Checkbox(props: CheckboxProps) {
  const id = fieldId(props.name, props.id);
  if (props.readOnly) {
    return (
      <FormField {...props} id={id}>
        <ReadOnlyText id={id} value={props.checked ? 'Yes' : 'No'} />
      </FormField>
    );
  }
  return <CheckControl {...props} id={id} />;
}

function CheckControl(props: CheckboxProps & { id: string }) {
  const { id } = props;
  const { context, messages } = useFieldMessages({ ...props, id });
  const cls = ['form-check', props.switch ? 'form-switch' : '', 'mb-3', 'sd-field', props.className];
  return (
    <FieldContextProvider value={context}>
      <div className={cls.filter(Boolean).join(' ')} data-field={props.name}>
        <input
          id={id}
          name={props.name}
          type="checkbox"
          role={props.switch ? 'switch' : undefined}
          className={['form-check-input', context.invalid ? 'is-invalid' : ''].filter(Boolean).join(' ')}
          checked={props.checked}
          onChange={(e) => {
            context.markChanged();
            props.onChange(e.target.checked);
          }}
          disabled={props.disabled}
          required={props.required}
          aria-invalid={context.invalid || undefined}
          aria-describedby={context.describedBy}
        />
        <label htmlFor={id} className="form-check-label">
          {props.label}
          {props.required ? <RequiredMark /> : null}
        </label>
        {messages}
      </div>
    </FieldContextProvider>
  );
}
