// Personal API tokens: `sd6_` + 256 random bits (base64url), only the SHA-256 kept; created and revoked in a
// transaction with field history on the user ("API token"), found by the Bearer check of platform/auth.ts.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import {
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPE_LABELS,
  type ApiToken,
  type ApiTokenForm,
  type ApiTokenScope,
} from '../../../shared/schemas/api-token.js';
import type { Database } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { hashToken } from '../../platform/sessions.js';
import { withTransaction } from '../../platform/transaction.js';

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/** The field of the user's history that API token changes are written under. */
export const API_TOKEN_FIELD = 'apiToken';

type TokenRow = {
  id: number;
  name: string;
  scope: ApiTokenScope;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
  expired: boolean;
};

const present = (r: TokenRow): ApiToken => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  created: r.created_at.toISOString(),
  lastUsed: r.last_used_at?.toISOString() ?? null,
  expires: r.expires_at?.toISOString() ?? null,
  expired: r.expired,
});

const COLUMNS = `id, name, scope, created_at, last_used_at, expires_at,
  (expires_at IS NOT NULL AND expires_at <= now()) AS expired`;

/** The user's tokens that are not revoked (expired ones too, marked), newest first. */
export async function listApiTokens(db: Queryable, userId: number): Promise<ApiToken[]> {
  const { rows } = await db.query<TokenRow>(
    `SELECT ${COLUMNS} FROM api_tokens WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id DESC`,
    [userId],
  );
  return rows.map(present);
}

const describe = (t: { name: string; scope: ApiTokenScope }) =>
  `${t.name} (${API_TOKEN_SCOPE_LABELS[t.scope]})`;

export async function createApiToken(
  database: Database,
  userId: number,
  form: ApiTokenForm,
  actorId: number,
): Promise<{ item: ApiToken; token: string }> {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const days = form.expiresIn === 'never' ? null : Number(form.expiresIn);
  const item = await withTransaction(database, async ({ client }) => {
    const { rows } = await client.query<TokenRow>(
      `INSERT INTO api_tokens (user_id, name, token_hash, scope, expires_at, created_by)
       VALUES ($1, $2, $3, $4, CASE WHEN $5::int IS NULL THEN NULL ELSE now() + make_interval(days => $5::int) END, $6)
       RETURNING ${COLUMNS}`,
      [userId, form.name, hashToken(token), form.scope, days, actorId],
    );
    const row = rows[0]!;
    await recordHistory(client, {
      entity: 'user',
      entityId: userId,
      actorId,
      changes: [{ field: API_TOKEN_FIELD, oldValue: null, newValue: `Created ${describe(row)}` }],
    });
    return present(row);
  });
  return { item, token };
}

/** Revokes one of `userId`'s tokens; another user's token, or one already revoked, is a 404. */
export async function revokeApiToken(
  client: pg.PoolClient,
  userId: number,
  tokenId: number,
  actorId: number,
): Promise<void> {
  const { rows } = await client.query<{ name: string; scope: ApiTokenScope }>(
    `UPDATE api_tokens SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL
     RETURNING name, scope`,
    [tokenId, userId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  await recordHistory(client, {
    entity: 'user',
    entityId: userId,
    actorId,
    changes: [{ field: API_TOKEN_FIELD, oldValue: describe(row), newValue: 'Revoked' }],
  });
}
