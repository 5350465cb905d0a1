// Agreement documents: uploads typed from their bytes and streamed into the database, downloads of the same
// bytes with safe headers, replacing and removing a file, field history and the agreement's activity, 404 across
// agreements, technicians allowed, and every malformed or refused upload a clear 400 that keeps nothing.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeAgreement, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';
import {
  multipart,
  type Part,
  sampleDocx,
  sampleExe,
  samplePdf,
  samplePng,
} from '../../../../test/support/files.js';
import {
  FIELD_NOT_EXPECTED,
  FILE_LAST,
  FILE_REQUIRED,
  FILE_TOO_LARGE,
  FILE_TYPE_REFUSED,
  ONE_FILE,
  UPLOAD_UNREADABLE,
} from '../../../shared/schemas/document.js';
import { FIELD_TOO_LONG, FIELD_TWICE } from '../../platform/multipart.js';
import { CONTROL_CHARACTER } from '../../platform/validation.js';

type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let api: ApiHarness;
let admin: Caller;
let tech: Caller;
let techName: string;
let agreementId: number;
let otherAgreementId: number;
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  admin = await api.signIn(a.email, TEST_PASSWORD);
  const t = await makeUser(api.db.pool, { firstName: 'Tess', lastName: 'Tech' });
  techName = 'Tess Tech';
  tech = await api.signIn(t.email, TEST_PASSWORD);
  agreementId = (await makeAgreement(api.db.pool)).id;
  otherAgreementId = (await makeAgreement(api.db.pool)).id;
});
afterAll(() => api?.close());

const base = (agreement = agreementId) => `/api/manage/agreement/${agreement}/document`;
const fields = (over: Record<string, string> = {}): Part[] =>
  Object.entries({
    title: 'Master services agreement',
    kind: 'CONTRACT',
    signedDate: '03/02/2026',
    ...over,
  }).map(([name, value]) => ({ name, value }));
const pdfPart = (data = samplePdf(), filename = 'contract.pdf'): Part => ({
  name: 'file',
  filename,
  data,
  contentType: 'application/pdf',
});

/** POSTs a multipart body (a Buffer or a stream) as `caller`. */
function upload(caller: Caller, url: string, body: { payload: Buffer | Readable; contentType: string }) {
  return api.app.inject({
    method: 'POST',
    url,
    headers: {
      cookie: caller.cookie,
      'x-requested-with': 'XMLHttpRequest',
      'content-type': body.contentType,
    },
    payload: body.payload,
  });
}

const counts = async () => {
  const { rows } = await api.db.pool.query<{ files: number; chunks: number; documents: number }>(
    `SELECT (SELECT count(*) FROM files)::int AS files, (SELECT count(*) FROM file_chunks)::int AS chunks,
            (SELECT count(*) FROM agreement_documents)::int AS documents`,
  );
  return rows[0]!;
};

const activities = async (agreement = agreementId) =>
  (
    await api.db.pool.query<{ kind: string; text: string }>(
      'SELECT kind, text FROM activities WHERE agreement_id = $1 ORDER BY id',
      [agreement],
    )
  ).rows;

async function create(caller: Caller = admin, parts: Part[] = [...fields(), pdfPart()]) {
  const res = await upload(caller, `${base()}/create`, multipart(parts));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().agreementDocument;
}

