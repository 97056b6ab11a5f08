import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completion, newSignup } from '../support/api-client';
import { usePortalSuite, type Portal } from './portal';
import { widths } from './wallet-helpers';

/**
 * Free spins in the game client (issue 14, BON-13): the demo code SPINS20 redeemed, the slot it
 * names opened for real money, the panel with the spins left and the fixed stake, and a free spin
 * played by Spin — counted down, the stake selector locked to €0.10, no cash taken. On the real
 * server; desktop in English and phone in Macedonian.
 */

const SLOT = 'SR-1004';
const SCREENS = 'tests/.artifacts/free-spins';

const expected = {
  en: {
    title: 'Free spins',
    before: '20 of 20 free spins left',
    after: '19 of 20 free spins left',
    stake: /^Stake fixed at €0\.10 a spin/,
    result: /^Free spin 1: /,
  },
  mk: {
    title: 'Бесплатни вртења',
    before: 'Преостануваат 20 од 20 бесплатни вртења',
    after: 'Преостануваат 19 од 20 бесплатни вртења',
    stake: /^Влогот е фиксен на (€0\.10|0,10\s?€) по вртење/,
    result: /^Бесплатно вртење 1: /,
  },
} as const;

/** A new Irish player signed in in this browser with €10.00 cash and SPINS20 redeemed. */
async function playerWithSpins(portal: Portal, suite: ReturnType<typeof usePortalSuite>): Promise<void> {
  const { unit: _unit, building: _building, ...profile } = completion();
  const signedUp = await portal.context.request.post(`${suite.server.url}/ps/signup`, {
    data: { ...newSignup(), ...profile, securityQuestion: 'First pet?', securityAnswer: 'Rex' },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const { partyId } = (await signedUp.json()) as { partyId: string };
  await suite.server.fundPlayer(partyId, 1_000n, 'EUR');
  const redeemed = await portal.context.request.post(`${suite.server.url}/ps/redeemBonus`, { data: { code: 'SPINS20' } });
  expect(redeemed.status(), await redeemed.text()).toBe(200);
}

async function openSlot(portal: Portal, suite: ReturnType<typeof usePortalSuite>, language: 'en' | 'mk'): Promise<Page> {
  const launched = await portal.context.request.post(`${suite.server.url}/gs/launch`, { data: { gameId: SLOT, playForReal: true } });
  expect(launched.status(), await launched.text()).toBe(200);
  const { launchUrl } = (await launched.json()) as { launchUrl: string };
  await portal.page.goto(`${suite.server.url}${launchUrl}&lang=${language}`);
  await portal.page.getByTestId('gc-table').waitFor();
  return portal.page;
}

describe('free spins in the game client (issue 14, BON-13)', () => {
  const suite = usePortalSuite();
  mkdirSync(SCREENS, { recursive: true });

  for (const [language, viewport] of [
    ['en', widths.desktop],
    ['mk', widths.mobile],
  ] as const) {
    it(`shows the free spins left and the fixed stake; Spin plays a free spin that takes no cash (${language}, ${viewport.width} px)`, async () => {
      const portal = await suite.open({ viewport });
      await playerWithSpins(portal, suite);
      const page = await openSlot(portal, suite, language);
      const panel = page.getByRole('region', { name: expected[language].title });
      await panel.waitFor();
      expect(await page.getByTestId('gc-free-spins-left').textContent()).toBe(expected[language].before);
      expect(await page.getByTestId('gc-free-spins-stake').textContent()).toMatch(expected[language].stake);
      // The stake is the spins' fixed stake and cannot be changed while they last.
      const stake = page.getByTestId('gc-stake');
      expect(await stake.inputValue()).toBe('0.1');
      expect(await stake.isDisabled()).toBe(true);
      await page.screenshot({ path: `${SCREENS}/before-${language}-${viewport.width}.png`, fullPage: true });

      await page.getByTestId('gc-spin').click();
      await page
        .getByTestId('gc-free-spins-left')
        .and(page.locator(`:text-is("${expected[language].after}")`))
        .waitFor();
      expect(await page.getByTestId('gc-free-spins-status').textContent()).toMatch(expected[language].result);
      await page.locator('[data-testid="gc-spin"]:not([disabled])').waitFor();
      expect(await page.getByTestId('gc-error').isHidden()).toBe(true);
      await page.screenshot({ path: `${SCREENS}/after-${language}-${viewport.width}.png`, fullPage: true });
      // No cash moved: the €10.00 is all still cash.
      const balance = await portal.context.request.get(`${suite.server.url}/ps/getBalance`);
      const { currencyBalances } = (await balance.json()) as { currencyBalances: { currency: string; withdrawableBalance: number }[] };
      expect(currencyBalances.find((entry) => entry.currency === 'EUR')?.withdrawableBalance).toBe(10);
    });
  }
});
