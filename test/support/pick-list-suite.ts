// One API test suite for the administrators' pick lists (a name, a description, an active flag and perhaps a few
// fields of their own): every list is checked the same way, so a list's test file is its spec plus its own cases.
import type { LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, type Caller, setupApi } from './api.js';
import { makeAdmin, makeUser, TEST_PASSWORD } from './factories.js';

type Db = Pick<pg.Pool, 'query'>;
/** A history row as [field label, old value, new value]. */
export type Change = [string, string | null, string | null];

export type PickListContext = {
  api: ApiHarness;
  /** Ada Admin, an administrator. */
  admin: Caller;
  adminId: number;
  /** A signed-in user who is no administrator. */
  staff: Caller;
  staffId: number;
};

export type PickListSpec = {
  /** The admin routes' base, e.g. '/api/admin/department'. */
  base: string;
  /** The history route's name, e.g. 'department' for /api/history/department/1. */
  history: string;
  /** The record's key in the responses, e.g. 'department'. */
  key: string;
  /** The class the history is kept under. */
  objectClass: string;
  table: string;
  /** Makes one row through the test factory; a name of its own when none is given. */
  make: (db: Db, name?: string) => Promise<{ id: number }>;
  /** A valid form; each case changes what it needs. */
  form: Record<string, unknown>;
  /** The blank record's fields beyond id, version, name, description and active. */
  blank?: Record<string, unknown>;
  /** Rows the authorization case makes and tries to add or rename to. */
  guarded: string;
  sneaky?: string;
  create: {
    name: string;
    over?: Record<string, unknown>;
    /** Fields of the created record beyond name, description, active, version and createdBy. */
    expect?: Record<string, unknown>;
    /** Every history row the creation writes. */
    history: Change[];
  };
  unique: {
    /** The first is made; each is then refused as already used (other letter cases where the list ignores case:
     * outage types today refuse only the same letters). */
    taken: [string, ...string[]];
    /** Another row renamed onto a taken name is refused. */
    other: string;
    /** A row saved again under its own name in another letter case: [made, saved]. */
    own: [string, string];
  };
  update: {
    from: string;
    to: string;
    /** Form fields beyond the name (the save also marks the row inactive). */
    over?: Record<string, unknown>;
    expect?: Record<string, unknown>;
    /** Every history row the save writes. */
    changes: Change[];
  };
  inUse: {
    /** Makes the row used by something that keeps it from being deleted. */
    use: (ctx: PickListContext, id: number) => Promise<void>;
    message: string;
  };
  /** The tag the list case names its rows after. */
  listTag: string;
  /** The picker every signed-in user may call, if the list has one. */
  suggest?: string;
};

const FORBIDDEN = 'Access Denied.';
const BLANK = 'This value should not be blank.';
const TAKEN = 'This name is already used.';

const sortedChanges = (items: { fieldLabel: string; oldValue: string | null; newValue: string | null }[]) =>
  items.map((i): Change => [i.fieldLabel, i.oldValue, i.newValue]).sort();
const sorted = (changes: Change[]) => [...changes].sort();

