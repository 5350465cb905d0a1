// The search gate: one search at a time, in arrival order; a search whose caller left is skipped; a failing search
// does not stop the next.
import { describe, expect, it } from 'vitest';
import { SearchGate } from './search-gate.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('SearchGate', () => {
  it('runs searches one at a time, in order', async () => {
    const gate = new SearchGate();
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const search = (n: number) =>
      gate.run(
        () => false,
        async () => {
          running++;
          most = Math.max(most, running);
          await tick();
          order.push(n);
          running--;
          return n;
        },
      );
    expect(await Promise.all([search(1), search(2), search(3)])).toEqual([1, 2, 3]);
    expect(order).toEqual([1, 2, 3]);
    expect(most).toBe(1);
  });

  it('skips a search whose caller has gone, and goes on after one that failed', async () => {
    const gate = new SearchGate();
    let ran = 0;
    const failing = gate.run(
      () => false,
      async () => {
        throw new Error('database went away');
      },
    );
    const gone = gate.run(
      () => true,
      async () => ++ran,
    );
    const next = gate.run(
      () => false,
      async () => ++ran,
    );
    await expect(failing).rejects.toThrow('database went away');
    expect(await gone).toBeNull();
    expect(await next).toBe(1);
  });
});
