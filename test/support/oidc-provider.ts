// A real OpenID Connect provider for the tests (the `oidc-provider` package) on loopback: one confidential client
// (client_secret_basic, PKCE required), accounts the test defines, and a plain login page of its own (any account
// name; "Cancel" answers access_denied) that browser journeys fill in and API tests drive with `signInAt`.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// The package ships no types: the little of it used here, typed where it is loaded.
type Interaction = { uid: string; params: Record<string, unknown> };
type GrantLike = { addOIDCScope: (scope: string) => void; save: () => Promise<string> };
type ProviderLike = {
  callback: () => (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails: (req: IncomingMessage, res: ServerResponse) => Promise<Interaction>;
  interactionFinished: (
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission: boolean },
  ) => Promise<void>;
  Grant: new (init: { accountId: string; clientId: string }) => GrantLike;
};
type ProviderClass = new (issuer: string, configuration: Record<string, unknown>) => ProviderLike;

export type TestAccountClaims = {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
};

export type TestProvider = {
  /** The issuer URL to put in the SSO settings (http://127.0.0.1:port). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims of an account name (its `sub` is the name); an account not set has only its `sub`. */
  setAccount: (login: string, claims: TestAccountClaims) => void;
  /**
   * Follows an authorization URL through the provider as a browser would, signs in as `login` (or cancels), and
   * returns the URL the provider sends the browser back to (the app's callback with code and state, or error).
   */
  signInAt: (authorizationUrl: string, login: string | { cancel: true }) => Promise<URL>;
  close: () => Promise<void>;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOidcProvider(options: { redirectUris: string[] }): Promise<TestProvider> {
  const clientId = 'sd6-tests';
  const clientSecret = 'sd6-tests-client-secret-0123456789abcdef';
  const accounts = new Map<string, TestAccountClaims>();
  const { default: Provider } = (await import('oidc-provider' as string)) as { default: ProviderClass };
  let provider: ProviderLike | null = null;

  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string) => {
    const p = provider!;
    if (req.method === 'GET') {
      await p.interactionDetails(req, res);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html lang="en"><head><title>Test provider sign-in</title></head><body>
<h1>Test provider</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label for="login">Account</label> <input id="login" name="login" autocomplete="off">
<button type="submit">Continue</button>
<button type="submit" name="cancel" value="1">Cancel</button>
</form></body></html>`);
      return;
    }
    const form = await readForm(req);
    if (form.get('cancel')) {
      await p.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const details = await p.interactionDetails(req, res);
    const login = form.get('login')?.trim() || 'anonymous';
    const grant = new p.Grant({ accountId: login, clientId: String(details.params.client_id) });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await p.interactionFinished(
      req,
      res,
      { login: { accountId: login }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  const server = createServer((req, res) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url?.split('?')[0] ?? '');
    if (match) {
      interaction(req, res, match[1]!).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    provider!.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    jwks: { keys: [{ ...key, use: 'sig', alg: 'RS256', kid: 'test' }] },
    cookies: { keys: ['sd6-tests-provider-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, i: Interaction) => `/interaction/${i.uid}` },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, ...accounts.get(sub) }),
    }),
  });

  const signInAt: TestProvider['signInAt'] = async (authorizationUrl, login) => {
    const jar = new Map<string, string>();
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
        if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
        else jar.set(name, value);
      }
    };
    let url = new URL(authorizationUrl);
    for (let step = 0; step < 10; step++) {
      const atLogin = url.pathname.startsWith('/interaction/');
      const body =
        typeof login === 'string' ? new URLSearchParams({ login }) : new URLSearchParams({ cancel: '1' });
      const res = await fetch(url, {
        redirect: 'manual',
        method: atLogin ? 'POST' : 'GET',
        headers: {
          cookie: cookie(),
          ...(atLogin ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(atLogin ? { body } : {}),
      });
      keep(res);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location)
        throw new Error(`the test provider answered ${res.status} at ${url.pathname}: ${await res.text()}`);
      const next = new URL(location, url);
      if (next.origin !== issuer) return next;
      url = next;
    }
    throw new Error('the test provider redirected too often');
  };

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (login, claims) => accounts.set(login, claims),
    signInAt,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
