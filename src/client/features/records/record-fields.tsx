// Field definitions of a record form and the kit input each kind renders, read-only or editable.
import type { ReactNode } from 'react';
import type { Option } from '../../../shared/schemas/common';
import type { Query } from '../../api/http';
import {
  Checkbox,
  DateInput,
  NumberInput,
  Select,
  TextArea,
  TextInput,
  TimeInput,
  Typeahead,
} from '../../ui';
import type { InputMode } from '../../ui/text-input';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'select'
  | 'typeahead'
  | 'multi'
  | 'checkbox'
  | 'date'
  | 'time'
  | 'number'
  | 'display'
  | 'custom';

/** What a custom field's editor gets: the form's values and options, and its own value, errors and setter. */
export type CustomFieldProps = {
  value: unknown;
  set: (value: unknown) => void;
  values: Record<string, unknown>;
  errors?: string[];
  readOnly: boolean;
  formOptions: Record<string, Option[]>;
};

export type FieldDef = {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** Bootstrap column classes (default col-md-6). */
  col?: string;
  hint?: string;
  inputMode?: InputMode;
  type?: 'text' | 'email' | 'tel' | 'url';
  maxLength?: number;
  /** typeahead / multi: the suggest url and its extra parameters from the current values. */
  url?: string;
  params?: (values: Record<string, unknown>) => Query;
  /** select: options (default: formOptions[name]). */
  options?: Option[];
  /** display: the text shown (never edited). */
  display?: (values: Record<string, unknown>) => ReactNode;
  /** custom: the editor of a value no kit input fits (e.g. the rows of a sub-list). */
  render?: (props: CustomFieldProps) => ReactNode;
  /** Only in edit mode / only when this returns true. */
  visible?: (values: Record<string, unknown>, editing: boolean) => boolean;
};

export type FieldSection = { title?: string; fields: FieldDef[] };

const asOption = (v: unknown): Option | null =>
  v && typeof v === 'object' && 'value' in v ? (v as Option) : null;

export function RecordField(props: {
  field: FieldDef;
  values: Record<string, unknown>;
  set: (name: string, value: unknown) => void;
  errors?: string[];
  /** Shown under the field without stopping the save (e.g. a date long past). */
  warnings?: string[];
  readOnly: boolean;
  formOptions: Record<string, Option[]>;
}) {
  const { field: f, values, set, errors, readOnly } = props;
  const value = values[f.name];
  const common = {
    label: f.label,
    name: f.name,
    required: f.required,
    readOnly,
    errors,
    warnings: props.warnings,
    hint: readOnly ? undefined : f.hint,
  };
  switch (f.kind) {
    case 'textarea':
      return (
        <TextArea
          {...common}
          autoGrow
          readOnlyRows={4}
          value={(value as string | null) ?? ''}
          maxLength={f.maxLength}
          onChange={(v) => set(f.name, v)}
        />
      );
    case 'select': {
      const offered = f.options ?? props.formOptions[f.name] ?? [];
      // A saved choice no longer offered (e.g. a type made inactive, a text choice dropped from the settings) still
      // shows by its name and can be kept.
      const saved =
        asOption(value) ?? (typeof value === 'string' && value !== '' ? { value, label: value } : null);
      const options =
        saved && !offered.some((o) => String(o.value) === String(saved.value))
          ? [saved, ...offered]
          : offered;
      const current = saved?.value ?? (typeof value === 'string' ? value : null);
      return (
        <Select
          {...common}
          options={options}
          value={current}
          onChange={(v) => set(f.name, v === null ? null : (options.find((o) => o.value === v) ?? null))}
        />
      );
    }
    case 'typeahead':
      return (
        <Typeahead
          {...common}
          url={f.url}
          params={f.params?.(values)}
          value={asOption(value)}
          onChange={(v) => set(f.name, v)}
        />
      );
    case 'multi':
      return (
        <Typeahead
          {...common}
          mode="multiple"
          url={f.url}
          params={f.params?.(values)}
          value={Array.isArray(value) ? (value as Option[]) : []}
          onChange={(v) => set(f.name, v)}
        />
      );
    case 'checkbox':
      return <Checkbox {...common} checked={!!value} onChange={(v) => set(f.name, v)} />;
    case 'date':
      return (
        <DateInput {...common} value={(value as string | null) ?? ''} onChange={(v) => set(f.name, v)} />
      );
    case 'time':
      return (
        <TimeInput {...common} value={(value as string | null) ?? ''} onChange={(v) => set(f.name, v)} />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={value === null || value === undefined || value === '' ? null : Number(value)}
          onChange={(v) => set(f.name, v)}
        />
      );
    case 'custom':
      return f.render?.({
        value,
        set: (v) => set(f.name, v),
        values,
        errors,
        readOnly,
        formOptions: props.formOptions,
      });
    case 'display':
      return (
        <TextInput
          {...common}
          readOnly
          value={String(f.display?.(values) ?? value ?? '')}
          onChange={() => {}}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={f.type}
          inputMode={f.inputMode}
          value={(value as string | null) ?? ''}
          onChange={(v) => set(f.name, v)}
        />
      );
  }
}
