// Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Verifies against a throwaway hash so an unknown account costs the same time as a known one. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('sd6-timing-equaliser-not-a-password');
  await verifyPassword(await dummy, password);
}
