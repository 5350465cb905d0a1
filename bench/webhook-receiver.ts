// The webhooks bench's receiver, in a process of its own as a real one would be: answers 204 and tells the parent
// (IPC) which slip each delivery was about and when it arrived (Date.now(), the clock both processes share).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const server = createServer((request, response) => {
  let body = '';
  request.on('data', (c) => (body += c));
  request.on('end', () => {
    const at = Date.now();
    response.writeHead(204).end();
    process.send?.({ id: (JSON.parse(body) as { data: { id: number } }).data.id, at });
  });
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => server.close(() => process.exit(0)));
