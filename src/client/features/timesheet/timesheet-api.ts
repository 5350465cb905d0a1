// Timesheet week calls: a user's week (state, days, warnings, allowed actions), its transitions, weeks to approve.
import { toPathDate } from '../../../shared/format/date';
import type { WeekAction, WeekAnswer, WeeksToApprove } from '../../../shared/schemas/timesheet';
import { apiGet, apiPost } from '../../api/http';

export const WEEK_KEY = 'timesheet-week';
export const TO_APPROVE_KEY = ['timesheet-weeks-to-approve'] as const;

export const weekKey = (day: Date, userId: number) => [WEEK_KEY, toPathDate(day), userId] as const;

export const fetchWeek = (day: Date, userId: number, signal?: AbortSignal) =>
  apiGet<WeekAnswer>(`/api/time/week/${toPathDate(day)}/${userId}`, { signal });

export const postWeekAction = (
  day: Date,
  userId: number,
  action: WeekAction,
  body: { version: number; comment?: string | null },
) => apiPost<WeekAnswer>(`/api/time/week/${toPathDate(day)}/${userId}/${action}`, body);

export const fetchWeeksToApprove = (signal?: AbortSignal) =>
  apiGet<WeeksToApprove>('/api/time/weeks/to-approve', { signal });
