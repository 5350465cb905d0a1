// Slip, bucket, move and print calls of SPEC §7, with their query keys.
import { toPathDate } from '../../../shared/format/date';
import type {
  AvailableForSlip,
  Bucket,
  CardPrintResult,
  MoveSlipResult,
  Slip,
  SlipFormOptions,
  SlipSummary,
} from '../../../shared/schemas/slip';
import { deleteEntity, loadEntity, saveEntity } from '../../api/entity';
import { apiGet, apiPost } from '../../api/http';
import type { SlipValues } from './slip-logic';

export const SUMMARY_KEY = 'slip-summary';
export const TASK_SLIPS_KEY = 'task-slips';
export const SLIP_KEY = 'slip';
/** SPEC §9: the summary fetch waits this long after a date change or the move dialog closing. */
export const SUMMARY_DEBOUNCE_MS = 500;

export const summaryKey = (pathDate: string) => [SUMMARY_KEY, pathDate] as const;

export function fetchSummary(date: Date, signal?: AbortSignal): Promise<SlipSummary> {
  return apiGet<SlipSummary>(`/api/manage/slip/summary/${toPathDate(date)}`, { signal });
}

export type SlipLoad = { slip: Slip; formOptions: SlipFormOptions };

export async function fetchSlip(
  id: number | 'create',
  taskId?: number,
  signal?: AbortSignal,
  copyId?: number,
): Promise<SlipLoad> {
  const url = id === 'create' ? '/api/manage/slip/create' : `/api/manage/slip/${id}`;
  const loaded = await loadEntity<Slip, SlipFormOptions>(url, 'slip', {
    signal,
    query: id === 'create' ? { taskId, copyId } : undefined,
  });
  return { slip: loaded.entity, formOptions: loaded.formOptions as SlipFormOptions };
}

/** A copy of a slip, as the server fills it (SPEC §2 case_task_slip_basics_copy: create carrying the source id). */
export const fetchSlipCopy = (sourceId: number, signal?: AbortSignal) =>
  fetchSlip('create', undefined, signal, sourceId);

/** The new slip's defaults for a task (SPEC §7 "Create-defaults response: slip"). */
export const fetchSlipDefaults = (taskId: number, signal?: AbortSignal) =>
  fetchSlip('create', taskId, signal);

export function saveSlip(id: number | null, values: SlipValues): Promise<Slip> {
  return saveEntity<Slip>(`/api/manage/slip/${id ?? 'create'}`, 'slip', { ...values });
}

export function deleteSlip(slip: Pick<Slip, 'id' | 'version'>): Promise<unknown> {
  return deleteEntity(`/api/manage/slip/${slip.id}?version=${slip.version}`);
}

export async function saveBucket(
  categoryId: number,
  date: Date,
  values: { time: string; comment: string; version: number },
): Promise<Bucket> {
  const response = await apiPost<{ bucket: Bucket }>(
    `/api/manage/bucket/${categoryId}/${toPathDate(date)}`,
    values,
  );
  return response.bucket;
}

export type AvailableQuery = {
  slipId: number;
  client?: number | null;
  department?: number | null;
  q?: string;
};

export function fetchAvailable(query: AvailableQuery, signal?: AbortSignal): Promise<AvailableForSlip> {
  return apiGet<AvailableForSlip>('/api/manage/task/available-for-slip', {
    signal,
    query: { slipId: query.slipId, client: query.client, department: query.department, q: query.q },
  });
}

export function moveSlip(taskId: number, slipId: number, targetTask: number | null): Promise<MoveSlipResult> {
  return apiPost<MoveSlipResult>(`/api/manage/task/${taskId}/move-slip/${slipId}`, { targetTask });
}

export type PrintResult = CardPrintResult;

export function printTaskCard(taskId: number): Promise<PrintResult> {
  return apiPost<PrintResult>(`/api/manage/task/card-print/${taskId}`);
}
