// A staff member's basics: read-only until Edit (create starts editing), roles, active, password, Unlock, and a 409
// merged with the form by field (only fields both changed are asked about).
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { pathFor } from '../../../shared/routes';
import type { Option } from '../../../shared/schemas/common';
import { type Staff, staffForm } from '../../../shared/schemas/staff';
import type { Role } from '../../../shared/schemas/user';
import { RESET, setServerErrors, useErrorLists } from '../../api/form-errors';
import { isApiError } from '../../api/http';
import { Checkbox, TextInput, Typeahead } from '../../ui';
import { ConflictNotice, useConflictMerge } from '../../ui/conflict-notice';
import { formatWhen, historyKey } from '../history/history-api';
import { SETTINGS_LABELS, SettingsFields, type SettingsValues } from '../profile/settings-fields';
import { RecordStamps, SaveCancel } from '../records/record-form-footer';
import { type StaffOptions, saveStaff, staffKey } from './staff-api';

type Input = z.input<typeof staffForm>;
type Output = z.output<typeof staffForm>;

const LABELS = {
  ...SETTINGS_LABELS,
  email: 'Email',
  active: 'Active',
  roles: 'Roles',
  password: 'Password',
  approver: 'Approver',
};
const NAMES = Object.keys(LABELS);

// The shared rule allows an empty password (edit keeps the old one); a new staff member needs one.
const createForm = staffForm.superRefine((v, ctx) => {
  if (!v.password)
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'This value should not be blank.' });
});

function toForm(staff: Staff): Input {
  return {
    firstName: staff.firstName,
    lastName: staff.lastName,
    shortCode: staff.shortCode,
    homePage: staff.homePage as Input['homePage'],
    caseListDailySlipsMode: staff.caseListDailySlipsMode as Input['caseListDailySlipsMode'],
    autoPopulateTaskPoints: staff.autoPopulateTaskPoints,
    version: staff.version,
    email: staff.email,
    active: staff.active,
    roles: [...staff.roles],
    password: '',
    approver: staff.approver ? Number(staff.approver.value) : null,
  };
}

