// The edit form of a slip card. DOM order gives the Tab order (SPEC §4, with Where beside How: start, end,
// description, date, how, where, multi, Save); CSS order lays the fields out in reading order.
import type { ReactNode } from 'react';
import type { SlipFormOptions } from '../../../shared/schemas/slip';
import { DateInput, Select, TextArea, TimeInput } from '../../ui';
import type { SlipValues } from './slip-logic';

type Props = {
  idPrefix: string;
  values: SlipValues;
  onChange: (values: SlipValues) => void;
  formOptions: SlipFormOptions;
  errors: Record<string, string[] | undefined>;
  warnings?: string[];
  duration: string;
  /** Billable time of the times as typed (read-only; h:mm), when finished. */
  billable?: string;
  billerLabel: string;
  /** The Save and Cancel buttons. */
  buttons: ReactNode;
};

const asOptions = (list: SlipFormOptions[keyof SlipFormOptions] | undefined) => list ?? [];

export function SlipFields({
  idPrefix,
  values,
  onChange,
  formOptions,
  errors,
  warnings,
  duration,
  billable,
  billerLabel,
  buttons,
}: Props) {
  const set = <K extends keyof SlipValues>(key: K, value: SlipValues[K]) =>
    onChange({ ...values, [key]: value });
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="sd-slip-fields">
      <TimeInput
        id={id('startTime')}
        name="startTime"
        label="Start"
        required
        className="sd-slip-f-start"
        value={values.startTime}
        onChange={(v) => set('startTime', v)}
        errors={errors.startTime}
        warnings={warnings}
      />
      <TimeInput
        id={id('stopTime')}
        name="stopTime"
        label="End"
        className="sd-slip-f-stop"
        value={values.stopTime}
        onChange={(v) => set('stopTime', v)}
        errors={errors.stopTime}
      />
      <TextArea
        id={id('comment')}
        name="comment"
        label="Description"
        autoGrow
        className="sd-slip-f-comment"
        value={values.comment}
        onChange={(v) => set('comment', v)}
        errors={errors.comment}
      />
      <DateInput
        id={id('date')}
        name="date"
        label="Date"
        required
        allowEmpty={false}
        className="sd-slip-f-date"
        value={values.date}
        onChange={(v) => set('date', v)}
        errors={errors.date}
      />
      <Select
        id={id('how')}
        name="how"
        label="How"
        className="sd-slip-f-how"
        value={values.how}
        options={asOptions(formOptions.how)}
        onChange={(v) => set('how', v === null ? null : String(v))}
        errors={errors.how}
      />
      <Select
        id={id('where')}
        name="where"
        label="Where"
        className="sd-slip-f-where"
        value={values.where}
        options={asOptions(formOptions.where)}
        onChange={(v) => set('where', v === null ? null : String(v))}
        errors={errors.where}
      />
      <Select
        id={id('rateMultiplier')}
        name="rateMultiplier"
        label="Multi"
        required
        className="sd-slip-f-multi"
        value={values.rateMultiplier}
        options={asOptions(formOptions.rateMultiplier)}
        onChange={(v) => set('rateMultiplier', v === null ? '1' : String(v))}
        errors={errors.rateMultiplier}
      />
      <div className="sd-slip-f-buttons d-flex gap-2">{buttons}</div>
      <div className="mb-3 sd-field sd-slip-f-time">
        <div className="form-label">Time</div>
        <div className="form-control-plaintext" data-testid="slip-time">
          {duration || '\u00a0'}
        </div>
        {billable ? (
          <div className="small text-body-secondary text-nowrap" data-testid="slip-billable">
            Billable {billable}
          </div>
        ) : null}
      </div>
      <div className="mb-3 sd-field sd-slip-f-biller">
        <div className="form-label">Biller</div>
        <div className="form-control-plaintext">{billerLabel || '\u00a0'}</div>
      </div>
    </div>
  );
}
