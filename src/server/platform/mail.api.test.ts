// Outgoing mail through a real SMTP server on loopback, and mail caught in the database without one.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';

type Received = { from: string; to: string[]; raw: string };

/** A loopback SMTP server that keeps what it receives; `failNext` refuses the next message with a 451. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { failNext: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.failNext > 0) {
          state.failNext -= 1;
          const error = new Error('Try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('mail with SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let api: ApiHarness;
  beforeAll(async () => {
    smtp = await startSmtp();
    api = await setupApi({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, smtpFrom: 'SD6 <desk@example.com>' });
    await api.app.ready();
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const statusOf = async (id: number) =>
    (
      await api.db.pool.query<{ status: string; sent_at: Date | null }>(
        'SELECT status, sent_at FROM mail_messages WHERE id = $1',
        [id],
      )
    ).rows[0];

  it('keeps the message and a background job delivers it', async () => {
    const id = await api.app.mail.send(api.db.pool, {
      to: 'ann@example.com',
      subject: 'Reset your SD6 password',
      text: 'Hello Ann',
    });
    const row = await until(async () => {
      const r = await statusOf(id);
      return r?.status === 'SENT' ? r : undefined;
    });
    expect(row.sent_at).toBeInstanceOf(Date);
    const mail = smtp.received.find((m) => m.to.includes('ann@example.com'));
    expect(mail?.from).toBe('desk@example.com');
    expect(mail?.raw).toContain('Subject: Reset your SD6 password');
    expect(mail?.raw).toContain('Hello Ann');
  });

  it('tries again when the server refuses for a while', async () => {
    smtp.state.failNext = 1;
    const id = await api.app.mail.send(api.db.pool, { to: 'bob@example.com', subject: 'Second', text: 'Hi' });
    await until(async () => ((await statusOf(id))?.status === 'SENT' ? true : undefined), 60_000);
    expect(smtp.received.filter((m) => m.to.includes('bob@example.com'))).toHaveLength(1);
  }, 70_000);

  it('sends a message with its transaction, and nothing when it rolled back', async () => {
    const client = await api.db.pool.connect();
    try {
      await client.query('BEGIN');
      await api.app.mail.send(client, { to: 'ghost@example.com', subject: 'Never', text: 'x' });
      await client.query('ROLLBACK');
      await client.query('BEGIN');
      await api.app.mail.send(client, { to: 'kept@example.com', subject: 'Committed', text: 'w' });
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const id = await api.app.mail.send(api.db.pool, { to: 'after@example.com', subject: 'After', text: 'y' });
    await until(async () => ((await statusOf(id))?.status === 'SENT' ? true : undefined));
    expect(smtp.received.some((m) => m.to.includes('ghost@example.com'))).toBe(false);
    expect(smtp.received.some((m) => m.to.includes('kept@example.com'))).toBe(true);
  });
});

describe('mail without SMTP_URL', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await setupApi({ smtpUrl: undefined });
  });
  afterAll(() => api.close());

  it('is caught in the database for the mail catcher', async () => {
    const id = await api.app.mail.send(api.db.pool, { to: 'cat@example.com', subject: 'Caught', text: 'z' });
    const { rows } = await api.db.pool.query(
      'SELECT "to", subject, status FROM mail_messages WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ to: 'cat@example.com', subject: 'Caught', status: 'CAUGHT' });
  });
});
