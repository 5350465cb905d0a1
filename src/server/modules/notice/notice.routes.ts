// /api/admin/notice (administrators: list, basics, save, delete) and /api/notice/active (any signed-in user: the
// banners of the shell).
import type { FastifyInstance } from 'fastify';
import {
  BANNER_NOTICES_MAX,
  type BannerNotice,
  bannerNoticesResponse,
  noticeForm,
  noticeListQuery,
} from '../../../shared/schemas/notice.js';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../platform/auth.js';
import { recordRoutes } from '../../platform/record-routes.js';
import { likePattern, param, type Queryable } from '../../platform/records.js';
import { NOTICE } from './notice.record.js';

/** The active banner notices, newest change first. */
export async function bannerNotices(db: Queryable): Promise<BannerNotice[]> {
  const { rows } = await db.query<{ id: number; title: string; body: string; updated_at: Date }>(
    `SELECT id, title, body, updated_at FROM notices WHERE active AND as_banner
      ORDER BY updated_at DESC, id DESC LIMIT $1`,
    [BANNER_NOTICES_MAX],
  );
  return rows.map((r) => ({ id: r.id, title: r.title, body: r.body, updatedAt: r.updated_at.toISOString() }));
}

export function noticeRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  recordRoutes(app, database, timeZone, {
    path: '/api/admin/notice',
    key: 'notice',
    def: NOTICE,
    form: noticeForm,
    listQuery: noticeListQuery,
    list: (query, filter) => {
      if (query.active === '1') filter.where.push('t.active');
      else if (query.active === '2') filter.where.push('NOT t.active');
      if (query.shows === 'reports') filter.where.push('t.on_reports');
      else if (query.shows === 'banner') filter.where.push('t.as_banner');
      if (query.q) {
        const p = param(filter, likePattern(query.q));
        filter.where.push(`(t.title ILIKE ${p} OR t.body ILIKE ${p})`);
      }
      return { keys: ['t.title'], dir: query.dir };
    },
    blank: (query) => ({
      title: query.title?.trim() ?? '',
      body: '',
      onReports: true,
      asBanner: false,
      active: true,
    }),
  });

  // Every signed-in user sees the banners; the shell asks once per page load.
  app.get('/api/notice/active', { schema: { response: { 200: bannerNoticesResponse } } }, async (request) => {
    currentUser(request);
    return { notices: await bannerNotices(database.pool) };
  });
}
