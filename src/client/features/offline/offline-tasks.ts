// The tasks this device can name with no network (the one-line entry): the user's recent open tasks, listed by the
// server and kept here whenever the app is online, and the tasks of the slips the device remembers.
import type { QuickCandidate } from '../../../shared/quick-entry';
import type { Slip } from '../../../shared/schemas/slip';
import { apiGet } from '../../api/http';
import { candidatesOf } from '../quick-entry/quick-entry-logic';
import * as store from './offline-store';

const offlineCapable = () => typeof indexedDB !== 'undefined';

/** Lists the user's recent tasks from the server and keeps them on the device; how many. */
export async function refreshRecentTasks(userId: number, signal?: AbortSignal): Promise<number> {
  const { tasks } = await apiGet<{ tasks: QuickCandidate[] }>('/api/time/recent-tasks', { signal });
  if (offlineCapable()) await store.rememberTasks(userId, tasks);
  return tasks.length;
}

/** Every task this device knows for the user: kept recent tasks, remembered days' slips and the slips on screen. */
export async function tasksOnDevice(
  userId: number | undefined,
  shown: readonly Slip[],
): Promise<QuickCandidate[]> {
  if (userId === undefined || !offlineCapable()) return candidatesOf([], shown);
  const [kept, days] = await Promise.all([
    store.rememberedTasks(userId).catch(() => []),
    store.rememberedDays(userId).catch(() => []),
  ]);
  return candidatesOf(kept, [...shown, ...days.flatMap((d) => d.slips)]);
}
