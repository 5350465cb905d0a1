// Readable messages for every schema check that names none of its own: no validator's default text (e.g.
// "Invalid input: expected number, received NaN") ever reaches a form or an API response. Set once, for every schema.
import { z } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';

export const BLANK = 'This value should not be blank.';
export const INVALID = 'This value is not valid.';
export const NOT_A_NUMBER = 'Please enter a number.';

type Issue = $ZodRawIssue;

const plural = (n: number | bigint, word: string) => `${n} ${word}${Number(n) === 1 ? '' : 's'}`;

/** The message a person sees for a schema issue that carries no message of its own. */
export function readableMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return BLANK;
      return issue.expected === 'number' || issue.expected === 'int' ? NOT_A_NUMBER : INVALID;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? BLANK
          : `This value is too short. It should have ${plural(issue.minimum, 'character')} or more.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Please choose at least ${issue.minimum}.`;
      return `Please enter a number of ${issue.minimum} or more.`;
    case 'too_big':
      if (issue.origin === 'string')
        return `This value is too long. It should have ${plural(issue.maximum, 'character')} or less.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Please choose at most ${issue.maximum}.`;
      return `Please enter a number of ${issue.maximum} or less.`;
    case 'invalid_value':
      return 'Please choose one of the offered values.';
    case 'unrecognized_keys':
      return 'This field is not expected here.';
    default:
      return INVALID;
  }
}

z.config({ customError: (issue) => readableMessage(issue) });