export function StaffFormCard({ id, staff, options }: { id: string; staff: Staff; options: StaffOptions }) {
  const creating = id === 'create';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(creating);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(creating ? createForm : staffForm),
    values: toForm(staff),
    resetOptions: { keepDirtyValues: true },
    reValidateMode: 'onSubmit',
  });
  const errorsOf = useErrorLists(form.formState.errors);
  const values = form.watch();
  // The picked approver's name (the form holds only the id).
  const [approver, setApprover] = useState<Option | null>(staff.approver);
  const conflict = useConflictMerge<Staff>((merged, current) => {
    // Their record becomes what the form was loaded from; the merged values differ from it where they are mine, so
    // they are dirty and survive the form taking up their record.
    queryClient.setQueryData(staffKey(id), (old: { entity: Staff } | undefined) =>
      old ? { ...old, entity: current } : old,
    );
    for (const [name, value] of Object.entries(merged))
      form.setValue(name as keyof Input, value as never, { shouldDirty: true });
    const picked = merged.approver ?? null;
    setApprover(picked === (current.approver?.value ?? null) ? current.approver : approver);
  });

  const stored = (saved: Staff) => {
    queryClient.setQueryData(staffKey(String(saved.id)), (old: { entity: Staff } | undefined) =>
      old ? { ...old, entity: saved } : old,
    );
    void queryClient.invalidateQueries({ queryKey: ['staff-list'] });
    void queryClient.invalidateQueries({ queryKey: historyKey('user', saved.id) });
  };

  const failed = (error: unknown) => {
    if (isApiError(error) && error.status === 409 && error.current && typeof error.current === 'object') {
      const current = error.current as Staff;
      // Approvers show their names: the three sides' picks are the only options needed.
      const approvers = [staff.approver, current.approver, approver].flatMap((a) =>
        a ? [{ value: Number(a.value), label: a.label }] : [],
      );
      const fields = NAMES.map((name) => ({
        name,
        label: LABELS[name as keyof typeof LABELS],
        options:
          name === 'roles' || name === 'homePage' || name === 'caseListDailySlipsMode'
            ? options[name]
            : name === 'approver'
              ? approvers
              : undefined,
      }));
      conflict.open(
        error.message,
        { base: toForm(staff), theirs: toForm(current), mine: form.getValues(), record: current },
        fields,
      );
      return;
    }
    const other = setServerErrors(error, form.setError, NAMES);
    setMessage([isApiError(error) ? error.message : 'Invalid request', ...other].join('\n'));
  };

  const save = useMutation({
    mutationFn: (v: Output) => saveStaff(id, v),
    onSuccess: (saved) => {
      stored(saved);
      if (creating) {
        navigate(pathFor('staff_basics', { id: saved.id }), { replace: true });
        return;
      }
      form.reset(toForm(saved), RESET);
      setApprover(saved.approver);
      setEditing(false);
    },
    onError: failed,
  });

  const unlock = useMutation({
    mutationFn: () => saveStaff(id, { ...(toForm(staff) as Output), password: '', unlock: true }),
    onSuccess: (saved) => {
      stored(saved);
      form.setValue('version', saved.version);
    },
    onError: failed,
  });

  const submit = form.handleSubmit((v) => {
    setMessage(null);
    conflict.clear();
    save.mutate(v);
  });

  const cancel = () => {
    if (creating) {
      navigate(pathFor('staff'));
      return;
    }
    form.reset(toForm(staff), RESET);
    setApprover(staff.approver);
    setMessage(null);
    conflict.clear();
    setEditing(false);
  };

  const roles = values.roles ?? [];
  const toggleRole = (role: Role, on: boolean) =>
    form.setValue(
      'roles',
      on ? [...roles.filter((r) => r !== role), role] : roles.filter((r) => r !== role),
      {
        shouldDirty: true,
      },
    );
  const roleErrors = errorsOf('roles');

  return (
    <Card className="sd-card sd-form-card">
      <Card.Header className="d-flex align-items-center">
        <h2 className="h6 mb-0 me-auto">Basics</h2>
        {editing ? null : (
          <Button size="sm" variant="outline-primary" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
      </Card.Header>
      <Card.Body>
        {staff.locked && !creating ? (
          <Alert variant="danger" className="d-flex align-items-center gap-3 py-2">
            <div className="me-auto small">
              Locked
              {staff.lockedUntil ? ` until ${formatWhen(staff.lockedUntil)}` : ''} after {staff.failedLogins}{' '}
              failed sign-ins.
            </div>
            <Button size="sm" variant="danger" onClick={() => unlock.mutate()} disabled={unlock.isPending}>
              Unlock
            </Button>
          </Alert>
        ) : null}
        <form onSubmit={submit} noValidate aria-label="Staff member">
          {message ? (
            <Alert variant="danger" className="py-2 small sd-pre-line" role="alert">
              {message}
            </Alert>
          ) : null}
          <ConflictNotice merge={conflict} />
          <div className="row">
            <div className="col-sm-6">
              <TextInput
                label="Email"
                name="email"
                type="email"
                inputMode="email"
                required
                readOnly={!editing}
                value={values.email ?? ''}
                onChange={(v) => form.setValue('email', v, { shouldDirty: true })}
                errors={errorsOf('email')}
              />
            </div>
            <div className="col-sm-6 sd-check-cell">
              <Checkbox
                label="Active"
                name="active"
                readOnly={!editing}
                checked={!!values.active}
                onChange={(v) => form.setValue('active', v, { shouldDirty: true })}
                errors={errorsOf('active')}
              />
            </div>
          </div>
          <SettingsFields
            values={values as SettingsValues}
            set={(name, value) => form.setValue(name, value as never, { shouldDirty: true })}
            errorsOf={(name) => errorsOf(name)}
            readOnly={!editing}
            options={options}
          />
          <fieldset className="mb-3 sd-field" data-field="roles">
            <legend className="form-label fs-6 mb-1">
              Roles
              {editing ? (
                <span className="text-danger ms-1" aria-hidden="true">
                  *
                </span>
              ) : null}
            </legend>
            {editing ? (
              <div className="d-flex flex-wrap column-gap-4">
                {options.roles.map((o) => (
                  <Checkbox
                    key={String(o.value)}
                    label={o.label}
                    name={`role-${o.value}`}
                    className="mb-1"
                    checked={roles.includes(o.value as Role)}
                    onChange={(on) => toggleRole(o.value as Role, on)}
                  />
                ))}
              </div>
            ) : (
              <div className="py-1">
                {options.roles
                  .filter((o) => roles.includes(o.value as Role))
                  .map((o) => o.label)
                  .join(', ')}
              </div>
            )}
            {roleErrors ? (
              <div className="invalid-feedback d-block" role="alert">
                {roleErrors.map((e) => (
                  <div key={e}>{e}</div>
                ))}
              </div>
            ) : null}
          </fieldset>
          <div className="row">
            <div className="col-sm-6">
              <Typeahead
                label="Approver"
                name="approver"
                url="/api/suggest/staff/"
                readOnly={!editing}
                hint="Approves this person's timesheet weeks. Empty: any administrator."
                placeholder="Any administrator"
                value={approver}
                onChange={(v) => {
                  setApprover(v);
                  form.setValue('approver', v ? Number(v.value) : null, { shouldDirty: true });
                }}
                errors={errorsOf('approver')}
              />
            </div>
          </div>
          {editing ? (
            <div className="row">
              <div className="col-sm-6">
                <TextInput
                  label={creating ? 'Password' : 'New Password'}
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  required={creating}
                  hint={
                    creating
                      ? 'At least 12 characters.'
                      : 'Leave empty to keep the current password. At least 12 characters.'
                  }
                  value={values.password ?? ''}
                  onChange={(v) => form.setValue('password', v, { shouldDirty: true })}
                  errors={errorsOf('password')}
                />
              </div>
            </div>
          ) : null}
          {editing ? <SaveCancel saving={save.isPending} onCancel={cancel} /> : null}
        </form>
      </Card.Body>
      {creating ? null : <RecordStamps record={staff} />}
    </Card>
  );
}
