import { describe, expect, it } from 'vitest';
import { usePortalSuite, type Portal } from './portal';
import { fillStep1, fillStep2, freshPlayer, logIn } from './signup-helpers';

describe('sign-up: /join and /contact (SIGNUP, SESS-34, SESS-35)', () => {
  const suite = usePortalSuite();
  let portal: Portal;

  async function reachStep2(prefix: string): Promise<void> {
    portal = await suite.open();
    await portal.visit('/join');
    await fillStep1(portal.page, freshPlayer(prefix));
    await portal.page.getByTestId('join-submit').click();
    await portal.page.getByTestId('signup-step-2').waitFor();
    expect(new URL(portal.page.url()).pathname).toBe('/contact');
  }

  it('NAV-10 SESS-08 the sign-up sidebar leads to /join with JOIN NOW and switches to login', async () => {
    portal = await suite.open();
    await portal.visit('/signup');
    const sidebar = portal.page.getByTestId('sidebar-signup');
    await sidebar.getByRole('link', { name: 'JOIN NOW' }).click();
    await portal.page.getByTestId('signup-step-1').waitFor();
    expect(new URL(portal.page.url()).pathname).toBe('/join');
    await portal.page.getByTestId('sidebar-signup').waitFor({ state: 'detached' });
    await portal.visit('/signup');
    await portal.page.getByTestId('sidebar-signup').getByRole('button', { name: 'LOG IN' }).click();
    await portal.page.getByTestId('login-form').waitFor();
  });

  it('SIGNUP-01…18 SIGNUP-34 SESS-35 step 1 then step 2 signs the player in at /, and /join then leads home', async () => {
    await reachStep2('signup');
    const { page } = portal;
    expect(await page.getByTestId('mobile-country').inputValue()).toBe('IE');
    expect(await page.getByTestId('address-country').inputValue()).toBe('IE');
    await fillStep2(page, 'Byrne');
    await page.getByTestId('contact-submit').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('account-name').filter({ hasText: 'Aoife' }).waitFor();
    await portal.visit('/join');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('home-page').waitFor();
  });

  it("SIGNUP-35 NS-30 last name 'Refer' (ID_CHECK_LOCK) thanks the player and asks for documents", async () => {
    await reachStep2('refer');
    await fillStep2(portal.page, 'Refer');
    await portal.page.getByTestId('contact-submit').click();
    const outcome = portal.page.getByTestId('signup-outcome-id-check');
    await outcome.waitFor();
    const text = await outcome.textContent();
    expect(text).toContain('Thank you for registering!');
    expect(text).toContain('check your e-mail and submit your documents');
  });

  it("SIGNUP-36 NS-30 last name 'Underage' (KYC_FAILED_LOCK) says the age check runs, under 30 minutes by day, e-mail when active", async () => {
    await reachStep2('underage');
    await fillStep2(portal.page, 'Underage');
    await portal.page.getByTestId('contact-submit').click();
    const outcome = portal.page.getByTestId('signup-outcome-age-check');
    await outcome.waitFor();
    const text = await outcome.textContent();
    expect(text).toContain('age verification check is running');
    expect(text).toContain('Between 7am and 11pm this usually takes less than 30 minutes');
    expect(text).toContain('e-mail as soon as your account is active');
  });

  it('SIGNUP-38 SIGNUP-44 a taken username is listed under the failure heading with the DA text', async () => {
    portal = await suite.open();
    await portal.visit('/join');
    await fillStep1(portal.page, { username: 'demo.player', email: `taken${Date.now()}@example.test` });
    await portal.page.getByTestId('join-submit').click();
    const errors = portal.page.getByTestId('signup-errors');
    await errors.waitFor();
    expect(await errors.textContent()).toContain('Sign up failed for the reason(s) listed below:');
    expect(await errors.textContent()).toContain('We were unable to create your account, please contact support and quote error code DA.');
    expect(new URL(portal.page.url()).pathname).toBe('/join');
  });

  // When step 1's JOIN is enabled and which years it offers (SIGNUP-04, SIGNUP-11, DEF-22), and when step
  // 2 marks a field and enables CONTINUE (SIGNUP-26, SIGNUP-27), are the forms' own tests
  // (web/src/features/signup/components/join-page.test.tsx, contact-page.test.tsx).

  it('NAV-12 /contact without a session goes to /join', async () => {
    portal = await suite.open();
    await portal.visit('/contact');
    await portal.page.getByTestId('signup-step-1').waitFor();
    expect(new URL(portal.page.url()).pathname).toBe('/join');
  });

  it('SESS-12 SESS-34 a QUICK_REG player who logs in is sent to /contact, and kept there', async () => {
    portal = await suite.open();
    await portal.visit('/');
    await logIn(portal.page, 'demo.quickreg');
    await portal.page.getByTestId('signup-step-2').waitFor();
    expect(new URL(portal.page.url()).pathname).toBe('/contact');
    await portal.visit('/promotions');
    await portal.page.getByTestId('signup-step-2').waitFor();
    expect(new URL(portal.page.url()).pathname).toBe('/contact');
  });
});
