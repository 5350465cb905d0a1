// Typeahead (SPEC §9): remote or local options, single / multiple / tags, groups, the refine toggle; ARIA combobox.
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import type { Option } from '../../shared/schemas/common';
import type { Query } from '../api/http';
import { type FieldProps, FormField, fieldId, useField } from './form-field';
import { ReadOnlyText } from './read-only-text';
import { handleTypeaheadKey } from './typeahead-keys';
import { optionId, TypeaheadList } from './typeahead-list';
import {
  assertTagSizePercent,
  filterItems,
  type ListItem,
  REFINE_LABELS,
  sameValue,
  type TypeaheadColumn,
  type TypeaheadOption,
  toItems,
} from './typeahead-options';
import { TypeaheadTags } from './typeahead-tags';
import { useTypeToJump } from './use-type-to-jump';
import { useTypeaheadSearch } from './use-typeahead-search';

type CommonProps = FieldProps & {
  id?: string;
  /** Remote source: GET url?q=&limit=&...params returning options or groups. */
  url?: string;
  /** Second url for the expanded list; shows the "More..."/"Less..." toggle. */
  refineUrl?: string;
  params?: Query;
  limit?: number;
  /** Local options or groups (used when there is no url). */
  options?: unknown[];
  /** Keys of a group's label and values (SPEC §3). */
  groupLabel?: string;
  groupValues?: string;
  columns?: TypeaheadColumn[];
  placeholder?: string;
  emptyText?: string;
  /** false: no free text; typed letters jump to the first matching option. */
  searchable?: boolean;
  /** Tags mode: the widest a tag may be, in percent of the control (0–100). */
  tagSizePercent?: number;
  /** Tags mode: builds the option for typed text (default {label: text, value: text}). */
  onCreate?: (text: string) => TypeaheadOption;
  'data-testid'?: string;
};
export type SingleTypeaheadProps = CommonProps & {
  mode?: 'single';
  value: Option | null;
  onChange: (v: Option | null) => void;
};
export type MultiTypeaheadProps = CommonProps & {
  mode: 'multiple' | 'tags';
  value: Option[];
  onChange: (v: Option[]) => void;
};
export type TypeaheadProps = SingleTypeaheadProps | MultiTypeaheadProps;
export type TypeaheadState = 'closed' | 'almost-open' | 'open' | 'loading';

function isMulti(props: TypeaheadProps): props is MultiTypeaheadProps {
  return props.mode === 'multiple' || props.mode === 'tags';
}

function selectedOf(props: TypeaheadProps): Option[] {
  if (isMulti(props)) return props.value;
  return props.value ? [props.value] : [];
}

export function Typeahead(props: TypeaheadProps) {
  const id = fieldId(props.name, props.id);
  assertTagSizePercent(props.tagSizePercent);
  return (
    <FormField {...props} id={id}>
      {props.readOnly ? (
        <ReadOnlyText
          id={id}
          value={selectedOf(props)
            .map((o) => o.label)
            .join(', ')}
        />
      ) : (
        <TypeaheadControl {...props} id={id} />
      )}
    </FormField>
  );
}

