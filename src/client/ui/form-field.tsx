// The frame of every form control: label, required asterisk, hint, errors and warnings (SPEC §5).
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';

export type FieldProps = {
  label: string;
  name: string;
  required?: boolean;
  errors?: string[];
  warnings?: string[];
  readOnly?: boolean;
  hint?: string;
  className?: string;
  disabled?: boolean;
};

/** What a control inside a FormField needs to wire itself to the label and messages. */
export type FieldContextValue = {
  id: string;
  /** Space-separated ids of the visible hint, errors and warnings (for aria-describedby). */
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
  /** Call after the user changed the value: hides the current errors (SPEC §5 "Typing in a field clears its errors"). */
  markChanged: () => void;
};

const FieldContext = createContext<FieldContextValue | null>(null);

/** For custom controls placed inside a FormField. */
export function useField(): FieldContextValue | null {
  return useContext(FieldContext);
}

export function fieldId(name: string, id?: string): string {
  return id ?? `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

type MessagesState = {
  context: FieldContextValue;
  messages: ReactNode;
};

/** Errors stay hidden after a change until the `errors` prop is a different array. */
export function useFieldMessages(
  p: Pick<FieldProps, 'errors' | 'warnings' | 'hint' | 'required'> & {
    id: string;
    extraDescribedBy?: string;
  },
): MessagesState {
  const { id, errors, warnings, hint } = p;
  const [hiddenFor, setHiddenFor] = useState<string[] | undefined>(undefined);
  const shownErrors = errors && errors.length > 0 && hiddenFor !== errors ? errors : [];
  const shownWarnings = warnings ?? [];
  const markChanged = useCallback(() => {
    if (errors && errors.length > 0) setHiddenFor(errors);
  }, [errors]);
  const ids = [
    hint ? `${id}-hint` : '',
    p.extraDescribedBy ?? '',
    shownErrors.length ? `${id}-errors` : '',
    shownWarnings.length ? `${id}-warnings` : '',
  ].filter(Boolean);
  const context: FieldContextValue = {
    id,
    describedBy: ids.length ? ids.join(' ') : undefined,
    invalid: shownErrors.length > 0,
    required: !!p.required,
    markChanged,
  };
  const messages = (
    <>
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
      {shownErrors.length ? (
        <div id={`${id}-errors`} className="invalid-feedback d-block" role="alert">
          {shownErrors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </div>
      ) : null}
      {shownWarnings.length ? (
        <div id={`${id}-warnings`} className="form-text text-warning-emphasis">
          {shownWarnings.map((w) => (
            <div key={w}>{w}</div>
          ))}
        </div>
      ) : null}
    </>
  );
  return { context, messages };
}

export function FieldContextProvider({ value, children }: { value: FieldContextValue; children: ReactNode }) {
  return <FieldContext.Provider value={value}>{children}</FieldContext.Provider>;
}

export function RequiredMark() {
  return (
    <span className="text-danger ms-1" aria-hidden="true">
      *
    </span>
  );
}

export type FormFieldProps = FieldProps & {
  id: string;
  children: ReactNode;
  /** Extra ids for aria-describedby (e.g. a live character count). */
  describedBy?: string;
  /** false: the control is not a labelable element (it uses aria-labelledby `${id}-label` instead). */
  labelFor?: boolean;
};

export function FormField(props: FormFieldProps) {
  const { id, label, name, required, readOnly, className, children } = props;
  const { context, messages } = useFieldMessages({ ...props, extraDescribedBy: props.describedBy });
  return (
    <FieldContextProvider value={context}>
      {/* React change events bubble: any control placed inside hides the current errors when changed. */}
      <div
        className={['mb-3', 'sd-field', className].filter(Boolean).join(' ')}
        data-field={name}
        onChange={context.markChanged}
      >
        {props.labelFor === false ? (
          <div id={`${id}-label`} className="form-label">
            {label}
            {required && !readOnly ? <RequiredMark /> : null}
          </div>
        ) : (
          <label id={`${id}-label`} htmlFor={id} className="form-label">
            {label}
            {required && !readOnly ? <RequiredMark /> : null}
          </label>
        )}
        {children}
        {messages}
      </div>
    </FieldContextProvider>
  );
}
