// The pure parts of webhooks: the retry schedule (properties), signatures against the Standard Webhooks project's own
// library, and which addresses are public.
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './address.js';
import { nextAttemptAt, RETRY_DELAYS } from './deliver.js';
import { newMessageId } from './outbox.js';
import { retryAfterSeconds } from './send.js';
import { newSecret, signedHeaders } from './signing.js';

const H = 3_600_000;

describe('the retry schedule', () => {
  const created = new Date('2026-11-29T10:00:00Z');
  it('follows Standard Webhooks’ example schedule and makes its last try 24 hours after the first', () => {
    let now = created;
    const waits: number[] = [];
    for (let attempts = 1; ; attempts++) {
      const next = nextAttemptAt(created, attempts, now, null, 0);
      if (!next) break;
      waits.push((next.getTime() - now.getTime()) / 1000);
      now = next;
    }
    expect(waits.slice(0, RETRY_DELAYS.length)).toEqual([...RETRY_DELAYS]);
    expect(now.getTime() - created.getTime()).toBe(24 * H);
    expect(waits).toHaveLength(RETRY_DELAYS.length + 1);
  });

  it('never schedules past 24 hours, never before now, and waits at least what Retry-After asked', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 30 * H }),
        fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (attempts, elapsed, retryAfter, jitter) => {
          const now = new Date(created.getTime() + elapsed);
          const next = nextAttemptAt(created, attempts, now, retryAfter, jitter);
          if (elapsed >= 24 * H) return next === null;
          if (!next) return false;
          const deadline = created.getTime() + 24 * H;
          const wait = next.getTime() - now.getTime();
          return (
            next.getTime() <= deadline &&
            wait > 0 &&
            (next.getTime() === deadline || wait >= (retryAfter ?? 0) * 1000)
          );
        },
      ),
    );
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Sun, 29 Nov 2026 10:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(undefined, now)).toBeNull();
  });
});

describe('signatures', () => {
  it('verify with the standardwebhooks library for any body, and both secrets sign during an overlap', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }).map((comment) => JSON.stringify({ data: { comment } })),
        fc.integer({ min: 0, max: 4_000_000_000 }),
        (body, ts) => {
          const [current, previous] = [newSecret(), newSecret()];
          const id = newMessageId();
          const headers = signedHeaders([current, previous], id, ts, body);
          const lib = new Webhook(current);
          // The library's own signature (its sign) is one of ours, byte for byte.
          const [mine, old] = String(headers['webhook-signature']).split(' ');
          expect(mine).toBe(lib.sign(id, new Date(ts * 1000), body));
          expect(old).toBe(new Webhook(previous).sign(id, new Date(ts * 1000), body));
          // Signed now, the library's verify accepts it with either secret, and refuses another timestamp.
          const now = Math.floor(Date.now() / 1000);
          const fresh = signedHeaders([current, previous], id, now, body);
          expect(() => lib.verify(body, fresh)).not.toThrow();
          expect(() => new Webhook(previous).verify(body, fresh)).not.toThrow();
          expect(() => lib.verify(body, { ...fresh, 'webhook-timestamp': String(now - 1) })).toThrow();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('make message ids of msg_ and base64url with no full stop (the signed content is id.timestamp.body)', () => {
    for (let i = 0; i < 100; i++) expect(newMessageId()).toMatch(/^msg_[A-Za-z0-9_-]{32}$/);
  });
});

describe('public addresses', () => {
  it.each([
    ['93.184.215.14', true],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd12:3456::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
