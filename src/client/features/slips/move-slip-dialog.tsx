// The move-slip dialog (SPEC §2, §4, §5, §8): pick a client (active or all), a department, then a target task.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Option } from '../../../shared/schemas/common';
import { MOVE_FAILED, NO_TARGET_TASK, SELECT_CLIENT } from '../../../shared/schemas/slip';
import { isApiError } from '../../api/http';
import { Checkbox, Dialog, Select, Typeahead } from '../../ui';
import { useDaily } from './daily-state';
import { fetchAvailable, moveSlip, SUMMARY_DEBOUNCE_MS } from './slip-api';
import { useSlipRouteSync } from './use-slip-route-sync';

export function MoveSlipDialog() {
  const daily = useDaily();
  const sync = useSlipRouteSync();
  const move = daily.move;
  // SPEC §4: when the dialog closes the daily summary reloads (debounced like a date change).
  const close = () => {
    daily.closeMove();
    window.setTimeout(() => void sync.refreshSummary(), SUMMARY_DEBOUNCE_MS);
  };
  return (
    <Dialog
      show={move !== null}
      title="Move Slip"
      size="lg"
      okayLabel="Move"
      showOkay={false}
      onHide={close}
      data-testid="move-slip-dialog"
    >
      {move ? (
        <MoveSlipBody
          key={move.slipId}
          slipId={move.slipId}
          taskId={move.taskId}
          onMoved={close}
          sync={sync}
        />
      ) : null}
    </Dialog>
  );
}

type BodyProps = {
  slipId: number;
  taskId: number;
  onMoved: () => void;
  sync: ReturnType<typeof useSlipRouteSync>;
};

function MoveSlipBody({ slipId, taskId, onMoved, sync }: BodyProps) {
  const [client, setClient] = useState<Option | null>(null);
  const [inactive, setInactive] = useState(false);
  const [department, setDepartment] = useState<number | null>(null);
  const [initialised, setInitialised] = useState(false);
  const [target, setTarget] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const available = useQuery({
    queryKey: ['available-for-slip', slipId, client?.value ?? null, department],
    queryFn: ({ signal }) =>
      fetchAvailable({ slipId, client: client ? Number(client.value) : null, department }, signal),
    placeholderData: keepPreviousData,
  });
  // The first answer carries the slip's own client and department as defaults.
  useEffect(() => {
    if (initialised || !available.data) return;
    setInitialised(true);
    // A client picked before the defaults arrived wins.
    if (client) return;
    if (available.data.default_client) setClient(available.data.default_client);
    if (available.data.default_department) setDepartment(available.data.default_department);
  }, [available.data, initialised, client]);

  const submit = async () => {
    setErrors([]);
    if (!target) {
      setErrors([NO_TARGET_TASK]);
      return;
    }
    setBusy(true);
    try {
      // A refused move is a 400: its messages arrive as the error's form errors (below).
      const result = await moveSlip(taskId, slipId, target);
      sync.afterMove({ slipId, taskId }, { caseId: result.caseId, taskId: result.taskId });
      onMoved();
    } catch (error) {
      const list = isApiError(error) ? [...error.errors, ...Object.values(error.fields).flat()] : [];
      setErrors(list.length ? list : [MOVE_FAILED]);
    } finally {
      setBusy(false);
    }
  };

  const tasks = client ? (available.data?.tasks ?? []) : [];
  return (
    <div className="sd-move-slip">
      <div className="row g-2">
        <div className="col-md-6">
          <Typeahead
            id="move-client"
            name="client"
            label="Client"
            url={inactive ? '/api/suggest/clients/' : '/api/suggest/clients-active/'}
            value={client}
            onChange={(v) => {
              setClient(v);
              setTarget(null);
            }}
          />
          <Checkbox
            id="move-inactive"
            name="inactive"
            label="Show inactive"
            checked={inactive}
            onChange={setInactive}
          />
        </div>
        <div className="col-md-6">
          <Select
            id="move-department"
            name="department"
            label="Department"
            value={department}
            options={available.data?.departments ?? []}
            onChange={(v) => {
              setDepartment(v === null ? null : Number(v));
              setTarget(null);
            }}
          />
        </div>
      </div>
      <div className="table-responsive sd-move-grid">
        <table className="table table-sm align-middle mb-2">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
              <th scope="col">Task</th>
              <th scope="col">Case</th>
            </tr>
          </thead>
          <tbody>
            {!client ? (
              <tr>
                <td colSpan={3} className="text-body-secondary">
                  {SELECT_CLIENT}
                </td>
              </tr>
            ) : tasks.length === 0 ? (
              <tr>
                <td colSpan={3} className="text-body-secondary">
                  {available.isFetching ? 'Loading…' : 'No Results'}
                </td>
              </tr>
            ) : (
              tasks.map((t) => (
                <tr
                  key={t.id}
                  className={target === t.id ? 'table-active' : undefined}
                  data-testid="move-task-row"
                >
                  <td>
                    <input
                      type="radio"
                      className="form-check-input"
                      name="move-target"
                      aria-label={`Select ${t.title}`}
                      checked={target === t.id}
                      onChange={() => setTarget(t.id)}
                    />
                  </td>
                  <td>
                    <a href={`/manage/case/${t.caseId}/task/${t.id}`}>{t.title}</a>
                    {t.department ? <div className="small text-body-secondary">{t.department}</div> : null}
                  </td>
                  <td>
                    <a href={`/manage/case/${t.caseId}/`}>{t.caseTitle}</a>
                    <div className="small text-body-secondary">{t.organization}</div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {errors.length ? (
        <div className="alert alert-danger py-2" role="alert">
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </div>
      ) : null}
      <div className="d-flex justify-content-end">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void submit()}>
          Move
        </button>
      </div>
    </div>
  );
}
