// Opportunity documents (the shared document routes under an opportunity): upload, list, download of the same
// bytes, field history, the opportunity's activity entries, 404 across opportunities, and the opportunity's delete
// refused while it has documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeOpportunity, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';
import { multipart, type Part, samplePdf } from '../../../../test/support/files.js';

type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let api: ApiHarness;
let tech: Caller;
let opportunityId: number;
let otherId: number;
beforeAll(async () => {
  api = await setupApi();
  const t = await makeUser(api.db.pool, { firstName: 'Tess', lastName: 'Tech' });
  tech = await api.signIn(t.email, TEST_PASSWORD);
  opportunityId = (await makeOpportunity(api.db.pool, { number: 'OPD-1' })).id;
  otherId = (await makeOpportunity(api.db.pool)).id;
});
afterAll(() => api?.close());

const base = (id = opportunityId) => `/api/manage/opportunity/${id}/document`;
const parts = (title: string, data: Buffer): Part[] => [
  { name: 'title', value: title },
  { name: 'kind', value: 'QUOTE' },
  { name: 'file', filename: 'quote.pdf', data, contentType: 'application/pdf' },
];

function upload(url: string, body: { payload: Buffer; contentType: string }) {
  return api.app.inject({
    method: 'POST',
    url,
    headers: { cookie: tech.cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('opportunity documents', () => {
  it('uploads, lists and downloads a quote; history and the opportunity activity record it', async () => {
    const pdf = samplePdf('Firewall quote', 100 * 1024);
    const res = await upload(`${base()}/create`, multipart(parts('Firewall quote', pdf)));
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json().opportunityDocument;
    expect(doc).toMatchObject({
      title: 'Firewall quote',
      kind: { value: 'QUOTE', label: 'Quote' },
      opportunity: { value: opportunityId, label: 'OPD-1' },
      file: { label: 'quote.pdf' },
      fileSize: pdf.length,
      fileUploadedBy: 'Tess Tech',
    });

    const list = (await tech.get(base())).json();
    expect(list.items.map((d: { id: number }) => d.id)).toEqual([doc.id]);
    const file = await tech.get(`${base()}/${doc.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');

    const history = (await tech.get(`/api/history/opportunityDocument/${doc.id}`)).json().history;
    expect(history.objectClass).toBe('OpportunityDocument');
    expect(history.items.map((i: { fieldLabel: string }) => i.fieldLabel)).toContain('Title');

    // The document belongs to its opportunity only.
    expect((await tech.get(`${base(otherId)}/${doc.id}`)).statusCode).toBe(404);
    expect((await tech.get(`${base(otherId)}/${doc.id}/file`)).statusCode).toBe(404);

    // An opportunity with documents is not deleted.
    const refused = await tech.delete(`/api/manage/opportunity/${opportunityId}?version=0`);
    expect(refused.statusCode).toBe(400);

    const removed = await tech.delete(`${base()}/${doc.id}?version=${doc.version}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const activity = (await tech.get(`/api/manage/opportunity/${opportunityId}/activity`)).json().items;
    expect(activity.map((a: { kind: { value: string } }) => a.kind.value)).toEqual(['DOCUMENT', 'DOCUMENT']);
    expect(activity[1].text).toBe('Document added: Firewall quote (quote.pdf)');
  });
});
