// The filter bar of a report, from its definition (never its name): organizations (several, as tags) or else the
// SPEC §4 client filter (none for reports of staff time), the device or user filter by the report's subject, and
// period (whole weeks where the report counts weeks), days, within, billed, review and one staff member where the
// report takes them. Every change lands in the address; the page starts again at its first row.
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BILLED_FILTERS, REVIEW_WINDOWS, type ReportDef, WARRANTY_WINDOWS } from '../../../shared/reports';
import type { Option } from '../../../shared/schemas/common';
import { EQUIPMENT_FILTERS } from '../../../shared/schemas/equipment';
import { ACTIVE_FILTERS, type CodeList } from '../../../shared/schemas/fields';
import { CLIENT_FILTERS } from '../../../shared/schemas/organization';
import { loadEntity } from '../../api/entity';
import { NumberInput, Select, Typeahead } from '../../ui';
import { TEXT_SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/use-debounced';
import { DateFilter } from '../records/date-filter';
import { type FilterDef, filterMessages } from '../records/record-list';
import { parseIds, REPORT_DEFAULTS, type ReportParams } from './report-query';
import { StaffFilter } from './report-staff-filter';

export type { ReportParams };

/** The labels filters are named by in messages ("To: The period must end on or after its start."). */
export const FILTER_LABELS: Record<string, string> = {
  organization: 'Organizations',
  clients: 'Clients',
  equipment: 'Devices',
  users: 'Users',
  from: 'From',
  to: 'To',
  days: 'No Check-In For (Days)',
  within: 'Warranty',
  billed: 'Cases',
  review: 'Review',
  staff: 'Staff',
};

/** A report counted in whole weeks names its period so. */
const WEEK_LABELS: Record<string, string> = { from: 'From (Week)', to: 'To (Week)' };

/** The label of one filter of this report. */
export function filterLabel(def: ReportDef | undefined, name: string): string {
  return (def?.weeks ? WEEK_LABELS[name] : undefined) ?? FILTER_LABELS[name] ?? name;
}

/** A refused report names the filter at fault, in the app's one list-error style. */
export function reportMessages(error: Error, def?: ReportDef): string[] {
  const filters: FilterDef[] = Object.keys(FILTER_LABELS).map((name) => ({
    name,
    label: filterLabel(def, name),
    kind: 'text',
  }));
  return filterMessages(error, filters);
}

const labelKey = (id: number) => ['report-organization-label', id] as const;

/** The names of the organizations in the address: known from the picker, else loaded once per id. */
function useOrganizationOptions(ids: number[], enabled: boolean, known: Option | null): Option[] {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: labelKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        loadEntity<{ name: string }>(`/api/manage/organization/${id}`, 'organization', { signal }).then(
          (r) => r.entity.name,
        ),
      staleTime: Number.POSITIVE_INFINITY,
      enabled,
      initialData: known && Number(known.value) === id ? known.label : undefined,
    })),
  });
  return ids.map((id, i) => ({ value: id, label: results[i]?.data ?? `Organization ${id}` }));
}

/** A code select whose empty choice is "All" where the list has it, else the report's default. */
function CodeFilter(props: {
  name: string;
  list: CodeList;
  state: ReportParams;
  disabled?: boolean;
  hint?: string;
}) {
  const { name, list, state } = props;
  const fallback = REPORT_DEFAULTS[name] ?? '';
  const emptyValue = list.some((c) => c.value === 'all') ? 'all' : fallback;
  const current = state.params.get(name) || fallback;
  return (
    <Select
      label={filterLabel(undefined, name)}
      name={name}
      options={list.filter((c) => c.value !== emptyValue).map((c) => ({ value: c.value, label: c.label }))}
      placeholder={list.find((c) => c.value === emptyValue)?.label ?? ''}
      value={current === emptyValue ? null : current}
      onChange={(v) => {
        const picked = v === null ? emptyValue : String(v);
        state.set({ [name]: picked === fallback ? null : picked });
      }}
      disabled={props.disabled}
      hint={props.hint}
      className="mb-0"
    />
  );
}

