// A save that met someone else's newer save (409): a three-way merge of the record as this user loaded it (base),
// the record as it is now (theirs) and the form (mine). A field only they changed takes theirs, a field only I
// changed keeps mine, and only fields both changed to different values are asked about.

export type MergeField = {
  name: string;
  label: string;
  /** The choices of a select, so a value shows its label. */
  options?: { label: string; value: string | number }[];
};

export type ConflictValue = { name: string; label: string; theirs: string; mine: string };

export type Merge = {
  /** The merged values: theirs for fields outside the form or changed only by them, mine where only I changed. */
  values: Record<string, unknown>;
  /** Fields both changed to different values: the user chooses. */
  conflicts: ConflictValue[];
  /** Labels of the fields taken from their save, and of mine kept over an unchanged base. */
  taken: string[];
  kept: string[];
  /** Both sides' values of each conflicting field, to apply a choice. */
  sides: Record<string, { theirs: unknown; mine: unknown }>;
};

export type Choice = 'theirs' | 'mine';

const isOption = (v: unknown): v is { value: unknown } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'value' in v;

/**
 * What a value means, for comparing: a picked option is its value, blank is blank whether null, undefined or '',
 * and a list of plain values is a set (ticking a role off and on again changes nothing).
 */
export function sameValueKey(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (isOption(value)) return sameValueKey(value.value);
  if (Array.isArray(value)) {
    const keys = value.map(sameValueKey);
    if (value.every((v) => v === null || typeof v !== 'object')) keys.sort();
    return JSON.stringify(keys);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Displayed text of one value: option labels for select values, Yes/No for booleans. */
export function displayValue(value: unknown, options?: MergeField['options']): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => displayValue(v, options)).join(', ');
  // A picked option (or a chosen file) shows its label, never "[object Object]".
  if (typeof value === 'object' && 'label' in value) return String((value as { label: unknown }).label);
  const option = options?.find((o) => String(o.value) === String(value));
  return option ? option.label : String(value);
}

export function mergeThreeWay(
  base: Record<string, unknown>,
  theirs: Record<string, unknown>,
  mine: Record<string, unknown>,
  fields: readonly MergeField[],
): Merge {
  const values: Record<string, unknown> = { ...theirs };
  const merge: Merge = { values, conflicts: [], taken: [], kept: [], sides: {} };
  for (const field of fields) {
    const [b, t, m] = [base, theirs, mine].map((v) => sameValueKey(v[field.name]));
    const theyChanged = t !== b;
    const iChanged = m !== b;
    if (iChanged && !theyChanged) {
      values[field.name] = mine[field.name];
      merge.kept.push(field.label);
    } else if (theyChanged && !iChanged) merge.taken.push(field.label);
    else if (theyChanged && iChanged && t !== m) {
      // Mine stays in the form until the user chooses.
      values[field.name] = mine[field.name];
      merge.sides[field.name] = { theirs: theirs[field.name], mine: mine[field.name] };
      merge.conflicts.push({
        name: field.name,
        label: field.label,
        theirs: displayValue(theirs[field.name], field.options),
        mine: displayValue(mine[field.name], field.options),
      });
    }
  }
  return merge;
}

/** The merged values with the user's choice for each conflicting field (a field not chosen keeps mine). */
export function resolveMerge(merge: Merge, choices: Record<string, Choice>): Record<string, unknown> {
  const values = { ...merge.values };
  for (const [name, side] of Object.entries(merge.sides))
    values[name] = choices[name] === 'theirs' ? side.theirs : side.mine;
  return values;
}
