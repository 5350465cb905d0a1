// The one input of a 6-digit authenticator code: numeric keyboard on phones, one-time-code autofill.
import { TextInput } from '../../ui';

export function CodeInput({
  value,
  onChange,
  errors,
  label = 'Code from Your Authenticator App',
  name = 'code',
  autoFocus = false,
}: {
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  label?: string;
  name?: string;
  autoFocus?: boolean;
}) {
  return (
    <TextInput
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="123456"
      required
      autoFocus={autoFocus}
      value={value}
      onChange={(v) => onChange(v.replace(/[^\d\s]/g, '').slice(0, 7))}
      errors={errors}
    />
  );
}
