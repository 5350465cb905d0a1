// /admin/sales-settings-esignature: the signing service, who signature requests come from, and how often a signer
// who has not signed is reminded. Administrators only; no field history (SPEC §2), so no History link.
import { type EsignatureSettings, esignatureSettingsForm } from '../../../shared/schemas/sales-settings';
import { NumberInput, TextInput } from '../../ui';
import { SalesSettingsTabs } from './sales-settings-tabs';
import { type SettingsEditorProps, SettingsPage } from './settings-page';

function EsignatureEditor({ value, onChange, editing }: SettingsEditorProps<EsignatureSettings>) {
  const set = (change: Partial<EsignatureSettings>) => onChange({ ...value, ...change });
  const text = (v: string) => (v === '' ? null : v);
  return (
    <div className="row">
      <div className="col-md-6">
        <TextInput
          label="Provider Name"
          name="providerName"
          readOnly={!editing}
          hint={editing ? 'The e-signature service, e.g. Dropbox Sign or DocuSign' : undefined}
          value={value.providerName ?? ''}
          onChange={(v) => set({ providerName: text(v) })}
        />
      </div>
      <div className="col-md-6">
        <TextInput
          label="Sender Name"
          name="senderName"
          readOnly={!editing}
          value={value.senderName ?? ''}
          onChange={(v) => set({ senderName: text(v) })}
        />
      </div>
      <div className="col-md-6">
        <TextInput
          label="Sender Email"
          name="senderEmail"
          type="email"
          inputMode="email"
          readOnly={!editing}
          value={value.senderEmail ?? ''}
          onChange={(v) => set({ senderEmail: text(v) })}
        />
      </div>
      <div className="col-md-6">
        <NumberInput
          label="Reminder Days"
          name="reminderDays"
          readOnly={!editing}
          min={0}
          max={90}
          hint={editing ? 'Days between reminders to a signer; empty for none' : undefined}
          value={value.reminderDays}
          onChange={(v) => set({ reminderDays: v })}
        />
      </div>
    </div>
  );
}

export function EsignatureSettingsPage() {
  return (
    <SettingsPage<EsignatureSettings>
      title="Sales Settings: E-Signature"
      api="/api/admin/sales-settings-esignature"
      entityKey="esignatureSettings"
      nav={<SalesSettingsTabs />}
      schema={esignatureSettingsForm}
      toPayload={(v) => ({
        version: v.version,
        providerName: v.providerName,
        senderName: v.senderName,
        senderEmail: v.senderEmail,
        reminderDays: v.reminderDays,
      })}
      editor={(p) => <EsignatureEditor {...p} />}
    />
  );
}
