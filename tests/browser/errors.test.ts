import { describe, expect, it } from 'vitest';
import { usePortalSuite, type Portal } from './portal';

describe('global error handling (NAV-57, NAV-72…80, DEF-09)', () => {
  const suite = usePortalSuite();
  let portal: Portal;

  const answerSessionCheck = (status: number, body: object) =>
    portal.page.route('**/ps/checkSessionAlive', (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }));

  it('NAV-57 a page whose code fails to load shows the 500 page inside the shell', async () => {
    portal = await suite.open();
    await portal.page.route(/\/assets\/promotions-[\w-]+\.js$/, (route) => route.abort('failed'));
    await portal.visit('/promotions');
    const serverError = portal.page.getByTestId('error-page-500');
    expect(await serverError.textContent()).toContain('An internal server error has occurred and we are working to fix the issue!');
    expect(await serverError.getByText('Looking for a game?').isVisible()).toBe(true);
    expect(await portal.page.getByTestId('site-header').isVisible()).toBe(true);
  });

  it("NAV-76 a 404 answer shows the toast 'Not found'", async () => {
    portal = await suite.open();
    await answerSessionCheck(404, { status: 'NOT_FOUND', message: 'No such operation' });
    await portal.visit('/');
    await portal.page.getByText('Not found', { exact: true }).waitFor();
  });

  it('NAV-77 another error status shows the message the server sent', async () => {
    portal = await suite.open();
    await answerSessionCheck(503, { status: 'SERVICE_UNAVAILABLE', message: 'The service is not available right now' });
    await portal.visit('/');
    await portal.page.getByText('The service is not available right now', { exact: true }).waitFor();
  });

  it("NAV-78 a call that gets no answer shows 'ERROR: Connection timed out, please try again.'", async () => {
    portal = await suite.open();
    await portal.page.route('**/ps/checkSessionAlive', (route) => route.abort('connectionreset'));
    await portal.visit('/');
    await portal.page.getByText('ERROR: Connection timed out, please try again.', { exact: true }).waitFor();
  });

  it("DEF-09 a 403 answer shows 'You are not authorized to access this page.'", async () => {
    portal = await suite.open();
    await answerSessionCheck(403, { status: 'FORBIDDEN', message: 'Forbidden' });
    await portal.visit('/');
    await portal.page.getByText('You are not authorized to access this page.', { exact: true }).waitFor();
  });

  it('DEF-09 SESS-21 a 401 answer ends the session and opens the login sidebar on /session-expired', async () => {
    portal = await suite.open();
    await answerSessionCheck(401, { status: 'INVALID_SESSIONKEY', message: 'Session has expired. Please log in again.' });
    await portal.visit('/promotions');
    await portal.page.waitForURL((url) => url.pathname === '/session-expired');
    expect(await portal.page.getByTestId('session-expired-banner').textContent()).toBe('Session has expired. Please log in again.');
  });
});
