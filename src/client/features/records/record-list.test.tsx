// A list refused for one of its filters names that filter, instead of the form's "fields shown in red".
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { filterMessages } from './record-list';

const filters = [
  { name: 'closeFrom', label: 'Close From', kind: 'date' as const },
  { name: 'closeTo', label: 'Close To', kind: 'date' as const },
];

describe('filterMessages', () => {
  it.each([
    [
      'a refused filter, by its label',
      new ApiError('Please review the page for field entry errors, shown in red.', {
        status: 400,
        fields: { closeTo: ['The end of the close date range cannot be before its start.'] },
      }),
      ['Close To: The end of the close date range cannot be before its start.'],
    ],
    [
      'a field no filter shows, as it is',
      new ApiError('Please review the page for field entry errors, shown in red.', {
        status: 400,
        fields: { after: ['This page link is no longer valid. Reload the list.'] },
      }),
      ['This page link is no longer valid. Reload the list.'],
    ],
    [
      'any other failure, by its message',
      new ApiError('Access Denied.', { status: 403 }),
      ['Access Denied.'],
    ],
    ['a network failure', new Error('Failed to fetch'), ['Failed to fetch']],
  ])('%s', (_what, error, expected) => {
    expect(filterMessages(error, filters)).toEqual(expected);
  });
});
