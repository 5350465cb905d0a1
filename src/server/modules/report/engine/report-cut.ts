// A report whose rows each belong to one organization and are worked out within it (the bill list and the WIP list:
// pricing and block hours are per organization and month) cut into short statements: its rows are worked out a batch
// of organizations at a time into a temporary table, which the page and the summary then read. For the embedded
// database, where one statement runs at a time for everyone: between two batches another user's call runs
// (db/priority.ts), instead of waiting for the whole report. The rows are those of the one statement, as the
// organization filter gives them (the same plan, given the batch as the chosen organizations).
//
// The batch statement's text is the same for every batch of a run (the organizations are its parameter), so the run
// prepares it (SQL PREPARE: its own name, deallocated once the rows are made): PostgreSQL plans it afresh for the
// first batches, then keeps a generic plan when that costs no more (planning is most of a small batch's time). The
// period stays a literal: a generic plan that does not know it scans a year of slips for one organization.
import pg from 'pg';
import type { ListFilter, Queryable } from '../../../platform/records.js';
import { REPORT_PLANS } from '../queries/index.js';
import type { ReportContext, ReportPlan } from '../queries/plan.js';
import { organizationScope } from './report-filters.js';

/** What a batch statement should take: short enough that another user's call waits little behind it. */
export const BATCH_TARGET_MS = 8;
const FIRST_BATCH = 8;
const MAX_BATCH = 1000;
/** PostgreSQL plans a prepared statement afresh for its first five runs, then weighs its generic plan. */
const CUSTOM_PLANS = 5;

type Cut = { key: keyof typeof REPORT_PLANS; ctx: ReportContext; plan: ReportPlan };

/**
 * Temporary tables by name, free between runs: a run takes one (or names a new one) and gives it back emptied. The
 * tables are as many as reports ran at once, not one per run.
 */
const freeTables = new Map<string, string[]>();
let named = 0;

/** Runs `read` with the plan's rows made first, cut by organization, into a temporary table it reads instead. */
export async function withCutRows<T>(
  db: Queryable,
  cut: Cut,
  read: (plan: ReportPlan) => Promise<T>,
): Promise<T> {
  const rows = await openCutRows(db, cut);
  try {
    return await read(rows.plan);
  } finally {
    await rows.close();
  }
}

/**
 * The plan's rows made, cut by organization, into a temporary table, and the plan reading it instead; `close` empties
 * the table and hands it back (an export reads it while its file is written, then closes it).
 */
export async function openCutRows(
  db: Queryable,
  cut: Cut,
): Promise<{ plan: ReportPlan; close: () => Promise<void> }> {
  const name = cut.plan.cutRows!;
  const free = freeTables.get(name) ?? [];
  freeTables.set(name, free);
  const table = free.pop() ?? `report_${name}_${++named}`;
  const statement = `report_batch_${++named}`;
  const run = { table, statement, prepared: false };
  let open = true;
  const close = async () => {
    if (!open) return;
    open = false;
    await db.query(`TRUNCATE ${table}`).then(
      () => free.push(table),
      () => {
        // A table that cannot be emptied is not handed out again.
      },
    );
  };
  try {
    await createTable(db, cut, table);
    await fill(db, cut, run);
  } catch (error) {
    await close();
    throw error;
  } finally {
    // A statement left (its connection broken) goes with its session.
    if (run.prepared) await db.query(`DEALLOCATE ${statement}`).catch(() => {});
  }
  const from = cut.plan.source({ where: [], params: [] }, null).from;
  return {
    plan: { ...cut.plan, source: () => ({ with: `${name} AS (SELECT * FROM ${table})`, from, where: [] }) },
    close,
  };
}

/** The table, with the columns of the plan's rows (no rows): created on the first run on its connection. */
async function createTable(db: Queryable, cut: Cut, table: string): Promise<void> {
  const f: ListFilter = { where: [], params: [] };
  const src = cut.plan.source(f, null);
  await db.query(
    `CREATE TEMP TABLE IF NOT EXISTS ${table} AS WITH ${src.with} SELECT * FROM ${cut.plan.cutRows} WITH NO DATA`,
    f.params,
  );
}

