// The listbox of a Typeahead: groups, optional columns, the highlighted option's hint, "List is empty".
import { useEffect, useRef } from 'react';
import {
  hintFor,
  LIST_IS_EMPTY,
  type ListItem,
  TYPEAHEAD_MAX_HEIGHT,
  TYPEAHEAD_OPTION_HEIGHT,
  type TypeaheadColumn,
  type TypeaheadMode,
  type TypeaheadOption,
} from './typeahead-options';

export type TypeaheadListProps = {
  id: string;
  items: ListItem[];
  /** Index among the option items (groups not counted); -1 = none. */
  highlighted: number;
  mode: TypeaheadMode;
  isSelected: (option: TypeaheadOption) => boolean;
  onPick: (index: number) => void;
  onHover: (index: number) => void;
  columns?: TypeaheadColumn[];
  emptyText?: string;
  label: string;
};

export function optionId(listId: string, index: number): string {
  return `${listId}-opt-${index}`;
}

const rowStyle = { minHeight: TYPEAHEAD_OPTION_HEIGHT, lineHeight: `${TYPEAHEAD_OPTION_HEIGHT - 6}px` };

export function TypeaheadList(props: TypeaheadListProps) {
  const { id, items, highlighted, mode, columns } = props;
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (highlighted < 0) return;
    const el = listRef.current?.querySelector(`#${CSS.escape(optionId(id, highlighted))}`);
    (el as HTMLElement | null)?.scrollIntoView?.({ block: 'nearest' });
  }, [highlighted, id]);

  let optionIndex = -1;
  const options = items.filter((i) => i.kind === 'option');
  return (
    <div
      ref={listRef}
      id={id}
      role="listbox"
      aria-label={props.label}
      aria-multiselectable={mode !== 'single' || undefined}
      className="dropdown-menu show w-100 py-1 sd-typeahead-list"
      style={{ maxHeight: TYPEAHEAD_MAX_HEIGHT, overflowY: 'auto' }}
      // Keep focus in the input while clicking in the list.
      onMouseDown={(e) => e.preventDefault()}
    >
      {columns?.length ? (
        <div className="d-flex px-3 small fw-semibold text-body-secondary border-bottom" aria-hidden="true">
          {columns.map((c) => (
            <div key={c.name} className="flex-fill" style={{ textAlign: c.align ?? 'left' }}>
              {c.title}
            </div>
          ))}
        </div>
      ) : null}
      {options.length === 0 ? (
        <div className="dropdown-item-text text-body-secondary" style={rowStyle}>
          {props.emptyText ?? LIST_IS_EMPTY}
        </div>
      ) : null}
      {items.map((item) => {
        if (item.kind === 'group') {
          return (
            <div key={item.key} role="presentation" className="dropdown-header py-1" style={rowStyle}>
              {item.label}
            </div>
          );
        }
        optionIndex++;
        const index = optionIndex;
        const active = index === highlighted;
        const selected = !item.create && props.isSelected(item.option);
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard use goes through the combobox input (aria-activedescendant)
          <div
            key={item.key}
            id={optionId(id, index)}
            role="option"
            tabIndex={-1}
            aria-selected={selected}
            className={[
              'dropdown-item d-flex align-items-center gap-2 py-0',
              active ? 'active' : '',
              selected ? 'fw-semibold' : '',
            ]
              .filter(Boolean)
              .join(' ')}
            style={{ ...rowStyle, cursor: 'pointer' }}
            onClick={() => props.onPick(index)}
            onMouseMove={() => {
              if (!active) props.onHover(index);
            }}
          >
            {columns?.length ? (
              columns.map((c) => (
                <span
                  key={c.name}
                  className="flex-fill text-truncate"
                  style={{ textAlign: c.align ?? 'left' }}
                >
                  {c.name === 'label' ? item.option.label : String(item.option[c.name] ?? '')}
                </span>
              ))
            ) : (
              <span className="flex-fill text-truncate">
                {item.create ? `"${item.option.label}"` : item.option.label}
              </span>
            )}
            {active ? (
              <span className="small text-nowrap sd-typeahead-hint" aria-hidden="true">
                {hintFor(mode, selected, !!item.create)}
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
