// One delivery attempt: a POST of the signed body through an agent that checks, when it connects, the address the
// host resolved to (request-filtering-agent: DNS rebinding cannot reach a private address after the save-time
// check). Never follows a redirect; gives up after the configured seconds, reading the answer included.
import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

export type AttemptResult = {
  /** The endpoint's status code; null when it never answered. */
  responseCode: number | null;
  /** Why the attempt failed, for the delivery log; null on success (2xx). */
  error: string | null;
  /** Seconds the endpoint asked to wait (Retry-After), when it did. */
  retryAfter: number | null;
  durationMs: number;
};

export type Sender = (url: string, headers: Record<string, string>, body: string) => Promise<AttemptResult>;

/** Bytes of an answer read (and dropped): enough to reuse the connection, bounded against a flood. */
const ANSWER_LIMIT = 64 * 1024;

export function createSender(options: { allowPrivate: boolean; timeoutSeconds: number }): Sender {
  const filter = { allowPrivateIPAddress: options.allowPrivate, keepAlive: true, maxSockets: 16 };
  const agents = {
    http: new RequestFilteringHttpAgent(filter),
    https: new RequestFilteringHttpsAgent(filter),
  };
  return (url, headers, body) =>
    new Promise<AttemptResult>((resolve) => {
      const started = performance.now();
      const done = (result: Omit<AttemptResult, 'durationMs'>) =>
        resolve({ ...result, durationMs: Math.round(performance.now() - started) });
      const secure = url.startsWith('https:');
      const request = (secure ? https : http).request(url, {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        signal: AbortSignal.timeout(options.timeoutSeconds * 1000),
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'SD6-Webhooks/1.0',
        },
      });
      request.on('response', (response) => {
        const code = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_LIMIT) response.destroy();
        });
        const finish = () => done(judge(code, response.headers));
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      });
      request.on('error', (error) =>
        done({ responseCode: null, error: explain(error, options), retryAfter: null }),
      );
      request.end(body);
    });
}

function judge(code: number, headers: http.IncomingHttpHeaders): Omit<AttemptResult, 'durationMs'> {
  const retryAfter = retryAfterSeconds(headers['retry-after']);
  if (code >= 200 && code < 300) return { responseCode: code, error: null, retryAfter: null };
  if (code >= 300 && code < 400)
    return {
      responseCode: code,
      error: `The endpoint answered ${code}, a redirect${headers.location ? ` to ${headers.location.slice(0, 300)}` : ''}. SD6 does not follow redirects: enter the final address.`,
      retryAfter,
    };
  if (code === 410)
    return {
      responseCode: code,
      error: 'The endpoint answered 410 Gone: it asks for no more webhooks.',
      retryAfter,
    };
  return { responseCode: code, error: `The endpoint answered ${code}.`, retryAfter };
}

/** Retry-After as seconds (a number of seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function explain(error: Error & { code?: string }, options: { timeoutSeconds: number }): string {
  if (error.name === 'AbortError' || error.name === 'TimeoutError' || error.code === 'ABORT_ERR')
    return `No answer within ${options.timeoutSeconds} second${options.timeoutSeconds === 1 ? '' : 's'}.`;
  const blocked = /DNS lookup (\S+?)\(.*is not allowed/.exec(error.message);
  if (blocked)
    return `The address resolved to ${blocked[1]}, a private, loopback or link-local address, and was not called.`;
  if (error.code === 'ECONNREFUSED') return 'The endpoint refused the connection.';
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return 'The host could not be found (DNS).';
  if (error.code === 'ECONNRESET') return 'The endpoint closed the connection before answering.';
  if (error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT'))
    return `The endpoint's certificate was refused (${error.code}).`;
  return `Could not connect: ${error.code ?? error.message}`.slice(0, 500);
}
