// /admin/accounting-mapping: which account code, item and tax code each service type, time and materials, and
// hand-added charges and credits go to in the invoice exports (Xero, QuickBooks Online, IIF, CSV, XLSX); empty
// values fall back to the default sales account and tax code. The one settings form: Edit, Save, field history.
import { pathFor } from '../../../shared/routes';
import {
  type AccountingMapping,
  accountingMappingForm,
  CODE_MAX,
  ITEM_MAX,
  type MappingTarget,
} from '../../../shared/schemas/accounting-mapping';
import { TextInput } from '../../ui';
import { HistoryView } from '../history/history-view';
import { type SettingsEditorProps, SettingsPage } from '../settings/settings-page';

const API = '/api/report/accounting-mapping';
const TITLE = 'Accounting Mapping';
const GROUPS = [
  ['time', 'Time and Materials'],
  ['charge', 'Charges'],
  ['credit', 'Credits'],
] as const;

function TargetRow(props: {
  label: string;
  name: string;
  value: MappingTarget;
  editing: boolean;
  onChange: (next: MappingTarget) => void;
}) {
  const field = (key: keyof MappingTarget, label: string, max: number) => (
    <div className="col-md-4">
      <TextInput
        label={`${props.label} ${label}`}
        name={`${props.name}-${key}`}
        readOnly={!props.editing}
        maxCount={props.editing ? max : undefined}
        value={props.value[key] ?? ''}
        onChange={(text) => props.onChange({ ...props.value, [key]: text })}
      />
    </div>
  );
  return (
    <div className="row">
      {field('account', 'Account Code', CODE_MAX)}
      {field('item', 'Item', ITEM_MAX)}
      {field('taxCode', 'Tax Code', CODE_MAX)}
    </div>
  );
}

function MappingEditor({ value, onChange, editing }: SettingsEditorProps<AccountingMapping>) {
  const top = (key: 'defaultAccount' | 'defaultTaxCode' | 'receivableAccount', label: string) => (
    <div className="col-md-4">
      <TextInput
        label={label}
        name={key}
        required
        readOnly={!editing}
        maxCount={editing ? CODE_MAX : undefined}
        value={value[key]}
        onChange={(text) => onChange({ ...value, [key]: text })}
      />
    </div>
  );
  return (
    <>
      <div className="row">
        {top('defaultAccount', 'Default Sales Account')}
        {top('defaultTaxCode', 'Default Tax Code')}
        {top('receivableAccount', 'Accounts Receivable Account')}
      </div>
      <p className="small text-body-secondary">
        Empty values use the defaults; an empty item is the service type&apos;s name. Payment terms on every
        invoice: {value.paymentTerms}
      </p>
      <h3 className="h6 mt-3">Lines</h3>
      {GROUPS.map(([key, label]) => (
        <TargetRow
          key={key}
          label={label}
          name={key}
          editing={editing}
          value={value[key]}
          onChange={(next) => onChange({ ...value, [key]: next })}
        />
      ))}
      <h3 className="h6 mt-3">Service Types</h3>
      {value.serviceTypes.length === 0 ? <p className="small">No service types.</p> : null}
      {value.serviceTypes.map((row, i) => (
        <TargetRow
          key={row.serviceType.value}
          label={row.serviceType.label}
          name={`serviceType-${row.serviceType.value}`}
          editing={editing}
          value={row}
          onChange={(next) =>
            onChange({
              ...value,
              serviceTypes: value.serviceTypes.map((r, j) => (j === i ? { ...r, ...next } : r)),
            })
          }
        />
      ))}
    </>
  );
}

export function AccountingMappingPage() {
  return (
    <SettingsPage<AccountingMapping>
      title={TITLE}
      api={API}
      entityKey="mapping"
      historyKey="accounting-mapping"
      historyPath={pathFor('accounting_mapping_history')}
      schema={accountingMappingForm}
      toPayload={(v) => ({
        version: v.version,
        defaultAccount: v.defaultAccount,
        defaultTaxCode: v.defaultTaxCode,
        receivableAccount: v.receivableAccount,
        time: v.time,
        charge: v.charge,
        credit: v.credit,
        serviceTypes: v.serviceTypes.map((s) => ({
          serviceType: s.serviceType.value,
          account: s.account,
          item: s.item,
          taxCode: s.taxCode,
        })),
      })}
      editor={(p) => <MappingEditor {...p} />}
    />
  );
}

export function AccountingMappingHistoryPage() {
  return (
    <HistoryView
      entity="accounting-mapping"
      id={1}
      objectClass="AccountingMapping"
      backTo={pathFor('accounting_mapping')}
      backText={TITLE}
    />
  );
}
