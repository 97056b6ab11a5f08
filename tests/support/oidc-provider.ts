import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { APIRequestContext, APIResponse } from 'playwright-core';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server';

export interface TestOidcProvider {
  /** The issuer identifier, e.g. http://127.0.0.1:41234 (OIDC_ISSUER). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The e-mail address the provider reports for an account. */
  emailOf(accountId: string): string;
  close(): Promise<void>;
}

/** A port nobody listens on right now, for a server that must know its own address up front. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  return port;
}

/**
 * Starts what must know its own port before it listens (a server whose callback address a provider
 * is told first) on a port that was free a moment ago. Another process of the machine may take the
 * port in between; a start that finds it taken (EADDRINUSE) is tried again on another port.
 */
export async function onAFreePort<T>(start: (port: number) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start(await freePort());
    } catch (error) {
      if (attempt >= attempts || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 with one confidential client whose
 * redirect_uri is `redirectUri`. Any login name signs in (its development login page takes any
 * name and password) as an account whose subject is that name.
 */
export async function startTestOidcProvider(options: { redirectUri: string }): Promise<TestOidcProvider> {
  // The server listens first, so that the issuer can name its port; the provider is plugged in after.
  const target: { handler?: (request: IncomingMessage, response: ServerResponse) => void } = {};
  const server: Server = createServer((request, response) => {
    if (target.handler) target.handler(request, response);
    else response.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'emerald-test';
  const clientSecret = randomBytes(24).toString('base64url');
  const emailOf = (accountId: string) => `${accountId}@provider.example`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    async findAccount(_context, id) {
      return {
        accountId: id,
        claims: () => ({ sub: id, email: emailOf(id), email_verified: true }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: [] },
    // Put the scope's claims into the ID token as most public providers do; Emerald reads them there.
    conformIdTokenClaims: false,
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    // Lifetimes in seconds (set so that the provider does not print a notice for each default).
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    // The built-in development login and consent pages (devInteractions, on by default).
    features: { devInteractions: { enabled: true } },
  });
  // Provider-side failures would otherwise be silent; they help when a test fails.
  provider.on('server_error', (_context, error) => console.error('test OpenID provider error', error));
  target.handler = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    emailOf,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** One step of a browser-less walk: the address asked for and what came back. */
export interface Hop {
  url: string;
  status: number;
  location: string | null;
}

const MAX_HOPS = 20;

export interface WalkOptions {
  /** Stop, without following, at a redirect to an address that starts with this. */
  stopAt?: string;
}

/**
 * Follows redirects one by one (so every address on the way is seen), keeping cookies in the
 * request context, and returns the hops and the last response (not a redirect, or the redirect
 * to `stopAt`).
 */
export async function follow(
  context: APIRequestContext,
  first: APIResponse,
  hops: Hop[] = [],
  options: WalkOptions = {},
): Promise<{ hops: Hop[]; last: APIResponse }> {
  let response = first;
  for (let step = 0; step < MAX_HOPS; step += 1) {
    const location = response.headers()['location'] ?? null;
    hops.push({ url: response.url(), status: response.status(), location });
    if (response.status() < 300 || response.status() >= 400 || !location) return { hops, last: response };
    const next = new URL(location, response.url()).href;
    if (options.stopAt && next.startsWith(options.stopAt)) return { hops, last: response };
    response = await context.get(next, { maxRedirects: 0 });
  }
  throw new Error(`more than ${MAX_HOPS} redirects: ${hops.map((hop) => hop.url).join(' → ')}`);
}

/** The action of the (only) form on one of the provider's development interaction pages. */
async function formAction(page: APIResponse): Promise<string> {
  const html = await page.text();
  const match = /<form[^>]*\saction="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no form on ${page.url()} (${page.status()}): ${html.slice(0, 500)}`);
  return new URL(match[1].replace(/&amp;/g, '&'), page.url()).href;
}

/**
 * Goes through the provider's sign-in as `accountId`, starting from a response that redirects to
 * it, and follows the redirects back to Emerald and on until a page (or a redirect out of reach)
 * answers. Returns every hop, so a test can see the callback and where Emerald sent the browser.
 */
export async function signInAtProvider(context: APIRequestContext, start: APIResponse, accountId: string, options: WalkOptions = {}): Promise<Hop[]> {
  const toLogin = await follow(context, start);
  const loginAction = await formAction(toLogin.last);
  const afterLogin = await follow(
    context,
    await context.post(loginAction, { form: { prompt: 'login', login: accountId, password: 'any-password' }, maxRedirects: 0 }),
    toLogin.hops,
    options,
  );
  // A first sign-in to this client asks for consent; a later one may not.
  if (/name="prompt" value="consent"/.test(await afterLogin.last.text())) {
    const consentAction = await formAction(afterLogin.last);
    return (await follow(context, await context.post(consentAction, { form: { prompt: 'consent' }, maxRedirects: 0 }), afterLogin.hops, options)).hops;
  }
  return afterLogin.hops;
}

/**
 * Emerald's test server with social sign-in configured against a fresh local provider: the provider
 * is told Emerald's callback address before either starts, so the port is chosen first.
 */
export async function startServerWithOidcProvider(
  serverOptions: TestServerOptions = {},
): Promise<{ provider: TestOidcProvider; server: TestServer; callbackUrl: string }> {
  return onAFreePort(async (port) => {
    const callbackUrl = `http://127.0.0.1:${port}/ps/socialLogin/callback`;
    const provider = await startTestOidcProvider({ redirectUri: callbackUrl });
    try {
      const server = await startTestServer(
        {
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: provider.clientId,
          OIDC_CLIENT_SECRET: provider.clientSecret,
          OIDC_PROVIDER_NAME: 'Emerald ID',
        },
        serverOptions,
      );
      return { provider, server, callbackUrl };
    } catch (error) {
      await provider.close();
      throw error;
    }
  });
}