describe('upload and download', () => {
  it('stores a PDF with its fields, presents its file, writes history and the activity', async () => {
    const pdf = samplePdf('Signed master agreement', 300 * 1024);
    const doc = await create(admin, [...fields(), pdfPart(pdf)]);
    expect(doc).toMatchObject({
      title: 'Master services agreement',
      kind: { value: 'CONTRACT', label: 'Contract' },
      signedDate: '03/02/2026',
      notes: null,
      agreement: { value: agreementId },
      file: { label: 'contract.pdf' },
      fileSize: pdf.length,
      fileType: 'application/pdf',
      fileUploadedBy: 'Ada Admin',
      version: 0,
    });
    expect(typeof doc.fileUploaded).toBe('string');
    const file = await api.db.pool.query('SELECT complete, size FROM files WHERE id = $1', [doc.file.value]);
    expect(file.rows[0]).toEqual({ complete: true, size: pdf.length });

    const history = await admin.get(`/api/history/agreementDocument/${doc.id}`);
    expect(history.statusCode).toBe(200);
    expect(history.json().history.objectClass).toBe('AgreementDocument');
    const byField = Object.fromEntries(
      history
        .json()
        .history.items.map((i: { fieldLabel: string; newValue: string }) => [i.fieldLabel, i.newValue]),
    );
    expect(byField).toMatchObject({
      Title: 'Master services agreement',
      Kind: 'Contract',
      'Signed Date': '03/02/2026',
      File: 'contract.pdf',
    });
    expect(await activities()).toContainEqual({
      kind: 'DOCUMENT',
      text: 'Document added: Master services agreement (contract.pdf)',
    });

    const one = await admin.get(`${base()}/${doc.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().agreementDocument).toEqual(doc);
    expect(one.json().can).toEqual({ save: true, delete: true });
  });

  it('downloads the identical bytes with the stored type, length and a safe attachment name', async () => {
    const pdf = samplePdf('Download me', 600 * 1024);
    const doc = await create(admin, [...fields(), pdfPart(pdf, 'Vertrag Müller; final (2).pdf')]);
    const res = await admin.get(`${base()}/${doc.id}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(pdf.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Vertrag M_ller_ final (2).pdf"; filename*=UTF-8''Vertrag%20M%C3%BCller%3B%20final%20%282%29.pdf`,
    );
  });

  it('types a PNG and a DOCX from their bytes, whatever the name and the declared type say', async () => {
    const png = await create(admin, [
      ...fields({ title: 'Site photo', kind: 'OTHER' }),
      { name: 'file', filename: 'photo.pdf', data: samplePng(), contentType: 'application/pdf' },
    ]);
    expect(png.fileType).toBe('image/png');
    const docx = await create(admin, [
      ...fields({ title: 'Statement of work', kind: 'QUOTE' }),
      { name: 'file', filename: 'sow.docx', data: sampleDocx(), contentType: 'text/plain' },
    ]);
    expect(docx.fileType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const res = await admin.get(`${base()}/${png.id}/file`);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(samplePng())).toBe(true);
  });

  it('lists the agreement documents newest first, filtered by kind or title', async () => {
    const own = await makeAgreement(api.db.pool);
    const path = base(own.id);
    const make = async (title: string, kind: string) => {
      const res = await upload(admin, `${path}/create`, multipart([...fields({ title, kind }), pdfPart()]));
      return res.json().agreementDocument.id as number;
    };
    const first = await make('Original contract', 'CONTRACT');
    const second = await make('Price quote', 'QUOTE');
    const third = await make('Renewal contract', 'CONTRACT');
    const list = await admin.get(path);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((d: { id: number }) => d.id)).toEqual([third, second, first]);
    expect(list.json().items[0]).toMatchObject({
      fileType: 'application/pdf',
      file: { label: 'contract.pdf' },
    });
    const contracts = await admin.get(`${path}?kind=CONTRACT`);
    expect(contracts.json().items.map((d: { id: number }) => d.id)).toEqual([third, first]);
    const search = await admin.get(`${path}?q=quote`);
    expect(search.json().items.map((d: { id: number }) => d.id)).toEqual([second]);
    const page = await admin.get(`${path}?limit=2`);
    expect(page.json().items).toHaveLength(2);
    const rest = await admin.get(`${path}?limit=2&after=${encodeURIComponent(page.json().next)}`);
    expect(rest.json()).toEqual({ items: [expect.objectContaining({ id: first })], next: null });
  });
});

