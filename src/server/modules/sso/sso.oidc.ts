// The OpenID Connect client (openid-client): discovery of the issuer (kept a few minutes per issuer and client),
// the authorization URL with PKCE (S256), state and nonce, and the code exchange that validates the ID token.
// Plain http is allowed only for an issuer on loopback (tests, a provider on this machine).
import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { isLoopbackHost } from '../../../shared/schemas/sso.js';

/** Seconds a call to the provider may take. */
const TIMEOUT_SECONDS = 5;
const CACHE_MS = 5 * 60_000;

type Cached = { at: number; config: Promise<oidc.Configuration> };
const cache = new Map<string, Cached>();

export type Client = { issuerUrl: string; clientId: string; clientSecret: string };

function discoveryOptions(issuer: URL): oidc.DiscoveryRequestOptions {
  const insecure = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
  return { timeout: TIMEOUT_SECONDS, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) };
}

/** The discovered configuration of this issuer and client, from the cache when it is recent. */
export function configuration(client: Client): Promise<oidc.Configuration> {
  const secretHash = createHash('sha256').update(client.clientSecret).digest('base64url');
  const key = `${client.issuerUrl}\n${client.clientId}\n${secretHash}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.config;
  const issuer = new URL(client.issuerUrl);
  const config = oidc.discovery(
    issuer,
    client.clientId,
    undefined,
    oidc.ClientSecretBasic(client.clientSecret),
    discoveryOptions(issuer),
  );
  cache.set(key, { at: Date.now(), config });
  // A failed discovery is not kept: the next sign-in tries again.
  config.catch(() => {
    if (cache.get(key)?.config === config) cache.delete(key);
  });
  for (const [k, v] of cache) if (Date.now() - v.at >= CACHE_MS) cache.delete(k);
  return config;
}

/** Discovery alone (the settings page's "Test connection"): what the issuer says about itself. */
export async function testIssuer(issuerUrl: string): Promise<oidc.ServerMetadata> {
  const issuer = new URL(issuerUrl);
  const config = await oidc.discovery(issuer, 'sd6-connection-test', undefined, oidc.None(), {
    ...discoveryOptions(issuer),
  });
  return config.serverMetadata();
}

export type Started = { url: URL; state: string; codeVerifier: string; nonce: string };

export async function authorizationUrl(config: oidc.Configuration, redirectUri: string): Promise<Started> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, state, codeVerifier, nonce };
}

export type Identity = {
  issuer: string;
  subject: string;
  email: string | null;
  /** As the provider said; undefined when it did not say. */
  emailVerified: boolean | undefined;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
};

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * Exchanges the code (with the PKCE verifier) and validates the ID token, state and nonce; the claims come from
 * the ID token, completed from the userinfo endpoint when it lacks the email (providers that keep the ID token
 * small).
 */
export async function exchangeCode(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; codeVerifier: string; nonce: string },
): Promise<Identity> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new Error('no ID token in the token response');
  let claims: Record<string, unknown> = { ...idToken };
  if (!str(claims.email) && config.serverMetadata().userinfo_endpoint) {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
    claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
  }
  const verified = claims.email_verified;
  return {
    issuer: idToken.iss,
    subject: idToken.sub,
    email: str(claims.email)?.toLowerCase() ?? null,
    // Some providers send "true"/"false" as text.
    emailVerified:
      typeof verified === 'boolean' ? verified : verified === undefined ? undefined : verified === 'true',
    givenName: str(claims.given_name),
    familyName: str(claims.family_name),
    name: str(claims.name),
  };
}
