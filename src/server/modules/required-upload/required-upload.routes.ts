// /api/admin/required-upload (administrators: list, basics, save, delete): the documents clients must receive.
import type { FastifyInstance } from 'fastify';
import type { Option } from '../../../shared/schemas/common.js';
import {
  NAME_USED,
  requiredUploadForm,
  requiredUploadListQuery,
} from '../../../shared/schemas/required-upload.js';
import type { Database } from '../../db/client.js';
import { fieldError, registerUniqueViolation } from '../../platform/errors.js';
import { recordRoutes } from '../../platform/record-routes.js';
import { likePattern, param, type Queryable } from '../../platform/records.js';
import { REQUIRED_UPLOAD } from './required-upload.record.js';

registerUniqueViolation('report_notices_name_key', 'name', NAME_USED);

/** The notices a required upload may print: active ones shown on reports, by title (bounded). */
async function noticeOptions(db: Queryable): Promise<Option[]> {
  const { rows } = await db.query<{ id: number; title: string }>(
    `SELECT id, title FROM notices WHERE active AND on_reports ORDER BY title, id LIMIT 500`,
  );
  return rows.map((r) => ({ value: r.id, label: r.title }));
}

export function requiredUploadRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  recordRoutes(app, database, timeZone, {
    path: '/api/admin/required-upload',
    key: 'requiredUpload',
    def: REQUIRED_UPLOAD,
    form: requiredUploadForm,
    listQuery: requiredUploadListQuery,
    list: (query, filter) => {
      if (query.active === '1') filter.where.push('t.active');
      else if (query.active === '2') filter.where.push('NOT t.active');
      if (query.frequency) filter.where.push(`t.frequency = ${param(filter, query.frequency)}`);
      if (query.q) {
        const p = param(filter, likePattern(query.q));
        filter.where.push(`(t.name ILIKE ${p} OR t.description ILIKE ${p})`);
      }
      return { keys: ['t.name'], dir: query.dir };
    },
    blank: (query) => ({
      name: query.name?.trim() ?? '',
      description: null,
      report: null,
      frequency: { value: 'QUARTERLY', label: 'Quarterly' },
      clients: { value: '1', label: 'Active' },
      notice: null,
      active: true,
    }),
    formOptions: async (db) => ({ notice: await noticeOptions(db) }),
    hooks: () => ({
      // "Security Pack" and "security pack" would read as one document: refused with the index's message.
      validate: async (tx, values, before) => {
        const { rows } = await tx.query(
          'SELECT 1 FROM report_notices WHERE lower(name) = lower($1) AND id <> $2 LIMIT 1',
          [values.name, before?.id ?? 0],
        );
        if (rows.length) throw fieldError('name', NAME_USED);
      },
    }),
  });
}
