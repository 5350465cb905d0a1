// A day in a path (MMddyyyy), as the daily panel, the timesheet, the calendar and bucket time name it.
import { z } from 'zod';
import { fromPathDate, toIsoDate } from '../format/date.js';

/** The message of a day in a path that is not MMddyyyy or no real day: a 400 that says the format. */
export const INVALID_DAY = 'Please enter a valid date (MMDDYYYY).';

/** A day in a path as written (MMddyyyy), checked to be a real day. */
export const pathDay = z
  .string()
  .regex(/^\d{8}$/, INVALID_DAY)
  .refine((v) => fromPathDate(v) !== null, INVALID_DAY)
  .meta({ description: 'A day written MMddyyyy (11292026 is November 29, 2026).', examples: ['11292026'] });

/** A day in a path (MMddyyyy) as yyyy-MM-dd. */
export const pathDate = pathDay.transform((v) => toIsoDate(fromPathDate(v)!));
