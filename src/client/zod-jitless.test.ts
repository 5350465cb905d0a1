import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('turns off Zod’s compiled parsers (and their eval probe) through the setting Zod reads', async () => {
    await import('./zod-jitless');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const { z } = await import('zod');
    // Parsing still works (and says why it fails) without the compiled path.
    const schema = z.object({ name: z.string().min(1), minutes: z.number().int() });
    expect(schema.parse({ name: 'a "b", c\n=1+1', minutes: 5 })).toEqual({
      name: 'a "b", c\n=1+1',
      minutes: 5,
    });
    expect(schema.safeParse({ name: '', minutes: 1.5 }).success).toBe(false);
  });
});
