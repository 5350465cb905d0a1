// /admin/outage-auto-assignment: who a new outage is assigned to, by its type, else a default assignee.
import { Button } from 'react-bootstrap';
import { pathFor } from '../../../shared/routes';
import type { Option } from '../../../shared/schemas/common';
import {
  type OutageAutoAssignment,
  outageAutoAssignmentForm,
} from '../../../shared/schemas/outage-assignment';
import { Select, Typeahead } from '../../ui';
import { HistoryView } from '../history/history-view';
import { type SettingsEditorProps, SettingsPage } from './settings-page';

type Rule = { outageType: Option | null; assignee: Option | null };
type Draft = Omit<OutageAutoAssignment, 'rules' | 'defaultAssignee'> & {
  defaultAssignee: Option | null;
  rules: Rule[];
};

function AssignmentEditor({ value, onChange, editing, formOptions }: SettingsEditorProps<Draft>) {
  const types = formOptions.outageType ?? [];
  const setRule = (i: number, change: Partial<Rule>) =>
    onChange({ ...value, rules: value.rules.map((r, j) => (j === i ? { ...r, ...change } : r)) });
  return (
    <>
      <div className="row">
        <div className="col-md-6">
          <Typeahead
            label="Default Assignee"
            name="defaultAssignee"
            url="/api/suggest/staff/"
            readOnly={!editing}
            hint={editing ? 'Gets every new outage whose type has no rule.' : undefined}
            value={value.defaultAssignee}
            onChange={(v) => onChange({ ...value, defaultAssignee: v })}
          />
        </div>
      </div>
      <h3 className="h6 mt-2">Rules by Outage Type</h3>
      <table className="table table-sm align-middle sd-table">
        <thead>
          <tr>
            <th scope="col">Outage Type</th>
            <th scope="col">Assignee</th>
            {editing ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {value.rules.length === 0 ? (
            <tr>
              <td colSpan={3} className="text-body-secondary">
                No Results
              </td>
            </tr>
          ) : null}
          {value.rules.map((rule, i) => (
            // Rows have no id of their own; the position is their identity while editing.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={i}>
              <td>
                {editing ? (
                  <Select
                    label={`Outage type of rule ${i + 1}`}
                    name={`rule-type-${i}`}
                    className="mb-0 sd-label-hidden"
                    options={types}
                    value={rule.outageType?.value ?? null}
                    onChange={(v) => setRule(i, { outageType: types.find((t) => t.value === v) ?? null })}
                  />
                ) : (
                  rule.outageType?.label
                )}
              </td>
              <td>
                {editing ? (
                  <Typeahead
                    label={`Assignee of rule ${i + 1}`}
                    name={`rule-assignee-${i}`}
                    className="mb-0 sd-label-hidden"
                    url="/api/suggest/staff/"
                    value={rule.assignee}
                    onChange={(v) => setRule(i, { assignee: v })}
                  />
                ) : (
                  rule.assignee?.label
                )}
              </td>
              {editing ? (
                <td>
                  <Button
                    size="sm"
                    variant="link"
                    className="text-danger"
                    onClick={() => onChange({ ...value, rules: value.rules.filter((_, j) => j !== i) })}
                  >
                    Remove
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {editing ? (
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() =>
            onChange({ ...value, rules: [...value.rules, { outageType: null, assignee: null }] })
          }
        >
          Add Rule
        </Button>
      ) : null}
    </>
  );
}

export function OutageAssignmentPage() {
  return (
    <SettingsPage<Draft>
      title="Outage Auto Assignment"
      api="/api/admin/outage-auto-assignment"
      entityKey="outageAutoAssignment"
      historyKey="outage-auto-assignment"
      historyPath={pathFor('outage_auto_assignment_history')}
      schema={outageAutoAssignmentForm}
      toPayload={(v) => ({
        version: v.version,
        defaultAssignee: v.defaultAssignee?.value ?? null,
        rules: v.rules.map((r) => ({
          outageType: r.outageType?.value ?? null,
          assignee: r.assignee?.value ?? null,
        })),
      })}
      editor={(p) => <AssignmentEditor {...p} />}
    />
  );
}

export function OutageAssignmentHistoryPage() {
  return (
    <HistoryView
      entity="outage-auto-assignment"
      id={1}
      objectClass="OutageAutoAssignment"
      backTo={pathFor('outage_auto_assignment_basics')}
      backText="Outage Auto Assignment"
    />
  );
}
