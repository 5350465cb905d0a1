// apiUpload against a scripted XMLHttpRequest: the same credentials, marker, session and error rules as every call,
// progress reported, an abort that rejects as an abort.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/errors';
import { type ApiError, OFFLINE_MESSAGE, setLoginHandler } from './http';
import { apiUpload } from './upload';

type Listener = ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;

class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: unknown = null;
  status = 0;
  responseText = '';
  responseURL = '';
  aborted = false;
  upload: { onprogress: Listener } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  /** The server's answer. */
  answer(status: number, body: unknown, url = 'http://localhost/api/x') {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseURL = url;
    this.onload?.();
  }
}

let onLogin: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  onLogin = vi.fn<() => void>();
  setLoginHandler(onLogin);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const form = () => {
  const data = new FormData();
  data.append('title', 'Contract');
  data.append('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'contract.pdf');
  return data;
};

describe('apiUpload', () => {
  it('posts the form with credentials and the XMLHttpRequest marker, reports progress, resolves the body', async () => {
    const progress: [number, number][] = [];
    const body = form();
    const call = apiUpload<{ doc: { id: number } }>('/api/docs/create', body, {
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/docs/create');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(xhr.headers['Content-Type']).toBeUndefined();
    expect(xhr.body).toBe(body);
    xhr.upload.onprogress?.({ loaded: 50, total: 200, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 200, total: 0, lengthComputable: false });
    xhr.answer(200, { doc: { id: 7 } });
    expect(await call).toEqual({ doc: { id: 7 } });
    expect(progress).toEqual([
      [50, 200],
      [200, 0],
    ]);
  });

  it('rejects with the field errors of a 400 and the current record of a 409', async () => {
    const bad = apiUpload('/api/docs/create', form());
    FakeXhr.last.answer(400, {
      message: MESSAGES.badRequest,
      code: 'BAD_REQUEST',
      form: { errors: [], fields: { file: ['The file is larger than 25 MB.'] } },
    });
    const error = (await bad.catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.message).toBe(MESSAGES.badRequest);
    expect(error.fields).toEqual({ file: ['The file is larger than 25 MB.'] });
    const stale = apiUpload('/api/docs/3', form());
    FakeXhr.last.answer(409, {
      message: 'This record was changed by Ada',
      code: 'CONFLICT',
      form: { errors: ['This record was changed by Ada'], fields: {} },
      current: { id: 3, version: 2 },
    });
    const conflict = (await stale.catch((e: unknown) => e)) as ApiError;
    expect(conflict.status).toBe(409);
    expect(conflict.current).toEqual({ id: 3, version: 2 });
  });

  it('sends an expired session to the login page, and a network failure says the device is offline', async () => {
    const expired = apiUpload('/api/docs/create', form());
    FakeXhr.last.answer(401, { reason: 'LOGIN' });
    expect(((await expired.catch((e: unknown) => e)) as ApiError).reason).toBe('LOGIN');
    expect(onLogin).toHaveBeenCalledTimes(1);
    const offline = apiUpload('/api/docs/create', form());
    FakeXhr.last.onerror?.();
    const error = (await offline.catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(OFFLINE_MESSAGE);
    expect(error.status).toBe(0);
  });

  it('aborts the request when its signal does, rejecting as an abort', async () => {
    const controller = new AbortController();
    const call = apiUpload('/api/docs/create', form(), { signal: controller.signal });
    const xhr = FakeXhr.last;
    controller.abort();
    expect(xhr.aborted).toBe(true);
    const error = (await call.catch((e: unknown) => e)) as DOMException;
    expect(error.name).toBe('AbortError');
  });
});
