// The live preview under the one-line entry box: what each part of the line became, or what is still missing.
import type { QuickMatchTask } from '../../../shared/quick-entry';
import { type Plan, taskLabel, timesText } from './quick-entry-logic';

export type QuickPreviewProps = {
  plan: Plan | null;
  parseMessage: string | null;
  /** The highlighted match while choosing among several (↑/↓). */
  choosing: number | null;
  onChoose: (task: QuickMatchTask) => void;
  /** The slip's day when it is not the displayed one (`yesterday`). */
  date: string | null;
};

function Row({ label, children, muted }: { label: string; children: React.ReactNode; muted?: boolean }) {
  return (
    <>
      <dt className="col-3 fw-normal text-body-secondary">{label}</dt>
      <dd className={`col-9 mb-0${muted ? ' text-body-secondary' : ''}`}>{children}</dd>
    </>
  );
}

export function QuickPreview({ plan, parseMessage, choosing, onChoose, date }: QuickPreviewProps) {
  if (!plan) {
    return (
      <p className="small text-body-secondary mb-0" data-testid="quick-preview" aria-live="polite">
        {parseMessage}
      </p>
    );
  }
  const task = plan.task;
  return (
    <div data-testid="quick-preview" aria-live="polite">
      <dl className="row small mb-0 sd-quick-preview">
        <Row label="Time">
          <span className={'message' in plan.times ? 'text-danger' : undefined}>{timesText(plan)}</span>
        </Row>
        {date ? <Row label="Date">{date}</Row> : null}
        <Row label="Task" muted={task.kind !== 'found'}>
          {task.kind === 'found'
            ? taskLabel(task.task)
            : task.kind === 'loading'
              ? 'Looking…'
              : task.kind === 'ambiguous'
                ? `${task.total} open tasks match: pick one`
                : task.message}
        </Row>
        {plan.where ? <Row label="Where">{plan.where}</Row> : null}
        {plan.how ? <Row label="How">{plan.how}</Row> : null}
        {plan.multiplier ? <Row label="Multi">{plan.multiplier}</Row> : null}
        {plan.description ? <Row label="Description">“{plan.description}”</Row> : null}
        {plan.unknown.length ? (
          <Row label="Not understood">
            <span className="text-danger">{plan.unknown.join(' ')}</span>
          </Row>
        ) : null}
      </dl>
      {plan.offline && task.kind !== 'none' ? (
        <p className="small text-body-secondary mb-0 mt-1" data-testid="quick-offline">
          Offline: matched with the tasks on this device. Enter keeps the slip here until the network is back.
        </p>
      ) : null}
      {task.kind === 'ambiguous' ? (
        <ol
          className="list-group list-group-numbered small mt-1 sd-quick-matches"
          aria-label="Matching tasks"
        >
          {task.matches.map((m, i) => (
            <li
              key={m.taskId}
              className={`list-group-item list-group-item-action py-1${choosing === i ? ' active' : ''}`}
              aria-current={choosing === i || undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                onChoose(m);
              }}
            >
              {taskLabel(m)}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
