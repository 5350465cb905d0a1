// A list's date filter (a day, MM/dd/yyyy in the address): a chunk of its own, loaded by lists that have one.
import { useState } from 'react';
import { formatDate, parseDateInput } from '../../../shared/format';
import { DateInput } from '../../ui';

export type DateFilterProps = {
  label: string;
  name: string;
  value: string;
  /** The whole date typed or picked, or null when the field is emptied. */
  onChange: (value: string | null) => void;
};

/** A date filter: what is typed stays in the field; the list changes only for a whole date or an empty field. */
export function DateFilter(props: DateFilterProps) {
  const [text, setText] = useState(props.value);
  const [shown, setShown] = useState(props.value);
  // The address changed (Back, another link): show its date.
  if (props.value !== shown) {
    setShown(props.value);
    setText(props.value);
  }
  const change = (v: string) => {
    setText(v);
    if (v.trim() === '') props.onChange(null);
    else if (/^\d{2}\/\d{2}\/\d{4}$/.test(v.trim())) {
      const d = parseDateInput(v.trim());
      if (d) props.onChange(formatDate(d));
    }
  };
  return <DateInput label={props.label} name={props.name} value={text} onChange={change} className="mb-0" />;
}
