// The agreement's activity timeline: one writer every change of the agreement tree calls inside its own
// transaction (so the timeline never tells of a change that rolled back), and the newest-first keyset page.

import { z } from 'zod';
import type { ActivityKind } from '../../../shared/schemas/agreement.js';
import { ACTIVITY_KINDS, type Activity } from '../../../shared/schemas/agreement.js';
import type { ListPage } from '../../../shared/schemas/common.js';
import { codeLabel } from '../../../shared/schemas/fields.js';
import { decodeCursor, encodeCursor } from '../../platform/cursor.js';
import type { Queryable } from '../../platform/records.js';

export async function addActivity(
  tx: Queryable,
  entry: { agreementId: number; kind: ActivityKind; text: string; actorId: number | null },
): Promise<void> {
  await tx.query(
    'INSERT INTO agreement_activities (agreement_id, kind, text, actor_id) VALUES ($1, $2, $3, $4)',
    [entry.agreementId, entry.kind, entry.text.slice(0, 4000), entry.actorId],
  );
}

type Row = {
  id: string;
  kind: string;
  text: string;
  actor_id: number | null;
  actor_name: string | null;
  at: Date;
  /** The exact stored instant (microseconds), for the cursor. */
  at_key: string;
};

const cursorSchema = z.tuple([z.string(), z.string()]);

/** One page of the timeline, newest first; `after` continues below the last row shown. */
export async function listActivities(
  db: Queryable,
  agreementId: number,
  options: { limit: number; after?: string },
): Promise<ListPage<Activity>> {
  const params: unknown[] = [agreementId];
  let where = 'a.agreement_id = $1';
  if (options.after) {
    const [at, id] = decodeCursor(options.after, cursorSchema);
    params.push(at, id);
    where += ` AND (a.at, a.id) < ($2::timestamptz, $3::bigint)`;
  }
  params.push(options.limit + 1);
  const { rows } = await db.query<Row>(
    `SELECT a.id::text AS id, a.kind, a.text, a.actor_id, a.at, a.at::text AS at_key,
            u.first_name || ' ' || u.last_name AS actor_name
       FROM agreement_activities a LEFT JOIN users u ON u.id = a.actor_id
      WHERE ${where}
      ORDER BY a.at DESC, a.id DESC
      LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, options.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: Number(r.id),
      kind: { value: r.kind, label: codeLabel(ACTIVITY_KINDS, r.kind) ?? r.kind },
      text: r.text,
      actor: r.actor_id === null ? null : { value: r.actor_id, label: r.actor_name ?? '' },
      at: r.at.toISOString(),
    })),
    next: rows.length > options.limit && last ? encodeCursor([last.at_key, last.id]) : null,
  };
}