describe('changes', () => {
  it('replaces the file (the old one is deleted), with history and activity', async () => {
    const doc = await create();
    const oldFile = doc.file.value;
    const png = samplePng();
    const res = await upload(
      admin,
      `${base()}/${doc.id}`,
      multipart([
        ...fields({ title: 'Master services agreement (signed)' }),
        { name: 'version', value: String(doc.version) },
        { name: 'file', filename: 'signed-scan.png', data: png, contentType: 'image/png' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().agreementDocument;
    expect(saved).toMatchObject({
      version: 1,
      title: 'Master services agreement (signed)',
      file: { label: 'signed-scan.png' },
      fileType: 'image/png',
      fileSize: png.length,
    });
    expect(saved.file.value).not.toBe(oldFile);
    const old = await api.db.pool.query('SELECT 1 FROM files WHERE id = $1', [oldFile]);
    expect(old.rowCount).toBe(0);
    const download = await admin.get(`${base()}/${doc.id}/file`);
    expect(download.rawPayload.equals(png)).toBe(true);
    const history = (await admin.get(`/api/history/agreementDocument/${doc.id}`)).json().history.items;
    expect(history).toContainEqual(
      expect.objectContaining({ fieldLabel: 'File', oldValue: 'contract.pdf', newValue: 'signed-scan.png' }),
    );
    expect(await activities()).toContainEqual({
      kind: 'DOCUMENT',
      text: 'Document changed: Master services agreement (signed) (new file signed-scan.png)',
    });
  });

  it('saves the fields alone as JSON (the file stays) and refuses a JSON create (it has no file)', async () => {
    const doc = await create();
    const res = await admin.post(`${base()}/${doc.id}`, {
      version: doc.version,
      title: 'Renamed',
      kind: 'AMENDMENT',
      signedDate: '',
      notes: 'Countersigned copy',
      // The file is not a field of the form: it cannot be pointed at another file this way.
      file: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().agreementDocument).toMatchObject({
      title: 'Renamed',
      kind: { value: 'AMENDMENT' },
      signedDate: null,
      notes: 'Countersigned copy',
      file: doc.file,
      version: 1,
    });
    expect(await activities()).toContainEqual({ kind: 'DOCUMENT', text: 'Document changed: Renamed' });
    const json = await admin.post(`${base()}/create`, { title: 'No file', kind: 'OTHER' });
    expect(json.statusCode).toBe(400);
    expect(json.json().form.fields).toEqual({ file: [FILE_REQUIRED] });
    const blank = await admin.post(`${base()}/create`, {});
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().form.fields).sort()).toEqual(['kind', 'title']);
  });

  it('refuses a stale version with 409 and the current record, keeping no file', async () => {
    const doc = await create();
    await admin.post(`${base()}/${doc.id}`, {
      version: doc.version,
      title: 'Changed first',
      kind: 'CONTRACT',
    });
    const before = await counts();
    const res = await upload(
      tech,
      `${base()}/${doc.id}`,
      multipart([...fields(), { name: 'version', value: String(doc.version) }, pdfPart()]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This record was changed by Ada Admin at /);
    expect(res.json().current).toMatchObject({ id: doc.id, title: 'Changed first', version: 1 });
    expect(await counts()).toEqual(before);
    const missing = await upload(tech, `${base()}/${doc.id}`, multipart([...fields(), pdfPart()]));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().form.fields.version).toBeDefined();
  });

  it('deletes the document and its file, with an activity entry', async () => {
    const doc = await create(admin, [...fields({ title: 'Old quote' }), pdfPart(samplePdf(), 'quote.pdf')]);
    const stale = await admin.delete(`${base()}/${doc.id}?version=${doc.version + 1}`);
    expect(stale.statusCode).toBe(409);
    const res = await admin.delete(`${base()}/${doc.id}?version=${doc.version}`);
    expect(res.statusCode).toBe(200);
    expect((await api.db.pool.query('SELECT 1 FROM files WHERE id = $1', [doc.file.value])).rowCount).toBe(0);
    expect((await admin.get(`${base()}/${doc.id}`)).statusCode).toBe(404);
    expect((await admin.get(`${base()}/${doc.id}/file`)).statusCode).toBe(404);
    expect(await activities()).toContainEqual({
      kind: 'DOCUMENT',
      text: 'Document removed: Old quote (quote.pdf)',
    });
  });
});

describe('access', () => {
  it('answers 404 for a document of another agreement on every route, and for a missing agreement', async () => {
    const doc = await create();
    const other = base(otherAgreementId);
    expect((await admin.get(`${other}/${doc.id}`)).statusCode).toBe(404);
    expect((await admin.get(`${other}/${doc.id}/file`)).statusCode).toBe(404);
    expect((await admin.delete(`${other}/${doc.id}?version=0`)).statusCode).toBe(404);
    expect(
      (await admin.post(`${other}/${doc.id}`, { version: 0, title: 'x', kind: 'OTHER' })).statusCode,
    ).toBe(404);
    const before = await counts();
    const moved = await upload(
      admin,
      `${other}/${doc.id}`,
      multipart([...fields(), { name: 'version', value: '0' }, pdfPart()]),
    );
    expect(moved.statusCode).toBe(404);
    expect(
      (await upload(admin, `${base(2147483647)}/create`, multipart([...fields(), pdfPart()]))).statusCode,
    ).toBe(404);
    expect(await counts()).toEqual(before);
    expect((await admin.get(`${base()}/${doc.id}`)).json().agreementDocument.title).toBe(doc.title);
  });

  it('lets a technician add, download, change and delete documents', async () => {
    const doc = await create(tech);
    expect(doc.createdBy.label).toBe(techName);
    expect(doc.fileUploadedBy).toBe(techName);
    expect((await tech.get(`${base()}/${doc.id}/file`)).statusCode).toBe(200);
    expect((await tech.get(`${base()}/create`)).json().can).toEqual({ save: true, delete: true });
    const saved = await tech.post(`${base()}/${doc.id}`, { version: 0, title: 'By tech', kind: 'OTHER' });
    expect(saved.statusCode).toBe(200);
    expect((await tech.delete(`${base()}/${doc.id}?version=1`)).statusCode).toBe(200);
  });

  it('needs a session and the XMLHttpRequest header', async () => {
    const doc = await create();
    expect((await api.anonymous.get(`${base()}/${doc.id}/file`)).statusCode).toBe(401);
    const body = multipart([...fields(), pdfPart()]);
    const noHeader = await api.app.inject({
      method: 'POST',
      url: `${base()}/create`,
      headers: { cookie: admin.cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(noHeader.statusCode).toBe(403);
  });
});

describe('refused and malformed uploads', () => {
  /** Sends the parts; expects a 400 with `fields` and/or `errors`, and nothing kept. */
  async function refused(
    parts: Part[] | { payload: Buffer | Readable; contentType: string },
    expected: { fields?: Record<string, string[]>; errors?: string[] },
    url = `${base()}/create`,
  ) {
    const before = await counts();
    const res = await upload(admin, url, Array.isArray(parts) ? multipart(parts) : parts);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.code).toBe('BAD_REQUEST');
    if (expected.fields) expect(body.form.fields).toEqual(expected.fields);
    if (expected.errors) expect(body.form.errors).toEqual(expected.errors);
    expect(await counts()).toEqual(before);
    return body;
  }

  it('refuses a program or a text file named .pdf', async () => {
    await refused([...fields(), pdfPart(sampleExe(), 'contract.pdf')], {
      fields: { file: [FILE_TYPE_REFUSED] },
    });
    await refused([...fields(), pdfPart(Buffer.from('Dear customer,\nplease sign.\n'), 'letter.pdf')], {
      fields: { file: [FILE_TYPE_REFUSED] },
    });
  });

  it('refuses a file over 25 MB, streamed, keeping none of the chunks it had written', async () => {
    const boundary = 'sd6-large-upload';
    const head = multipart(fields(), boundary).payload.subarray(0, -`--${boundary}--\r\n`.length);
    const fileHead = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    const total = 26 * 1024 * 1024;
    const body = Readable.from(
      (function* () {
        yield head;
        yield fileHead;
        yield samplePdf();
        const block = Buffer.alloc(256 * 1024, 0x20);
        for (let sent = 0; sent < total; sent += block.length) yield block;
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    await refused(
      { payload: body, contentType: `multipart/form-data; boundary=${boundary}` },
      { fields: { file: [FILE_TOO_LARGE] } },
    );
  });

  it('refuses a body declared larger than 25 MB before reading it', async () => {
    const body = multipart([...fields(), pdfPart(samplePdf('Huge', 26 * 1024 * 1024))]);
    const res = await upload(admin, `${base()}/create`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({ file: [FILE_TOO_LARGE] });
    expect(res.headers.connection).toBe('close');
  });

  it('reports every field problem before reading the file', async () => {
    await refused([{ name: 'kind', value: 'LETTER' }, pdfPart()], {
      fields: {
        title: ['This value should not be blank.'],
        kind: ['Please choose one of the offered values.'],
      },
    });
    await refused([...fields({ title: 'Bad\u0000title' }), pdfPart()], {
      fields: { title: [CONTROL_CHARACTER] },
    });
    await refused([...fields({ signedDate: '13/45/2026' }), pdfPart()], {
      fields: { signedDate: ['Please enter a valid date (MM/DD/YYYY).'] },
    });
  });

  it('refuses a missing file, a text part for the file, a second file and an unknown field', async () => {
    await refused(fields(), { fields: { file: [FILE_REQUIRED] } });
    // An empty file input: an empty part without a name.
    await refused([...fields(), { name: 'file', filename: '', data: Buffer.alloc(0) }], {
      fields: { file: [FILE_REQUIRED] },
    });
    await refused([...fields(), pdfPart(Buffer.alloc(0), 'empty.pdf')], {
      fields: { file: ['The file is empty.'] },
    });
    await refused([...fields(), { name: 'file', value: 'contract.pdf' }, pdfPart()], {
      fields: { file: ['Send the file as a file, not as text.'] },
    });
    await refused([...fields(), pdfPart(), pdfPart(samplePdf(), 'second.pdf')], {
      fields: { file: [ONE_FILE] },
    });
    await refused([...fields(), { name: 'owner', value: 'me' }, pdfPart()], {
      fields: { owner: [FIELD_NOT_EXPECTED] },
    });
    await refused([...fields(), { name: 'attachment', filename: 'x.pdf', data: samplePdf() }], {
      fields: { attachment: [FIELD_NOT_EXPECTED] },
    });
  });

  it('refuses an over-long field, a field given twice and fields after the file', async () => {
    await refused([...fields({ notes: 'n'.repeat(11 * 1024) }), pdfPart()], {
      fields: { notes: [FIELD_TOO_LONG] },
    });
    await refused([...fields(), { name: 'title', value: 'Again' }, pdfPart()], {
      fields: { title: [FIELD_TWICE] },
    });
    await refused([pdfPart(), ...fields()], {
      fields: {
        title: ['This value should not be blank.'],
        kind: ['Please choose one of the offered values.'],
      },
    });
    await refused(
      [...fields({ kind: 'CONTRACT' }).slice(0, 2), pdfPart(), { name: 'notes', value: 'late' }],
      {
        errors: [FILE_LAST],
      },
    );
  });

  it('answers 400, never 500, to bodies that are not well-formed multipart', async () => {
    const good = multipart([...fields(), pdfPart()], 'sd6-boundary');
    const unreadable = { errors: [UPLOAD_UNREADABLE] };
    // Cut off in the middle of the file.
    await refused(
      { payload: good.payload.subarray(0, good.payload.length - 300), contentType: good.contentType },
      unreadable,
    );
    // No boundary in the content type.
    await refused({ payload: good.payload, contentType: 'multipart/form-data' }, unreadable);
    // A boundary the body does not use.
    await refused({ payload: good.payload, contentType: 'multipart/form-data; boundary=other' }, unreadable);
    // Garbage after a valid start.
    await refused(
      {
        payload: Buffer.concat([good.payload.subarray(0, 60), Buffer.from('\u0000\u0001garbage')]),
        contentType: good.contentType,
      },
      unreadable,
    );
    // A field named after an object prototype property; a JSON part that is not JSON.
    await refused([{ name: '__proto__', value: 'x' }, ...fields(), pdfPart()], unreadable);
    await refused(
      [...fields(), { name: 'notes', value: '{oops', contentType: 'application/json' }, pdfPart()],
      unreadable,
    );
    // Too many fields.
    const many = Array.from({ length: 25 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    const tooMany = await refused([...many, pdfPart()], {});
    expect(tooMany.form.errors.length + Object.keys(tooMany.form.fields).length).toBeGreaterThan(0);
    // A body the server cannot read as a form at all.
    const text = await api.app.inject({
      method: 'POST',
      url: `${base()}/create`,
      headers: { cookie: admin.cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'text/plain' },
      payload: 'title=hello',
    });
    expect(text.statusCode).toBe(400);
  });
});

describe('over a real connection', () => {
  it('answers a refused 5 MB upload with its 400 (the rest is read, not reset) and serves uploads on the same server', async () => {
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const address = api.app.server.address() as { port: number };
    const url = `http://127.0.0.1:${address.port}${base()}/create`;
    const headers = (contentType: string) => ({
      cookie: admin.cookie,
      'x-requested-with': 'XMLHttpRequest',
      'content-type': contentType,
    });
    const program = Buffer.concat([sampleExe(), Buffer.alloc(5 * 1024 * 1024, 0x90)]);
    const refusedBody = multipart([...fields(), pdfPart(program, 'setup.pdf')]);
    const refusedRes = await fetch(url, {
      method: 'POST',
      headers: headers(refusedBody.contentType),
      body: refusedBody.payload,
    });
    expect(refusedRes.status).toBe(400);
    expect(((await refusedRes.json()) as { form: { fields: unknown } }).form.fields).toEqual({
      file: [FILE_TYPE_REFUSED],
    });

    const pdf = samplePdf('Over the wire', 3 * 1024 * 1024);
    const goodBody = multipart([...fields(), pdfPart(pdf)]);
    const created = await fetch(url, {
      method: 'POST',
      headers: headers(goodBody.contentType),
      body: goodBody.payload,
    });
    expect(created.status).toBe(200);
    // Node's fetch types read a body as unknown (the DOM's as any).
    const doc = ((await created.json()) as { agreementDocument: { id: number } }).agreementDocument;
    const download = await fetch(`http://127.0.0.1:${address.port}${base()}/${doc.id}/file`, {
      headers: { cookie: admin.cookie },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });
});
