// Report history: every kept export with its download and "Run again" links, filtered by report in the address,
// more with Load More; an organization's tabs: its exports, its required uploads and this month's imports.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_REPORTS, type ReportHistoryItem } from '../../../shared/reports';
import { OrganizationTabs } from '../organizations/organization-tabs';
import {
  OrganizationReportHistoryPage,
  OrganizationReportsPage,
  ReportHistoryPage,
} from './organization-report-screens';
import { monthOf } from './organization-uploads';
import { type Call, renderAt, setWide, stubFetch } from './report-test-kit';

const item = (id: number, overrides: Partial<ReportHistoryItem> = {}): ReportHistoryItem => ({
  id,
  report: 'warranty',
  reportTitle: 'Warranty',
  title: `Warranty ${id}`,
  format: 'CSV',
  filtersText: 'Clients: Active · Expired or ending within 90 days',
  rerun: '/report/warranty?organization=5&within=90',
  organizations: 'Acme Dental',
  rowCount: 12,
  size: 2048,
  fileName: `warranty-${id}.csv`,
  createdAt: '2026-03-04T15:30:00.000Z',
  createdBy: 'Ada Admin',
  download: `/api/report/history/${id}/download`,
  ...overrides,
});

const historyCalls = (calls: Call[]) => calls.filter((c) => c.path === '/api/report/history');

beforeEach(() => setWide(true));
afterEach(() => vi.unstubAllGlobals());

describe('report history', () => {
  it('lists the exports with their links, filters by report in the address and loads more', async () => {
    const calls = stubFetch({
      '/api/report/history': (call) =>
        call.query.after === 'c1'
          ? {
              body: {
                items: [item(3, { title: 'Older export', rerun: null, format: 'FILE', rowCount: null })],
                next: null,
              },
            }
          : { body: { items: [item(9, { format: 'PDF' }), item(8)], next: 'c1' } },
    });
    const { search } = renderAt('/report/report-history', <ReportHistoryPage />);
    const row = (await screen.findByText('Warranty 9')).closest('tr')!;
    expect(within(row).getByText('PDF')).toBeInTheDocument();
    expect(row).toHaveTextContent('Clients: Active · Expired or ending within 90 days');
    expect(row).toHaveTextContent('Acme Dental');
    expect(row).toHaveTextContent('Ada Admin');
    expect(row).toHaveTextContent('03/04/2026');
    expect(row).toHaveTextContent('12 rows · 2 KB');
    expect(within(row).getByRole('link', { name: 'Download warranty-9.csv' })).toHaveAttribute(
      'href',
      '/api/report/history/9/download',
    );
    expect(within(row).getByRole('link', { name: 'Run Warranty again' })).toHaveAttribute(
      'href',
      '/report/warranty?organization=5&within=90',
    );
    expect(historyCalls(calls)[0]!.query).toEqual({ limit: '25' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    const older = (await screen.findByText('Older export')).closest('tr')!;
    expect(historyCalls(calls).at(-1)!.query).toEqual({ limit: '25', after: 'c1' });
    // An uploaded file: no rows counted, nothing to run again.
    expect(within(older).queryByRole('link', { name: /again/ })).toBeNull();
    expect(older).toHaveTextContent('2 KB');
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Report'), 'bitlocker');
    await waitFor(() => expect(search().get('report')).toBe('bitlocker'));
    await waitFor(() =>
      expect(historyCalls(calls).at(-1)!.query).toEqual({ report: 'bitlocker', limit: '25' }),
    );
  });

  it('shows "No Results" when nothing was exported', async () => {
    stubFetch({ '/api/report/history': { body: { items: [], next: null } } });
    renderAt('/report/report-history?report=patch', <ReportHistoryPage />);
    expect(await screen.findByText('No Results')).toBeInTheDocument();
  });
});

const ORG = '/manage/organization/5';
const orgAnswers = {
  'POST /api/user/profile': { body: { user: { id: 1, isAdmin: true, isDeveloper: false } } },
  '/api/manage/organization/5': { body: { organization: { id: 5, name: 'Acme Dental' } } },
  '/api/report/required-uploads': {
    body: {
      items: [
        {
          id: 1,
          name: 'Quarterly security pack',
          description: null,
          report: null,
          reportTitle: null,
          frequency: { value: 'QUARTERLY', label: 'Quarterly' },
          period: { from: '', to: '', label: 'Q1 2026' },
          lastSent: {
            id: 11,
            title: 'Quarterly security pack: Acme Dental',
            at: '2026-01-10T16:00:00.000Z',
            download: '/api/report/history/11/file',
          },
          dueOn: '04/15/2026',
          state: { value: 'DUE', label: 'Due' },
        },
        {
          id: 2,
          name: 'Annual review',
          description: null,
          report: null,
          reportTitle: null,
          frequency: { value: 'YEARLY', label: 'Yearly' },
          period: { from: '', to: '', label: '2025' },
          lastSent: null,
          dueOn: '01/31/2026',
          state: { value: 'OVERDUE', label: 'Overdue' },
        },
        {
          id: 3,
          name: 'Monthly patch summary',
          description: null,
          report: null,
          reportTitle: null,
          frequency: { value: 'MONTHLY', label: 'Monthly' },
          period: { from: '', to: '', label: 'February 2026' },
          lastSent: {
            id: 13,
            title: 'Monthly patch summary: Acme Dental',
            at: '2026-03-02T16:00:00.000Z',
            download: '/api/report/history/13/file',
          },
          dueOn: '03/05/2026',
          state: { value: 'RECEIVED', label: 'Received' },
        },
      ],
    },
  },
  '/api/admin/file-import/status': {
    body: {
      items: [
        {
          organization: { value: 5, label: 'Acme Dental' },
          kinds: {
            DEVICE: { status: 'Uploaded', uploadedAt: '2026-03-03T12:00:00.000Z', runId: 7 },
            ANTIVIRUS: { status: 'Missing', uploadedAt: null, runId: null },
            BITLOCKER: { status: 'Missing', uploadedAt: null, runId: null },
            PATCH: { status: 'Missing', uploadedAt: null, runId: null },
          },
        },
      ],
      next: null,
    },
  },
  '/api/report/history': { body: { items: [item(4)], next: null } },
};

describe('an organization’s Reports tab', () => {
  it('opens each report for the organization, and shows its required uploads and this month’s imports', async () => {
    const calls = stubFetch(orgAnswers);
    renderAt(`${ORG}/reports`, <OrganizationReportsPage />, '/manage/organization/:id/reports');
    const reports = screen.getByRole('region', { name: 'Client Reports' });
    const links = within(reports).getAllByRole('link');
    expect(links).toHaveLength(CLIENT_REPORTS.length);
    expect(within(reports).getByRole('link', { name: 'Device Summary by Address' })).toHaveAttribute(
      'href',
      '/report/device-summary-by-address?organization=5',
    );
    expect(within(reports).getByRole('link', { name: 'Warranty' })).toHaveAttribute(
      'href',
      '/report/warranty?organization=5',
    );
    expect(within(reports).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'href',
      '/report/user?organization=5',
    );

    const uploads = await screen.findByRole('region', { name: 'Required Uploads' });
    const rows = (await within(uploads).findAllByRole('row')).slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Quarterly security packQuarterlyQ1 202601/10/2026 4:00 PM04/15/2026Due',
      'Annual reviewYearly2025Never01/31/2026Overdue',
      'Monthly patch summaryMonthlyFebruary 202603/02/2026 4:00 PM03/05/2026Received',
    ]);

    const imports = await screen.findByRole('region', { name: /^RMM Imports/ });
    await within(imports).findByText('Devices');
    const state = (kind: string) => within(imports).getByText(kind).closest('.card')!.textContent;
    expect(state('Devices')).toBe('DevicesUploaded03/03/2026 12:00 PM');
    expect(state('Patches')).toBe('PatchesMissing');
    expect(state('Antivirus')).toBe('AntivirusMissing');
    const statusCall = calls.find((c) => c.path === '/api/admin/file-import/status')!;
    expect(statusCall.query).toEqual({ month: monthOf(new Date()), organization: '5' });
    expect(calls.find((c) => c.path === '/api/report/required-uploads')!.query).toEqual({
      organization: '5',
    });
  });
});

