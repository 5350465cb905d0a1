// The generic entity calls of SPEC §7 for a record described by a RecordDef:
//   GET  {path}?filters      -> { items, next }                     (keyset list, bounded)
//   GET  {path}/{id|create}  -> { <key>: record, formOptions, can: { save, delete } }  (what this user may do)
//   POST {path}/{id|create}  -> { <key>: record }                   (form values, select options as bare values)
//   DELETE {path}/{id}          -> { deleted: true }   (SPEC §7: no payload; a version, in the query as the SD6
//                                                      screens send it or as a body { version }, is checked: 409)
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { can, type RecordCan, type RecordKind } from '../../shared/permissions.js';
import { idOrCreateParam, idParam, type Option, recordId, wholeNumber } from '../../shared/schemas/common.js';
import {
  deletedResponse,
  oneRecordResponse,
  recordListResponse,
  savedRecordResponse,
} from '../../shared/schemas/record.js';
import type { Database } from '../db/client.js';
import { type AuthUser, authorize, currentUser, registerPolicy } from './auth.js';
import { badRequest, notFound, requireVersion } from './errors.js';
import {
  createRecord,
  deleteRecord,
  inUseReason,
  type ListFilter,
  listRecords,
  type Presented,
  param,
  type Queryable,
  type RecordDef,
  registerRecordHistory,
  requireRecord,
  type SaveHooks,
  type SortDef,
  updateRecord,
} from './records.js';

/** The values a form saves: the form without its version. */
export type FormValues<Form extends z.ZodType> = Omit<z.infer<Form>, 'version'>;

/**
 * The routes of one record type. `Rec` is the presented record (the definition's, by default any record) and
 * `Values` what a save writes: the form without its version, or what `toValues` makes of it (by default untyped).
 */
export type RecordRoutes<
  Form extends z.ZodType<{ version?: number }>,
  Query extends z.ZodType,
  Rec extends Presented = Presented,
  Values extends object = Record<string, unknown>,
> = {
  path: string;
  /** Response key of one record (SPEC §7: the entity under a named key). */
  key: string;
  /**
   * Who may read, change and delete these records: RECORD_ACCESS[def.key] (shared/permissions.ts). A definition with
   * a schema has its list, record and save responses declared with it.
   */
  def: RecordDef<Rec>;
  form: Form;
  listQuery: Query;
  /** Adds the list's filters to `filter` and returns its sort. */
  list: (query: z.infer<Query>, filter: ListFilter, user: AuthUser, scope: Scope) => SortDef;
  /** The values of a new record; `query` holds the prefill values of the address (e.g. ?name=). */
  blank: (
    query: Record<string, string | undefined>,
    db: Queryable,
    scope: Scope,
  ) => Promise<Blank<Rec>> | Blank<Rec>;
  formOptions?: (db: Queryable, scope: Scope) => Promise<Record<string, Option[]>> | Record<string, Option[]>;
  /** Adds what the record's own row does not hold (e.g. an amendment's changes) to a loaded or saved record. */
  detail?: (db: Queryable, record: Rec, scope: Scope) => Promise<Rec>;
  /** Form values -> column values (default: the form without its version). */
  toValues?: (form: z.infer<Form>) => Values;
  hooks?: (user: AuthUser, scope: Scope) => SaveHooks<Rec, Values>;
  /**
   * The list's totals endpoint (`{path}/totals`) counts the filtered set with its sums: the list's first page then
   * leaves its own count out, so the screen's one figure is counted once.
   */
  ownTotals?: boolean;
  /** Adds values to a list page's rows with one query for the whole page (e.g. totals), never one per row. */
  listed?: (db: Queryable, items: Rec[]) => Promise<Rec[]>;
  /** In the delete's transaction, after the row is gone. */
  deleted?: (tx: pg.PoolClient, before: Rec, user: AuthUser) => Promise<void>;
  /**
   * Why this record may not be deleted whatever refers to it (e.g. a won opportunity), or null: the screen shows it
   * beside a disabled Delete and the delete refuses with it.
   */
  deleteBlocked?: (record: Rec) => string | null;
  /**
   * Records that live under a parent (an agreement's services): `path` holds `:${param}`, lists are that parent's,
   * a record of another parent is a 404 there, and saves set `field` (a ref field of def) to the parent.
   */
  parent?: ParentSpec;
  /** true: the caller registers POST {path}/:id itself (e.g. a form that carries a file); the rest stays generic. */
  ownSave?: boolean;
};

export type ParentSpec = { param: string; table: string; field: string };

/**
 * The values of a new record's form, no stamps yet: named as the record's fields; their values are the form's (a
 * picker's option may carry a text value), so the response declares them loosely.
 */
