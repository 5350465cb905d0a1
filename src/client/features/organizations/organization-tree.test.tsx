// A record's tree of screens reached at the top level and under an organization: the same screen names give each
// tree's paths, and the place is read back from either tree's route.
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { agreementListPath, agreementPath, useAgreementPlace } from '../agreements/agreement-paths';
import { opportunityListPath, opportunityPath } from '../opportunities/opportunity-paths';

function Place() {
  const place = useAgreementPlace();
  return <output>{JSON.stringify(place)}</output>;
}

describe('an agreement’s and an opportunity’s trees', () => {
  it.each([
    [agreementPath({ organization: null, agreementId: '7' }, 'basics'), '/manage/agreement/7'],
    [
      agreementPath({ organization: '3', agreementId: '7' }, 'service', { serviceId: 12 }),
      '/manage/organization/3/agreements/7/agreement-services/12',
    ],
    [
      opportunityPath({ organization: null, opportunityId: '5' }, 'proposal', { proposalId: 9 }),
      '/manage/opportunity/5/proposals/9',
    ],
    [
      opportunityPath({ organization: '3', opportunityId: '5' }, 'proposalHistory', { proposalId: 9 }),
      '/manage/organization/3/opportunities/5/proposals/9/history',
    ],
    [agreementListPath(null), '/manage/agreement'],
    [agreementListPath('3'), '/manage/organization/3/agreements'],
    [opportunityListPath('3'), '/manage/organization/3/opportunities'],
  ])('%s', (path, expected) => {
    expect(path).toBe(expected);
  });

  it('keeps a query on the path', () => {
    expect(agreementPath({ organization: null, agreementId: '7' }, 'amendments', {}, { page: 2 })).toBe(
      '/manage/agreement/7/amendments?page=2',
    );
  });

  it.each([
    ['/manage/agreement/7', { organization: null, agreementId: '7' }],
    ['/manage/agreement/create', { organization: null, agreementId: 'create' }],
    ['/manage/organization/3/agreements/7', { organization: '3', agreementId: '7' }],
  ])('reads the place of %s', async (url, expected) => {
    const router = createMemoryRouter(
      [
        { path: '/manage/agreement/:id', element: <Place /> },
        { path: '/manage/organization/:id/agreements/:agreementId', element: <Place /> },
      ],
      { initialEntries: [url] },
    );
    render(<RouterProvider router={router} />);
    expect(JSON.parse((await screen.findByRole('status')).textContent ?? '')).toEqual(expected);
  });
});
