// /api/admin/file-import: upload an RMM export (-> a run with its preview), map its sites, columns and date orders,
// confirm it (-> the rmm-import job), follow it, cancel it; recent runs, presets, and the month's import status.
// Administrators only. A sweep every minute finds runs whose process died (queued again or failed with the reason)
// and deletes abandoned previews.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REPORT_ACCESS } from '../../../shared/permissions.js';
import { idParam } from '../../../shared/schemas/common.js';
import { FIELD_NOT_EXPECTED, ONE_FILE, UPLOAD_UNREADABLE } from '../../../shared/schemas/document.js';
import {
  IMPORT_MAX_BYTES,
  IMPORT_NO_FILE,
  IMPORT_NOT_PREVIEW,
  IMPORT_PRESET_UNKNOWN,
  IMPORT_TOO_LARGE,
  importPresetDeletedResponse,
  importPresetResponse,
  importPresetsResponse,
  importRunListResponse,
  importRunResponse,
  importStatusResponse,
  mappingBody,
  presetBody,
  runListQuery,
  sitesBody,
  statusQuery,
  uploadFields,
} from '../../../shared/schemas/file-import.js';
import type { Database } from '../../db/client.js';
import { authorize, currentUser } from '../../platform/auth.js';
import { badRequest, conflict, HttpError } from '../../platform/errors.js';
import { deleteFile } from '../../platform/files.js';
import { errorDocs } from '../../platform/openapi.js';
import { ImportRefused, type StoredImport, storeImportFile } from './file-store.js';
import {
  allPresets,
  checkMapping,
  deletePreset,
  findPreset,
  importStatus,
  savedPresets,
  savePreset,
  saveSiteMappings,
} from './import-admin.service.js';
import { builtInPreset } from './presets.js';
import { CUSTOM_PRESET, firstPreview, rePreview } from './preview.js';
import {
  applyRun,
  cancelRun,
  createRun,
  IMPORT_JOB,
  listRuns,
  loadRun,
  presentRun,
  queueRun,
  savePreview,
  storedMapping,
  sweepRuns,
} from './run.service.js';
import { headersKey } from './suggest.js';

/** The sweep of stopped runs and abandoned previews: every minute, once however many processes run. */
export const IMPORT_SWEEP_JOB = 'rmm-import-sweep';
const SWEEP_CRON = '* * * * *';

export const IMPORT_PATH = '/api/admin/file-import';
const runParam = idParam;

function admin(request: FastifyRequest) {
  const user = currentUser(request);
  // REPORT_ACCESS is 'admin': imports change every client's equipment.
  authorize(user, REPORT_ACCESS);
  return user;
}
const adminOnly = async (request: FastifyRequest) => {
  admin(request);
};

const labelOf = (key: string) => builtInPreset(key)?.label;

/** A refused upload as the 400 a person can read. */
function uploadFailure(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof ImportRefused) return badRequest({ file: [error.message] }, [error.message]);
  const code = (error as { code?: string })?.code;
  if (code === 'FST_FILES_LIMIT') return badRequest({ file: [ONE_FILE] }, [ONE_FILE]);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return badRequest({ file: [IMPORT_TOO_LARGE] }, [IMPORT_TOO_LARGE]);
  if (typeof code === 'string' && code.startsWith('FST_')) return badRequest({}, [UPLOAD_UNREADABLE]);
  if (error instanceof Error && /multipart|content-type|terminated early/i.test(error.message))
    return badRequest({}, [UPLOAD_UNREADABLE]);
  return error;
}

