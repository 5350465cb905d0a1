// Documents of a record (an agreement's, an opportunity's): the generic record routes of a documents table plus
//   POST {path}/{id|create}  JSON (the text fields) or multipart/form-data (the text fields, then one `file` part)
//   GET  {path}/{id}/file    the bytes, as an attachment
// A file is streamed into the file store outside any transaction; then ONE short transaction links it to the
// document with its field history and the parent's activity entry, and deletes the file it replaced.
import type { Table } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { z } from 'zod';
import { MESSAGES } from '../../shared/errors.js';
import type { RecordKind } from '../../shared/permissions.js';
import {
  DOCUMENT_KINDS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_PARTS,
  type DocumentForm,
  type DocumentListQuery,
  type DocumentRecord,
  documentForm,
  documentListQuery,
  FILE_REQUIRED,
} from '../../shared/schemas/document.js';
import { savedRecordResponse } from '../../shared/schemas/record.js';
import type { Database } from '../db/client.js';
import { files } from '../db/schema/platform.js';
import { type AuthUser, authorize, currentUser } from './auth.js';
import {
  badRequest,
  conflict,
  type FieldErrors,
  notFound,
  requireVersion,
  zodFieldErrors,
} from './errors.js';
import { ALLOWED_TYPES, contentDisposition, deleteFile, type StoredFile, streamFile } from './files.js';
import { readFormWithFile } from './multipart.js';
import { errorDocs, fileResponse } from './openapi.js';
import { type ParentSpec, parentScope, recordParams, recordRoutes, type Scope } from './record-routes.js';
import {
  createRecord,
  defineRecord,
  historyChanges,
  type ListFilter,
  likePattern,
  loadRecord,
  param,
  type RecordDef,
  type SaveHooks,
  type SortDef,
  updateRecord,
} from './records.js';
import { changedByMessage } from './stamp.js';
import { CONTROL_CHARACTER, controlCharacterPath } from './validation.js';

/** A documents table: any Drizzle table with a document's columns (its parent's reference is named apart). */
export type DocumentTable = Table & {
  title: AnyPgColumn;
  kind: AnyPgColumn;
  signedDate: AnyPgColumn;
  fileId: AnyPgColumn;
  notes: AnyPgColumn;
};

/**
 * The record of a documents table: its parent, title, kind, signed date, file and notes. `Parent` names the parent's
 * reference field (e.g. `agreement`); `schema` is the documents' shared response schema.
 */
export function documentDef<Parent extends string>(options: {
  key: RecordKind;
  objectClass: string;
  table: DocumentTable;
  /** The parent reference: form name, column, table, label SQL ($ = the parent row) and field label. */
  parent: { name: Parent; column: AnyPgColumn; table: Table; label: string; fieldLabel: string };
  canRead: (user: AuthUser) => boolean;
  schema: z.ZodType<DocumentRecord<Parent>>;
}): RecordDef<DocumentRecord<Parent>> {
  const { parent, table } = options;
  return defineRecord<DocumentRecord<Parent>>({
    key: options.key,
    table,
    objectClass: options.objectClass,
    schema: options.schema,
    title: 't.title',
    canRead: options.canRead,
    fields: [
      {
        name: parent.name,
        column: parent.column,
        label: parent.fieldLabel,
        kind: 'ref',
        ref: { table: parent.table, label: parent.label },
        history: false,
      },
      { name: 'title', column: table.title, label: 'Title' },
      { name: 'kind', column: table.kind, label: 'Kind', kind: 'code', codes: DOCUMENT_KINDS },
      { name: 'signedDate', column: table.signedDate, label: 'Signed Date', kind: 'date' },
      // Linked by uploads only; their history entry names the file (a replacement may keep the old name).
      {
        name: 'file',
        column: table.fileId,
        label: 'File',
        kind: 'ref',
        ref: { table: files, label: '$.name' },
        writable: false,
        history: false,
      },
      { name: 'notes', column: table.notes, label: 'Notes' },
    ],
    columns: [
      { name: 'fileSize', sql: 'file_r.size' },
      { name: 'fileType', sql: 'file_r.content_type' },
      { name: 'fileUploaded', sql: 'file_r.created_at' },
      {
        name: 'fileUploadedBy',
        sql: `(SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = file_r.created_by)`,
      },
    ],
  });
}

