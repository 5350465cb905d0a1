// A real webhook receiver on loopback for the tests: records every request (raw body and headers) and answers as the
// test says (a status, headers, or never). `received(n)` waits until n requests have arrived.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };
export type Answer = { status: number; headers?: Record<string, string> } | 'hang';

export type Receiver = {
  url: string;
  requests: Received[];
  /** How to answer the next request (each answer is used once; afterwards `fallback`). */
  answers: Answer[];
  fallback: Answer;
  received: (count: number, timeoutMs?: number) => Promise<Received[]>;
  close: () => Promise<void>;
};

export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const requests: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const receiver = { answers: [] as Answer[], fallback: { status: 204 } as Answer };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      requests.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      for (const w of waiters.filter((w) => requests.length >= w.count)) w.resolve();
      const answer = receiver.answers.shift() ?? receiver.fallback;
      if (answer === 'hang') return;
      response.writeHead(answer.status, answer.headers ?? {});
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}${path}`,
    requests,
    received: (count: number, timeoutMs = 10_000) =>
      new Promise<Received[]>((resolve, reject) => {
        if (requests.length >= count) return resolve(requests);
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${requests.length} of ${count} requests`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(requests);
          },
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