/** Reads the form (a `preset` field and one file), the file streamed into the file store. */
async function readUpload(database: Database, request: FastifyRequest, reply: FastifyReply, actorId: number) {
  if (!request.isMultipart()) throw badRequest({ file: [IMPORT_NO_FILE] }, [IMPORT_NO_FILE]);
  if (Number(request.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES + 256 * 1024) {
    reply.header('connection', 'close');
    throw badRequest({ file: [IMPORT_TOO_LARGE] }, [IMPORT_TOO_LARGE]);
  }
  const fields: Record<string, unknown> = {};
  let stored: StoredImport | null = null;
  try {
    // This route's own limits: 100 MB for one file (the plugin's default is the documents' 25 MB).
    const parts = request.parts({
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest({ [part.fieldname]: [FIELD_NOT_EXPECTED] });
        stored = await storeImportFile(database, part.file, {
          name: part.filename,
          actorId,
          maxBytes: IMPORT_MAX_BYTES,
        });
      } else if (part.fieldname === 'preset') fields.preset = part.value;
      else throw badRequest({ [part.fieldname]: [FIELD_NOT_EXPECTED] });
    }
  } catch (error) {
    if (stored) await deleteFile(database.pool, (stored as StoredImport).id).catch(() => undefined);
    // The rest of the body is not read: close the connection after the answer instead.
    reply.header('connection', 'close');
    request.raw.unpipe();
    request.raw.resume();
    throw uploadFailure(error);
  }
  if (!stored) throw badRequest({ file: [IMPORT_NO_FILE] }, [IMPORT_NO_FILE]);
  const parsed = uploadFields.safeParse(fields);
  if (!parsed.success) {
    await deleteFile(database.pool, (stored as StoredImport).id).catch(() => undefined);
    throw badRequest({ preset: [IMPORT_PRESET_UNKNOWN] }, [IMPORT_PRESET_UNKNOWN]);
  }
  return { file: stored as StoredImport, preset: parsed.data.preset };
}

export function fileImportRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  app.jobs.register<{ runId: number }>(IMPORT_JOB, (data) =>
    applyRun(database, data.runId, timeZone, app.log, app.webhooks),
  );
  const requeue = (runId: number) => app.jobs.send(IMPORT_JOB, { runId }, { retryLimit: 0 });
  app.jobs.register(IMPORT_SWEEP_JOB, () =>
    sweepRuns(database, requeue, (jobId) => app.jobs.state(IMPORT_JOB, jobId), app.log),
  );
  app.jobs.schedule(IMPORT_SWEEP_JOB, SWEEP_CRON);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const runResponse = async (id: number) => ({ run: presentRun(await loadRun(database.pool, id), labelOf) });

  api.post(
    `${IMPORT_PATH}/upload`,
    { schema: { response: { 200: importRunResponse } }, preValidation: adminOnly },
    async (request, reply) => {
      const user = admin(request);
      const { file, preset } = await readUpload(database, request, reply, user.id);
      try {
        const choice = preset ? await findPreset(database.pool, preset) : null;
        if (preset && !choice) throw badRequest({ preset: [IMPORT_PRESET_UNKNOWN] }, [IMPORT_PRESET_UNKNOWN]);
        const fit = await firstPreview(database, file, choice, await savedPresets(database.pool), timeZone);
        const runId = await createRun(database.pool, {
          fileId: file.id,
          fileName: file.name,
          preset: fit.preset,
          kind: fit.kind,
          mapping: fit.mapping,
          preview: fit.preview,
          actorId: user.id,
        });
        return await runResponse(runId);
      } catch (error) {
        await deleteFile(database.pool, file.id).catch(() => undefined);
        throw uploadFailure(error);
      }
    },
  );

  api.get(
    IMPORT_PATH,
    {
      schema: { querystring: runListQuery, response: { 200: importRunListResponse } },
      preValidation: adminOnly,
    },
    async (request) => {
      admin(request);
      return listRuns(database.pool, request.query, labelOf);
    },
  );

  api.get(
    `${IMPORT_PATH}/presets`,
    { schema: { response: { 200: importPresetsResponse } }, preValidation: adminOnly },
    async (request) => {
      admin(request);
      return { presets: await allPresets(database.pool) };
    },
  );
  api.post(
    `${IMPORT_PATH}/presets`,
    { schema: { body: presetBody, response: { 200: importPresetResponse } }, preValidation: adminOnly },
    async (request) => {
      const user = admin(request);
      return { preset: await savePreset(database.pool, request.body, user.id) };
    },
  );
  api.delete(
    `${IMPORT_PATH}/presets/:id`,
    { schema: { params: idParam, response: { 200: importPresetDeletedResponse } }, preValidation: adminOnly },
    async (request) => {
      admin(request);
      await deletePreset(database.pool, request.params.id);
      return { ok: true as const };
    },
  );

  api.get(
    `${IMPORT_PATH}/status`,
    {
      schema: { querystring: statusQuery, response: { 200: importStatusResponse } },
      preValidation: adminOnly,
    },
    async (request) => {
      admin(request);
      // The company's current month, as imports record theirs.
      const month =
        request.query.month ??
        new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(new Date());
      return importStatus(database.pool, { ...request.query, month });
    },
  );

  api.get(
    `${IMPORT_PATH}/:id`,
    { schema: { params: runParam, response: { 200: importRunResponse } }, preValidation: adminOnly },
    async (request) => {
      admin(request);
      return runResponse(request.params.id);
    },
  );

  api.post(
    `${IMPORT_PATH}/:id/sites`,
    {
      schema: { params: runParam, body: sitesBody, response: { 200: importRunResponse } },
      preValidation: adminOnly,
    },
    async (request) => {
      const user = admin(request);
      const run = await loadRun(database.pool, request.params.id);
      if (run.status !== 'PREVIEW') throw conflict(IMPORT_NOT_PREVIEW, null);
      await saveSiteMappings(database.pool, request.body.sites, user.id);
      const { preview, mapping } = await rePreview(
        database,
        { id: run.file_id, contentType: run.content_type },
        run.kind,
        storedMapping(run),
        timeZone,
      );
      await savePreview(database.pool, run.id, { preview, mapping });
      return runResponse(run.id);
    },
  );

  api.post(
    `${IMPORT_PATH}/:id/mapping`,
    {
      schema: { params: runParam, body: mappingBody, response: { 200: importRunResponse } },
      preValidation: adminOnly,
    },
    async (request) => {
      const user = admin(request);
      const run = await loadRun(database.pool, request.params.id);
      if (run.status !== 'PREVIEW') throw conflict(IMPORT_NOT_PREVIEW, null);
      const { kind, columns, saveAs, dateOrders } = request.body;
      const headers = run.preview?.headers ?? [];
      checkMapping(columns, headers);
      const before = storedMapping(run);
      // (jsonb keeps keys in an order of its own: compare the pairs.)
      const pairs = (m: object) => JSON.stringify(Object.entries(m).sort(([a], [b]) => a.localeCompare(b)));
      const sameColumns = pairs(columns) === pairs(before.columns);
      const preset = saveAs
        ? (
            await savePreset(
              database.pool,
              { name: saveAs, kind, columns, headersKey: headersKey(headers) },
              user.id,
              'saveAs',
            )
          ).key
        : sameColumns || !(run.preset.startsWith('saved:') || builtInPreset(run.preset))
          ? run.preset
          : CUSTOM_PRESET;
      // Orders chosen before stay while their columns do; the values decide again for columns that changed.
      const kept = Object.fromEntries(
        Object.entries(before.dateChoices ?? {}).filter(
          ([field]) =>
            columns[field as keyof typeof columns] === before.columns[field as keyof typeof columns],
        ),
      );
      const { preview, mapping } = await rePreview(
        database,
        { id: run.file_id, contentType: run.content_type },
        kind,
        {
          columns,
          dateOrder: before.dateOrder,
          dateOrders: sameColumns ? before.dateOrders : {},
          dateChoices: { ...kept, ...dateOrders },
        },
        timeZone,
      );
      await savePreview(database.pool, run.id, { preset, kind, mapping, preview });
      return runResponse(run.id);
    },
  );

  api.post(
    `${IMPORT_PATH}/:id/confirm`,
    {
      schema: {
        responseDocs: errorDocs({
          409: 'The run is not waiting to be confirmed (already confirmed, cancelled or finished).',
        }),
        params: runParam,
        response: { 200: importRunResponse },
      },
      preValidation: adminOnly,
    },
    async (request) => {
      admin(request);
      const run = await loadRun(database.pool, request.params.id);
      await queueRun(database.pool, run, () => requeue(run.id));
      return runResponse(run.id);
    },
  );

  api.post(
    `${IMPORT_PATH}/:id/cancel`,
    {
      schema: {
        responseDocs: errorDocs({ 409: 'The run has finished and cannot be cancelled.' }),
        params: runParam,
        response: { 200: importRunResponse },
      },
      preValidation: adminOnly,
    },
    async (request) => {
      const user = admin(request);
      await cancelRun(database.pool, request.params.id, user.name, (jobId) =>
        app.jobs.cancel(IMPORT_JOB, jobId),
      );
      return runResponse(request.params.id);
    },
  );
}
