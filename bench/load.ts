// Load generator, run in its own process so it does not share the server's event loop:
// keeps N requests in flight against one URL for a fixed time and prints throughput and latency as JSON.
import http from 'node:http';

const [url, method, cookie, seconds, concurrency] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(concurrency) });
const until = performance.now() + Number(seconds) * 1000;
const latencies: number[] = [];
let errors = 0;

const once = () =>
  new Promise<number>((resolve, reject) => {
    const req = http.request(
      url!,
      {
        method,
        agent,
        headers: { cookie: cookie ?? '', 'x-requested-with': 'XMLHttpRequest', 'content-length': 0 },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });

async function worker() {
  while (performance.now() < until) {
    const t = performance.now();
    if ((await once()) !== 200) errors++;
    latencies.push(performance.now() - t);
  }
}

const start = performance.now();
await Promise.all(Array.from({ length: Number(concurrency) }, worker));
const elapsed = (performance.now() - start) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
console.log(JSON.stringify({ rps: latencies.length / elapsed, p50: pct(0.5), p99: pct(0.99), errors }));
agent.destroy();
