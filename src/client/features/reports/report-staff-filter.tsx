// The one staff member a report of staff time is run for (`staff=<user id>` in the address), picked from the staff
// suggestions; no choice is everyone. The picked name is remembered, and loaded once for an address that only has
// the id.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { loadEntity } from '../../api/entity';
import { Typeahead } from '../../ui';
import { parseIds, type ReportParams } from './report-query';

const staffLabelKey = (id: number) => ['report-staff-label', id] as const;

export function StaffFilter({ state, label }: { state: ReportParams; label: string }) {
  const queryClient = useQueryClient();
  const id = parseIds(state.params.get('staff'))[0] ?? null;
  const name = useQuery({
    queryKey: staffLabelKey(id ?? 0),
    queryFn: ({ signal }) =>
      loadEntity<{ name: string }>(`/api/admin/staff/${id}`, 'staff', { signal }).then((r) => r.entity.name),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const value = id === null ? null : { value: id, label: name.data ?? `Staff member ${id}` };
  return (
    <>
      <Typeahead
        label={label}
        name="staff"
        url="/api/suggest/staff/"
        placeholder="Everyone"
        value={value}
        onChange={(picked) => {
          if (picked) queryClient.setQueryData(staffLabelKey(Number(picked.value)), picked.label);
          state.set({ staff: picked ? String(picked.value) : null });
        }}
        className="mb-0"
      />
      {value ? (
        // A single picker has no empty choice: this is the way back to everyone.
        <button type="button" className="btn btn-link btn-sm p-0" onClick={() => state.set({ staff: null })}>
          Show everyone
        </button>
      ) : null}
    </>
  );
}
