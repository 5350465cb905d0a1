// Notices and required uploads (report notices) for API tests, written straight to the database.
import type pg from 'pg';

type Db = Pick<pg.Pool, 'query'>;
let counter = 0;

export async function makeNotice(
  db: Db,
  over: Partial<{ title: string; body: string; onReports: boolean; asBanner: boolean; active: boolean }> = {},
): Promise<{ id: number; title: string }> {
  counter += 1;
  const title = over.title ?? `Notice ${process.pid % 1000}-${counter}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO notices (title, body, on_reports, as_banner, active) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      title,
      over.body ?? `The text of ${title}.`,
      over.onReports ?? true,
      over.asBanner ?? false,
      over.active ?? true,
    ],
  );
  return { id: rows[0]!.id, title };
}

export async function makeRequiredUpload(
  db: Db,
  over: Partial<{
    name: string;
    report: string | null;
    frequency: string;
    clients: string;
    noticeId: number | null;
    active: boolean;
  }> = {},
): Promise<{ id: number; name: string }> {
  counter += 1;
  const name = over.name ?? `Required Upload ${process.pid % 1000}-${counter}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO report_notices (name, report, frequency, clients, notice_id, active)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      name,
      over.report === undefined ? 'security-pack' : over.report,
      over.frequency ?? 'QUARTERLY',
      over.clients ?? '1',
      over.noticeId ?? null,
      over.active ?? true,
    ],
  );
  return { id: rows[0]!.id, name };
}

/** A device with a model (and category), for the virtual-device rule. */
export async function makeModelDevice(
  db: Db,
  over: { model: string | null; categoryId?: number | null; virtual?: boolean; active?: boolean },
): Promise<{ id: number }> {
  counter += 1;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO equipment (name, model, category_id, virtual, active) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      `VDEV-${process.pid % 1000}-${counter}`,
      over.model,
      over.categoryId ?? null,
      over.virtual ?? false,
      over.active ?? true,
    ],
  );
  return { id: rows[0]!.id };
}
