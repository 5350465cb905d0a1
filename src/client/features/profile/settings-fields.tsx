// The user settings fields shared by the own profile and the staff admin screen.
import type { Option } from '../../../shared/schemas/common';
import { Checkbox, Select, TextInput } from '../../ui';

export type SettingsValues = {
  firstName: string;
  lastName: string;
  shortCode: string;
  homePage: string;
  caseListDailySlipsMode: string;
  autoPopulateTaskPoints: boolean;
};
export type SettingsName = keyof SettingsValues;

export type SettingsOptions = { homePage: Option[]; caseListDailySlipsMode: Option[] };

export const SETTINGS_LABELS: Record<SettingsName, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  shortCode: 'Short Code',
  homePage: 'Home Page',
  caseListDailySlipsMode: 'Daily Slips',
  autoPopulateTaskPoints: 'Auto-populate task points',
};

type Props = {
  values: SettingsValues;
  set: <K extends SettingsName>(name: K, value: SettingsValues[K]) => void;
  errorsOf: (name: SettingsName) => string[] | undefined;
  readOnly: boolean;
  options: SettingsOptions;
};

export function SettingsFields({ values, set, errorsOf, readOnly, options }: Props) {
  return (
    <div className="row g-x-3">
      <div className="col-sm-6">
        <TextInput
          label={SETTINGS_LABELS.firstName}
          name="firstName"
          required
          readOnly={readOnly}
          autoComplete="given-name"
          value={values.firstName}
          onChange={(v) => set('firstName', v)}
          errors={errorsOf('firstName')}
        />
      </div>
      <div className="col-sm-6">
        <TextInput
          label={SETTINGS_LABELS.lastName}
          name="lastName"
          required
          readOnly={readOnly}
          autoComplete="family-name"
          value={values.lastName}
          onChange={(v) => set('lastName', v)}
          errors={errorsOf('lastName')}
        />
      </div>
      <div className="col-sm-6">
        <TextInput
          label={SETTINGS_LABELS.shortCode}
          name="shortCode"
          required
          readOnly={readOnly}
          hint={readOnly ? undefined : '1 to 10 letters or digits, starting with a letter.'}
          value={values.shortCode}
          onChange={(v) => set('shortCode', v)}
          errors={errorsOf('shortCode')}
        />
      </div>
      <div className="col-sm-6">
        <Select
          label={SETTINGS_LABELS.homePage}
          name="homePage"
          required
          readOnly={readOnly}
          options={options.homePage}
          value={values.homePage || null}
          onChange={(v) => set('homePage', v === null ? '' : String(v))}
          errors={errorsOf('homePage')}
        />
      </div>
      <div className="col-sm-6">
        <Select
          label={SETTINGS_LABELS.caseListDailySlipsMode}
          name="caseListDailySlipsMode"
          required
          readOnly={readOnly}
          options={options.caseListDailySlipsMode}
          value={values.caseListDailySlipsMode || null}
          onChange={(v) => set('caseListDailySlipsMode', v === null ? '' : String(v))}
          errors={errorsOf('caseListDailySlipsMode')}
        />
      </div>
      <div className="col-sm-6 sd-check-cell">
        <Checkbox
          label={SETTINGS_LABELS.autoPopulateTaskPoints}
          name="autoPopulateTaskPoints"
          readOnly={readOnly}
          checked={values.autoPopulateTaskPoints}
          onChange={(v) => set('autoPopulateTaskPoints', v)}
          errors={errorsOf('autoPopulateTaskPoints')}
        />
      </div>
    </div>
  );
}
