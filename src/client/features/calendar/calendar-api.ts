// The calendar's calls (SPEC §7): the user picker's options and a user's week (the visible range's start date).
import { toPathDate } from '../../../shared/format/date';
import type { BillerOption, WeeklySummary } from '../../../shared/schemas/calendar';
import { apiGet } from '../../api/http';

export const BILLER_OPTIONS_KEY = ['biller-options'] as const;
export const WEEKLY_SUMMARY_KEY = 'weekly-summary';

export const fetchBillerOptions = (signal?: AbortSignal) =>
  apiGet<BillerOption[]>('/api/biller/biller-options/', { signal });

/** The request of a range start and a user: `MMddyyyy/userId` (also the query key's last part). */
export const weekRequest = (rangeStart: Date, userId: number) => `${toPathDate(rangeStart)}/${userId}`;

export const fetchWeeklySummary = (request: string, signal?: AbortSignal) =>
  apiGet<WeeklySummary>(`/api/manage/slip/weekly-summary/${request}`, { signal });
