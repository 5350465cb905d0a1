import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSecretBox, secretKeyMaterial } from './secret-box.js';

describe('secret box', () => {
  const box = createSecretBox('a key of the tests that is long enough');

  it('opens what it sealed, for any text', () => {
    fc.assert(fc.property(fc.string(), (plain) => box.open(box.seal(plain)) === plain));
  });

  it('seals the same text differently each time and never shows it', () => {
    const a = box.seal('client-secret-123');
    expect(a).not.toBe(box.seal('client-secret-123'));
    expect(a).not.toContain('client-secret-123');
  });

  it.each([
    ['another key', createSecretBox('a different key of the tests, also long').seal('x')],
    ['an altered body', box.seal('secret').replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))],
    ['garbage', 'not sealed at all'],
    ['an unknown version', box.seal('x').replace(/^v1/, 'v9')],
  ])('refuses %s', (_name, sealed) => {
    expect(box.open(sealed)).toBeNull();
  });
});

describe('secret key material', () => {
  it('uses SD6_SECRET_KEY when set', async () => {
    expect(await secretKeyMaterial({ secretKey: 'k'.repeat(32), dataDir: '/nonexistent' })).toBe(
      'k'.repeat(32),
    );
  });

  it('else writes one random key to DATA_DIR, readable by its owner only, and keeps it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sd6-key-'));
    try {
      const first = await secretKeyMaterial({ secretKey: undefined, dataDir: join(dir, 'data') });
      expect(first.length).toBeGreaterThanOrEqual(43);
      expect(await secretKeyMaterial({ secretKey: undefined, dataDir: join(dir, 'data') })).toBe(first);
      expect((await readFile(join(dir, 'data', 'secret.key'), 'utf8')).trim()).toBe(first);
      expect((await stat(join(dir, 'data', 'secret.key'))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
