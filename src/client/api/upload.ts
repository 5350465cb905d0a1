// Uploads with progress: XMLHttpRequest (fetch reports no upload progress) under the rules of the one HTTP client
// (http.ts). A module of its own, so the screens that never upload do not load it.
import {
  endsWithLogin,
  errorFromResponse,
  loginRequired,
  networkFailure,
  parseBody,
  type RequestOptions,
  withQuery,
} from './http';

export type UploadOptions = RequestOptions & {
  /** Bytes sent so far and the total (0 when the browser cannot tell). */
  onProgress?: (loaded: number, total: number) => void;
};

/**
 * POSTs a multipart form (a file with its fields) through XMLHttpRequest, which reports upload progress where fetch
 * cannot, with the rules of every other call: credentials, the XMLHttpRequest marker, an expired session, the
 * status and error handling of SPEC §7/§8. An aborted upload rejects with an AbortError.
 */
export function apiUpload<T>(url: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = (action: () => void) => {
      options.signal?.removeEventListener('abort', abort);
      action();
    };
    xhr.open('POST', withQuery(url, options.query));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.upload.onprogress = (event) =>
      options.onProgress?.(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onabort = () => settle(() => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    xhr.onerror = () => settle(() => reject(networkFailure()));
    xhr.onload = () =>
      settle(() => {
        if (xhr.status === 401) return reject(loginRequired(options, 401));
        if (endsWithLogin(xhr.responseURL)) return reject(loginRequired(options, xhr.status));
        const payload = parseBody(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 400) resolve(payload as T);
        else reject(errorFromResponse(xhr.status, payload));
      });
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', abort, { once: true });
    xhr.send(form);
  });
}
