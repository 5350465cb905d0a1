// A personal API token made the way a user makes one (their profile's call, with their browser session).
import type { Caller } from './api.js';

export async function createApiToken(
  session: Pick<Caller, 'post'>,
  scope: 'READ' | 'WRITE' = 'WRITE',
  name = `${scope} token ${Math.random().toString(36).slice(2, 8)}`,
): Promise<{ token: string; id: number }> {
  const res = await session.post('/api/user/api-tokens', { name, scope, expiresIn: '30' });
  if (res.statusCode !== 200) throw new Error(`no token: ${res.statusCode} ${res.body}`);
  const { token, item } = res.json() as { token: string; item: { id: number } };
  return { token, id: item.id };
}