function TypeaheadControl(props: TypeaheadProps & { id: string }) {
  const field = useField();
  const mode = props.mode ?? 'single';
  const multi = mode !== 'single';
  const searchable = props.searchable ?? true;
  const selected = selectedOf(props);
  const listId = `${props.id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(0);
  const [expanded, setExpanded] = useState(false);
  const lastTab = useRef(0);
  const typeToJump = useTypeToJump();
  const activeUrl = expanded && props.refineUrl ? props.refineUrl : props.url;
  const remote = useTypeaheadSearch(activeUrl, props.params, props.limit);

  const query = editing ? text : '';
  let items: ListItem[] = activeUrl
    ? toItems(remote.data, props.groupLabel, props.groupValues)
    : filterItems(toItems(props.options ?? [], props.groupLabel, props.groupValues), query);
  const typed = query.trim();
  if (
    mode === 'tags' &&
    typed &&
    !items.some((i) => i.kind === 'option' && i.option.label.toLowerCase() === typed.toLowerCase())
  ) {
    const option = props.onCreate ? props.onCreate(typed) : { label: typed, value: typed };
    items = [{ kind: 'option', option, key: 'create', create: true }, ...items];
  }
  const optionItems = items.filter((i) => i.kind === 'option');
  const hi = optionItems.length ? Math.min(Math.max(highlighted, 0), optionItems.length - 1) : -1;
  const status: TypeaheadState = !open
    ? 'closed'
    : activeUrl && remote.data === null
      ? 'almost-open'
      : 'open';
  const shown = status === 'open';
  const isSelected = (o: Option) => selected.some((s) => sameValue(s, o));

  // New results (or a new list after the refine toggle) start at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: remote.data is the trigger
  useEffect(() => setHighlighted(0), [remote.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run the search only when the url switches
  useEffect(() => {
    if (open) remote.search(query, true);
  }, [activeUrl]);

  const openList = (immediate: boolean) => {
    if (!open) {
      const first = optionItems.findIndex((i) => i.kind === 'option' && isSelected(i.option));
      setHighlighted(Math.max(first, 0));
    }
    setOpen(true);
    remote.search(query, immediate);
  };
  const closeList = () => {
    setOpen(false);
    setEditing(false);
    setText('');
    remote.cancel();
  };
  const emit = (next: Option[]) => {
    field?.markChanged();
    if (isMulti(props)) props.onChange(next);
    else props.onChange(next[0] ?? null);
  };
  const pick = (index: number) => {
    const item = optionItems[index];
    if (item?.kind !== 'option') return;
    if (!multi) {
      emit([item.option]);
      closeList();
      return;
    }
    emit(
      isSelected(item.option)
        ? selected.filter((s) => !sameValue(s, item.option))
        : [...selected, item.option],
    );
    if (text) {
      setText('');
      setEditing(false);
      remote.search('', true);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) =>
    handleTypeaheadKey(e, {
      open,
      shown,
      highlighted: hi,
      options: optionItems.flatMap((i) => (i.kind === 'option' ? [i.option] : [])),
      searchable,
      multi,
      text,
      hasSelection: selected.length > 0,
      lastTab,
      openList: () => openList(true),
      closeList,
      highlight: setHighlighted,
      pick,
      removeLast: () => emit(selected.slice(0, -1)),
      typeToJump,
    });

  const inputValue = multi || editing ? text : (selected[0]?.label ?? '');
  const input = (
    <input
      ref={inputRef}
      id={props.id}
      name={props.name}
      type="text"
      role="combobox"
      autoComplete="off"
      className={
        multi
          ? 'border-0 flex-grow-1 sd-typeahead-input'
          : `form-control ${field?.invalid ? 'is-invalid' : ''}`
      }
      style={multi ? { outline: 'none', minWidth: '6rem', background: 'transparent' } : undefined}
      value={inputValue}
      placeholder={multi && selected.length ? undefined : props.placeholder}
      readOnly={!searchable}
      disabled={props.disabled}
      aria-expanded={shown}
      aria-controls={shown ? listId : undefined}
      aria-autocomplete={searchable ? 'list' : 'none'}
      aria-activedescendant={shown && hi >= 0 ? optionId(listId, hi) : undefined}
      aria-required={props.required || undefined}
      aria-invalid={field?.invalid || undefined}
      aria-describedby={field?.describedBy}
      onFocus={(e) => e.target.select()}
      onClick={() => {
        if (!open) openList(true);
      }}
      onChange={(e) => {
        setText(e.target.value);
        setEditing(true);
        setOpen(true);
        setHighlighted(0);
        remote.search(e.target.value);
      }}
      onKeyDown={onKeyDown}
    />
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the whole control closes the list
    <div
      className="position-relative sd-typeahead"
      data-state={remote.loading && open ? 'loading' : status}
      data-testid={props['data-testid']}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) closeList();
      }}
    >
      <div className="d-flex gap-2 align-items-start">
        <div className="flex-grow-1 position-relative">
          {multi ? (
            <TypeaheadTags
              selected={selected}
              onRemove={(o) => emit(selected.filter((s) => !sameValue(s, o)))}
              tagSizePercent={props.tagSizePercent}
              invalid={field?.invalid}
              disabled={props.disabled}
            >
              {input}
            </TypeaheadTags>
          ) : (
            input
          )}
          {remote.loading && open ? (
            <Spinner
              animation="border"
              size="sm"
              className="position-absolute top-50 end-0 translate-middle-y me-4"
              role="status"
            >
              <span className="visually-hidden">Loading</span>
            </Spinner>
          ) : null}
          {shown ? (
            <TypeaheadList
              id={listId}
              items={items}
              highlighted={hi}
              mode={mode}
              isSelected={isSelected}
              onPick={pick}
              onHover={setHighlighted}
              columns={props.columns}
              emptyText={props.emptyText}
              label={props.label}
            />
          ) : null}
        </div>
        {props.refineUrl ? (
          <button
            type="button"
            className="btn btn-link btn-sm text-nowrap px-1"
            aria-pressed={expanded}
            disabled={props.disabled}
            onClick={() => {
              setExpanded((x) => !x);
              inputRef.current?.focus();
              setOpen(true);
            }}
          >
            {expanded ? REFINE_LABELS.less : REFINE_LABELS.more}
          </button>
        ) : null}
      </div>
    </div>
  );
}
