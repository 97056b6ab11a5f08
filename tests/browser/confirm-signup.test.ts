import { describe, expect, it } from 'vitest';
import { ApiClient, newSignup } from '../support/api-client';
import { usePortalSuite } from './portal';

describe('the sign-up confirmation link (NAV-02…04, SIGNUP-52)', () => {
  const suite = usePortalSuite();

  it('SIGNUP-52 the e-mailed link confirms the address, signs the player in and continues at step 2, leaving no code in the address', async () => {
    const signup = newSignup();
    await new ApiClient(suite.server.url).post('/ps/quickSignup', signup);
    const [mail] = (await suite.server.outbox(signup.email)).filter((message) => message.template === 'signup-confirmation');
    const link = /http:\/\/\S+\/confirm-signup\?\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    const { pathname, search } = new URL(link);

    const portal = await suite.open();
    await portal.page.goto(`${pathname}${search}`);
    await portal.page.waitForURL((url) => url.pathname === '/contact');
    expect(portal.page.url()).not.toContain('confirmationCode');
    const session = await portal.page.evaluate(async () => (await fetch('/ps/checkSessionAlive')).json());
    expect(session).toMatchObject({ alive: true, registrationStatus: 'QUICK_REG' });
  });

  it('a used or made-up code shows that the link is not valid, with a way to log in', async () => {
    const portal = await suite.open();
    await portal.visit('/confirm-signup?confirmationCode=made-up&email=nobody%40example.test');
    const card = portal.page.getByTestId('confirm-signup');
    await card.getByText('This confirmation link is not valid or has expired.', { exact: false }).waitFor();
    expect(await card.getByRole('link', { name: 'LOG IN' }).getAttribute('href')).toBe('/login');
    expect(portal.page.url()).not.toContain('made-up');
  });

  it('NAV-02 without a code it opens sign-up over the home page', async () => {
    const portal = await suite.open();
    await portal.visit('/confirm-signup');
    await portal.page.getByTestId('sidebar-signup').waitFor();
  });
});
