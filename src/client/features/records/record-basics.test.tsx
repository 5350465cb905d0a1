// The generic record form against a stubbed network: a stale save (409) merges the colleague's save by field and the
// next Save sends the merged record at their version; a newer record from a refetch replaces the read-only view.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { OFFLINE_MESSAGE } from '../../api/http';
import { RecordBasics } from './record-basics';
import type { FieldSection } from './record-fields';
import { startRecordCall } from './record-query';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const SECTIONS: FieldSection[] = [
  {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'website', label: 'Website', kind: 'text' },
      { name: 'notes', label: 'Notes', kind: 'textarea' },
    ],
  },
];
const STAMPS = {
  created: '2026-03-01T10:00:00Z',
  updated: '2026-03-01T10:00:00Z',
  createdBy: null,
  updatedBy: null,
};
const LOADED = { id: 7, version: 1, name: 'Contoso', website: '', notes: 'First note', ...STAMPS };
/** Ann's save, after this form loaded: a new website. */
const THEIRS = { ...LOADED, version: 2, website: 'ann.example', updated: '2026-03-01T10:05:00Z' };

let record: Record<string, unknown>;
let posted: Record<string, unknown>[];
/** The server's reason a delete would be refused (null: Delete is offered). */
let blocked: string | null;
beforeEach(() => {
  record = LOADED;
  posted = [];
  blocked = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/thing/7' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posted.push(body);
        if (body.version !== THEIRS.version)
          return json(
            {
              message: 'This record was changed by Ann Archer at 03/01/2026 10:05 AM.',
              code: 'CONFLICT',
              form: { errors: [], fields: {} },
              current: THEIRS,
            },
            409,
          );
        record = { ...body, version: 3 };
        return json({ thing: record });
      }
      if (url === '/api/thing/7')
        return json({ thing: record, formOptions: {}, deleteBlockedReason: blocked });
      throw new Error(`unexpected ${url}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <RecordBasics
            api="/api/thing"
            entityKey="thing"
            id="7"
            schema={z.object({ name: z.string().min(1) }).passthrough()}
            sections={SECTIONS}
            title={(r) => String(r.name)}
            newTitle="New Thing"
            savedPath={(id) => `/thing/${id}`}
            cancelPath="/thing"
          />
        ),
      },
    ],
    { initialEntries: ['/thing/7'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
}

const form = () => within(screen.getByRole('form', { name: 'Thing' }));
const shown = (field: string) => document.querySelector(`[data-field="${field}"]`)?.textContent;

describe('RecordBasics', () => {
  const gets = () =>
    vi.mocked(fetch).mock.calls.filter(([url, init]) => url === '/api/thing/7' && init?.method !== 'POST')
      .length;

  it("finds the record its route started asking for: one GET for the visit, not the route's and the screen's", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    startRecordCall(client, '/api/thing', 'thing', '7');
    expect(gets()).toBe(1);
    // Answered before the screen's chunk arrived: the screen (which asks on every arrival) asks nothing more.
    await vi.waitFor(() => expect(client.getQueryData(['record', '/api/thing', '7'])).toBeTruthy());
    renderForm(client);
    expect(await screen.findByRole('heading', { name: 'Contoso' })).toBeTruthy();
    expect(gets()).toBe(1);
  });

  it('asks again on arrival when the route started nothing (a record seen earlier is not taken as new)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    startRecordCall(client, '/api/thing', 'thing', '7');
    await vi.waitFor(() => expect(client.getQueryData(['record', '/api/thing', '7'])).toBeTruthy());
    // Another visit's call, then this record's cached answer from earlier: the screen asks for a new one.
    startRecordCall(client, '/api/other', 'thing', '9');
    renderForm(client);
    await vi.waitFor(() => expect(gets()).toBe(2));
  });

  it('a stale save takes their change to another field in, keeps mine, and saves both at their version', async () => {
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(form().getByLabelText('Notes'), { target: { value: 'Bob’s note, "quoted"\nline two' } });
    fireEvent.click(form().getByRole('button', { name: 'Save' }));

    const notice = await screen.findByTestId('conflict');
    expect(notice.textContent).toContain('This record was changed by Ann Archer');
    expect(within(notice).getByTestId('conflict-taken').textContent).toBe(
      'Their changes are now in the form: Website.',
    );
    expect(within(notice).queryAllByRole('radio')).toHaveLength(0);
    expect((form().getByLabelText('Website') as HTMLInputElement).value).toBe('ann.example');
    expect((form().getByLabelText('Notes') as HTMLTextAreaElement).value).toBe(
      'Bob’s note, "quoted"\nline two',
    );

    fireEvent.click(form().getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit' });
    // The second save carries both changes at their version (the old "Keep my changes" sent website: '').
    expect(posted[1]).toMatchObject({
      version: 2,
      website: 'ann.example',
      notes: 'Bob’s note, "quoted"\nline two',
    });
  });

  it('shows a newer record the server sends on a refetch while not editing', async () => {
    const client = renderForm();
    await screen.findByRole('button', { name: 'Edit' });
    expect(shown('website')).not.toContain('ann.example');
    record = THEIRS;
    await client.invalidateQueries({ queryKey: ['record', '/api/thing'] });
    await waitFor(() => expect(shown('website')).toContain('ann.example'));
  });

  it('offers Delete when the server would delete the record', async () => {
    renderForm();
    const remove = await screen.findByRole('button', { name: 'Delete' });
    expect((remove as HTMLButtonElement).disabled).toBe(false);
    expect(remove.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows Delete disabled with the server’s reason beside it, described by it', async () => {
    blocked = 'This opportunity has been won and cannot be deleted: its agreement came from it.';
    renderForm();
    const remove = (await screen.findByRole('button', { name: 'Delete' })) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    const reason = document.getElementById(remove.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(blocked);
    fireEvent.click(remove);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with no network says the device is offline as a warning, and shows the record once the network is back', async () => {
    const answer = globalThis.fetch;
    let offline = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (offline) throw new TypeError('Failed to fetch');
        return answer(url, init);
      }),
    );
    const client = renderForm();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(OFFLINE_MESSAGE);
    expect(alert).toHaveClass('alert-warning');
    offline = false;
    await client.refetchQueries();
    expect(await screen.findByText('Contoso', { selector: '[data-field="name"] *' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
