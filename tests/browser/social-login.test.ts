import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, socialAccount } from '../../server/db/schema';
import { freePort, startTestOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { usePortalSuite } from './portal';

describe('social sign-in through a local OpenID provider (SESS-31, SESS-32, SESS-36)', () => {
  const environment: Record<string, string> = {};
  let provider: TestOidcProvider;

  // Runs before the suite's own start-up, so the server starts with the provider configured.
  beforeAll(async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    provider = await startTestOidcProvider({ redirectUri: `${origin}/ps/socialLogin/callback` });
    Object.assign(environment, {
      PORT: String(port),
      PUBLIC_URL: origin,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_PROVIDER_NAME: 'Emerald ID',
    });
  });
  const suite = usePortalSuite(environment);
  afterAll(() => provider?.close());

  async function signInAtProvider(subject: string) {
    const portal = await suite.open();
    await portal.visit('/login');
    const button = portal.page.getByTestId('social-login').getByRole('button', { name: 'Continue with Emerald ID' });
    await button.click();
    await portal.page.waitForURL((url) => url.origin === provider.issuer);
    await portal.page.locator('input[name="login"]').fill(subject);
    await portal.page.locator('input[name="password"]').fill('any-password');
    await portal.page.locator('button[type="submit"]').click();
    // The provider's development consent page.
    await portal.page.locator('button[type="submit"]').click();
    await portal.page.waitForURL((url) => url.origin === suite.server.url);
    await portal.page.waitForSelector('[data-layout]');
    return portal;
  }

  it('SESS-32 a provider account linked to demo.player signs the browser in as demo.player', async () => {
    const [demo] = await suite.server.db.select().from(player).where(eq(player.username, 'demo.player'));
    await suite.server.db.insert(socialAccount).values({ provider: provider.issuer, subject: 'aoife', playerId: demo?.id ?? '' });

    const portal = await signInAtProvider('aoife');
    expect(new URL(portal.page.url()).pathname).toBe('/');
    await portal.page.getByRole('button', { name: /Aoife/ }).waitFor();
    const session = await portal.page.evaluate(async () => (await fetch('/ps/checkSessionAlive')).json());
    expect(session).toMatchObject({ alive: true, partyId: demo?.id });
    expect(portal.page.url()).not.toMatch(/code=|state=|SESSION_KEY/);
  });

  it('an unlinked provider account comes back to the login sidebar with the not-linked message and no session', async () => {
    const portal = await signInAtProvider('stranger');
    expect(new URL(portal.page.url()).pathname).toBe('/login');
    await portal.page.getByText('No Emerald account is linked to this sign-in yet.', { exact: false }).waitFor();
    const session = await portal.page.evaluate(async () => (await fetch('/ps/checkSessionAlive')).json());
    expect(session).toMatchObject({ alive: false });
  });
});
