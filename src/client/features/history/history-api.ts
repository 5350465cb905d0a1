// GET /api/history/{entity}/{id}?limit=&after= : newest first, keyset pages.

import { formatDate, formatStamp, formatTimeOfDay } from '../../../shared/format';
import { PAGE_SIZE } from '../../../shared/schemas/constants';
import type { HistoryPage } from '../../../shared/schemas/history';
import { apiGet } from '../../api/http';
import { readTimeZone } from '../../shell/environment';

export function historyKey(entity: string, id: number | string) {
  return ['history', entity, Number(id)] as const;
}

export async function loadHistory(
  entity: string,
  id: number | string,
  after: string | null,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const url = `/api/history/${encodeURIComponent(entity)}/${encodeURIComponent(String(id))}`;
  const response = await apiGet<{ history: HistoryPage }>(url, {
    signal,
    query: { limit: PAGE_SIZE, after: after ?? undefined },
  });
  return response.history;
}

/** MM/dd/yyyy h:mm AM in the company time zone (the server's, as the conflict message uses), else the browser's. */
export function formatWhen(iso: string, timeZone: string | null = readTimeZone()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  if (timeZone) return formatStamp(d, timeZone);
  return `${formatDate(d)} ${formatTimeOfDay(d.getHours() * 60 + d.getMinutes())}`;
}