export type Blank<Rec extends Presented> = Partial<Record<Exclude<keyof Rec, 'id' | 'version'>, unknown>> &
  Record<string, unknown>;

/** The parent id of a request (0 for records without a parent). */
export type Scope = { parentId: number };

/** A delete's version: optional (SPEC §7 sends none), checked when given (409 when stale). */
export const deleteQuery = z.object({ version: wholeNumber().optional() });
export const deleteBody = z.object({ version: wholeNumber().optional() }).nullish();

/** The version a delete carries: the query's (the SD6 screens), else the body's; undefined when it has none. */
export const deleteVersion = (request: FastifyRequest): number | undefined =>
  (request.query as z.infer<typeof deleteQuery>).version ??
  (request.body as z.infer<typeof deleteBody>)?.version;

/**
 * A DELETE with no payload but a content type (many clients send `application/json` on every call) is a request
 * without a body: Fastify would otherwise refuse the empty JSON with 400 before the route runs.
 */
export const emptyBodyIsNone: onRequestHookHandler = (request, _reply, done) => {
  const length = request.headers['content-length'];
  if (request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) {
    delete request.headers['content-type'];
  }
  done();
};

/** Where each kind of record's generic routes live, as registered (the app's areas register them as it is built). */
const registeredPaths = new Map<RecordKind, string>();

/** The path of each kind of record's routes registered so far, e.g. `/api/manage/agreement/:agreementId/service`. */
export const recordRoutePaths = (): ReadonlyMap<RecordKind, string> => registeredPaths;

export function recordRoutes<
  Form extends z.ZodType<{ version?: number }>,
  Query extends z.ZodType,
  Rec extends Presented = Presented,
  Values extends object = Record<string, unknown>,
>(
  app: FastifyInstance,
  database: Database,
  timeZone: string,
  spec: RecordRoutes<Form, Query, Rec, Values>,
): void {
  const { def } = spec;
  const readAction = `read:${def.key}`;
  const writeAction = `write:${def.key}`;
  const deleteAction = `delete:${def.key}`;
  registerPolicy(readAction, (user) => can(user, def.key, 'read'));
  registerPolicy(writeAction, (user) => can(user, def.key, 'read') && can(user, def.key, 'write'));
  registerPolicy(deleteAction, (user) => can(user, def.key, 'read') && can(user, def.key, 'delete'));
  registerRecordHistory(def);
  if (!registeredPaths.has(def.key)) registeredPaths.set(def.key, spec.path);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { parent } = spec;
  const parentField = parent ? def.fields.find((f) => f.name === parent.field) : undefined;
  const { listParams, oneParams, idParams: deleteParams } = recordParams(parent);
  const scopeOf = parentScope(database, def, parent);
  // Declared responses (a definition with a schema): serialized with it, unknown keys left out, and documented.
  const responses = def.schema && {
    list: { 200: recordListResponse(def.schema) },
    one: { 200: oneRecordResponse(spec.key, def.schema) },
    saved: { 200: savedRecordResponse(spec.key, def.schema) },
  };
  // Callers that save through a route of their own (a form carrying a file) leave the generic POST out.
  const saveRoutes = spec.ownSave ? undefined : api;
  const reader = (request: FastifyRequest) => {
    const user = currentUser(request);
    authorize(user, readAction);
    return user;
  };
  const writer = (request: FastifyRequest) => {
    const user = currentUser(request);
    authorize(user, writeAction);
    return user;
  };

  // Authorization runs before validation: a caller without the right learns nothing from validation errors.
  const canRead = async (request: FastifyRequest) => {
    reader(request);
  };
  const canWrite = async (request: FastifyRequest) => {
    writer(request);
  };
  const canDelete = async (request: FastifyRequest) => {
    authorize(currentUser(request), deleteAction);
  };

  api.get(
    spec.path,
    {
      schema: { params: listParams, querystring: spec.listQuery, response: responses?.list },
      preValidation: canRead,
    },
    async (request) => {
      const user = reader(request);
      const scope = await scopeOf(request);
      const query = request.query as z.infer<Query> & { limit: number; after?: string };
      const filter: ListFilter = { where: [], params: [] };
      if (parent && parentField)
        filter.where.push(`t.${parentField.column} = ${param(filter, scope.parentId)}`);
      const sort = spec.list(query, filter, user, scope);
      const page = await listRecords(database.pool, def, {
        filter,
        sort,
        limit: query.limit,
        after: query.after,
        count: !spec.ownTotals,
      });
      return spec.listed ? { ...page, items: await spec.listed(database.pool, page.items) } : page;
    },
  );

  // The same rules the delete applies: the record's own, then the rows that refer to it.
  const blockedReason = async (record: Rec) =>
    spec.deleteBlocked?.(record) ?? (await inUseReason(database, def, record.id));

  api.get(
    `${spec.path}/:id`,
    {
      schema: {
        params: oneParams,
        querystring: z.record(z.string(), z.string().max(200)),
        response: responses?.one,
      },
      preValidation: canRead,
    },
    async (request) => {
      const user = reader(request);
      const { id } = request.params;
      const scope = await scopeOf(request, id === 'create' ? undefined : id);
      const record =
        id === 'create'
          ? { id: 0, version: 0, ...(await spec.blank(request.query, database.pool, scope)) }
          : await requireRecord(database.pool, def, id).then((r) =>
              spec.detail ? spec.detail(database.pool, r, scope) : r,
            );
      const allowed: RecordCan = { save: can(user, def.key, 'write'), delete: can(user, def.key, 'delete') };
      return {
        [spec.key]: record,
        formOptions: (await spec.formOptions?.(database.pool, scope)) ?? {},
        can: allowed,
        // A record not yet saved has nothing to delete: the field is left out.
        ...(id === 'create'
          ? {}
          : { deleteBlockedReason: allowed.delete ? await blockedReason(record as Rec) : null }),
      };
    },
  );

  saveRoutes?.post(
    `${spec.path}/:id`,
    { schema: { params: oneParams, body: spec.form, response: responses?.saved }, preValidation: canWrite },
    async (request) => {
      const user = writer(request);
      const form = request.body as z.infer<Form>;
      const { version, ...rest } = form;
      const { id } = request.params;
      const scope = await scopeOf(request, id === 'create' ? undefined : id);
      // Without toValues, Values is the form without its version (typed by callers that say so, e.g. pick lists).
      const values = spec.toValues ? spec.toValues(form) : (rest as Values);
      // A record never moves to another parent through its form.
      if (parent) (values as Record<string, unknown>)[parent.field] = scope.parentId;
      const hooks = spec.hooks?.(user, scope) ?? {};
      const record =
        id === 'create'
          ? await createRecord(database, def, values, user.id, hooks)
          : await updateRecord(database, def, id, requireVersion(version), values, user.id, timeZone, hooks);
      return { [spec.key]: spec.detail ? await spec.detail(database.pool, record, scope) : record };
    },
  );

  api.delete(
    `${spec.path}/:id`,
    {
      schema: {
        params: deleteParams,
        querystring: deleteQuery,
        body: deleteBody,
        response: { 200: deletedResponse },
      },
      onRequest: emptyBodyIsNone,
      preValidation: canDelete,
    },
    async (request) => {
      authorize(currentUser(request), deleteAction);
      await scopeOf(request, request.params.id);
      const user = currentUser(request);
      await deleteRecord(
        database,
        def,
        request.params.id,
        deleteVersion(request),
        timeZone,
        async (tx, before) => {
          const blocked = spec.deleteBlocked?.(before);
          if (blocked) throw badRequest({}, [blocked]);
          await spec.deleted?.(tx, before, user);
        },
      );
      return { deleted: true as const };
    },
  );
}

