// The instance the page was served by: <meta name="sd6-env"> and <meta name="sd6-alt">, filled in by the server.
import type { Environment } from '../../shared/routes';

export type Instance = { environment: Environment; alt: boolean };

const ENVIRONMENTS: readonly Environment[] = ['dev', 'design', 'staging', 'prod'];

/** An unreplaced placeholder (Vite's dev server, a test page) counts as dev / not alternate. */
export function parseInstance(env: string | null | undefined, alt: string | null | undefined): Instance {
  const value = (env ?? '').trim().toLowerCase();
  const environment = (ENVIRONMENTS as readonly string[]).includes(value) ? (value as Environment) : 'dev';
  return { environment, alt: (alt ?? '').trim().toLowerCase() === 'true' };
}

/** The company time zone the server runs with (`<meta name="sd6-tz">`), or null when not served by it. */
export function readTimeZone(doc: Document = document): string | null {
  const value = doc.querySelector('meta[name="sd6-tz"]')?.getAttribute('content') ?? '';
  if (!value || value.startsWith('{{')) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    return null;
  }
}

export function readInstance(doc: Document = document): Instance {
  const meta = (name: string) => doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
  return parseInstance(meta('sd6-env'), meta('sd6-alt'));
}