export type DocumentRoutes<Parent extends string> = {
  /** e.g. /api/manage/agreement/:agreementId/document */
  path: string;
  /** Response key of one document. */
  key: string;
  def: RecordDef<DocumentRecord<Parent>>;
  /** `field`: the definition's parent reference. */
  parent: ParentSpec & { field: Parent };
  /** Writes the parent's timeline entry, in the transaction of the change. */
  activity: (tx: pg.PoolClient, entry: { parentId: number; text: string; actorId: number }) => Promise<void>;
};

const fileName = (record: DocumentRecord | null) => record?.file?.label ?? null;

/** Documents: newest first, optionally of one kind or with a title containing `q`. */
function documentList(query: DocumentListQuery, filter: ListFilter): SortDef {
  if (query.kind) filter.where.push(`t.kind = ${param(filter, query.kind)}`);
  if (query.q) filter.where.push(`t.title ILIKE ${param(filter, likePattern(query.q))}`);
  return { keys: [], dir: 'desc' };
}

export function documentRoutes<Parent extends string>(
  app: FastifyInstance,
  database: Database,
  timeZone: string,
  spec: DocumentRoutes<Parent>,
): void {
  const { def, parent } = spec;
  const parentField = def.fields.find((f) => f.name === parent.field);
  if (!parentField?.ref) throw new Error(`${def.key}: parent field ${parent.field} is not a ref field`);

  recordRoutes(app, database, timeZone, {
    path: spec.path,
    key: spec.key,
    def,
    form: documentForm,
    listQuery: documentListQuery,
    list: (query, filter) => documentList(query, filter),
    blank: async (_query, db, scope) => {
      const { rows } = await db.query<{ label: string }>(
        `SELECT ${parentField.ref!.label.replaceAll('$', 'p')} AS label FROM ${parent.table} p WHERE p.id = $1`,
        [scope.parentId],
      );
      // Named by the parent's field, which only the definition knows: the values as a plain record.
      const values: Record<string, unknown> = {
        [parent.field]: { value: scope.parentId, label: rows[0]?.label ?? '' },
        title: '',
        kind: null,
        signedDate: null,
        file: null,
        notes: null,
        fileSize: null,
        fileType: null,
        fileUploaded: null,
        fileUploadedBy: null,
      };
      return values;
    },
    parent,
    ownSave: true,
    deleted: async (tx, before, user) => {
      if (before.file) await deleteFile(tx, before.file.value);
      const name = fileName(before);
      await spec.activity(tx, {
        parentId: before[parent.field].value,
        text: `Document removed: ${before.title}${name ? ` (${name})` : ''}`,
        actorId: user.id,
      });
    },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { oneParams, idParams } = recordParams(parent);
  const scopeOf = parentScope(database, def, parent);
  const writeAction = `write:${def.key}`;
  const readAction = `read:${def.key}`;
  const writer = async (request: FastifyRequest) => {
    authorize(currentUser(request), writeAction);
  };
  const reader = async (request: FastifyRequest) => {
    authorize(currentUser(request), readAction);
  };

  /** The link transaction: the document's fields, its file, history, the parent's activity. */
  const save = async (
    id: number | 'create',
    form: DocumentForm,
    upload: StoredFile | null,
    user: AuthUser,
    scope: Scope,
  ): Promise<DocumentRecord<Parent>> => {
    const { version, ...values } = form as DocumentForm & Record<string, unknown>;
    values[parent.field] = scope.parentId;
    const hooks: SaveHooks<DocumentRecord<Parent>> = {
      after: async (tx, recordId, before) => {
        if (!upload) return [];
        await tx.query(`UPDATE ${def.table} SET file_id = $1 WHERE id = $2`, [upload.id, recordId]);
        return [{ field: 'file', oldValue: fileName(before), newValue: upload.name }];
      },
      done: async (tx, after, before) => {
        const replaced = upload && before?.file ? before.file.value : null;
        if (replaced !== null && replaced !== upload?.id) await deleteFile(tx, replaced);
        let text: string | null;
        if (!before) text = `Document added: ${after.title}${upload ? ` (${upload.name})` : ''}`;
        else if (upload) text = `Document changed: ${after.title} (new file ${upload.name})`;
        else text = historyChanges(def, before, after).length ? `Document changed: ${after.title}` : null;
        if (text) await spec.activity(tx, { parentId: scope.parentId, text, actorId: user.id });
      },
    };
    try {
      return id === 'create'
        ? await createRecord(database, def, values, user.id, hooks)
        : await updateRecord(database, def, id, requireVersion(version), values, user.id, timeZone, hooks);
    } catch (error) {
      // The change did not happen: the file uploaded for it goes too.
      if (upload) await deleteFile(database.pool, upload.id).catch(() => undefined);
      throw error;
    }
  };

  /** The text fields of a multipart save: every problem reported, and a stale version refused before the file. */
  const parseFields = async (
    id: number | 'create',
    fields: Record<string, unknown>,
    problems: FieldErrors,
  ): Promise<DocumentForm> => {
    const errors: FieldErrors = { ...problems };
    const add = (name: string, messages: string[]) => {
      errors[name] = [...(errors[name] ?? []), ...messages];
    };
    const control = controlCharacterPath(fields);
    if (control) add(String(control[0]), [CONTROL_CHARACTER]);
    const parsed = documentForm.safeParse(fields);
    if (!parsed.success)
      for (const [name, list] of Object.entries(zodFieldErrors(parsed.error))) add(name, list);
    if (Object.keys(errors).length) throw badRequest(errors);
    const form = parsed.data!;
    if (id !== 'create') {
      const version = requireVersion(form.version);
      const current = await loadRecord(database.pool, def, id);
      if (!current) throw notFound();
      if (current.version !== version)
        throw conflict(
          changedByMessage(current.updatedBy?.label ?? null, new Date(current.updated), timeZone),
          current,
        );
    }
    return form;
  };

  api.post(
    `${spec.path}/:id`,
    {
      // JSON bodies are checked by the route's validator; multipart ones by parseFields as they are read. The saved
      // document is declared like the generic routes' (serialized with the documents' schema).
      schema: {
        params: oneParams,
        body: { content: { 'application/json': { schema: documentForm } } },
        response: def.schema && { 200: savedRecordResponse(spec.key, def.schema) },
        responseDocs: errorDocs({
          409: `${MESSAGES.conflict} The version sent is not the document's current one; current holds it as it is now.`,
        }),
      },
      preValidation: writer,
    },
    async (request, reply) => {
      const user = currentUser(request);
      authorize(user, writeAction);
      const { id } = request.params;
      const scope = await scopeOf(request, id === 'create' ? undefined : id);
      if (request.isMultipart()) {
        const { form, file } = await readFormWithFile(database, request, reply, {
          fields: DOCUMENT_PARTS.filter((p) => p !== 'file'),
          fileField: 'file',
          parse: (fields, problems) => parseFields(id, fields, problems),
          actorId: user.id,
          maxBytes: DOCUMENT_MAX_BYTES,
        });
        if (id === 'create' && !file) throw badRequest({ file: [FILE_REQUIRED] });
        return { [spec.key]: await save(id, form, file, user, scope) };
      }
      const missingFile: FieldErrors = id === 'create' ? { file: [FILE_REQUIRED] } : {};
      // No body at all: the form's own messages (every field is missing).
      if (request.body === undefined) await parseFields(id, {}, missingFile);
      if (request.mediaType !== 'application/json')
        throw badRequest({}, ['Send the form as JSON, or as multipart/form-data with its file.']);
      const form = request.body as DocumentForm;
      if (id === 'create') throw badRequest(missingFile);
      return { [spec.key]: await save(id, form, null, user, scope) };
    },
  );

  api.get(
    `${spec.path}/:id/file`,
    {
      schema: {
        params: idParams,
        responseDocs: fileResponse(
          "The document's file as an attachment (Content-Disposition names it), in the type found from its bytes on upload.",
          [...ALLOWED_TYPES],
        ),
      },
      preValidation: reader,
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      authorize(currentUser(request), readAction);
      const { id } = request.params;
      await scopeOf(request, id);
      const { rows } = await database.pool.query<{
        id: number;
        name: string;
        content_type: string;
        size: number;
      }>(
        `SELECT f.id, f.name, f.content_type, f.size
           FROM ${def.table} t JOIN files f ON f.id = t.file_id AND f.complete
          WHERE t.id = $1`,
        [id],
      );
      const file = rows[0];
      if (!file) throw notFound();
      reply
        .header('Content-Type', file.content_type)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(file.name))
        .header('X-Content-Type-Options', 'nosniff');
      return reply.send(streamFile(database, file.id, file.size));
    },
  );
}
