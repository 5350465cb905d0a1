// Notices (/admin/notice, SPEC "Notice"): texts printed on reports (a disclaimer) and, while active and marked so,
// shown to every signed-in user as a banner in the shell.
import { z } from 'zod';
import { listQuery } from './common.js';
import { activeFilter, type CodeList, codeValues, requiredText, version } from './fields.js';
import { recordBase } from './record.js';

export const NOTICE_TITLE_MAX = 200;
export const NOTICE_BODY_MAX = 4000;
/** The most banners the shell shows at once (the newest first). */
export const BANNER_NOTICES_MAX = 5;

export const noticeForm = z.object({
  version: version(),
  title: requiredText(NOTICE_TITLE_MAX),
  /** Plain text; line breaks are kept. */
  body: requiredText(NOTICE_BODY_MAX),
  onReports: z.boolean(),
  asBanner: z.boolean(),
  active: z.boolean(),
});
export type NoticeForm = z.infer<typeof noticeForm>;

/** The list's "Shows" filter: notices printed on reports, or shown as a banner; empty: every notice. */
export const NOTICE_PLACES = [
  { value: 'reports', label: 'On reports' },
  { value: 'banner', label: 'As a banner' },
] as const satisfies CodeList;

export const noticeListQuery = listQuery.extend({
  active: activeFilter,
  shows: z.enum(codeValues(NOTICE_PLACES)).optional(),
  sort: z.enum(['title']).default('title'),
});

export const bannerNoticeSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string().describe('Plain text; line breaks are kept.'),
  updatedAt: z.string().describe('ISO time of its last change.'),
});
export type BannerNotice = z.infer<typeof bannerNoticeSchema>;

/** GET /api/notice/active: the banners of the shell, newest change first (at most BANNER_NOTICES_MAX). */
export const bannerNoticesResponse = z.object({
  notices: z.array(bannerNoticeSchema).max(BANNER_NOTICES_MAX),
});

/** A notice as the API presents it (list rows, the basics screen, a save's answer). */
export const noticeRecord = recordBase.extend({
  title: z.string(),
  body: z.string(),
  onReports: z.boolean(),
  asBanner: z.boolean(),
  active: z.boolean(),
});
export type NoticeRecord = z.infer<typeof noticeRecord>;
