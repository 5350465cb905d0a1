// /admin/device-status: the ordered list of statuses equipment can have; add, rename, reorder, deactivate, and
// remove those no device uses.
import { Badge, Button } from 'react-bootstrap';
import { pathFor } from '../../../shared/routes';
import { type DeviceStatusSettings, deviceStatusForm } from '../../../shared/schemas/device-status';
import { HistoryView } from '../history/history-view';
import { type SettingsEditorProps, SettingsPage } from './settings-page';

/** Saved statuses are keyed by id; added rows get a key of their own. */
type Row = { id: number | null; name: string; active: boolean; inUse: boolean; key?: string };
type Draft = Omit<DeviceStatusSettings, 'statuses'> & { statuses: Row[] };

let added = 0;

function StatusEditor({ value, onChange, editing }: SettingsEditorProps<Draft>) {
  const rows = value.statuses;
  const update = (next: Row[]) => onChange({ ...value, statuses: next });
  const edit = (i: number, change: Partial<Row>) =>
    update(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const move = (i: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row!);
    update(next);
  };
  return (
    <>
      <table className="table table-sm align-middle sd-table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Name</th>
            <th scope="col">Active</th>
            <th scope="col">Used</th>
            {editing ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5} className="text-body-secondary">
                No Results
              </td>
            </tr>
          ) : null}
          {rows.map((r, i) => (
            <tr key={r.key ?? r.id}>
              <td>{i + 1}</td>
              <td>
                {editing ? (
                  <input
                    className="form-control form-control-sm"
                    aria-label={`Name of row ${i + 1}`}
                    value={r.name}
                    onChange={(e) => edit(i, { name: e.target.value })}
                  />
                ) : (
                  r.name
                )}
              </td>
              <td>
                {editing ? (
                  <input
                    type="checkbox"
                    className="form-check-input"
                    aria-label={`Row ${i + 1} active`}
                    checked={r.active}
                    onChange={(e) => edit(i, { active: e.target.checked })}
                  />
                ) : r.active ? (
                  'Yes'
                ) : (
                  'No'
                )}
              </td>
              <td>{r.inUse ? <Badge bg="secondary">In use</Badge> : null}</td>
              {editing ? (
                <td className="text-nowrap">
                  <Button
                    size="sm"
                    variant="link"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={`Move row ${i + 1} up`}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="link"
                    disabled={i === rows.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={`Move row ${i + 1} down`}
                  >
                    ↓
                  </Button>
                  <Button
                    size="sm"
                    variant="link"
                    className="text-danger"
                    disabled={r.inUse}
                    title={r.inUse ? 'Equipment uses this status: make it inactive instead.' : undefined}
                    onClick={() => update(rows.filter((_, j) => j !== i))}
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
          onClick={() => {
            added += 1;
            update([...rows, { id: null, name: '', active: true, inUse: false, key: `new-${added}` }]);
          }}
        >
          Add Status
        </Button>
      ) : null}
    </>
  );
}

export function DeviceStatusPage() {
  return (
    <SettingsPage<Draft>
      title="Device Status"
      api="/api/admin/device-status"
      entityKey="deviceStatus"
      historyKey="device-status"
      historyPath={pathFor('device_status_history')}
      schema={deviceStatusForm}
      toPayload={(v) => ({
        version: v.version,
        statuses: v.statuses.map((r) => ({ id: r.id, name: r.name, active: r.active })),
      })}
      editor={(p) => <StatusEditor {...p} />}
    />
  );
}

export function DeviceStatusHistoryPage() {
  return (
    <HistoryView
      entity="device-status"
      id={1}
      objectClass="DeviceStatusSettings"
      backTo={pathFor('device_status_basics')}
      backText="Device Status"
    />
  );
}
