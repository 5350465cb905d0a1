// A day in a path (MMddyyyy), as the daily panel, the timesheet and bucket time name it.
import { z } from 'zod';
import { fromPathDate, toIsoDate } from '../format/date.js';

/** A day in a path (MMddyyyy) as yyyy-MM-dd; a malformed or impossible day names no resource (404). */
export const pathDate = z
  .string()
  .refine((v) => fromPathDate(v) !== null, 'Please enter a valid date (MMDDYYYY).')
  .transform((v) => toIsoDate(fromPathDate(v)!));
