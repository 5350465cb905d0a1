// Gallery: typeahead modes (local, remote staff suggestions, multiple, tags, groups, refine) and rich text.
import type { Option } from '../../../shared/schemas/common';
import { RichText, Typeahead } from '../../ui';
import { DEMO_REQUIRED, Demo, Live, Section } from './kit-demo';

const SERVICES: Option[] = [
  'Backup',
  'Email',
  'Firewall',
  'Helpdesk',
  'Antivirus',
  'Patching',
  'Printing',
  'VPN',
  'Wi-Fi',
].map((label, i) => ({ label, value: i + 1 }));

const GROUPS = [
  { group: 'Hardware', options: SERVICES.filter((s) => ['Firewall', 'Printing', 'Wi-Fi'].includes(s.label)) },
  {
    group: 'Software',
    options: SERVICES.filter((s) => ['Antivirus', 'Email', 'Patching'].includes(s.label)),
  },
];

export function TypeaheadSection() {
  return (
    <Section id="typeahead" title="Typeahead">
      <Demo title="Local options, single" testId="ta-local">
        <Live initial={null as Option | null}>
          {(v, set) => (
            <Typeahead
              label="Service"
              name="kit-ta-local"
              options={SERVICES}
              value={v}
              onChange={set}
              placeholder="Type to search"
            />
          )}
        </Live>
      </Demo>
      <Demo title="Remote staff suggestions" testId="ta-remote">
        <Live initial={null as Option | null}>
          {(v, set) => (
            <Typeahead
              label="Staff member"
              name="kit-ta-staff"
              url="/api/suggest/staff/"
              value={v}
              onChange={set}
              placeholder="Type a name"
              hint="Searches as you type (200 ms pause)."
            />
          )}
        </Live>
      </Demo>
      <Demo title="Multiple" testId="ta-multiple">
        <Live initial={[SERVICES[0]!] as Option[]}>
          {(v, set) => (
            <Typeahead
              mode="multiple"
              label="Services"
              name="kit-ta-multi"
              options={SERVICES}
              value={v}
              onChange={set}
            />
          )}
        </Live>
      </Demo>
      <Demo title="Tags (40 % tag size)" testId="ta-tags">
        <Live initial={[] as Option[]}>
          {(v, set) => (
            <Typeahead
              mode="tags"
              label="Keywords"
              name="kit-ta-tags"
              options={SERVICES}
              value={v}
              onChange={set}
              tagSizePercent={40}
            />
          )}
        </Live>
      </Demo>
      <Demo title="Grouped options" testId="ta-groups">
        <Live initial={null as Option | null}>
          {(v, set) => (
            <Typeahead label="Category" name="kit-ta-groups" options={GROUPS} value={v} onChange={set} />
          )}
        </Live>
      </Demo>
      <Demo title="Refine (More... / Less...)" testId="ta-refine">
        <Live initial={null as Option | null}>
          {(v, set) => (
            <Typeahead
              label="Technician"
              name="kit-ta-refine"
              url="/api/suggest/staff/?scope=short"
              refineUrl="/api/suggest/staff/?scope=all"
              value={v}
              onChange={set}
            />
          )}
        </Live>
      </Demo>
      <Demo title="Select-only (type to jump)" testId="ta-jump">
        <Live initial={null as Option | null}>
          {(v, set) => (
            <Typeahead
              label="Plan"
              name="kit-ta-jump"
              options={SERVICES}
              value={v}
              onChange={set}
              searchable={false}
            />
          )}
        </Live>
      </Demo>
      <Demo title="Error and read-only" testId="ta-states">
        <Live initial={null as Option | null}>
          {(v, set) => (
            <Typeahead
              label="Owner"
              name="kit-ta-error"
              options={SERVICES}
              value={v}
              onChange={set}
              required
              errors={DEMO_REQUIRED}
            />
          )}
        </Live>
        <Typeahead
          mode="multiple"
          label="Covered services"
          name="kit-ta-readonly"
          value={SERVICES.slice(0, 3)}
          onChange={() => {}}
          readOnly
        />
      </Demo>
    </Section>
  );
}

export function RichTextSection() {
  return (
    <Section id="rich-text" title="Rich text">
      <Demo title="Editor (loaded on demand)" testId="rich-edit">
        <Live initial="<p>Replaced the <strong>UPS battery</strong>.</p>">
          {(v, set) => <RichText label="Resolution" name="kit-rich" value={v} onChange={set} />}
        </Live>
      </Demo>
      <Demo title="Read-only" testId="rich-readonly">
        <RichText
          label="Summary"
          name="kit-rich-readonly"
          value="<h2>Outage</h2><p>Mail was <em>delayed</em> for 20 minutes.</p><ol><li>Restarted relay</li><li>Cleared queue</li></ol>"
          onChange={() => {}}
          readOnly
        />
      </Demo>
    </Section>
  );
}
