// /admin/case "Case & Task Grammar": what cases, tasks and slips are called in the UI (singular and plural) and the
// title-case exceptions of task titles (small words kept lower-case, brand spellings kept), with field history.
import { pathFor } from '../../../shared/routes';
import {
  type LanguageSettings,
  LIST_MAX,
  languageSettingsForm,
  WORD_MAX,
} from '../../../shared/schemas/language-settings';
import { TextArea, TextInput } from '../../ui';
import { HistoryView } from '../history/history-view';
import { type SettingsEditorProps, SettingsPage } from '../settings/settings-page';
import { LANGUAGE_API, LANGUAGE_ENTITY } from './grammar';

const TITLE = 'Case & Task Grammar';

const WORDS = [
  { thing: 'Case', singular: 'caseSingular', plural: 'casePlural' },
  { thing: 'Task', singular: 'taskSingular', plural: 'taskPlural' },
  { thing: 'Slip', singular: 'slipSingular', plural: 'slipPlural' },
] as const;

function GrammarEditor({ value, onChange, editing }: SettingsEditorProps<LanguageSettings>) {
  return (
    <>
      <h3 className="h6">Words</h3>
      <p className="small text-body-secondary">
        What the menus, breadcrumbs and page titles call cases, tasks and slips. Letters and spaces, at most{' '}
        {WORD_MAX}.
      </p>
      {WORDS.map((w) => (
        <div className="row" key={w.thing}>
          <div className="col-6 col-md-4">
            <TextInput
              label={`${w.thing} (Singular)`}
              name={w.singular}
              required
              readOnly={!editing}
              maxCount={editing ? WORD_MAX : undefined}
              value={value[w.singular]}
              onChange={(text) => onChange({ ...value, [w.singular]: text })}
            />
          </div>
          <div className="col-6 col-md-4">
            <TextInput
              label={`${w.thing} (Plural)`}
              name={w.plural}
              required
              readOnly={!editing}
              maxCount={editing ? WORD_MAX : undefined}
              value={value[w.plural]}
              onChange={(text) => onChange({ ...value, [w.plural]: text })}
            />
          </div>
        </div>
      ))}
      <h3 className="h6 mt-2">Task Titles</h3>
      <p className="small text-body-secondary">
        Task titles are title-cased; these words stay lower-case (except first and last), and these brand
        spellings are kept as written. One a line, at most {LIST_MAX} each.
      </p>
      <div className="row">
        <div className="col-md-4">
          <TextArea
            label="Small Words"
            name="smallWords"
            readOnly={!editing}
            autoGrow
            readOnlyRows={8}
            value={value.smallWords.join('\n')}
            onChange={(text) => onChange({ ...value, smallWords: text.split('\n') })}
          />
        </div>
        <div className="col-md-8">
          <TextArea
            label="Brand Spellings"
            name="brands"
            readOnly={!editing}
            autoGrow
            readOnlyRows={8}
            value={value.brands.join('\n')}
            onChange={(text) => onChange({ ...value, brands: text.split('\n') })}
          />
        </div>
      </div>
    </>
  );
}

export function LanguageSettingsPage() {
  return (
    <SettingsPage<LanguageSettings>
      title={TITLE}
      api={LANGUAGE_API}
      entityKey={LANGUAGE_ENTITY}
      historyKey="language-settings"
      historyPath={pathFor('language_settings_history')}
      schema={languageSettingsForm}
      toPayload={(v) => ({
        version: v.version,
        caseSingular: v.caseSingular,
        casePlural: v.casePlural,
        taskSingular: v.taskSingular,
        taskPlural: v.taskPlural,
        slipSingular: v.slipSingular,
        slipPlural: v.slipPlural,
        smallWords: v.smallWords,
        brands: v.brands,
      })}
      editor={(p) => <GrammarEditor {...p} />}
    />
  );
}

export function LanguageSettingsHistoryPage() {
  return (
    <HistoryView
      entity="language-settings"
      id={1}
      objectClass="LanguageSettings"
      backTo={pathFor('language_settings')}
      backText={TITLE}
    />
  );
}