/** Registers the set-up and the shared cases of one pick list; the returned context serves the file's own cases. */
export function pickListSuite(spec: PickListSpec): PickListContext {
  const ctx = {} as PickListContext;
  const { base } = spec;
  const form = (over: Record<string, unknown> = {}) => ({ ...spec.form, ...over });
  const historyOf = (id: number) => `/api/history/${spec.history}/${id}`;
  const record = (res: LightMyRequestResponse) => res.json()[spec.key];

  beforeAll(async () => {
    ctx.api = await setupApi();
    const a = await makeAdmin(ctx.api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
    ctx.adminId = a.id;
    ctx.admin = await ctx.api.signIn(a.email, TEST_PASSWORD);
    const u = await makeUser(ctx.api.db.pool);
    ctx.staffId = u.id;
    ctx.staff = await ctx.api.signIn(u.email, TEST_PASSWORD);
  });
  afterAll(() => ctx.api?.close());

  describe('authorization', () => {
    it('refuses a non-administrator on every route, reads and history included, before validating, and changes nothing; 401 without a session', async () => {
      const { api, staff } = ctx;
      const row = await spec.make(api.db.pool, spec.guarded);
      const sneaky = spec.sneaky ?? 'Sneaky';
      const forbidden = [
        await staff.get(base),
        await staff.get(`${base}?active=all`),
        await staff.get(`${base}?active=not-a-code`),
        await staff.get(`${base}?limit=0`),
        await staff.get(`${base}/create`),
        await staff.get(`${base}/${row.id}`),
        await staff.post(`${base}/create`, form({ name: sneaky })),
        await staff.post(`${base}/create`, {}),
        await staff.post(`${base}/create`, { name: 42 }),
        await staff.post(`${base}/create`, { active: 'maybe' }),
        await staff.post(`${base}/${row.id}`, form({ name: 'Renamed' })),
        await staff.delete(`${base}/${row.id}?version=0`),
        await staff.delete(`${base}/${row.id}`),
        await staff.get(historyOf(row.id)),
      ];
      for (const res of forbidden) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(FORBIDDEN);
      }
      const { rows } = await api.db.pool.query<{ name: string }>(
        `SELECT name FROM ${spec.table} WHERE id = $1 OR name IN ($2, 'Renamed')`,
        [row.id, sneaky],
      );
      expect(rows.map((r) => r.name)).toEqual([spec.guarded]);
      expect((await api.anonymous.get(base)).statusCode).toBe(401);
      if (spec.suggest) expect((await api.anonymous.get(`${spec.suggest}/`)).statusCode).toBe(401);
    });
  });

  describe('create, read, update, delete', () => {
    it(`creates, reads back and records history under ${spec.objectClass}`, async () => {
      const { admin, adminId } = ctx;
      const blankRecord = { id: 0, version: 0, name: '', description: null, ...spec.blank, active: true };
      expect((await admin.get(`${base}/create`)).json()).toEqual({
        [spec.key]: blankRecord,
        formOptions: {},
        can: { save: true, delete: true },
      });
      // A name in the address fills the blank form.
      const named = await admin.get(`${base}/create?name=${encodeURIComponent(spec.create.name)}`);
      expect(record(named)).toEqual({ ...blankRecord, name: spec.create.name });

      const res = await admin.post(
        `${base}/create`,
        form({ name: `  ${spec.create.name}  `, ...spec.create.over }),
      );
      expect(res.statusCode).toBe(200);
      const created = record(res);
      expect(created).toMatchObject({
        name: spec.create.name,
        description: spec.form.description,
        active: true,
        version: 0,
        createdBy: { value: adminId, label: 'Ada Admin' },
        ...spec.create.expect,
      });
      expect(record(await admin.get(`${base}/${created.id}`))).toEqual(created);
      const history = (await admin.get(historyOf(created.id))).json().history;
      expect(history.objectClass).toBe(spec.objectClass);
      expect(history.title).toBe(spec.create.name);
      expect(sortedChanges(history.items)).toEqual(sorted(spec.create.history));
    });

    it('requires a name', async () => {
      for (const name of [' ', '']) {
        const res = await ctx.admin.post(`${base}/create`, form({ name }));
        expect(res.statusCode).toBe(400);
        expect(res.json().form.fields).toEqual({ name: [BLANK] });
      }
    });

    it('refuses a name already used, also in another letter case, but not its own', async () => {
      const { api, admin } = ctx;
      const { taken, other, own } = spec.unique;
      await spec.make(api.db.pool, taken[0]);
      for (const name of taken) {
        const res = await admin.post(`${base}/create`, form({ name }));
        expect(res.statusCode).toBe(400);
        expect(res.json().form.fields).toEqual({ name: [TAKEN] });
      }
      const { rows } = await api.db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${spec.table} WHERE lower(name) = lower($1)`,
        [taken[0]],
      );
      expect(rows[0]!.n).toBe(1);
      // Renaming another row onto a used name is refused too.
      const renamed = await spec.make(api.db.pool, other);
      const clash = await admin.post(`${base}/${renamed.id}`, form({ name: taken.at(-1) }));
      expect(clash.statusCode).toBe(400);
      expect(clash.json().form.fields).toEqual({ name: [TAKEN] });
      // Its own name, saved again in another case, is not a clash.
      const mine = await spec.make(api.db.pool, own[0]);
      const resave = await admin.post(`${base}/${mine.id}`, form({ name: own[1] }));
      expect(resave.statusCode).toBe(200);
      expect(record(resave)).toMatchObject({ name: own[1], version: 1 });
    });

    it('updates with history of each changed field, and a stale save gets 409 with the current record', async () => {
      const { api, admin } = ctx;
      const { from, to } = spec.update;
      const row = await spec.make(api.db.pool, from);
      const saved = await admin.post(
        `${base}/${row.id}`,
        form({ name: to, active: false, ...spec.update.over }),
      );
      expect(saved.statusCode).toBe(200);
      expect(record(saved)).toMatchObject({ name: to, active: false, version: 1, ...spec.update.expect });
      const items = (await admin.get(historyOf(row.id))).json().history.items;
      expect(sortedChanges(items)).toEqual(sorted(spec.update.changes));
      for (const item of items) expect(item.actor.label).toBe('Ada Admin');
      const stale = await admin.post(`${base}/${row.id}`, form({ name: 'Lost Update' }));
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toMatch(/^This record was changed by Ada Admin at /);
      expect(stale.json().current).toMatchObject({ name: to, active: false, version: 1 });
    });

    it('deletes an unused row; one in use is refused with its message and stays', async () => {
      const { api, admin } = ctx;
      const unused = await spec.make(api.db.pool);
      expect((await admin.delete(`${base}/${unused.id}?version=0`)).json()).toEqual({ deleted: true });
      expect((await admin.get(`${base}/${unused.id}`)).statusCode).toBe(404);
      const used = await spec.make(api.db.pool);
      await spec.inUse.use(ctx, used.id);
      const res = await admin.delete(`${base}/${used.id}?version=0`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(spec.inUse.message);
      expect((await admin.get(`${base}/${used.id}`)).statusCode).toBe(200);
    });
  });

  describe('list', () => {
    it('filters by active code (active by default) and text over name and description, sorts by name and pages by keyset', async () => {
      const { api, admin } = ctx;
      const tag = `${spec.listTag}${Date.now() % 100000}`;
      const nameOf = (i: number) => `${tag} ${String(i).padStart(2, '0')}`;
      // 28 rows, every fourth inactive.
      for (let i = 0; i < 28; i++) {
        const row = await spec.make(api.db.pool, nameOf(i));
        if (i % 4 === 0)
          await api.db.pool.query(`UPDATE ${spec.table} SET active = false WHERE id = $1`, [row.id]);
      }
      await api.db.pool.query(`UPDATE ${spec.table} SET description = $1 WHERE name = $2`, [
        `Backhoe${tag} cut the fibre`,
        nameOf(5),
      ]);
      const q = `q=${encodeURIComponent(tag)}`;
      const names = (body: { items: { name: string }[] }) => body.items.map((i) => i.name);
      const list = async (query: string) => (await admin.get(`${base}?${query}`)).json();

      const first = await list(`${q}&active=all`);
      expect(first.items).toHaveLength(25);
      expect(first.items[0].name).toBe(nameOf(0));
      const rest = await list(`${q}&active=all&after=${first.next}`);
      expect(names(rest)).toEqual([nameOf(25), nameOf(26), nameOf(27)]);
      expect(rest.next).toBeNull();

      const named = async (query: string) => names(await list(`${q}&limit=100&${query}`));
      expect(await named('')).toHaveLength(21);
      expect(await named('active=1')).toHaveLength(21);
      expect(await named('active=2')).toEqual([0, 4, 8, 12, 16, 20, 24].map(nameOf));
      expect(names(await list(`${q}&active=all&dir=desc&limit=2`))).toEqual([nameOf(27), nameOf(26)]);

      const search = async (text: string) => names(await list(`active=all&q=${encodeURIComponent(text)}`));
      expect(await search(nameOf(13))).toEqual([nameOf(13)]);
      // The description too, in any letter case, any part of it.
      expect(await search(`BACKHOE${tag} cut`)).toEqual([nameOf(5)]);

      for (const bad of ['active=3', 'active=7', 'limit=101'])
        expect((await admin.get(`${base}?${bad}`)).statusCode).toBe(400);
    });
  });

  return ctx;
}
