// Outgoing mail: every message is a row of mail_messages, written in the caller's transaction. With SMTP_URL a
// background job delivers it through nodemailer (retried); without it the message is CAUGHT and the mail catcher
// (dev and design) shows it, so nothing is ever silently dropped.
import nodemailer from 'nodemailer';
import type pg from 'pg';
import type { Jobs } from './jobs.js';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /**
   * Keeps the message (with `db`, inside the caller's transaction) and, with SMTP, queues its delivery. Answers the
   * message id.
   */
  send: (db: Pick<pg.Pool, 'query'> | pg.PoolClient, message: MailMessage) => Promise<number>;
};

const DELIVER = 'mail.deliver';

export function createMailer(
  options: { smtpUrl: string | undefined; from: string },
  jobs: Jobs,
  pool: Pick<pg.Pool, 'query'>,
): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  if (transport) {
    jobs.register<{ id: number }>(DELIVER, async ({ id }) => {
      const { rows } = await pool.query<{ to: string; subject: string; text: string; html: string | null }>(
        `SELECT "to", subject, text, html FROM mail_messages WHERE id = $1 AND status <> 'SENT'`,
        [id],
      );
      const row = rows[0];
      if (!row) return;
      try {
        await transport.sendMail({
          from: options.from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
        });
      } catch (error) {
        await pool.query(`UPDATE mail_messages SET status = 'FAILED', error = $2 WHERE id = $1`, [
          id,
          error instanceof Error ? error.message.slice(0, 500) : String(error),
        ]);
        throw error; // the queue tries again
      }
      await pool.query(
        `UPDATE mail_messages SET status = 'SENT', error = NULL, sent_at = now() WHERE id = $1`,
        [id],
      );
    });
  }
  return {
    send: async (db, message) => {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO mail_messages ("to", subject, text, html, status) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [message.to, message.subject, message.text, message.html ?? null, transport ? 'QUEUED' : 'CAUGHT'],
      );
      const id = Number(rows[0]!.id);
      // In the caller's transaction: a message rolled back is never delivered.
      if (transport) await jobs.send(DELIVER, { id }, { retryLimit: 5, db });
      return id;
    },
  };
}
