// The file manager (administrators only): stored files with owner and where used, storage totals, All / Unused,
// by date or size with keyset pages, download streamed from the chunks, delete only when unused (409 naming the use).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAdmin,
  makeAgreement,
  makeOpportunity,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { CHUNK_BYTES, storeGenerated } from '../../platform/files.js';

const API = '/api/admin/file-manager';
let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let tech: Awaited<ReturnType<typeof api.signIn>>;
let adminId: number;
const files: Record<string, { id: number; size: number }> = {};

async function store(name: string, size: number, actorId: number | null) {
  const bytes = Buffer.alloc(size, name.charCodeAt(0));
  const stored = await storeGenerated(api.db.pool, bytes, { name, contentType: 'application/pdf', actorId });
  files[name] = { id: stored.id, size };
  return stored.id;
}

beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  adminId = a.id;
  admin = await api.signIn(a.email, TEST_PASSWORD);
  tech = await api.signIn((await makeUser(api.db.pool)).email, TEST_PASSWORD);
  const pool = api.db.pool;
  // Stored oldest first: sizes chosen so that date order and size order differ.
  const msa = await store('msa.pdf', 3000, adminId);
  const proposal = await store('proposal.pdf', 100, adminId);
  const devices = await store('devices.csv', 2 * CHUNK_BYTES + 10, null);
  const packFile = await store('pack.pdf', 500, adminId);
  await store('orphan.pdf', 50, adminId);
  await store('stray.pdf', 7000, null);
  const agreement = await makeAgreement(pool);
  await pool.query(
    `INSERT INTO agreement_documents (agreement_id, title, kind, file_id, created_by, updated_by)
     VALUES ($1, 'Signed MSA', 'CONTRACT', $2, $3, $3)`,
    [agreement.id, msa, adminId],
  );
  const opportunity = await makeOpportunity(pool);
  await pool.query(
    `INSERT INTO opportunity_documents (opportunity_id, title, kind, file_id, created_by, updated_by)
     VALUES ($1, 'Proposal', 'PROPOSAL', $2, $3, $3)`,
    [opportunity.id, proposal, adminId],
  );
  await pool.query(
    `INSERT INTO import_runs (file_id, file_name, preset, kind, created_by)
     VALUES ($1, 'devices.csv', 'ninja', 'devices', $2)`,
    [devices, adminId],
  );
  await pool.query(
    `INSERT INTO report_history (report, title, format, file_id, created_by)
     VALUES ('security-pack', 'Security Pack', 'PDF', $1, $2)`,
    [packFile, adminId],
  );
  // An upload still arriving is not listed.
  await pool.query(
    `INSERT INTO files (name, content_type, size, complete) VALUES ('half.pdf', 'application/pdf', 9, false)`,
  );
}, 60_000);
afterAll(() => api?.close());

const names = (body: { items: { name: string }[] }) => body.items.map((i) => i.name);

