// Gallery: time of day, duration and date inputs in every state.
import { DateInput, DurationInput, TimeInput } from '../../ui';
import { DEMO_REQUIRED, Demo, Live, Section } from './kit-demo';

// Fixed demo bounds so the screen looks the same every day.
const isWeekend = (d: Date) => d.getDay() === 0 || d.getDay() === 6;

export function TimeSection() {
  return (
    <Section id="time" title="Time, duration and date">
      <Demo title="Time of day" testId="time">
        <Live initial="">
          {(v, set) => (
            <TimeInput
              label="Start time"
              name="kit-time"
              value={v}
              onChange={set}
              placeholder="e.g. 930 or 9:30p"
            />
          )}
        </Live>
      </Demo>
      <Demo title="Time, filled and read-only" testId="time-filled">
        <Live initial="3:20 PM">
          {(v, set) => <TimeInput label="Stop time" name="kit-time-filled" value={v} onChange={set} />}
        </Live>
        <TimeInput label="Logged at" name="kit-time-readonly" value="8:05 AM" onChange={() => {}} readOnly />
      </Demo>
      <Demo title="Duration (rounds up to 5 minutes)" testId="duration">
        <Live initial="">
          {(v, set) => (
            <DurationInput
              label="Time spent"
              name="kit-duration"
              value={v}
              onChange={set}
              placeholder="e.g. 1.25 or 1:15"
            />
          )}
        </Live>
      </Demo>
      <Demo title="Duration, half hours, forced 0:00" testId="duration-30">
        <Live initial="">
          {(v, set) => (
            <DurationInput
              label="Billed time"
              name="kit-duration-30"
              value={v}
              onChange={set}
              rounding={30}
              forceZero
            />
          )}
        </Live>
      </Demo>
      <Demo title="Date" testId="date">
        <Live initial="">
          {(v, set) => <DateInput label="Work date" name="kit-date" value={v} onChange={set} />}
        </Live>
      </Demo>
      <Demo title="Date with min, max, weekends disabled, not empty" testId="date-rules">
        <Live initial="03/20/2024">
          {(v, set) => (
            <DateInput
              label="Visit date"
              name="kit-date-rules"
              value={v}
              onChange={set}
              min="03/01/2024"
              max="04/30/2024"
              disabledDates={isWeekend}
              allowEmpty={false}
              hint="Weekdays from 03/01/2024 to 04/30/2024."
            />
          )}
        </Live>
      </Demo>
      <Demo title="Date, error, read-only and disabled" testId="date-states">
        <Live initial="">
          {(v, set) => (
            <DateInput
              label="Due date"
              name="kit-date-error"
              value={v}
              onChange={set}
              required
              errors={DEMO_REQUIRED}
            />
          )}
        </Live>
        <DateInput
          label="Closed on"
          name="kit-date-readonly"
          value="01/15/2024"
          onChange={() => {}}
          readOnly
        />
        <DateInput
          label="Renewal date"
          name="kit-date-disabled"
          value="12/31/2024"
          onChange={() => {}}
          disabled
        />
      </Demo>
    </Section>
  );
}
