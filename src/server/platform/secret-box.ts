// Secrets kept in the database (SSO client secret, authenticator secrets) are sealed with AES-256-GCM under a key
// that never is in the database: SD6_SECRET_KEY, or else a random key written once to DATA_DIR.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type SecretBox = {
  seal: (plain: string) => string;
  /** The plain text, or null when the sealed value was not sealed with this key (or was altered). */
  open: (sealed: string) => string | null;
};

const VERSION = 'v1';

export function createSecretBox(keyMaterial: string): SecretBox {
  // Any length of key material becomes a 256-bit key.
  const key = createHash('sha256').update(keyMaterial).digest();
  return {
    seal: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open: (sealed) => {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}

/** SD6_SECRET_KEY, or the key file of DATA_DIR (created with a random key on first use, readable by the owner only). */
export async function secretKeyMaterial(config: {
  secretKey: string | undefined;
  dataDir: string;
}): Promise<string> {
  if (config.secretKey) return config.secretKey;
  const file = join(config.dataDir, 'secret.key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  try {
    await writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim();
    throw error;
  }
}
