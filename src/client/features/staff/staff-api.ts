// Staff admin calls: the list (keyset pages) and one staff member (load/save through the generic entity calls).
import type { Option } from '../../../shared/schemas/common';
import { PAGE_SIZE } from '../../../shared/schemas/constants';
import type { Staff, StaffForm, StaffRow } from '../../../shared/schemas/staff';
import { type EntityLoad, loadEntity, saveEntity } from '../../api/entity';
import { apiGet } from '../../api/http';

export type ActiveFilter = 'all' | '1' | '2';
/** "all" is the empty choice of the select (label All). */
export const ACTIVE_FILTERS: Option[] = [
  { value: '1', label: 'Active' },
  { value: '2', label: 'Inactive' },
];

export type StaffOptions = { roles: Option[]; homePage: Option[]; caseListDailySlipsMode: Option[] };

export function listStaff(
  filters: { q: string; active: ActiveFilter },
  after: string | null,
  signal?: AbortSignal,
): Promise<{ items: StaffRow[]; next: string | null }> {
  return apiGet('/api/admin/staff', {
    signal,
    query: { q: filters.q.trim(), active: filters.active, limit: PAGE_SIZE, after: after ?? undefined },
  });
}

export const staffKey = (id: string) => ['staff', id] as const;

export function loadStaff(id: string, signal?: AbortSignal): Promise<EntityLoad<Staff, StaffOptions>> {
  return loadEntity<Staff, StaffOptions>(`/api/admin/staff/${encodeURIComponent(id)}`, 'staff', { signal });
}

export function saveStaff(id: string, values: StaffForm): Promise<Staff> {
  return saveEntity<Staff>(`/api/admin/staff/${encodeURIComponent(id)}`, 'staff', values);
}