function DaysFilter({ state }: { state: ReportParams }) {
  const inAddress = state.params.get('days');
  const [value, setValue] = useState<number | null>(inAddress ? Number(inAddress) : null);
  const debounced = useDebounced(value, TEXT_SEARCH_DEBOUNCE_MS);
  const { set } = state;
  useEffect(() => {
    set({ days: debounced && debounced >= 1 ? String(debounced) : null });
  }, [debounced, set]);
  return (
    <NumberInput
      label={FILTER_LABELS.days!}
      name="days"
      value={value}
      onChange={setValue}
      min={1}
      max={3650}
      placeholder={REPORT_DEFAULTS.days}
      className="mb-0"
    />
  );
}

export function ReportFilters(props: {
  def: ReportDef;
  state: ReportParams;
  /** The report has answered (naming its one organization): names still unknown are loaded now. */
  namesReady: boolean;
  /** The one organization the report answered for. */
  known: Option | null;
}) {
  const { def, state } = props;
  const queryClient = useQueryClient();
  const byOrganization = def.subject !== 'staff';
  const ids = byOrganization ? parseIds(state.params.get('organization')) : [];
  const organizations = useOrganizationOptions(ids, props.namesReady, props.known);
  const cell = 'col-sm-6 col-md-4 col-xl-2';
  return (
    <form
      className="row g-2 align-items-start sd-filters"
      onSubmit={(e) => e.preventDefault()}
      aria-label={`${def.title} filters`}
    >
      {byOrganization ? (
        <>
          <div className="col-md-8 col-xl-4">
            <Typeahead
              mode="multiple"
              label={FILTER_LABELS.organization!}
              name="organization"
              url="/api/suggest/clients/"
              placeholder="All matching the client filter"
              value={organizations}
              onChange={(picked) => {
                for (const o of picked) queryClient.setQueryData(labelKey(Number(o.value)), o.label);
                state.set({ organization: picked.map((o) => o.value).join(',') || null });
              }}
              className="mb-0"
            />
          </div>
          <div className={cell}>
            <CodeFilter
              name="clients"
              list={CLIENT_FILTERS}
              state={state}
              disabled={ids.length > 0}
              hint={ids.length > 0 ? 'The chosen organizations' : undefined}
            />
          </div>
        </>
      ) : null}
      {def.staff ? (
        <div className="col-sm-6 col-md-4 col-xl-3">
          <StaffFilter state={state} label={filterLabel(def, 'staff')} />
        </div>
      ) : null}
      {def.subject === 'equipment' ? (
        <div className={cell}>
          <CodeFilter name="equipment" list={EQUIPMENT_FILTERS} state={state} />
        </div>
      ) : null}
      {def.subject === 'people' ? (
        <div className={cell}>
          <CodeFilter name="users" list={ACTIVE_FILTERS} state={state} />
        </div>
      ) : null}
      {def.period
        ? (['from', 'to'] as const).map((name) => (
            <div key={name} className="col-6 col-md-3 col-xl-2">
              <DateFilter
                label={filterLabel(def, name)}
                name={name}
                value={state.params.get(name) ?? ''}
                onChange={(v) => state.set({ [name]: v })}
              />
            </div>
          ))
        : null}
      {def.days ? (
        <div className={cell}>
          <DaysFilter state={state} />
        </div>
      ) : null}
      {def.within ? (
        <div className="col-sm-6 col-md-4 col-xl-3">
          <CodeFilter name="within" list={WARRANTY_WINDOWS} state={state} />
        </div>
      ) : null}
      {def.billed ? (
        <div className={cell}>
          <CodeFilter name="billed" list={BILLED_FILTERS} state={state} />
        </div>
      ) : null}
      {def.review ? (
        <div className="col-sm-6 col-md-4 col-xl-3">
          <CodeFilter name="review" list={REVIEW_WINDOWS} state={state} />
        </div>
      ) : null}
    </form>
  );
}
