import { eq } from 'drizzle-orm';
import { request, type APIRequestContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configurationResponseSchema } from '../../contracts/content/configuration';
import { socialAccount, socialLoginState } from '../../server/db/schema';
import { ApiClient } from '../support/api-client';
import { signInAtProvider, startServerWithOidcProvider, type Hop, type TestOidcProvider } from '../support/oidc-provider';
import { startTestServer, type TestServer } from '../support/test-server';

type ErrorBody = { status: string; message: string; errors?: { field: string; error: string }[] };
const demo = { username: 'demo.player', password: 'emerald-demo-1' };
const configurationPath = '/cms/wp-json/wp/v2/configuration';

describe('social login through OpenID Connect (SESS-31…33, DEF-06, DEF-08, DEF-20)', () => {
  let provider: TestOidcProvider;
  let server: TestServer;
  let callbackUrl: string;
  const contexts: APIRequestContext[] = [];

  beforeAll(async () => {
    // The provider must know Emerald's callback address before either starts, so pick the port first.
    ({ provider, server, callbackUrl } = await startServerWithOidcProvider());
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.dispose()));
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  /** A browser-less browser: follows nothing by itself here, keeps cookies across hosts. */
  async function browser(sessionToken?: string): Promise<APIRequestContext> {
    const context = await request.newContext(
      sessionToken
        ? {
            storageState: {
              cookies: [
                { name: 'SESSION_KEY', value: sessionToken, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' },
              ],
              origins: [],
            },
          }
        : {},
    );
    contexts.push(context);
    return context;
  }

  const sessionCookieOf = async (context: APIRequestContext) => (await context.storageState()).cookies.find((cookie) => cookie.name === 'SESSION_KEY');
  const callbackHop = (hops: Hop[]) => hops.find((hop) => hop.url.startsWith(callbackUrl));
  const startLogin = (context: APIRequestContext) => context.get(`${server.url}/ps/socialLogin?socialType=OIDC`, { maxRedirects: 0 });

  /** Signs demo.player in with a password; their partyId and session token. */
  async function signInDemoPlayer(): Promise<{ api: ApiClient; partyId: string; token: string }> {
    const api = new ApiClient(server.url);
    const login = await api.post<{ partyId: string }>('/ps/login', demo);
    expect(login.status).toBe(200);
    return { api, partyId: login.body.partyId, token: api.cookies.get('SESSION_KEY') ?? '' };
  }

  /** Links provider account `subject` to the player signed in with `token`; the hops of the walk. */
  async function bind(token: string, subject: string): Promise<Hop[]> {
    const bound = await fetch(`${server.url}/ps/bindSocialAccount`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `SESSION_KEY=${token}` },
      body: JSON.stringify({ socialType: 'OIDC' }),
    });
    expect(bound.status).toBe(200);
    const { redirectUrl } = (await bound.json()) as { redirectUrl: string };
    const context = await browser(token);
    return signInAtProvider(context, await context.get(redirectUrl, { maxRedirects: 0 }), subject);
  }

  it('SESS-31 DEF-20 lists the provider in the configuration only when one is configured', async () => {
    const [post] = configurationResponseSchema.parse(await (await fetch(`${server.url}${configurationPath}`)).json());
    expect(post?.acf.social_providers).toEqual([{ socialType: 'OIDC', name: 'Emerald ID' }]);

    const bare = await startTestServer();
    try {
      const [plain] = configurationResponseSchema.parse(await (await fetch(`${bare.url}${configurationPath}`)).json());
      expect(plain?.acf.social_providers).toEqual([]);
      expect(plain?.acf.facebook_app_id).toBe('');
      // Nor does a server without a provider start a social login.
      const refused = await fetch(`${bare.url}/ps/socialLogin?socialType=OIDC`, { redirect: 'manual' });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ErrorBody).errors?.[0]?.field).toBe('socialType');
    } finally {
      await bare.close();
    }
  });

  it('SESS-32 sends the browser to the provider with the code flow, PKCE S256, state, nonce and the registered callback', async () => {
    const start = await startLogin(await browser());
    expect(start.status()).toBe(302);
    const location = new URL(start.headers()['location'] ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/auth`);
    const parameters = Object.fromEntries(location.searchParams);
    expect(parameters).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: callbackUrl,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(parameters.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(parameters.state?.length).toBeGreaterThanOrEqual(32);
    expect(parameters.nonce?.length).toBeGreaterThanOrEqual(32);
    expect(start.headers()['set-cookie']).toMatch(/SOCIAL_LOGIN_STATE=.*HttpOnly/i);
    // Only a hash of the state is kept.
    const rows = await server.db.select().from(socialLoginState);
    expect(rows.some((row) => row.stateHash === parameters.state)).toBe(false);
    expect(rows.some((row) => row.mode === 'login' && row.playerId === null)).toBe(true);
  });

  it('a provider account linked to nobody ends at /login?socialLogin=not-linked without a session (no linking by e-mail)', async () => {
    const context = await browser();
    // Even an account whose provider e-mail matched a player's would not be linked: linking needs a signed-in player.
    const hops = await signInAtProvider(context, await startLogin(context), 'nobody-here');
    expect(callbackHop(hops)?.location).toBe('/login?socialLogin=not-linked');
    expect(await sessionCookieOf(context)).toBeUndefined();
    expect(await (await context.get(`${server.url}/ps/checkSessionAlive`)).json()).toMatchObject({ alive: false });
  });

  describe('binding and then signing in', () => {
    const subject = 'demo-at-provider';

    it('SESS-33 DEF-08 a signed-in player links a provider account: POST bindSocialAccount, then the provider', async () => {
      const { partyId, token } = await signInDemoPlayer();
      const hops = await bind(token, subject);
      expect(callbackHop(hops)?.location).toBe('/account?socialBind=linked');
      const [link] = await server.db.select().from(socialAccount).where(eq(socialAccount.subject, subject));
      expect(link).toMatchObject({ provider: provider.issuer, playerId: partyId, email: provider.emailOf(subject) });
      // DEF-06: the session key never travels in an address.
      for (const hop of hops) expect(`${hop.url} ${hop.location ?? ''}`).not.toContain(token);
    });

    it('SESS-32 the linked provider account then signs in as demo.player, with a new session in the HttpOnly cookie', async () => {
      const { partyId } = await signInDemoPlayer();
      const context = await browser();
      const hops = await signInAtProvider(context, await startLogin(context), subject);
      expect(callbackHop(hops)?.location).toBe('/');
      const cookie = await sessionCookieOf(context);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      expect(cookie?.value.length).toBeGreaterThanOrEqual(43);
      for (const hop of hops) expect(`${hop.url} ${hop.location ?? ''}`).not.toContain(cookie?.value);
      expect(await (await context.get(`${server.url}/ps/checkSessionAlive`)).json()).toMatchObject({ alive: true, partyId });
      const info = (await (await context.get(`${server.url}/ps/getPlayerInfo`)).json()) as { user: { username: string } };
      expect(info.user.username).toBe('demo.player');
      // The pending row is gone once used.
      expect(await server.db.select().from(socialLoginState).where(eq(socialLoginState.mode, 'login'))).not.toContainEqual(
        expect.objectContaining({ playerId: partyId }),
      );
    });

    it('the same provider account cannot be bound to a second player, and a player binds one account per provider', async () => {
      const other = await server.createSignedInPlayer();
      expect(callbackHop(await bind(other.token, subject))?.location).toBe('/account?socialBind=taken');
      const links = await server.db.select().from(socialAccount).where(eq(socialAccount.subject, subject));
      expect(links.map((link) => link.playerId)).not.toContain(other.partyId);

      const { token } = await signInDemoPlayer();
      expect(callbackHop(await bind(token, 'second-account-of-demo'))?.location).toBe('/account?socialBind=already-linked');
      // Binding the account already linked to you again is harmless.
      expect(callbackHop(await bind(token, subject))?.location).toBe('/account?socialBind=linked');
    });

    it('a binding finishes only in the session that asked for it', async () => {
      const { token } = await signInDemoPlayer();
      const bound = await fetch(`${server.url}/ps/bindSocialAccount`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `SESSION_KEY=${token}` },
        body: JSON.stringify({ socialType: 'OIDC' }),
      });
      const { redirectUrl } = (await bound.json()) as { redirectUrl: string };
      // Someone else's browser (no session) is sent to the link: nothing is linked to them or to demo.player.
      const stranger = await browser();
      const hops = await signInAtProvider(stranger, await stranger.get(redirectUrl, { maxRedirects: 0 }), 'stranger-account');
      expect(callbackHop(hops)?.location).toBe('/account?socialBind=failed');
      expect(await server.db.select().from(socialAccount).where(eq(socialAccount.subject, 'stranger-account'))).toEqual([]);
    });

    it('a replayed callback, one from another browser, an expired one and a made-up state are refused and create no session', async () => {
      // Walk up to the callback of a linked account's sign-in, without taking it.
      const context = await browser();
      const hops = await signInAtProvider(context, await startLogin(context), subject, { stopAt: callbackUrl });
      const callback = hops.at(-1)?.location ?? '';
      expect(callback.startsWith(callbackUrl)).toBe(true);

      // In another browser (without the state cookie): refused, and the state is used up.
      const elsewhere = await browser();
      const planted = await elsewhere.get(callback, { maxRedirects: 0 });
      expect(planted.headers()['location']).toBe('/login?socialLogin=failed');
      expect(await sessionCookieOf(elsewhere)).toBeUndefined();
      // Then in the browser that started it: already used.
      const replayed = await context.get(callback, { maxRedirects: 0 });
      expect(replayed.headers()['location']).toBe('/login?socialLogin=failed');
      expect(await sessionCookieOf(context)).toBeUndefined();

      // Past its ten minutes.
      const late = await browser();
      const lateHops = await signInAtProvider(late, await startLogin(late), subject, { stopAt: callbackUrl });
      await server.db.update(socialLoginState).set({ expiresAt: new Date(Date.now() - 1000) });
      const expired = await late.get(lateHops.at(-1)?.location ?? '', { maxRedirects: 0 });
      expect(expired.headers()['location']).toBe('/login?socialLogin=failed');
      expect(await sessionCookieOf(late)).toBeUndefined();

      const madeUp = await (await browser()).get(`${callbackUrl}?code=made-up-code&state=made-up-state`, { maxRedirects: 0 });
      expect(madeUp.status()).toBe(302);
      expect(madeUp.headers()['location']).toBe('/login?socialLogin=failed');
      expect(madeUp.headers()['set-cookie'] ?? '').not.toMatch(/SESSION_KEY=[^;]/);
      const bare = await (await browser()).get(callbackUrl, { maxRedirects: 0 });
      expect(bare.headers()['location']).toBe('/login?socialLogin=failed');
    });
  });

  it('an error from the provider (the player declined) ends at /login?socialLogin=failed and uses up the state', async () => {
    const context = await browser();
    const start = await startLogin(context);
    const state = new URL(start.headers()['location'] ?? '').searchParams.get('state') ?? '';
    const declined = await context.get(`${callbackUrl}?error=access_denied&state=${encodeURIComponent(state)}`, { maxRedirects: 0 });
    expect(declined.headers()['location']).toBe('/login?socialLogin=failed');
    expect(await sessionCookieOf(context)).toBeUndefined();
  });

  it('answers an unknown or missing socialType with 400 naming socialType', async () => {
    const unknown = await fetch(`${server.url}/ps/socialLogin?socialType=FACEBOOK`, { redirect: 'manual' });
    expect(unknown.status).toBe(400);
    const body = (await unknown.json()) as ErrorBody;
    expect(body).toMatchObject({ status: 'VALIDATION_ERROR', errors: [{ field: 'socialType' }] });
    const missing = await fetch(`${server.url}/ps/socialLogin`, { redirect: 'manual' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorBody).errors?.[0]?.field).toBe('socialType');

    const { api } = await signInDemoPlayer();
    const bindUnknown = await api.post<ErrorBody>('/ps/bindSocialAccount', { socialType: 'FACEBOOK' });
    expect(bindUnknown.status).toBe(400);
    expect(bindUnknown.body.errors?.[0]?.field).toBe('socialType');
  });

  it('SESS-21 bindSocialAccount without a session answers 401 NOT_LOGGED_IN_ERROR', async () => {
    const response = await new ApiClient(server.url).post<ErrorBody>('/ps/bindSocialAccount', { socialType: 'OIDC' });
    expect(response.status).toBe(401);
    expect(response.body.status).toBe('NOT_LOGGED_IN_ERROR');
  });
});
