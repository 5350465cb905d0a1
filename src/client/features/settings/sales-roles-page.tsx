// /admin/sales-settings-roles: which staff own opportunities and which approve proposals, one row per staff member
// with an Owner and an Approver box (three narrow columns: readable on a phone). Administrators only.
import { Alert } from 'react-bootstrap';
import { pathFor } from '../../../shared/routes';
import type { Option } from '../../../shared/schemas/common';
import { type SalesRoleSettings, salesRoleSettingsForm } from '../../../shared/schemas/sales-settings';
import { HistoryView } from '../history/history-view';
import { SalesSettingsTabs } from './sales-settings-tabs';
import { type SettingsEditorProps, SettingsPage } from './settings-page';

type Role = 'owners' | 'approvers';

function RolesEditor({ value, onChange, editing, formOptions }: SettingsEditorProps<SalesRoleSettings>) {
  const active = formOptions.staff ?? [];
  const has = (role: Role, id: Option['value']) => value[role].some((o) => o.value === id);
  // Someone given a role and made inactive since still shows (by name), so the role can be taken away.
  const gone = [...value.owners, ...value.approvers].filter(
    (o, i, all) =>
      !active.some((a) => a.value === o.value) && all.findIndex((x) => x.value === o.value) === i,
  );
  const everyone = [...active, ...gone.map((o) => ({ ...o, label: `${o.label} (inactive)` }))];
  const people = editing
    ? everyone
    : everyone.filter((p) => has('owners', p.value) || has('approvers', p.value));
  const toggle = (role: Role, person: Option, on: boolean) =>
    onChange({
      ...value,
      [role]: on ? [...value[role], person] : value[role].filter((o) => o.value !== person.value),
    });
  return (
    <>
      {value.updated === null ? (
        <Alert variant="info" className="py-2 small">
          No roles are saved yet: until they are, every active staff member may own opportunities.
        </Alert>
      ) : null}
      <table className="table table-sm align-middle sd-table mb-0" data-testid="roles-table">
        <thead>
          <tr>
            <th scope="col">Staff Member</th>
            <th scope="col" className="text-center">
              Owner
            </th>
            <th scope="col" className="text-center">
              Approver
            </th>
          </tr>
        </thead>
        <tbody>
          {people.length === 0 ? (
            <tr>
              <td colSpan={3} className="text-body-secondary">
                No staff member has a sales role.
              </td>
            </tr>
          ) : null}
          {people.map((p) => (
            <tr key={p.value}>
              <th scope="row" className="fw-normal">
                {p.label}
              </th>
              {(['owners', 'approvers'] as const).map((role) => (
                <td key={role} className="text-center">
                  {editing ? (
                    <input
                      type="checkbox"
                      className="form-check-input"
                      aria-label={`${p.label}: ${role === 'owners' ? 'Owner' : 'Approver'}`}
                      checked={has(role, p.value)}
                      onChange={(e) => toggle(role, p, e.target.checked)}
                    />
                  ) : has(role, p.value) ? (
                    <>
                      <span aria-hidden="true">✓</span>
                      <span className="visually-hidden">Yes</span>
                    </>
                  ) : (
                    <>
                      <span className="text-body-secondary" aria-hidden="true">
                        –
                      </span>
                      <span className="visually-hidden">No</span>
                    </>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {editing ? (
        <p className="form-text mb-0 mt-2">
          Owners can be chosen as the owner of an opportunity; approvers approve proposals and discounts.
        </p>
      ) : null}
    </>
  );
}

export function SalesRolesPage() {
  return (
    <SettingsPage<SalesRoleSettings>
      title="Sales Settings: Roles"
      api="/api/admin/sales-settings-roles"
      entityKey="salesRoleSettings"
      historyKey="salesRoleSettings"
      historyPath={pathFor('sales_settings_roles_history')}
      nav={<SalesSettingsTabs />}
      schema={salesRoleSettingsForm}
      toPayload={(v) => ({
        version: v.version,
        owners: v.owners.map((o) => o.value),
        approvers: v.approvers.map((o) => o.value),
      })}
      editor={(p) => <RolesEditor {...p} />}
    />
  );
}

export function SalesRolesHistoryPage() {
  return (
    <HistoryView
      entity="salesRoleSettings"
      id={1}
      objectClass="SalesRoleSettings"
      backTo={pathFor('sales_settings_roles')}
      backText="Sales Settings"
    />
  );
}