/** The organizations in the report's scope (its filter), by id. */
async function scope(db: Queryable, ctx: ReportContext): Promise<number[]> {
  const f: ListFilter = { where: [], params: [] };
  const conditions = organizationScope(ctx.query, f);
  const { rows } = await db.query<{ id: number }>(
    `SELECT o.id FROM organizations o ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''} ORDER BY o.id`,
    f.params,
  );
  return rows.map((r) => r.id);
}

/**
 * Inserts the rows of each batch of organizations into `run.table` by `run.statement`, prepared at the first. A batch's
 * size follows the time the last one took, towards BATCH_TARGET_MS.
 */
async function fill(
  db: Queryable,
  cut: Cut,
  run: { table: string; statement: string; prepared: boolean },
): Promise<void> {
  const ids = await scope(db, cut.ctx);
  let text: string | null = null;
  let size = FIRST_BATCH;
  // Per organization, the batches planned afresh (planning included): the yardstick of the generic plan's.
  const fresh = { ms: 0, organizations: 0 };
  // And the batches on the generic plan (but its first, which makes the plan).
  const reused = { ms: 0, organizations: 0 };
  let generic = true;
  let runs = 0;
  let slowSingles = 0;
  for (let i = 0; i < ids.length; ) {
    const batch = ids.slice(i, i + size);
    const plan = REPORT_PLANS[cut.key]({ ...cut.ctx, query: { ...cut.ctx.query, organization: batch } });
    const f: ListFilter = { where: [], params: [] };
    const src = plan.source(f, null);
    const body = `INSERT INTO ${run.table} WITH ${src.with} SELECT * FROM ${cut.plan.cutRows}`;
    if (text !== null && body !== text)
      throw new Error('the batches of a cut report differ by their parameters only');
    if (generic && text === null) {
      await db.query(`PREPARE ${run.statement} AS ${body}`);
      run.prepared = true;
    }
    text = body;
    const took = generic
      ? await timed(db, `EXECUTE ${run.statement}(${f.params.map(literal).join(', ')})`)
      : await timed(db, { text: body, values: f.params });
    i += batch.length;
    runs++;
    if (runs <= CUSTOM_PLANS || !generic) {
      fresh.ms += took;
      fresh.organizations += batch.length;
    } else if (runs > CUSTOM_PLANS + 1) {
      reused.ms += took;
      reused.organizations += batch.length;
    }
    // Organizations one by one over the target: cutting finer cannot help.
    slowSingles =
      generic && runs > CUSTOM_PLANS + 1 && batch.length === 1 && took > BATCH_TARGET_MS
        ? slowSingles + 1
        : 0;
    const costly = reused.ms / reused.organizations > 3 * (fresh.ms / fresh.organizations);
    if (generic && runs > CUSTOM_PLANS + 3 && (costly || slowSingles >= 3)) {
      // The generic plan costs more than planning each batch did: it cannot know how few organizations a batch
      // holds, and over a long period joins every slip of it. Batches planned each would cost more than the one
      // statement (each reads the billing snapshots whole): the rest go in one statement, as without the cut.
      generic = false;
      size = ids.length;
      continue;
    }
    // Towards the target (a statement has a fixed cost too: sized by its time, not per organization).
    size = Math.max(
      1,
      Math.min(MAX_BATCH, Math.round(size * Math.min(2, Math.max(0.5, BATCH_TARGET_MS / took)))),
    );
  }
}

/** A parameter of the batch statement as an argument of EXECUTE (which takes no bound parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value) && value.every((v) => Number.isInteger(v)))
    return pg.escapeLiteral(`{${value.join(',')}}`);
  if (typeof value === 'string' || typeof value === 'number') return pg.escapeLiteral(String(value));
  throw new Error(`not a batch parameter: ${typeof value}`);
}

/** A statement's own time: on a pool, from the checkout (after any wait for the connection) to its answer. */
async function timed(db: Queryable, statement: string | pg.QueryConfig): Promise<number> {
  const pool = db as Partial<pg.Pool>;
  if (typeof pool.connect !== 'function' || 'release' in db) {
    const t0 = performance.now();
    await db.query(statement);
    return performance.now() - t0;
  }
  const client = await pool.connect();
  try {
    const t0 = performance.now();
    await client.query(statement);
    return performance.now() - t0;
  } finally {
    client.release();
  }
}
