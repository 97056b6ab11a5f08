import { usePortalSuite } from './portal';
import { eq } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { player } from '../../server/db/schema';
import { startOnfidoSimulator, type OnfidoSimulator } from '../../server/sandbox/onfido';
import { staffApi } from '../support/back-office';
import { screenshot } from '../support/browser';
import { openView, staffSignIn } from './back-office-helpers';
import { fillStep1, fillStep2, freshPlayer } from './signup-helpers';

/**
 * Issue 31: a player from sign-up to verified through the Onfido adapter and its simulator, in the
 * browser against the real server — the approve, refer (and staff approval) and reject outcomes.
 * The decision comes by the simulator's signed webhook; the test waits on the player's kycStatus.
 */
const API_TOKEN = 'api_sandbox.emerald_browser_token';
const WEBHOOK_TOKEN = 'onfido_browser_webhook_token';
const environment: Record<string, string> = { KYC_PROVIDER: 'onfido', ONFIDO_API_TOKEN: API_TOKEN, ONFIDO_WEBHOOK_TOKENS: WEBHOOK_TOKEN };
let onfido: OnfidoSimulator;

// Registered before the suite's own hook: the simulator's address goes into the server's configuration.
beforeAll(async () => {
  onfido = await startOnfidoSimulator({ apiToken: API_TOKEN, webhookToken: WEBHOOK_TOKEN, retryBaseMs: 50, decisionDelayMs: 50 });
  environment.ONFIDO_API_URL = onfido.url;
});
afterAll(async () => {
  await onfido?.close();
});

describe('identity verification through Onfido (issue 31; SIGNUP-36, KYC-02, DIS-01)', () => {
  const suite = usePortalSuite(environment);
  beforeAll(() => onfido.setWebhookUrl(`${suite.server.url}/ps/kyc/webhook/onfido`));
  const { call, signIn } = staffApi(() => suite.server);

  /** Sign-up steps 1 and 2 in the portal; step 2 answers that the check is running (SIGNUP-36). */
  async function signUp(lastName: string) {
    const portal = await suite.open();
    const who = freshPlayer('onfido');
    await portal.visit('/join');
    await fillStep1(portal.page, who);
    await portal.page.getByTestId('join-submit').click();
    await portal.page.getByTestId('signup-step-2').waitFor();
    await fillStep2(portal.page, lastName);
    await portal.page.getByTestId('contact-submit').click();
    const outcome = portal.page.getByTestId('signup-outcome-age-check');
    await outcome.waitFor();
    expect(await outcome.textContent()).toContain('age verification check is running');
    const [row] = await suite.server.db.select({ id: player.id }).from(player).where(eq(player.username, who.username));
    return { portal, partyId: row!.id, username: who.username };
  }
  const kycStatusOf = async (partyId: string) =>
    (await suite.server.db.select({ kycStatus: player.kycStatus }).from(player).where(eq(player.id, partyId)))[0]!.kycStatus;

  it('clear: verified by the webhook, the identification page says so and the wallet opens', async () => {
    const { portal, partyId } = await signUp('Byrne');
    await expect.poll(() => kycStatusOf(partyId), { timeout: 10_000 }).toBe('EXPERIAN_PASS');
    await portal.visit('/identification');
    await portal.page.getByTestId('identification-verified').waitFor();
    await portal.visit('/deposit');
    await portal.page.getByTestId('wallet').waitFor();
  });

  it('consider: referred to staff; once the reviewer approves, the player is verified', async () => {
    const { portal, partyId, username } = await signUp('Consider');
    await expect.poll(() => kycStatusOf(partyId), { timeout: 10_000 }).toBe('ID_CHECK_LOCK');
    // The reviewer finds the player in the back office's queue, marked as referred by Onfido.
    const reviewer = await staffSignIn(await suite.open(), 'bo.identity', 'Ida Reviewer');
    await openView(reviewer, 'Documents to review');
    const queued = reviewer.getByTestId('bo-review-queue').getByRole('row').filter({ hasText: username });
    await queued.waitFor();
    expect(await queued.textContent()).toContain('Onfido');
    await screenshot(reviewer, 'kyc-onfido-review-queue-desktop-en');
    await portal.visit('/identification');
    await portal.page.getByTestId('identity-flow').waitFor();
    expect(await portal.page.getByTestId('identification-verified').count()).toBe(0);
    const staff = await signIn('bo.identity');
    expect((await call('POST', `/bo/players/${partyId}/identity`, staff, { decision: 'approve', reason: 'Checked by hand' })).status).toBe(200);
    await portal.visit('/identification');
    await portal.page.getByTestId('identification-verified').waitFor();
  });

  it('rejected: not verified, the identification page offers the document upload instead', async () => {
    const { portal, partyId } = await signUp('Rejected');
    await expect.poll(() => kycStatusOf(partyId), { timeout: 10_000 }).toBe('KYC_FAILED_LOCK');
    await portal.visit('/identification');
    await portal.page.getByTestId('identity-flow').waitFor();
    expect(await portal.page.getByTestId('identification-verified').count()).toBe(0);
  });
});
