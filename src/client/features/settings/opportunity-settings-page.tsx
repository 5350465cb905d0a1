// /admin/sales-settings-opportunity: the stages an opportunity moves through (order, default probability and
// outcome), where opportunities come from, and why they are lost. Administrators only.
import { Button } from 'react-bootstrap';
import { pathFor } from '../../../shared/routes';
import { codeLabel, codeOptions } from '../../../shared/schemas/fields';
import { OUTCOMES } from '../../../shared/schemas/opportunity';
import {
  type OpportunitySettings,
  opportunitySettingsForm,
  type Stage,
} from '../../../shared/schemas/sales-settings';
import { ListTable } from '../../ui';
import { HistoryView } from '../history/history-view';
import { ChoiceListEditor } from './choice-list-editor';
import { SalesSettingsTabs } from './sales-settings-tabs';
import { type SettingsEditorProps, SettingsPage } from './settings-page';

/** Saved stages are keyed by id; added rows (no id until saved) get a key of their own; probability as typed. */
type StageRow = Omit<Stage, 'id' | 'probability'> & {
  id: number | null;
  probability: number | string;
  key?: string;
};
type Draft = Omit<OpportunitySettings, 'stages'> & { stages: StageRow[] };

const OUTCOME_OPTIONS = codeOptions(OUTCOMES);
let added = 0;

function StageTable({ value, onChange, editing }: SettingsEditorProps<Draft>) {
  const rows = value.stages;
  const update = (stages: StageRow[]) => onChange({ ...value, stages });
  const edit = (i: number, change: Partial<StageRow>) =>
    update(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const move = (i: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row!);
    update(next);
  };
  return (
    <section aria-labelledby="stages-heading" className="mb-4">
      <h3 id="stages-heading" className="h6">
        Stages
      </h3>
      <ListTable>
        <table className="table table-sm align-middle sd-table sd-stage-table mb-2" data-testid="stage-table">
          <thead>
            <tr>
              <th scope="col" className="d-none d-sm-table-cell sd-stage-index">
                #
              </th>
              <th scope="col">Name</th>
              <th scope="col">Probability</th>
              <th scope="col">Outcome</th>
              {editing ? (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => {
              const n = i + 1;
              return (
                <tr key={r.key ?? r.id}>
                  <td className="d-none d-sm-table-cell text-body-secondary">{n}</td>
                  <td className="sd-stage-name">
                    {editing ? (
                      <input
                        className="form-control form-control-sm"
                        aria-label={`Name of stage ${n}`}
                        maxLength={60}
                        value={r.name}
                        onChange={(e) => edit(i, { name: e.target.value })}
                      />
                    ) : (
                      r.name
                    )}
                  </td>
                  <td className="sd-stage-probability">
                    {editing ? (
                      <div className="input-group input-group-sm">
                        <input
                          className="form-control"
                          inputMode="numeric"
                          aria-label={`Probability of stage ${n}`}
                          value={String(r.probability)}
                          onChange={(e) => edit(i, { probability: e.target.value.replace(/[^\d]/g, '') })}
                        />
                        <span className="input-group-text">%</span>
                      </div>
                    ) : (
                      `${r.probability}%`
                    )}
                  </td>
                  <td className="sd-stage-outcome">
                    {editing ? (
                      <select
                        className="form-select form-select-sm"
                        aria-label={`Outcome of stage ${n}`}
                        value={r.outcome}
                        onChange={(e) => edit(i, { outcome: e.target.value as Stage['outcome'] })}
                      >
                        {OUTCOME_OPTIONS.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                    ) : (
                      codeLabel(OUTCOMES, r.outcome)
                    )}
                  </td>
                  {editing ? (
                    <td className="text-nowrap">
                      <Button
                        size="sm"
                        variant="link"
                        className="px-1"
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                        aria-label={`Move stage ${n} up`}
                      >
                        ↑
                      </Button>
                      <Button
                        size="sm"
                        variant="link"
                        className="px-1"
                        disabled={i === rows.length - 1}
                        onClick={() => move(i, 1)}
                        aria-label={`Move stage ${n} down`}
                      >
                        ↓
                      </Button>
                      <Button
                        size="sm"
                        variant="link"
                        className="px-1 text-danger"
                        onClick={() => update(rows.filter((_, j) => j !== i))}
                        aria-label={`Remove stage ${n}`}
                      >
                        ✕
                      </Button>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ListTable>
      {editing ? (
        <>
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => {
              added += 1;
              update([
                ...rows,
                { id: null, name: '', probability: '', outcome: 'OPEN', key: `new-${added}` },
              ]);
            }}
          >
            Add Stage
          </Button>
          <p className="form-text mb-0 mt-2">
            Opportunities move through the stages in this order. The probability is the default of a new
            opportunity in the stage; the outcome says whether the stage leaves it open, won or lost.
          </p>
        </>
      ) : null}
    </section>
  );
}

function OpportunitySettingsEditor(props: SettingsEditorProps<Draft>) {
  const { value, onChange, editing } = props;
  return (
    <>
      <StageTable {...props} />
      <div className="row">
        <div className="col-md-6">
          <ChoiceListEditor
            label="Sources"
            itemLabel="Source"
            values={value.sources}
            editing={editing}
            onChange={(sources) => onChange({ ...value, sources })}
          />
        </div>
        <div className="col-md-6">
          <ChoiceListEditor
            label="Lost Reasons"
            itemLabel="Lost Reason"
            values={value.lostReasons}
            editing={editing}
            onChange={(lostReasons) => onChange({ ...value, lostReasons })}
          />
        </div>
      </div>
    </>
  );
}

export function OpportunitySettingsPage() {
  return (
    <SettingsPage<Draft>
      title="Sales Settings: Opportunities"
      api="/api/admin/sales-settings-opportunity"
      entityKey="opportunitySettings"
      historyKey="opportunitySettings"
      historyPath={pathFor('sales_settings_opportunity_history')}
      nav={<SalesSettingsTabs />}
      schema={opportunitySettingsForm}
      toPayload={(v) => ({
        version: v.version,
        stages: v.stages.map((s) => ({
          id: s.id,
          name: s.name,
          probability: s.probability,
          outcome: s.outcome,
        })),
        sources: v.sources,
        lostReasons: v.lostReasons,
      })}
      editor={(p) => <OpportunitySettingsEditor {...p} />}
    />
  );
}

export function OpportunitySettingsHistoryPage() {
  return (
    <HistoryView
      entity="opportunitySettings"
      id={1}
      objectClass="OpportunitySettings"
      backTo={pathFor('sales_settings_opportunity')}
      backText="Sales Settings"
    />
  );
}
