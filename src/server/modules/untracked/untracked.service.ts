// Cases and tasks a user changed on a day (field history by actor) with none of that user's time on them that day.
import { UNTRACKED_LIMIT, type UntrackedItem } from '../../../shared/schemas/untracked.js';
import type { Presented, Queryable, RecordDef } from '../../platform/records.js';
import { CASE } from '../case/index.js';
import { TASK } from '../task/index.js';

/** History field name -> the label the history screen shows, per record. */
const labelsOf = <Rec extends Presented>(def: RecordDef<Rec>): Map<string, string> =>
  new Map([
    ...def.fields.map((f): [string, string] => [f.name, f.label]),
    ...Object.entries(def.historyLabels ?? {}),
  ]);
const LABELS = { case: labelsOf(CASE), task: labelsOf(TASK) };

type Row = {
  kind: 'case' | 'task';
  case_id: number;
  case_title: string;
  task_id: number | null;
  task_title: string | null;
  organization: string;
  changed_at: Date;
  fields: string[];
};

/**
 * One query: the actor's history rows of the local day (field_history_actor_idx), grouped per record, joined to
 * the case (a task's own case) and organization; only records time may be logged on (open, case not billed) and
 * on which the user has no slip that day (a case: on none of its tasks). Newest change first, at most 50.
 */
export async function untrackedChanges(
  db: Queryable,
  userId: number,
  isoDate: string,
  timeZone: string,
): Promise<UntrackedItem[]> {
  const { rows } = await db.query<Row>(
    `WITH changed AS (
       SELECT h.entity AS kind, h.entity_id AS id, max(h.at) AS changed_at, array_agg(DISTINCT h.field) AS fields
         FROM field_history h
        WHERE h.actor_id = $1
          AND h.at >= ($2::date)::timestamp AT TIME ZONE $3
          AND h.at < ($2::date + 1)::timestamp AT TIME ZONE $3
          AND h.entity IN ('${CASE.key}', '${TASK.key}')
        GROUP BY h.entity, h.entity_id
     )
     SELECT ch.kind, c.id AS case_id, c.title AS case_title, t.id AS task_id, t.title AS task_title,
            o.name AS organization, ch.changed_at, ch.fields
       FROM changed ch
       LEFT JOIN tasks t ON ch.kind = '${TASK.key}' AND t.id = ch.id
       JOIN cases c ON c.id = CASE WHEN ch.kind = '${TASK.key}' THEN t.case_id ELSE ch.id END
       JOIN organizations o ON o.id = c.organization_id
      WHERE c.status = 'OPEN' AND c.billed_at IS NULL
        AND (ch.kind = '${CASE.key}' OR t.status = 'OPEN')
        AND NOT EXISTS (
              SELECT 1 FROM slips s JOIN tasks st ON st.id = s.task_id
               WHERE s.user_id = $1 AND s.work_date = $2::date
                 AND (CASE WHEN ch.kind = '${TASK.key}' THEN s.task_id = t.id ELSE st.case_id = c.id END))
      ORDER BY ch.changed_at DESC, ch.kind, ch.id
      LIMIT ${UNTRACKED_LIMIT}`,
    [userId, isoDate, timeZone],
  );
  return rows.map((r) => {
    const labels = LABELS[r.kind];
    // Fields in the order the record shows them; a field no longer described keeps its stored name.
    const order = [...labels.keys()];
    const fields = [...r.fields].sort((a, b) => rank(order, a) - rank(order, b));
    return {
      kind: r.kind,
      caseId: r.case_id,
      caseTitle: r.case_title,
      taskId: r.task_id,
      taskTitle: r.task_title,
      organization: r.organization,
      changedAt: new Date(r.changed_at).toISOString(),
      fields: fields.map((f) => labels.get(f) ?? f),
    };
  });
}

const rank = (order: string[], field: string) => {
  const i = order.indexOf(field);
  return i === -1 ? order.length : i;
};
