// Own settings: read-only until Edit; Save/Cancel; field errors under fields; a 409 merges their save with the form by
// field and asks only about fields both changed.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_TIMER_ROUNDING } from '../../../shared/schemas/timer';
import { profileSettingsForm } from '../../../shared/schemas/user';
import { RESET, setServerErrors, useErrorLists } from '../../api/form-errors';
import { isApiError } from '../../api/http';
import { PROFILE_KEY } from '../../api/profile';
import { ConflictNotice, useConflictMerge } from '../../ui/conflict-notice';
import { SaveCancel } from '../records/record-form-footer';
import { SETTINGS_KEY, saveSettings, type UserSettings } from './profile-api';
import { SETTINGS_LABELS, SettingsFields, type SettingsName, type SettingsOptions } from './settings-fields';
import { TIMER_ROUNDING_LABEL, TimerRoundingField } from './settings-timer-rounding';

type Input = z.input<typeof profileSettingsForm>;
type Output = z.output<typeof profileSettingsForm>;
const NAMES = [...(Object.keys(SETTINGS_LABELS) as SettingsName[]), 'timerRounding' as const];
/** The own settings add the timer rounding to the fields the staff screen shares. */
type Settings = UserSettings & { timerRounding?: number };

function toForm(user: Settings): Input {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    shortCode: user.shortCode,
    homePage: user.homePage as Input['homePage'],
    caseListDailySlipsMode: user.caseListDailySlipsMode as Input['caseListDailySlipsMode'],
    autoPopulateTaskPoints: user.autoPopulateTaskPoints,
    timerRounding: user.timerRounding ?? DEFAULT_TIMER_ROUNDING,
    version: user.version,
  };
}

export function SettingsCard({ user, options }: { user: UserSettings; options: SettingsOptions }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(profileSettingsForm),
    values: toForm(user),
    resetOptions: { keepDirtyValues: true },
    reValidateMode: 'onSubmit',
  });
  const errorsOf = useErrorLists(form.formState.errors);
  const values = form.watch();
  const conflict = useConflictMerge<UserSettings>((merged, current) => {
    // Their record becomes what the form was loaded from; the merged values differ from it where they are mine, so
    // they are dirty and survive the form taking up their record.
    queryClient.setQueryData(SETTINGS_KEY, (old: { entity: UserSettings } | undefined) =>
      old ? { ...old, entity: current } : old,
    );
    for (const [name, value] of Object.entries(merged))
      form.setValue(name as keyof Input, value as never, { shouldDirty: true });
  });

  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, (old: { entity: UserSettings } | undefined) =>
        old ? { ...old, entity: saved } : old,
      );
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      void queryClient.invalidateQueries({ queryKey: ['history', 'user', saved.id] });
      form.reset(toForm(saved), RESET);
      setEditing(false);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409 && error.current && typeof error.current === 'object') {
        const current = error.current as UserSettings;
        const fields = NAMES.map((name) => ({
          name,
          label: name === 'timerRounding' ? TIMER_ROUNDING_LABEL : SETTINGS_LABELS[name],
          options: name === 'homePage' || name === 'caseListDailySlipsMode' ? options[name] : undefined,
        }));
        conflict.open(
          error.message,
          { base: toForm(user), theirs: toForm(current), mine: form.getValues(), record: current },
          fields,
        );
        return;
      }
      const other = setServerErrors(error, form.setError, NAMES);
      setMessage([isApiError(error) ? error.message : 'Invalid request', ...other].join('\n'));
    },
  });

  const submit = form.handleSubmit((v) => {
    setMessage(null);
    conflict.clear();
    save.mutate(v);
  });

  const cancel = () => {
    form.reset(toForm(user), RESET);
    setMessage(null);
    conflict.clear();
    setEditing(false);
  };

  return (
    <Card className="sd-card">
      <Card.Header className="d-flex align-items-center">
        <h2 className="h6 mb-0 me-auto">Settings</h2>
        {editing ? null : (
          <Button size="sm" variant="outline-primary" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate aria-label="Settings">
          {message ? (
            <Alert variant="danger" className="py-2 small sd-pre-line" role="alert">
              {message}
            </Alert>
          ) : null}
          <ConflictNotice merge={conflict} />
          <div className="mb-3">
            <div className="form-label mb-0">Email</div>
            <div className="form-control-plaintext py-1" data-field="email">
              {user.email}
            </div>
          </div>
          <SettingsFields
            values={values as UserSettings}
            set={(name, value) => form.setValue(name, value as never, { shouldDirty: true })}
            errorsOf={(name) => errorsOf(name)}
            readOnly={!editing}
            options={options}
          />
          <TimerRoundingField
            value={values.timerRounding as number | undefined}
            onChange={(v) => form.setValue('timerRounding', v, { shouldDirty: true })}
            errors={errorsOf('timerRounding')}
            readOnly={!editing}
          />
          {editing ? <SaveCancel saving={save.isPending} onCancel={cancel} /> : null}
        </form>
      </Card.Body>
    </Card>
  );
}
