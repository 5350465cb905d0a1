// /admin/rmm-settings: which devices count as virtual (left out of billing counts): device categories and model
// patterns, with a live count of the active devices the rule marks virtual.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pathFor } from '../../../shared/routes';
import type { Option } from '../../../shared/schemas/common';
import {
  MODELS_MAX,
  type RmmSettings,
  rmmSettingsForm,
  type VirtualCount,
  virtualCountQuery,
} from '../../../shared/schemas/rmm-settings';
import { apiGet } from '../../api/http';
import { TextArea, Typeahead } from '../../ui';
import { useDebounced } from '../../ui/use-debounced';
import { HistoryView } from '../history/history-view';
import { type SettingsEditorProps, SettingsPage } from './settings-page';

const API = '/api/admin/rmm-settings';
const TITLE = 'RMM Settings: Virtual Devices';
/** Past this the address is too long for the count's GET: the saved rule is counted after Save. */
const COUNT_URL_MAX = 8000;
const COUNT_DEBOUNCE_MS = 400;

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** How many active devices the rule shown marks virtual, following the edits after a short pause. */
export function VirtualDeviceCount({ categoryIds, models }: { categoryIds: number[]; models: string[] }) {
  const rule = useDebounced(
    { categoryIds: categoryIds.join(','), models: models.join('\n') },
    COUNT_DEBOUNCE_MS,
  );
  const checked = virtualCountQuery.safeParse(rule);
  // Both always sent, empty ones too: without them the server counts the saved rule.
  const url = `${API}/virtual-count?categoryIds=${encodeURIComponent(rule.categoryIds)}&models=${encodeURIComponent(rule.models)}`;
  const countable = checked.success && url.length <= COUNT_URL_MAX;
  const query = useQuery({
    queryKey: ['rmm-virtual-count', rule],
    queryFn: ({ signal }) => apiGet<VirtualCount>(url, { signal }),
    enabled: countable,
    placeholderData: keepPreviousData,
  });
  let text: string;
  if (!checked.success) text = `Not counted: ${checked.error.issues[0]?.message ?? 'check the patterns.'}`;
  else if (!countable) text = 'Too many patterns to count before saving: Save to see the count.';
  else if (query.isError) text = query.error.message;
  else if (!query.data) text = 'Counting…';
  else
    text = `${plural(query.data.virtual, 'active device')} of ${query.data.total.toLocaleString('en-US')} count as virtual.`;
  return (
    <p className="mb-0 mt-2" role="status" aria-live="polite" data-testid="virtual-count">
      {text}
      {query.isFetching && query.data ? <span className="text-body-secondary small"> (updating)</span> : null}
    </p>
  );
}

/** The categories as the picker gives them. */
type Draft = Omit<RmmSettings, 'categories'> & { categories: Option[] };

function RuleEditor({ value, onChange, editing, formOptions }: SettingsEditorProps<Draft>) {
  return (
    <>
      <div className="row">
        <div className="col-md-6">
          <Typeahead
            mode="multiple"
            label="Virtual Device Categories"
            name="categories"
            readOnly={!editing}
            options={formOptions.categories ?? []}
            hint={editing ? 'Every device of these categories counts as virtual.' : undefined}
            value={value.categories}
            onChange={(categories) => onChange({ ...value, categories })}
          />
        </div>
        <div className="col-md-6">
          <TextArea
            label="Virtual Model Patterns"
            name="models"
            readOnly={!editing}
            autoGrow
            readOnlyRows={10}
            value={value.models.join('\n')}
            onChange={(text) => onChange({ ...value, models: text.split('\n') })}
            placeholder={'VMware Virtual Platform\nVirtual Machine\n*KVM*'}
            hint={
              editing
                ? `One model a line, any case; * stands for any text ("VMware*", "*KVM*"). At most ${MODELS_MAX}.`
                : undefined
            }
          />
        </div>
      </div>
      <p className="small text-body-secondary mb-0">
        Devices marked virtual on the device itself count as virtual too. Virtual devices are left out of the
        user and device counts clients are billed by.
      </p>
      <VirtualDeviceCount categoryIds={value.categories.map((c) => Number(c.value))} models={value.models} />
    </>
  );
}

export function RmmSettingsPage() {
  return (
    <SettingsPage<Draft>
      title={TITLE}
      api={API}
      entityKey="rmmSettings"
      historyKey="rmm-settings"
      historyPath={pathFor('rmm_settings_virtual_devices_history')}
      schema={rmmSettingsForm}
      toPayload={(v) => ({
        version: v.version,
        categories: v.categories.map((c) => c.value),
        models: v.models,
      })}
      editor={(p) => <RuleEditor {...p} />}
    />
  );
}

export function RmmSettingsHistoryPage() {
  return (
    <HistoryView
      entity="rmm-settings"
      id={1}
      objectClass="RmmSettings"
      backTo={pathFor('rmm_settings_virtual_devices')}
      backText="RMM Settings"
    />
  );
}