describe('authorization', () => {
  it('refuses technicians on every route', async () => {
    for (const res of [
      await tech.get(API),
      await tech.get(`${API}/${files['orphan.pdf']!.id}/download`),
      await tech.delete(`${API}/${files['orphan.pdf']!.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
  });
});

describe('the list', () => {
  it('lists complete files newest first with owner, uses and the storage totals', async () => {
    const res = await admin.get(API);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual([
      'stray.pdf',
      'orphan.pdf',
      'pack.pdf',
      'devices.csv',
      'proposal.pdf',
      'msa.pdf',
    ]);
    const bytes = Object.values(files).reduce((n, f) => n + f.size, 0);
    expect(body.totals).toEqual({ count: 6, bytes, unusedCount: 2, unusedBytes: 7050 });
    const msa = body.items.find((i: { name: string }) => i.name === 'msa.pdf');
    expect(msa).toMatchObject({
      size: 3000,
      contentType: 'application/pdf',
      owner: { value: adminId, label: 'Ada Admin' },
    });
    expect(msa.uses).toEqual([
      expect.objectContaining({ kind: 'agreement', kindLabel: 'Agreement Document', label: 'Signed MSA' }),
    ]);
    expect(msa.uses[0].href).toMatch(/^\/manage\/agreement\/\d+\/documents\/\d+$/);
    const byName = (n: string) => body.items.find((i: { name: string }) => i.name === n);
    expect(byName('devices.csv').owner).toBeNull();
    expect(byName('devices.csv').uses[0]).toMatchObject({
      kind: 'import',
      href: expect.stringMatching(/^\/admin\/file-import\/\d+$/),
    });
    expect(byName('pack.pdf').uses[0]).toMatchObject({ kind: 'report', label: 'Security Pack' });
    expect(byName('proposal.pdf').uses[0]).toMatchObject({ kind: 'opportunity', label: 'Proposal' });
    expect(byName('orphan.pdf').uses).toEqual([]);
  });

  it('filters to unused files, sorts by size, and pages with Load More', async () => {
    expect(names((await admin.get(`${API}?filter=unused`)).json())).toEqual(['stray.pdf', 'orphan.pdf']);
    const first = (await admin.get(`${API}?sort=size&limit=4`)).json();
    expect(names(first)).toEqual(['devices.csv', 'stray.pdf', 'msa.pdf', 'pack.pdf']);
    const second = (await admin.get(`${API}?sort=size&limit=4&after=${first.next}`)).json();
    expect(names(second)).toEqual(['proposal.pdf', 'orphan.pdf']);
    expect(second.next).toBeNull();
    const dated = (await admin.get(`${API}?limit=5`)).json();
    expect(names((await admin.get(`${API}?limit=5&after=${dated.next}`)).json())).toEqual(['msa.pdf']);
  });

  it.each([
    ['?filter=used', 'filter', 'Choose All or Unused.'],
    ['?sort=name', 'sort', 'Sort by date or by size.'],
    ['?after=nonsense', 'after', 'This page link is no longer valid. Reload the list.'],
  ])('refuses %s with a field message', async (query, field, message) => {
    const res = await admin.get(`${API}${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields[field]).toEqual([message]);
  });
});

describe('download', () => {
  it('streams the whole file, across chunks, as an attachment', async () => {
    const res = await admin.get(`${API}/${files['devices.csv']!.id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(2 * CHUNK_BYTES + 10);
    expect(res.rawPayload.every((b) => b === 'd'.charCodeAt(0))).toBe(true);
    expect(res.headers['content-disposition']).toContain('filename="devices.csv"');
    expect((await admin.get(`${API}/2147483000/download`)).statusCode).toBe(404);
  });
});

describe('delete', () => {
  it('refuses to delete a used file, naming where it is used, and keeps it', async () => {
    const res = await admin.delete(`${API}/${files['msa.pdf']!.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This file is used by Agreement Document "Signed MSA". Remove it there first; a file in use cannot be deleted.',
    );
    expect((await admin.get(`${API}/${files['msa.pdf']!.id}/download`)).statusCode).toBe(200);
    expect((await admin.delete(`${API}/${files['pack.pdf']!.id}`)).statusCode).toBe(409);
  });

  it('deletes an unused file with its chunks and updates the totals', async () => {
    const id = files['stray.pdf']!.id;
    const res = await admin.delete(`${API}/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    const { rows } = await api.db.pool.query(
      'SELECT count(*)::int AS n FROM file_chunks WHERE file_id = $1',
      [id],
    );
    expect(rows[0].n).toBe(0);
    const body = (await admin.get(API)).json();
    expect(names(body)).not.toContain('stray.pdf');
    expect(body.totals).toMatchObject({ count: 5, unusedCount: 1, unusedBytes: 50 });
    expect((await admin.delete(`${API}/${id}`)).statusCode).toBe(404);
  });
});
