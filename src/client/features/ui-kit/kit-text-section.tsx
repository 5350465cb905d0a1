// Gallery: text, number, text area, select and checkbox in every state.
import { Checkbox, NumberInput, Select, TextArea, TextInput } from '../../ui';
import { DEMO_ERRORS, DEMO_REQUIRED, DEMO_WARNINGS, Demo, Live, LONG_TEXT, Section } from './kit-demo';

const COLOURS = [
  { label: 'Red', value: 1 },
  { label: 'Green', value: 2 },
  { label: 'Blue', value: 3 },
];

export function TextSection() {
  return (
    <Section id="text" title="Text inputs">
      <Demo title="Empty, required, with hint" testId="text-empty">
        <Live initial="">
          {(v, set) => (
            <TextInput
              label="Full name"
              name="kit-text-empty"
              value={v}
              onChange={set}
              required
              hint="As shown on the contract."
            />
          )}
        </Live>
      </Demo>
      <Demo title="Filled" testId="text-filled">
        <Live initial="ada@example.com">
          {(v, set) => (
            <TextInput
              label="Email"
              name="kit-text-filled"
              type="email"
              inputMode="email"
              value={v}
              onChange={set}
            />
          )}
        </Live>
      </Demo>
      <Demo title="Error" testId="text-error">
        <Live initial="ada@">
          {(v, set) => (
            <TextInput
              label="Work email"
              name="kit-text-error"
              type="email"
              value={v}
              onChange={set}
              errors={DEMO_ERRORS}
              required
            />
          )}
        </Live>
      </Demo>
      <Demo title="Warning" testId="text-warning">
        <Live initial="office@example.com">
          {(v, set) => (
            <TextInput
              label="Contact email"
              name="kit-text-warning"
              value={v}
              onChange={set}
              warnings={DEMO_WARNINGS}
            />
          )}
        </Live>
      </Demo>
      <Demo title="Character count (min 5, max 20)" testId="text-count">
        <Live initial="Tok">
          {(v, set) => (
            <TextInput
              label="Short code"
              name="kit-text-count"
              value={v}
              onChange={set}
              minCount={5}
              maxCount={20}
            />
          )}
        </Live>
      </Demo>
      <Demo title="Read-only" testId="text-readonly">
        <TextInput
          label="Created by"
          name="kit-text-readonly"
          value="Grace Hopper"
          onChange={() => {}}
          readOnly
        />
      </Demo>
      <Demo title="Disabled" testId="text-disabled">
        <TextInput label="Account" name="kit-text-disabled" value="ACME-001" onChange={() => {}} disabled />
      </Demo>
      <Demo title="Password" testId="text-password">
        <Live initial="">
          {(v, set) => (
            <TextInput
              label="Password"
              name="kit-text-password"
              type="password"
              autoComplete="new-password"
              value={v}
              onChange={set}
            />
          )}
        </Live>
      </Demo>
      <Demo title="Number (↑/↓ add or subtract 1)" testId="number">
        <Live initial={3 as number | null}>
          {(v, set) => (
            <NumberInput label="Seats" name="kit-number" value={v} onChange={set} hint="Digits only." />
          )}
        </Live>
      </Demo>
      <Demo title="Text area (2 rows)" testId="area-default">
        <Live initial="">
          {(v, set) => <TextArea label="Comment" name="kit-area-default" value={v} onChange={set} />}
        </Live>
      </Demo>
      <Demo title="Text area, auto-grow 3–10 rows" testId="area-grow">
        <Live initial="">
          {(v, set) => (
            <TextArea
              label="Description"
              name="kit-area-grow"
              value={v}
              onChange={set}
              autoGrow
              errors={DEMO_REQUIRED}
              required
            />
          )}
        </Live>
      </Demo>
      <Demo title="Read-only long text, 3 rows" testId="area-readonly">
        <TextArea
          label="Work notes"
          name="kit-area-readonly"
          value={LONG_TEXT}
          onChange={() => {}}
          readOnly
          readOnlyRows={3}
        />
      </Demo>
      <Demo title="Select" testId="select-empty">
        <Live initial={null as string | number | null}>
          {(v, set) => (
            <Select
              label="Colour"
              name="kit-select-empty"
              value={v}
              onChange={set}
              options={COLOURS}
              placeholder="Choose a colour"
            />
          )}
        </Live>
      </Demo>
      <Demo title="Select, error" testId="select-error">
        <Live initial={null as string | number | null}>
          {(v, set) => (
            <Select
              label="Priority colour"
              name="kit-select-error"
              value={v}
              onChange={set}
              options={COLOURS}
              required
              errors={DEMO_REQUIRED}
            />
          )}
        </Live>
      </Demo>
      <Demo title="Select, read-only and disabled" testId="select-readonly">
        <Select
          label="Team colour"
          name="kit-select-readonly"
          value={2}
          onChange={() => {}}
          options={COLOURS}
          readOnly
        />
        <Select
          label="Site colour"
          name="kit-select-disabled"
          value={3}
          onChange={() => {}}
          options={COLOURS}
          disabled
        />
      </Demo>
      <Demo title="Checkboxes" testId="checkbox">
        <Live initial={false}>
          {(v, set) => <Checkbox label="Active" name="kit-check" checked={v} onChange={set} />}
        </Live>
        <Live initial={true}>
          {(v, set) => (
            <Checkbox label="Send reminders" name="kit-switch" checked={v} onChange={set} switch />
          )}
        </Live>
        <Live initial={false}>
          {(v, set) => (
            <Checkbox
              label="I accept the terms"
              name="kit-check-error"
              checked={v}
              onChange={set}
              required
              errors={DEMO_REQUIRED}
            />
          )}
        </Live>
        <Checkbox label="Billable" name="kit-check-readonly" checked onChange={() => {}} readOnly />
        <Checkbox label="Archived" name="kit-check-disabled" checked={false} onChange={() => {}} disabled />
      </Demo>
    </Section>
  );
}
