// `npm run bench webhooks`: 1,000 slip saves (POST /api/manage/slip/create through the whole app) with one endpoint
// subscribed to slip.created, against 1,000 of the same saves with none, in alternating blocks of 100 in the same run
// (goal <= 1.1x); and the time from a save's request to the receiver holding its signed delivery (goal p95 <= 1 s on
// PostgreSQL). The receiver is a real HTTP server on loopback in a process of its own; deliveries are sent by the app's own dispatcher as in production.
import { fork } from 'node:child_process';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { migrate } from '../src/server/db/migrate.js';
import { hashPassword } from '../src/server/platform/passwords.js';
import { benchDatabase, HEADERS, ms, percentile } from './support.js';

const SAVES = Number(process.env.BENCH_WEBHOOK_SAVES ?? 1000);
const BLOCK = 100;

export async function webhooksBench(label: string, url: string | undefined): Promise<void> {
  const { database, drop } = await benchDatabase(url);
  await migrate(database.pool);
  const config = loadConfig({ SD6_DEMO: 'off', LOG_LEVEL: 'silent', WEBHOOK_ALLOW_PRIVATE: 'on' });
  const app = await buildApp({ config, database, logger: false });
  const received = new Map<number, number>();
  const receiver = fork(new URL('./webhook-receiver.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
  });
  const port = await new Promise<number>((resolve) =>
    receiver.on('message', (m: { port?: number; id?: number; at?: number }) => {
      if (m.port) resolve(m.port);
      else if (m.id !== undefined && m.at !== undefined) received.set(m.id, m.at);
    }),
  );
  try {
    await app.ready();
    const pool = database.pool;
    await pool.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, short_code, roles)
       VALUES ('bench-hooks@example.test', $1, 'Bench', 'Hooks', 'BHOOK', '{ROLE_USER,ROLE_ADMIN}')`,
      [await hashPassword('bench hooks password')],
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: HEADERS,
      payload: { email: 'bench-hooks@example.test', password: 'bench hooks password' },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const headers = { ...HEADERS, cookie };
    const { rows } = await pool.query<{ id: number }>(
      `WITH o AS (INSERT INTO organizations (name, sales_status) VALUES ('Bench Dental', 'CLIENT') RETURNING id),
            c AS (INSERT INTO cases (organization_id, title, status) SELECT id, 'Managed Services', 'OPEN' FROM o RETURNING id)
       INSERT INTO tasks (case_id, title, status, is_project) SELECT id, 'Workstation Support', 'OPEN', false FROM c RETURNING id`,
    );
    const taskId = rows[0]!.id;
    const made = await app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers,
      payload: { url: `http://127.0.0.1:${port}/hook`, events: ['slip.deleted'] },
    });
    const endpointId = (made.json() as { item: { id: number } }).item.id;

    let n = 0;
    const save = async () => {
      n += 1;
      const day = 1 + (n % 28);
      const t0 = performance.now();
      const sent = Date.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/manage/slip/create',
        headers,
        payload: {
          version: 0,
          startTime: '9:00 AM',
          stopTime: '9:30 AM',
          date: `10/${String(day).padStart(2, '0')}/2026`,
          task: taskId,
          user: null,
          where: 'REMOTE',
          how: 'PHONE',
          rateMultiplier: '1',
          comment: `Bench slip ${n}, "quoted"\nsecond line 東京`,
        },
      });
      const took = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`save answered ${res.statusCode}: ${res.body}`);
      return { took, sent, id: (res.json() as { slip: { id: number } }).slip.id };
    };

    // Warm-up (both ways), then alternating blocks so drift and caches fall on both sides alike.
    for (let i = 0; i < 50; i++) await save();
    const without: number[] = [];
    const withHook: number[] = [];
    const sentAt = new Map<number, number>();
    for (let block = 0; block < (2 * SAVES) / BLOCK; block++) {
      const hooked = block % 2 === 1;
      // Subscribed to slip.created or not (a delivery still queued from the block before is sent either way).
      await pool.query('UPDATE webhook_endpoints SET events = $2 WHERE id = $1', [
        endpointId,
        [hooked ? 'slip.created' : 'slip.deleted'],
      ]);
      for (let i = 0; i < BLOCK; i++) {
        const { took, sent, id } = await save();
        (hooked ? withHook : without).push(took);
        if (hooked) sentAt.set(id, sent);
      }
    }
    const deadline = performance.now() + 120_000;
    while ([...sentAt.keys()].some((id) => !received.has(id)) && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    // Every attempt recorded before the log is read.
    while (
      (await pool.query(`SELECT 1 FROM webhook_deliveries WHERE status <> 'succeeded' LIMIT 1`)).rows.length
    )
      if (performance.now() > deadline) break;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    const latencies = [...sentAt].filter(([id]) => received.has(id)).map(([id, t]) => received.get(id)! - t);
    const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
    const missing = sentAt.size - latencies.length;
    const { rows: log } = await pool.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status ORDER BY status',
    );
    console.log(
      `webhooks [${label}]: ${SAVES} slip saves with one subscribed endpoint ${ms(sum(withHook))} ms ` +
        `(p50 ${ms(percentile(withHook, 0.5))}, p95 ${ms(percentile(withHook, 0.95))} ms), the same saves with none ` +
        `${ms(sum(without))} ms (p50 ${ms(percentile(without, 0.5))}, p95 ${ms(percentile(without, 0.95))} ms) -> ` +
        `${(sum(withHook) / sum(without)).toFixed(2)}x (goal <= 1.10x)`,
    );
    console.log(
      `webhooks [${label}]: save request to signed delivery received p50 ${ms(percentile(latencies, 0.5))} ms, ` +
        `p95 ${ms(percentile(latencies, 0.95))} ms, max ${ms(Math.max(...latencies))} ms over ${latencies.length} ` +
        `deliveries (goal p95 <= 1000 ms on PostgreSQL)${missing ? `; ${missing} NOT RECEIVED` : ''}; ` +
        `log: ${log.map((r) => `${r.status} ${r.n}`).join(', ')}`,
    );
  } finally {
    await app.close();
    receiver.disconnect();
    await database.close();
    await drop();
  }
}
