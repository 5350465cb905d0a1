// The search gate: one search at a time per caller, in arrival order, callers side by side; a search whose caller
// left is skipped; a failing search does not stop the next; the gate forgets callers that are done.
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
        'u1',
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
      'u1',
      () => false,
      async () => {
        throw new Error('database went away');
      },
    );
    const gone = gate.run(
      'u1',
      () => true,
      async () => ++ran,
    );
    const next = gate.run(
      'u1',
      () => false,
      async () => ++ran,
    );
    await expect(failing).rejects.toThrow('database went away');
    expect(await gone).toBeNull();
    expect(await next).toBe(1);
  });

  it('runs different callers side by side, and forgets them when done', async () => {
    const gate = new SearchGate();
    let running = 0;
    let most = 0;
    const search = (caller: string) =>
      gate.run(
        caller,
        () => false,
        async () => {
          running++;
          most = Math.max(most, running);
          await tick();
          running--;
        },
      );
    await Promise.all([search('a'), search('b'), search('c')]);
    expect(most).toBe(3);
    await tick();
    expect(gate.callers).toBe(0);
  });
});
