// The rounding rule fields of organizations and agreement services (src/shared/rounding.ts): whole minutes in the
// ranges the database checks; empty means "not set" (the next rule applies).
import { z } from 'zod';
import {
  ROUNDING_INCREMENT_MAX,
  ROUNDING_INCREMENT_MESSAGE,
  ROUNDING_INCREMENT_MIN,
  ROUNDING_MINIMUM_MAX,
  ROUNDING_MINIMUM_MESSAGE,
} from '../rounding.js';

const minutes = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.trim() : v),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).nullable(),
  );

export const roundingMinimumField = () => minutes(0, ROUNDING_MINIMUM_MAX, ROUNDING_MINIMUM_MESSAGE);
export const roundingIncrementField = () =>
  minutes(ROUNDING_INCREMENT_MIN, ROUNDING_INCREMENT_MAX, ROUNDING_INCREMENT_MESSAGE);