describe('an organization’s Report History tab', () => {
  it('lists the organization’s exports and the required uploads still due', async () => {
    const calls = stubFetch(orgAnswers);
    renderAt(
      `${ORG}/report-history`,
      <OrganizationReportHistoryPage />,
      '/manage/organization/:id/report-history',
    );
    await screen.findByText('Warranty 4');
    expect(historyCalls(calls)[0]!.query).toEqual({ organization: '5', limit: '25' });
    const due = await screen.findByRole('region', { name: 'Required Uploads Due' });
    expect(due).toHaveTextContent('Quarterly security pack');
    expect(due).toHaveTextContent('Annual review');
    expect(due).not.toHaveTextContent('Monthly patch summary');
    expect(screen.getByRole('heading', { name: 'Report History', level: 1 })).toBeInTheDocument();
  });
});

describe('organization tabs', () => {
  it.each([
    [
      true,
      [
        'Basics',
        'People',
        'Equipment',
        'Software',
        'Systems',
        'Agreements',
        'Opportunities',
        'Reports',
        'Report History',
      ],
    ],
    [false, ['Basics', 'People', 'Equipment', 'Software', 'Systems', 'Agreements', 'Opportunities']],
  ])('an administrator (%s) sees the report tabs', async (isAdmin, tabs) => {
    stubFetch({ 'POST /api/user/profile': { body: { user: { id: 1, isAdmin, isDeveloper: false } } } });
    renderAt(ORG, <OrganizationTabs id={5} />);
    const nav = screen.getByRole('navigation', { name: 'Organization' });
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(tabs),
    );
    if (isAdmin)
      expect(within(nav).getByRole('link', { name: 'Report History' })).toHaveAttribute(
        'href',
        '/manage/organization/5/report-history',
      );
  });
});
