// The billable-time rounding fields of the organization and agreement-service forms (src/shared/rounding.ts).
import {
  ROUNDING_INCREMENT_MAX,
  ROUNDING_INCREMENT_MIN,
  ROUNDING_MINIMUM_MAX,
} from '../../../shared/rounding';
import type { FieldDef } from './record-fields';

/** Rounding Minimum and Rounding Increment; `whenEmpty` says which rule applies when the increment is left empty. */
export const roundingFieldDefs = (whenEmpty: string): FieldDef[] => [
  {
    name: 'roundingMinimum',
    label: 'Rounding Minimum (min)',
    kind: 'number',
    col: 'col-6 col-md-3',
    hint: `0–${ROUNDING_MINIMUM_MAX}; empty: no minimum.`,
  },
  {
    name: 'roundingIncrement',
    label: 'Rounding Increment (min)',
    kind: 'number',
    col: 'col-6 col-md-3',
    hint: `${ROUNDING_INCREMENT_MIN}–${ROUNDING_INCREMENT_MAX}; ${whenEmpty}`,
  },
];
