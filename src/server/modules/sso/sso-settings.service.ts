// SSO settings (/admin/sso): the versioned value under SSO_SETTINGS_KEY, presented without the client secret,
// saved whole with the optimistic lock, and their field history (the secret recorded only as "Changed").
import type pg from 'pg';
import type { RefValue } from '../../../shared/schemas/record.js';
import {
  SSO_ENTITY_ID,
  SSO_HISTORY_KEY,
  SSO_SETTINGS_KEY,
  SSO_TEXTS,
  type SsoSettings,
  type SsoSettingsForm,
  type StoredSsoSettings,
  storedSsoSettings,
  TWO_FACTOR_REQUIREMENT_LABELS,
} from '../../../shared/schemas/sso.js';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../platform/errors.js';
import { type Change, historyText, recordHistory } from '../../platform/history.js';
import type { Queryable } from '../../platform/records.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { lockForSave, readSettingsRow, writeSettings } from '../../platform/settings-row.js';
import { readSsoSettings } from '../../platform/sign-in-policy.js';
import { withTransaction } from '../../platform/transaction.js';

const readStamp = (db: Queryable) => readSettingsRow(db, SSO_SETTINGS_KEY);

/** The active administrators, by name: who may be the break-glass administrator. */
export async function administratorOptions(db: Queryable, id?: number): Promise<RefValue[]> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT id, first_name || ' ' || last_name AS name FROM users
      WHERE active AND 'ROLE_ADMIN' = ANY(roles) AND ($1::int IS NULL OR id = $1)
      ORDER BY last_name, first_name, id LIMIT 500`,
    [id ?? null],
  );
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

async function userName(db: Queryable, id: number | null): Promise<{ value: number; label: string } | null> {
  if (id === null) return null;
  const { rows } = await db.query<{ name: string }>(
    `SELECT first_name || ' ' || last_name AS name FROM users WHERE id = $1`,
    [id],
  );
  return rows[0] ? { value: id, label: rows[0].name } : null;
}

export async function loadSsoSettings(db: Queryable, redirectUri: string): Promise<SsoSettings> {
  const [stored, stamp] = [await readSsoSettings(db), await readStamp(db)];
  return {
    enabled: stored.enabled,
    providerName: stored.providerName,
    issuerUrl: stored.issuerUrl,
    clientId: stored.clientId,
    secretStored: stored.clientSecret !== '',
    allowedDomains: stored.allowedDomains,
    autoCreateUsers: stored.autoCreateUsers,
    enforced: stored.enforced,
    breakGlassUser: await userName(db, stored.breakGlassUserId),
    requireTwoFactor: stored.requireTwoFactor,
    redirectUri,
    version: stamp?.version ?? 0,
    updated: stamp && stamp.version > 0 ? stamp.updated_at.toISOString() : null,
    updatedBy:
      stamp?.updated_by == null ? null : { value: stamp.updated_by, label: stamp.updated_by_name ?? '' },
  };
}

function changes(
  before: StoredSsoSettings,
  after: StoredSsoSettings,
  names: { before: string | null; after: string | null },
): Change[] {
  const out: Change[] = [];
  const add = (field: string, oldValue: string | null, newValue: string | null) => {
    if (oldValue !== newValue) out.push({ field, oldValue, newValue });
  };
  for (const field of [
    'enabled',
    'providerName',
    'issuerUrl',
    'clientId',
    'autoCreateUsers',
    'enforced',
  ] as const)
    add(field, historyText(before[field]), historyText(after[field]));
  // The secret itself is never written anywhere but the sealed setting.
  if (before.clientSecret !== after.clientSecret)
    out.push({ field: 'clientSecret', oldValue: null, newValue: after.clientSecret ? 'Changed' : 'Removed' });
  add('allowedDomains', before.allowedDomains.join('\n') || null, after.allowedDomains.join('\n') || null);
  add('breakGlassUser', names.before, names.after);
  add(
    'requireTwoFactor',
    TWO_FACTOR_REQUIREMENT_LABELS[before.requireTwoFactor],
    TWO_FACTOR_REQUIREMENT_LABELS[after.requireTwoFactor],
  );
  return out;
}

export async function saveSsoSettings(
  database: Database,
  secrets: SecretBox,
  form: SsoSettingsForm,
  actorId: number,
  timeZone: string,
  redirectUri: string,
): Promise<SsoSettings> {
  // Sealed before the transaction: the plain secret lives only for this call.
  const sealed = form.clientSecret.trim() ? secrets.seal(form.clientSecret.trim()) : null;
  return withTransaction(database, async ({ client }) => {
    await lockForSave(client, SSO_SETTINGS_KEY, storedSsoSettings.parse({}), form.version, timeZone, () =>
      loadSsoSettings(client, redirectUri),
    );
    const before = await readSsoSettings(client);
    const clientSecret = sealed ?? before.clientSecret;
    if (form.enabled && !clientSecret) throw badRequest({ clientSecret: [SSO_TEXTS.secretRequired] });
    await checkBreakGlass(client, form.breakGlassUser);
    const after: StoredSsoSettings = {
      enabled: form.enabled,
      providerName: form.providerName,
      issuerUrl: form.issuerUrl,
      clientId: form.clientId,
      clientSecret,
      allowedDomains: form.allowedDomains,
      autoCreateUsers: form.autoCreateUsers,
      enforced: form.enforced,
      breakGlassUserId: form.breakGlassUser,
      requireTwoFactor: form.requireTwoFactor,
    };
    await writeSettings(client, SSO_SETTINGS_KEY, after, actorId);
    const names = {
      before: (await userName(client, before.breakGlassUserId))?.label ?? null,
      after: (await userName(client, after.breakGlassUserId))?.label ?? null,
    };
    await recordHistory(client, {
      entity: SSO_HISTORY_KEY,
      entityId: SSO_ENTITY_ID,
      actorId,
      changes: changes(before, after, names),
    });
    return loadSsoSettings(client, redirectUri);
  });
}

async function checkBreakGlass(client: pg.PoolClient, id: number | null): Promise<void> {
  if (id === null) return;
  if ((await administratorOptions(client, id)).length === 0)
    throw badRequest({ breakGlassUser: [SSO_TEXTS.breakGlassInvalid] });
}
