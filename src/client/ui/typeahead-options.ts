// Typeahead data: constants and texts of SPEC §9, grouped-option flattening, filtering and hints.
import type { ReactNode } from 'react';
import type { Option } from '../../shared/schemas/common';

export const TYPEAHEAD_LIMIT = 25;
export const TYPEAHEAD_DEBOUNCE_MS = 200;
export const TYPEAHEAD_MAX_HEIGHT = 300;
export const TYPEAHEAD_OPTION_HEIGHT = 26;
export const DOUBLE_TAB_MS = 200;
export const JUMP_RESET_MS = 500;
export const LIST_IS_EMPTY = 'List is empty';
export const HINTS = {
  select: 'Press enter to select',
  toggle: 'Press enter to toggle',
  selected: 'Selected',
  remove: 'Press enter to remove',
  add: 'Press enter to add option',
} as const;
export const REFINE_LABELS = { more: 'More...', less: 'Less...' } as const;

export type TypeaheadMode = 'single' | 'multiple' | 'tags';
/** An option may carry extra fields shown in columns. */
export type TypeaheadOption = Option & Record<string, unknown>;
/** SPEC §3: columns have name, title (markup allowed) and align. */
export type TypeaheadColumn = { name: string; title: ReactNode; align?: 'left' | 'center' | 'right' };

export type ListItem =
  | { kind: 'group'; label: string; key: string }
  | { kind: 'option'; option: TypeaheadOption; key: string; create?: boolean };

export function assertTagSizePercent(percent: number | undefined): void {
  if (percent === undefined) return;
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new Error(`Typeahead tag size percent must be 0 to 100; got ${percent}`);
  }
}

function isOption(x: unknown): x is TypeaheadOption {
  return !!x && typeof x === 'object' && 'label' in x && 'value' in x;
}

/** Flattens options or groups ({[groupLabel]: string, [groupValues]: Option[]}) into list items. */
export function toItems(data: unknown, groupLabel = 'group', groupValues = 'options'): ListItem[] {
  if (!Array.isArray(data)) return [];
  const items: ListItem[] = [];
  data.forEach((entry, gi) => {
    const record = entry as Record<string, unknown> | null;
    const values = record?.[groupValues];
    if (record && Array.isArray(values)) {
      const label = String(record[groupLabel] ?? '');
      items.push({ kind: 'group', label, key: `g${gi}:${label}` });
      for (const option of values) {
        if (isOption(option)) items.push({ kind: 'option', option, key: `${gi}:${String(option.value)}` });
      }
    } else if (isOption(entry)) {
      items.push({ kind: 'option', option: entry, key: `:${String(entry.value)}` });
    }
  });
  return items;
}

/** Local filtering: options whose label contains the text; groups left without options are dropped. */
export function filterItems(items: ListItem[], text: string): ListItem[] {
  const q = text.trim().toLowerCase();
  if (!q) return items;
  const kept = items.filter((i) => i.kind === 'group' || i.option.label.toLowerCase().includes(q));
  return kept.filter((item, i) => item.kind === 'option' || kept[i + 1]?.kind === 'option');
}

export function sameValue(a: Option, b: Option): boolean {
  return String(a.value) === String(b.value);
}

export function hintFor(mode: TypeaheadMode, selected: boolean, create: boolean): string {
  if (create) return HINTS.add;
  if (mode === 'single') return selected ? HINTS.selected : HINTS.select;
  return selected ? HINTS.remove : HINTS.toggle;
}

/** Index of the option whose label starts with the typed buffer (type-to-jump), or -1. */
export function jumpIndex(options: TypeaheadOption[], buffer: string): number {
  const b = buffer.toLowerCase();
  return options.findIndex((o) => o.label.toLowerCase().startsWith(b));
}
