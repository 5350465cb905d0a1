// The generic UI kit: form controls, pickers, dialogs. Screens import from here only.
export { Checkbox, type CheckboxProps } from './checkbox';
export { DATE_TAB_DELAY_MS, DateInput, type DateInputProps } from './date-input';
export { DatePicker, type DatePickerProps } from './date-picker';
export {
  assertDialogSize,
  DIALOG_SIZES,
  Dialog,
  type DialogProps,
  type DialogSize,
  SidePanel,
} from './dialog';
export { EmailText } from './email-text';
export {
  type FieldContextValue,
  type FieldProps,
  FormField,
  type FormFieldProps,
  fieldId,
  useField,
} from './form-field';
export { ListTable } from './list-table';
export {
  canLoadMore,
  LOAD_MORE_PAGE_SIZE,
  type LoadMoreColumn,
  LoadMoreModal,
  type LoadMoreModalProps,
  type LoadMoreParams,
  type LoadMoreResult,
} from './load-more-modal';
export { NumberInput, type NumberInputProps } from './number-input';
export { ReadOnlyText, type ReadOnlyTextProps } from './read-only-text';
export { loadQuill, RICH_TEXT_FORMATS, RichText, type RichTextProps } from './rich-text';
export { sanitizeRichText } from './sanitize-html';
export { Select, type SelectProps } from './select';
export { TableStateRow } from './table-state-row';
export { TextArea, type TextAreaProps } from './text-area';
export {
  INPUT_MODES,
  type InputMode,
  TextInput,
  type TextInputProps,
  type TextInputType,
} from './text-input';
export {
  DurationInput,
  type DurationInputProps,
  INVALID_TIME,
  TimeInput,
  type TimeInputProps,
} from './time-input';
export {
  type MultiTypeaheadProps,
  type SingleTypeaheadProps,
  Typeahead,
  type TypeaheadProps,
  type TypeaheadState,
} from './typeahead';
export type { TypeaheadColumn, TypeaheadMode, TypeaheadOption } from './typeahead-options';
