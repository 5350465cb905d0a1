// /admin/sales-settings-amendment: how new amendments are numbered, their default type, and whether signing one
// needs its signed document. Every signed-in user reads it (SPEC §6); administrators edit it.
import { pathFor } from '../../../shared/routes';
import { type AmendmentSettings, amendmentSettingsForm } from '../../../shared/schemas/amendment-settings';
import type { Option } from '../../../shared/schemas/common';
import { Checkbox, NumberInput, Select, TextInput } from '../../ui';
import { HistoryView } from '../history/history-view';
import { SalesSettingsTabs } from './sales-settings-tabs';
import { type SettingsEditorProps, SettingsPage } from './settings-page';

/** While editing, the number field may be empty; the type is what the select gives. */
type Draft = Omit<AmendmentSettings, 'nextNumber' | 'defaultAmendmentType'> & {
  nextNumber: number | null;
  defaultAmendmentType: Option | null;
};

function AmendmentSettingsEditor({ value, onChange, editing, formOptions }: SettingsEditorProps<Draft>) {
  const set = (change: Partial<Draft>) => onChange({ ...value, ...change });
  const current = value.defaultAmendmentType;
  const types = formOptions.defaultAmendmentType ?? [];
  // A default type made inactive since it was saved still shows by name; saving then asks for an active one.
  const options = current && !types.some((t) => t.value === current.value) ? [current, ...types] : types;
  return (
    <>
      <div className="row">
        <div className="col-md-4">
          <TextInput
            label="Number Prefix"
            name="numberPrefix"
            required
            readOnly={!editing}
            hint={editing ? 'Letters, digits and hyphens, e.g. AM-' : undefined}
            value={value.numberPrefix}
            onChange={(v) => set({ numberPrefix: v })}
          />
        </div>
        <div className="col-md-4">
          <NumberInput
            label="Next Number"
            name="nextNumber"
            required
            readOnly={!editing}
            min={1}
            value={value.nextNumber}
            onChange={(v) => set({ nextNumber: v })}
          />
        </div>
        <div className="col-md-4">
          <Select
            label="Default Amendment Type"
            name="defaultAmendmentType"
            readOnly={!editing}
            options={options}
            value={current?.value ?? null}
            onChange={(v) => set({ defaultAmendmentType: options.find((o) => o.value === v) ?? null })}
          />
        </div>
        <div className="col-12">
          <Checkbox
            label="Signing an amendment needs its signed document"
            name="signingNeedsDocument"
            readOnly={!editing}
            checked={value.signingNeedsDocument}
            onChange={(v) => set({ signingNeedsDocument: v })}
          />
        </div>
      </div>
      <p className="mb-0" data-testid="next-amendment">
        Next amendment: <strong>{`${value.numberPrefix.trim()}${value.nextNumber ?? ''}`}</strong>
      </p>
    </>
  );
}

export function AmendmentSettingsPage() {
  return (
    <SettingsPage<Draft>
      title="Sales Settings: Amendments"
      api="/api/admin/sales-settings-amendment"
      entityKey="amendmentSettings"
      historyKey="amendmentSettings"
      historyPath={pathFor('sales_settings_amendment_history')}
      nav={<SalesSettingsTabs />}
      schema={amendmentSettingsForm}
      toPayload={(v) => ({
        version: v.version,
        numberPrefix: v.numberPrefix,
        nextNumber: v.nextNumber,
        defaultAmendmentType: v.defaultAmendmentType?.value ?? null,
        signingNeedsDocument: v.signingNeedsDocument,
      })}
      editor={(p) => <AmendmentSettingsEditor {...p} />}
    />
  );
}

export function AmendmentSettingsHistoryPage() {
  return (
    <HistoryView
      entity="amendmentSettings"
      id={1}
      objectClass="AmendmentSettings"
      backTo={pathFor('sales_settings_amendment')}
      backText="Sales Settings"
    />
  );
}
