// The mail catcher's routes: administrators only, newest first with keyset pages, one message, delete all; absent
// outside dev and design.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';

let api: ApiHarness;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

const send = (to: string, subject: string, text = 'Hello') =>
  api.app.mail.send(api.db.pool, { to, subject, text });

describe('mail catcher', () => {
  it('lists mail newest first in pages, opens one and deletes all (administrators only)', async () => {
    const admin = await makeAdmin(api.db.pool);
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(admin.email, TEST_PASSWORD);
    const staff = await api.signIn(user.email, TEST_PASSWORD);
    await api.db.pool.query('DELETE FROM mail_messages');
    for (let i = 1; i <= 55; i++)
      await send(`to${i}@example.test`, `Subject ${i}`, `Body ${i} https://x.test/${i}`);

    const first = await caller.get('/api/mail-catcher');
    expect(first.statusCode).toBe(200);
    const page = first.json().mail;
    expect(page.items).toHaveLength(50);
    expect(page.items[0]).toMatchObject({ to: 'to55@example.test', subject: 'Subject 55', status: 'CAUGHT' });
    expect(page.next).toBeTruthy();
    const rest = (await caller.get(`/api/mail-catcher?after=${page.next}`)).json().mail;
    expect(rest.items.map((m: { subject: string }) => m.subject)).toEqual([
      'Subject 5',
      'Subject 4',
      'Subject 3',
      'Subject 2',
      'Subject 1',
    ]);
    expect(rest.next).toBeNull();
    expect((await caller.get('/api/mail-catcher?after=bogus')).statusCode).toBe(400);

    const one = await caller.get(`/api/mail-catcher/${page.items[0].id}`);
    expect(one.json().message).toMatchObject({ subject: 'Subject 55', text: 'Body 55 https://x.test/55' });
    expect((await caller.get('/api/mail-catcher/999999')).statusCode).toBe(404);

    for (const url of ['/api/mail-catcher', `/api/mail-catcher/${page.items[0].id}`]) {
      expect((await staff.get(url)).statusCode).toBe(403);
      expect((await api.anonymous.get(url)).statusCode).toBe(401);
    }
    expect((await staff.delete('/api/mail-catcher')).statusCode).toBe(403);

    const deleted = await caller.delete('/api/mail-catcher');
    expect(deleted.json()).toEqual({ deleted: 55 });
    expect((await caller.get('/api/mail-catcher')).json().mail.items).toEqual([]);
  });
});

describe('mail catcher in production', () => {
  it('does not exist', async () => {
    const prod = await setupApi({ environment: 'prod' });
    try {
      const admin = await makeAdmin(prod.db.pool);
      const caller = await prod.signIn(admin.email, TEST_PASSWORD);
      expect((await caller.get('/api/mail-catcher')).statusCode).toBe(404);
      expect((await caller.get('/api/mail-catcher/1')).statusCode).toBe(404);
      expect((await caller.delete('/api/mail-catcher')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