/** Path parameters of a record's routes: the parent's id (when it has one) beside the record's id. */
export function recordParams(parent: ParentSpec | undefined) {
  const parentParams = parent ? { [parent.param]: recordId() } : {};
  return {
    listParams: z.object(parentParams),
    // Typed as the plain id params: the parent id is read through parentScope.
    oneParams: idOrCreateParam.extend(parentParams) as unknown as typeof idOrCreateParam,
    idParams: idParam.extend(parentParams) as unknown as typeof idParam,
  };
}

/**
 * The request's parent (0 for records without one): a missing parent is a 404, as is a record (`id`) that belongs
 * to another parent.
 */
export function parentScope<Rec extends Presented>(
  database: Database,
  def: RecordDef<Rec>,
  parent: ParentSpec | undefined,
): (request: FastifyRequest, id?: number) => Promise<Scope> {
  const parentField = parent ? def.fields.find((f) => f.name === parent.field) : undefined;
  if (parent && !parentField) throw new Error(`${def.key}: parent field ${parent.field} is not a field`);
  return async (request, id) => {
    if (!parent || !parentField) return { parentId: 0 };
    const parentId = (request.params as Record<string, number>)[parent.param]!;
    const { rows } =
      id === undefined
        ? await database.pool.query(`SELECT 1 FROM ${parent.table} WHERE id = $1`, [parentId])
        : await database.pool.query(
            `SELECT 1 FROM ${def.table} WHERE id = $1 AND ${parentField.column} = $2`,
            [id, parentId],
          );
    if (rows.length === 0) throw notFound();
    return { parentId };
  };
}

/** Suggestions for pickers: `{label, value}` options matching `q`, bounded by `limit`. */
export const suggestQuery = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
