// The daily panel's reads, which fall back on what this device remembers when there is no network: the day's
// summary and a new slip's defaults. The write path (offline-sync) shares only offlineCapable.
import { formatDate, fromPathDate } from '../../../shared/format/date';
import type { SlipSummary } from '../../../shared/schemas/slip';
import { isApiError } from '../../api/http';
import { fetchSlipDefaults, fetchSummary, type SlipLoad } from '../slips/slip-api';
import * as store from './offline-store';
import { localDefaults } from './offline-views';

/** Whether this browser can keep a queue and remembered days (IndexedDB). */
export const offlineCapable = () => typeof indexedDB !== 'undefined';

/** The summary of a day; with no network, the one last seen on this device for the user. */
export async function summaryOrRemembered(
  userId: number | undefined,
  pathDate: string,
  signal?: AbortSignal,
): Promise<SlipSummary> {
  const date = fromPathDate(pathDate) ?? new Date();
  try {
    const summary = await fetchSummary(date, signal);
    if (userId !== undefined && offlineCapable()) {
      store.rememberDay(userId, pathDate, summary).catch((e: unknown) => console.error(e));
    }
    return summary;
  } catch (error) {
    if (userId !== undefined && isApiError(error) && error.status === 0 && offlineCapable()) {
      const remembered = await store.rememberedDay(userId, pathDate).catch(() => undefined);
      if (remembered) return remembered;
    }
    throw error;
  }
}

/** A new slip's defaults; with no network, the task's last defaults seen here, else built from a remembered slip. */
export async function defaultsOrLocal(
  userId: number | undefined,
  taskId: number,
  today: Date,
  signal?: AbortSignal,
): Promise<SlipLoad> {
  try {
    const load = await fetchSlipDefaults(taskId, signal);
    if (userId !== undefined && offlineCapable()) {
      store.rememberDefaults(userId, taskId, load).catch((e: unknown) => console.error(e));
    }
    return load;
  } catch (error) {
    if (userId === undefined || !isApiError(error) || error.status !== 0 || !offlineCapable()) throw error;
    const date = formatDate(today);
    const remembered = await store.rememberedDefaults(userId, taskId).catch(() => undefined);
    if (remembered) return { ...remembered, slip: { ...remembered.slip, date } };
    const days = await store.rememberedDays(userId).catch(() => []);
    const slip = localDefaults(taskId, days, date);
    const day = days.find((d) => d.howOptions.length) ?? days[0];
    if (!slip || !day) throw error;
    return {
      slip,
      formOptions: {
        how: day.howOptions,
        where: day.whereOptions,
        user: day.billerOptions,
        rateMultiplier: day.rateMultiplierOptions,
      },
    };
  }
}
