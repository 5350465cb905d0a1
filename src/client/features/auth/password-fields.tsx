// The password inputs of a form (Change Password on the profile, Choose a New Password of a mailed link): the
// password managers' autocomplete hints, the length hint under the new password, and each field's errors.
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { TextInput } from '../../ui';

export type PasswordField<T extends FieldValues> = {
  name: Path<T>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
};

export const NEW_PASSWORD_HINT = 'At least 12 characters.';

export function PasswordFields<T extends FieldValues>({
  control,
  fields,
  errorsOf,
  autoFocus,
}: {
  control: Control<T>;
  fields: readonly PasswordField<T>[];
  errorsOf: (name: Path<T>) => string[] | undefined;
  /** The field that takes the cursor when the form opens. */
  autoFocus?: Path<T>;
}) {
  return fields.map((f) => (
    <Controller
      key={f.name}
      control={control}
      name={f.name}
      render={({ field }) => (
        <TextInput
          label={f.label}
          name={f.name}
          type="password"
          autoComplete={f.autoComplete}
          required
          autoFocus={f.name === autoFocus}
          hint={f.name === 'newPassword' ? NEW_PASSWORD_HINT : undefined}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          errors={errorsOf(f.name)}
        />
      )}
    />
  ));
}
