// Making security packs for every client a filter matches: the dialog sends the chosen client code, then says how
// many packs were queued and how many organizations were skipped with nothing to report, and follows the job; a
// filter whose clients have no devices is refused with the server's message under the field.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_CLIENT_DEVICES_TO_REPORT, type SecurityPackJob } from '../../../shared/reports';
import { renderAt, stubFetch } from './report-test-kit';
import { SecurityPackButton } from './security-pack-button';

const job = (over: Partial<SecurityPackJob> = {}): SecurityPackJob => ({
  id: '6f1c2f4e-8a43-4a1e-9f55-2a8f0f6e6b11',
  state: 'DONE',
  total: 12,
  done: 12,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('make security packs', () => {
  it('says how many packs were queued and how many organizations were skipped, then follows the job', async () => {
    const calls = stubFetch({
      'POST /api/report/security-pack': { body: { job: job({ state: 'QUEUED', done: 0 }), skipped: 3 } },
      [`/api/report/security-pack/${job().id}`]: { body: { job: job() } },
    });
    renderAt('/report/report-history', <SecurityPackButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Make security packs' }));
    const dialog = screen.getByRole('dialog', { name: 'Security packs' });
    expect(dialog).toHaveTextContent(
      'Clients with no active devices have nothing to report and are skipped.',
    );
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Clients/), 'RMM - Bill By User');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make' }));
    expect(await within(dialog).findByTestId('packs-queued')).toHaveTextContent(
      '12 packs queued; 3 organizations skipped: no devices to report',
    );
    expect(await within(dialog).findByText(/Security packs ready: 12 of 12 packs made/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ clients: '5' });
  });

  it('says one pack and no skipped organization for one client', async () => {
    stubFetch({
      'POST /api/report/security-pack': {
        body: { job: job({ total: 1, done: 0, state: 'QUEUED' }), skipped: 0 },
      },
      [`/api/report/security-pack/${job().id}`]: { body: { job: job({ total: 1, done: 1 }) } },
    });
    renderAt('/manage/organization/5/reports', <SecurityPackButton organization="5" />);
    await userEvent.click(screen.getByRole('button', { name: 'Make security pack' }));
    const dialog = screen.getByRole('dialog', { name: 'Security pack' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make' }));
    expect(await within(dialog).findByTestId('packs-queued')).toHaveTextContent(/^1 pack queued$/);
  });

  it('shows the refusal of a filter whose clients have nothing to report under the field', async () => {
    stubFetch({
      'POST /api/report/security-pack': {
        status: 400,
        body: {
          message: 'Please review the page for field entry errors, shown in red.',
          code: 'BAD_REQUEST',
          form: { errors: [], fields: { clients: [NO_CLIENT_DEVICES_TO_REPORT] } },
        },
      },
    });
    renderAt('/report/report-history', <SecurityPackButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Make security packs' }));
    const dialog = screen.getByRole('dialog', { name: 'Security packs' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make' }));
    expect(await within(dialog).findByText(NO_CLIENT_DEVICES_TO_REPORT)).toBeInTheDocument();
    expect(within(dialog).queryByTestId('packs-queued')).toBeNull();
  });
});
