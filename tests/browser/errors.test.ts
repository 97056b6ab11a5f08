import { cpSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, playerCurrencyAccount, playerMessage, playerSession } from '../../server/db/schema';
import { sendPlayerMessage } from '../../server/platform/messages';
import { usePortalSuite, type Portal } from './portal';

/** The build the test servers serve (as tests/support/test-server.ts resolves it). */
const webDist = path.resolve(import.meta.dirname, '../..', process.env.TEST_WEB_DIST_DIR ?? 'dist/web');

describe('global error handling (NAV-57, NAV-72…80, DEF-09)', () => {
  const suite = usePortalSuite();
  let portal: Portal;

  describe('on a node whose copy of the build lacks the promotions page chunk (a deploy replaced the files)', () => {
    const copy = path.join(os.tmpdir(), `emerald-missing-chunk-${process.pid}-${Date.now()}`);
    beforeAll(() => {
      cpSync(webDist, copy, { recursive: true, filter: (source) => !/^promotions-[\w-]+\.js(\.(br|gz|map))?$/.test(path.basename(source)) });
    });
    afterAll(() => rmSync(copy, { recursive: true, force: true }));
    const partialBuild = usePortalSuite({ WEB_DIST_DIR: copy });

    it('NAV-57 a page whose code fails to load shows the 500 page inside the shell', async () => {
      const portal = await partialBuild.open();
      const chunk = portal.page.waitForResponse((response) => /\/assets\/promotions-[\w-]+\.js$/.test(new URL(response.url()).pathname));
      await portal.visit('/promotions');
      expect((await chunk).ok()).toBe(false);
      const serverError = portal.page.getByTestId('error-page-500');
      expect(await serverError.textContent()).toContain('An internal server error has occurred and we are working to fix the issue!');
      expect(await serverError.getByText('Looking for a game?').isVisible()).toBe(true);
      expect(await portal.page.getByTestId('site-header').isVisible()).toBe(true);
    });
  });

  it("NAV-76 a 404 answer shows the toast 'Not found'", async () => {
    // The navigation offers the messages where the configuration names the messages service.
    await suite.server.updateConfiguration({ ips_endpoint: suite.server.url });
    const signedIn = await suite.server.createSignedInPlayer();
    const message = await sendPlayerMessage(suite.server.db, {
      playerId: signedIn.partyId,
      kind: 'STAFF_MESSAGE',
      subject: 'Welcome',
      body: '<p>Welcome to Emerald.</p>',
    });
    portal = await suite.open({ sessionCookie: signedIn.cookie });
    await portal.visit('/');
    await portal.page.getByTestId('nav-toggle').click();
    await portal.page.getByTestId('messages-unread').filter({ hasText: '1' }).waitFor();
    // The message is withdrawn on the server after the page counted it: marking it read finds no such message.
    await suite.server.db.delete(playerMessage).where(eq(playerMessage.id, BigInt(message.id)));
    const refused = portal.page.waitForResponse((response) => new URL(response.url()).pathname === '/ps/markMessagesRead');
    await portal.page.getByTestId('nav-messages').click();
    expect(await (await refused).json()).toMatchObject({ status: 'MESSAGE_NOT_FOUND' });
    await portal.page.getByText('Not found', { exact: true }).waitFor();
  });

  it('NAV-77 another error status shows the message the server sent', async () => {
    const signedIn = await suite.server.createSignedInPlayer({ currencies: ['EUR', 'GBP'] });
    portal = await suite.open({ sessionCookie: signedIn.cookie });
    await portal.visit('/');
    await portal.page.getByTestId('nav-toggle').click();
    const currency = portal.page.getByTestId('currency-switch');
    await currency.filter({ hasText: 'EUR' }).waitFor();
    // The GBP account is closed on the server while the page still offers it: the switch is refused (400).
    await suite.server.db
      .delete(playerCurrencyAccount)
      .where(and(eq(playerCurrencyAccount.playerId, signedIn.partyId), eq(playerCurrencyAccount.currency, 'GBP')));
    await currency.click();
    const refused = portal.page.waitForResponse((response) => new URL(response.url()).pathname === '/ps/switchCurrency');
    await portal.page.getByTestId('currency-switch-GBP').click();
    expect((await refused).status()).toBe(400);
    await portal.page.getByText('You have no GBP account', { exact: true }).waitFor();
  });

  it("NAV-78 a call that gets no answer shows 'ERROR: Connection timed out, please try again.'", async () => {
    portal = await suite.open();
    // Fault injection, not an invented answer: only a broken network resets a connection.
    await portal.page.route('**/ps/checkSessionAlive', (route) => route.abort('connectionreset'));
    await portal.visit('/');
    await portal.page.getByText('ERROR: Connection timed out, please try again.', { exact: true }).waitFor();
  });

  it("DEF-09 a 403 answer shows 'You are not authorized to access this page.'", async () => {
    const admin = await suite.server.createSignedInPlayer({ roles: ['ROLE_ADMIN'] });
    portal = await suite.open({ sessionCookie: admin.cookie });
    await portal.visit('/admin');
    await portal.page.getByRole('tablist', { name: 'Operations views' }).waitFor();
    // The operator's authority is withdrawn while the operations area is open: the server reads roles with the session.
    await suite.server.db.update(player).set({ roles: [] }).where(eq(player.id, admin.partyId));
    const refused = portal.page.waitForResponse((response) => new URL(response.url()).pathname === '/management/loggers');
    await portal.page.getByRole('tab', { name: 'Loggers' }).click();
    expect((await refused).status()).toBe(403);
    await portal.page.getByText('You are not authorized to access this page.', { exact: true }).waitFor();
  });

  it('DEF-09 SESS-21 a 401 answer ends the session and opens the login sidebar on /session-expired', async () => {
    const signedIn = await suite.server.createSignedInPlayer({ currencies: ['EUR'] });
    portal = await suite.open({ sessionCookie: signedIn.cookie });
    await portal.visit('/promotions');
    await portal.page.getByTestId('header-balance').waitFor();
    // The session reaches its end on the server while this page still holds its cookie. (A log-out
    // elsewhere would also close the page's live socket with 4001, which ends the session from that
    // side, racing the click below: session-revocation.test.ts covers that path.)
    await suite.server.db
      .update(playerSession)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(playerSession.playerId, signedIn.partyId));
    const refused = portal.page.waitForResponse((response) => response.status() === 401);
    await portal.page.getByTestId('header-balance').click();
    expect(await (await refused).json()).toMatchObject({ status: 'INVALID_SESSIONKEY' });
    await portal.page.waitForURL((url) => url.pathname === '/session-expired');
    expect(await portal.page.getByTestId('session-expired-banner').textContent()).toBe('Session has expired. Please log in again.');
  });
});
