import { and, eq, isNull } from 'drizzle-orm';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gameRound, gameSeed, player } from '../../server/db/schema';
import { act, deal, isBlackjack, rankOf, type BlackjackAction, type BlackjackState } from '../../server/games/engines/blackjack/blackjack';
import { fairSource } from '../../server/games/rng/rng';
import { blackjackClassic } from '../../server/games/titles/table-and-mini-games';
import { catalogues } from '../../web/game-client/strings';
import { screenshot } from '../support/browser';
import { usePortalSuite, type Portal, type PortalSuite } from './portal';
import { minorUnitsOf, signIn, widths } from './wallet-helpers';

const ROULETTE = 'NT-4001';
const BLACKJACK = 'NT-4002';
const SLOT = 'SR-1001';
const PLINKO = 'PA-5001';
const MINES = 'PA-5002';

async function openGame(portal: Portal, gameId: string, ready: string): Promise<FrameLocator> {
  const { page } = portal;
  await portal.visit(`/game-page?gameId=${gameId}&playForReal=true`);
  await page.getByTestId('game-frame').waitFor();
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId(ready).waitFor();
  return frame;
}

/**
 * A player signed in on a fresh profile with the cookie notice answered (it would cover the
 * table): the game page is the first page loaded, without a trip through the home page first.
 * `motion: 'reduced'` asks for prefers-reduced-motion, where the wheel places its ball at once and
 * cards appear in place: for a test whose subject is the rules, the words or the layout of a
 * settled table, not the animation (the three "for real" journeys watch the full animations), it
 * saves the wheel's 4.6 s spin and the deals' card flights without changing what is checked.
 */
async function openAsPlayer(
  suite: PortalSuite,
  username = 'demo.player',
  viewport: { width: number; height: number } = widths.desktop,
  motion: 'full' | 'reduced' = 'full',
): Promise<Portal> {
  const portal = await signIn(suite, username, viewport);
  await portal.context.addCookies([{ name: 'COOKIES_ACCEPTED', value: 'true', url: suite.server.url }]);
  if (motion === 'reduced') await portal.page.emulateMedia({ reducedMotion: 'reduce' });
  return portal;
}

const resultText = (frame: FrameLocator) => frame.getByTestId('gc-game-result').textContent();

/** The game client's frame itself (to call /gs as the client does, with its game session cookie). */
function clientFrame(page: Page): Frame {
  const found = page.frames().find((candidate) => candidate.url().includes('/gs/play/'));
  if (!found) throw new Error('the game client frame is not open');
  return found;
}

/** The player's committed, unrevealed seed: the test reads the server's secret half from its database. */
async function activeSeed(suite: PortalSuite, username = 'demo.player') {
  const [row] = await suite.server.db
    .select({ serverSeed: gameSeed.serverSeed, clientSeed: gameSeed.clientSeed, nonce: gameSeed.nextNonce })
    .from(gameSeed)
    .innerJoin(player, eq(player.id, gameSeed.playerId))
    .where(and(eq(player.username, username), isNull(gameSeed.revealedAt)));
  if (!row) throw new Error(`${username} has no active seed`);
  return row;
}

/**
 * Arranges the next blackjack deal without any test door in the server: a round is
 * HMAC(serverSeed, clientSeed:nonce:cursor), so the test, knowing the committed server seed from the
 * database, replays the next deal with the production engine; while it is not the hand wanted, the
 * player rotates the seed through the public /gs/seeds/rotate (as the client's "Rotate seed" does)
 * and the next server seed is tried. Answers the deal that the next round will be.
 */
async function arrangeDeal(suite: PortalSuite, page: Page, stakeMinor: number, wanted: (state: BlackjackState) => boolean): Promise<BlackjackState> {
  const frame = clientFrame(page);
  for (let attempt = 0; attempt < 500; attempt++) {
    const seed = await activeSeed(suite);
    const state = deal(blackjackClassic.rules, stakeMinor, fairSource(seed));
    if (wanted(state)) return state;
    const status = await frame.evaluate(
      async () => (await fetch('/gs/seeds/rotate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status,
    );
    expect(status).toBe(200);
  }
  throw new Error('no seed dealt the wanted hand in 500 rotations');
}

/** The engine's settlement after these actions, as the client should tell it. */
function settleWith(state: BlackjackState, actions: BlackjackAction[]): BlackjackState {
  return actions.reduce((current, action) => act(blackjackClassic.rules, current, action), state);
}

const outcomeNames: Record<string, string> = { blackjack: 'Blackjack', win: 'Win', push: 'Push', lose: 'Lose', bust: 'Bust' };
/** "€1.50" for minor units, as the client formats euros in English. */
const euros = (minor: number) => new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(minor / 100);

/** The end of a settled round's line: a push gives the stake back (no win), else what was won. */
function returnedText(settlement: NonNullable<BlackjackState['settlement']>): string {
  if (settlement.hands.every((hand) => hand.outcome === 'push') && !settlement.insurance?.returned && settlement.totalReturned > 0)
    return `your stake of ${euros(settlement.totalReturned)} is returned`;
  return settlement.totalReturned > 0 ? `you won ${euros(settlement.totalReturned)}` : 'No win';
}

/** The cards' ranks a hand shows (A, 2…10, J, Q, K), read from the table. */
const shownRanks = (hand: ReturnType<FrameLocator['getByTestId']>) => hand.locator('.gc-bj__rank').allTextContents();
const RANK_TEXT = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const ranksOf = (cards: readonly number[]) => cards.map((card) => RANK_TEXT[rankOf(card) - 1]);

/** Clicks one of the blackjack action buttons once it is enabled. */
async function press(frame: FrameLocator, name: string): Promise<void> {
  await frame.getByTestId('gc-actions').getByRole('button', { name, exact: true }).and(frame.locator(':not([disabled])')).click();
}

describe('table games in the game client: roulette, blackjack and the GB play rules', () => {
  const suite = usePortalSuite();

  // A play that watches the wheel's spin, or walks several animated games, is given 120 s.
  it('roulette for real: a straight and an even-money bet, one spin, the result and the balance follow', async () => {
    const portal = await openAsPlayer(suite);
    const { page } = portal;
    const frame = await openGame(portal, ROULETTE, 'gc-roulette');
    expect(await frame.getByTestId('gc-net').textContent()).toBe('€0.00');
    await frame.getByTestId('gc-game-stake').selectOption({ index: 2 });
    const chip = minorUnitsOf(await frame.getByTestId('gc-game-stake').locator('option:checked').textContent());
    await frame.getByRole('button', { name: 'Bet on 17 black', exact: true }).click();
    await frame.getByRole('button', { name: 'Bet on red', exact: true }).click();
    expect(await frame.getByTestId('gc-rl-bet').count()).toBe(2);
    const before = minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent());
    await page.screenshot({ path: '/tmp/table-roulette-bets.png' });
    await frame.getByRole('button', { name: 'Spin', exact: true }).click();
    await expect.poll(() => resultText(frame), { timeout: 10_000 }).toMatch(/^\d{1,2} (red|black|green) — (you won €[\d,.]+|No win)$/);
    const result = (await resultText(frame)) ?? '';
    const number = Number(/^\d+/.exec(result)?.[0]);
    const red = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
    const expectedWin = (number === 17 ? chip * 36n : 0n) + (red.has(number) ? chip * 2n : 0n);
    const shownWin = result.includes('you won') ? minorUnitsOf(result.split('you won')[1] ?? '') : 0n;
    expect(shownWin).toBe(expectedWin);
    const after = minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent());
    expect(after).toBe(before - chip * 2n + expectedWin);
    const net = (await frame.getByTestId('gc-net').textContent()) ?? '';
    expect(minorUnitsOf(net) * (net.startsWith('−') ? -1n : 1n)).toBe(expectedWin - chip * 2n);
    await page.screenshot({ path: '/tmp/table-roulette.png' });
    // The bets stay on the table for the next spin and can be cleared.
    await frame.getByRole('button', { name: 'Clear bets' }).click();
    expect(await frame.getByTestId('gc-rl-bet').count()).toBe(0);
    expect(await frame.getByRole('button', { name: 'Spin', exact: true }).isDisabled()).toBe(true);
  }, 120_000);

  it('blackjack for real: deal, act until the round ends, the result is shown', async () => {
    const portal = await openAsPlayer(suite);
    const { page } = portal;
    const frame = await openGame(portal, BLACKJACK, 'gc-blackjack');
    await frame.getByRole('button', { name: 'Deal' }).click();
    await expect.poll(() => frame.getByTestId('gc-card').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    await page.screenshot({ path: '/tmp/table-blackjack-deal.png' });
    for (let step = 0; step < 12; step++) {
      const result = (await resultText(frame)) ?? '';
      if (/ — (you won|your stake of|No win)/.test(result)) break;
      const actions = frame.getByTestId('gc-actions').getByRole('button');
      await expect.poll(() => actions.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      const names = await actions.allTextContents();
      const choice = names.includes('Stand') ? 'Stand' : names.includes('No insurance') ? 'No insurance' : (names[0] ?? '');
      await frame.getByTestId('gc-actions').getByRole('button', { name: choice, exact: true }).click();
      await expect.poll(async () => (await resultText(frame)) !== result || (await actions.count()) === 0, { timeout: 10_000 }).toBe(true);
    }
    await expect
      .poll(() => resultText(frame), { timeout: 10_000 })
      .toMatch(
        /^(Blackjack|Win|Push|Lose|Bust)(, (Blackjack|Win|Push|Lose|Bust))* — dealer \d+ — (you won €[\d,.]+|your stake of €[\d,.]+ is returned|No win)$/,
      );
    expect(await frame.getByTestId('gc-actions').getByRole('button').count()).toBe(0);
    expect(await frame.getByRole('button', { name: 'Deal' }).isEnabled()).toBe(true);
    await page.screenshot({ path: '/tmp/table-blackjack.png' });
  });

  it('plinko and mines for real: a drop, then a pick and a cash-out', async () => {
    const portal = await openAsPlayer(suite);
    const { page } = portal;
    let frame = await openGame(portal, PLINKO, 'gc-plinko');
    await frame.getByTestId('gc-plinko-risk').selectOption('high');
    const before = minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent());
    const stake = minorUnitsOf(await frame.getByTestId('gc-game-stake').locator('option:checked').textContent());
    await frame.getByRole('button', { name: 'Drop' }).click();
    await expect.poll(() => resultText(frame), { timeout: 10_000 }).toMatch(/^[\d.,]+× — (you won €[\d,.]+|No win)$/);
    const result = (await resultText(frame)) ?? '';
    const win = result.includes('you won') ? minorUnitsOf(result.split('you won')[1] ?? '') : 0n;
    expect(minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent())).toBe(before - stake + win);
    await page.screenshot({ path: '/tmp/table-plinko.png' });

    frame = await openGame(portal, MINES, 'gc-mines');
    await frame.getByRole('button', { name: 'Start' }).click();
    await frame.getByRole('button', { name: 'Cell 1-1', exact: true }).and(frame.locator(':not([disabled])')).waitFor();
    await frame.getByRole('button', { name: 'Cell 1-1', exact: true }).click();
    await expect.poll(() => frame.getByTestId('gc-mines-grid').locator('[data-state="hidden"]').count(), { timeout: 10_000 }).toBeLessThan(25);
    const cashOut = frame.getByRole('button', { name: /^Cash out/ });
    // The label names what cashing out pays at least (the server's exact whole units); the fraction of a cent is a fair draw.
    const atLeast = (await cashOut.isVisible()) ? minorUnitsOf(await cashOut.textContent()) : undefined;
    if (atLeast !== undefined) {
      expect(atLeast).toBeGreaterThan(0n);
      await cashOut.click();
    }
    await expect.poll(() => resultText(frame), { timeout: 10_000 }).toMatch(/^(Mine — No win|[\d.]+× — you won €[\d,.]+)$/);
    if (atLeast !== undefined) {
      const paid = minorUnitsOf((await resultText(frame))?.split('you won')[1] ?? '');
      expect(paid - atLeast >= 0n && paid - atLeast <= 1n).toBe(true);
    }
    await page.screenshot({ path: '/tmp/table-mines.png' });
  });

  it('blackjack split: a pair is split and both hands are played; the round verifies once its seed is revealed', async () => {
    const portal = await openAsPlayer(suite, 'demo.player', widths.desktop, 'reduced');
    const { page } = portal;
    const frame = await openGame(portal, BLACKJACK, 'gc-blackjack');
    const stake = Number(minorUnitsOf(await frame.getByTestId('gc-game-stake').locator('option:checked').textContent()));
    // A pair of 2s…9s against a dealer 2…9: no insurance, no peek, and neither split hand can reach 21 on its own.
    const dealt = await arrangeDeal(suite, page, stake, (state) => {
      const [first, second] = state.hands[0]!.cards;
      const low = (card: number | undefined) => card !== undefined && rankOf(card) >= 2 && rankOf(card) <= 9;
      return state.phase === 'player' && low(first) && rankOf(first!) === rankOf(second!) && low(state.dealer[0]);
    });
    const expected = settleWith(dealt, [{ type: 'split' }, { type: 'stand' }, { type: 'stand' }]);
    const before = minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent());

    await frame.getByRole('button', { name: 'Deal' }).click();
    await frame.getByTestId('gc-actions').getByRole('button', { name: 'Split', exact: true }).waitFor();
    expect(await shownRanks(frame.getByTestId('gc-player-hand'))).toEqual(ranksOf(dealt.hands[0]!.cards));
    await press(frame, 'Split');
    await expect.poll(() => frame.getByTestId('gc-player-hand').count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => resultText(frame)).toMatch(/^Hand 1 of 2, your move: \d+$/);
    expect(await frame.getByTestId('gc-player-hand').first().getAttribute('data-active')).toBe('true');
    expect(await frame.getByRole('group', { name: 'Hand 1' }).count()).toBe(1);
    await page.screenshot({ path: '/tmp/table-blackjack-split.png' });
    await press(frame, 'Stand');
    await expect.poll(() => resultText(frame), { timeout: 10_000 }).toMatch(/^Hand 2 of 2, your move: \d+$/);
    expect(await frame.getByTestId('gc-player-hand').nth(1).getAttribute('data-active')).toBe('true');
    await press(frame, 'Stand');

    const settlement = expected.settlement!;
    const win = settlement.totalReturned;
    const outcomes = settlement.hands.map((hand) => outcomeNames[hand.outcome]).join(', ');
    await expect.poll(() => resultText(frame), { timeout: 10_000 }).toBe(`${outcomes} — dealer ${settlement.dealerTotal} — ${returnedText(settlement)}`);
    for (const [index, hand] of expected.hands.entries()) {
      expect(await shownRanks(frame.getByTestId('gc-player-hand').nth(index))).toEqual(ranksOf(hand.cards));
    }
    expect(await shownRanks(frame.getByTestId('gc-dealer'))).toEqual(ranksOf(expected.dealer));
    // Two stakes went in (the split's second), the win came back.
    expect(minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent())).toBe(before - 2n * BigInt(stake) + BigInt(win));
    await page.screenshot({ path: '/tmp/table-blackjack-split-settled.png' });

    // Verifies a round: the rounds panel, the seed revealed, the split round replayed from its seeds and actions.
    await frame.getByRole('link', { name: 'Verify rounds' }).click();
    const newest = frame.getByTestId('gc-round').first();
    await newest.waitFor();
    expect(await newest.getByTestId('gc-round-check').textContent()).toBe('Seed not revealed yet');
    const commitment = await frame.getByTestId('gc-commitment').textContent();
    await frame.getByRole('button', { name: 'Rotate seed' }).click();
    await expect.poll(() => newest.getByTestId('gc-round-check').textContent(), { timeout: 10_000 }).toBe('verified');
    expect(await newest.getByTestId('gc-round-check').getAttribute('data-verified')).toBe('true');
    expect(await frame.getByTestId('gc-rounds-note').textContent()).toMatch(/^Server seed revealed: [0-9a-f]{64}\. A new seed is committed\.$/);
    expect(await frame.getByTestId('gc-commitment').textContent()).not.toBe(commitment);
    await page.screenshot({ path: '/tmp/table-blackjack-verified.png' });
  });

  it('blackjack insurance: taken against a dealer ace with blackjack (paid 2 to 1), declined against one without', async () => {
    const portal = await openAsPlayer(suite, 'demo.player', widths.desktop, 'reduced');
    const { page } = portal;
    const frame = await openGame(portal, BLACKJACK, 'gc-blackjack');
    const stake = Number(minorUnitsOf(await frame.getByTestId('gc-game-stake').locator('option:checked').textContent()));
    const aceUp = (dealerBlackjack: boolean) => (state: BlackjackState) =>
      state.phase === 'insurance' && isBlackjack(state.dealer) === dealerBlackjack && !isBlackjack(state.hands[0]!.cards);

    // Taken: the dealer has blackjack, the hand loses, insurance pays 2 to 1 on half the stake: even money.
    let dealt = await arrangeDeal(suite, page, stake, aceUp(true));
    let before = minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent());
    await frame.getByRole('button', { name: 'Deal' }).click();
    await expect.poll(() => resultText(frame), { timeout: 10_000 }).toBe('The dealer shows an ace: insurance?');
    expect(await frame.getByTestId('gc-actions').getByRole('button').allTextContents()).toEqual(['Take insurance', 'No insurance']);
    expect(await frame.getByTestId('gc-dealer').getByRole('img', { name: 'Face-down card' }).count()).toBe(1);
    await page.screenshot({ path: '/tmp/table-blackjack-insurance.png' });
    await press(frame, 'Take insurance');
    let settled = settleWith(dealt, [{ type: 'insurance', take: true }]);
    expect(settled.settlement?.insurance?.returned).toBe((stake / 2) * 3);
    await expect
      .poll(() => resultText(frame), { timeout: 10_000 })
      .toBe(`Lose — dealer 21 — insurance pays ${euros((stake / 2) * 3)} — you won ${euros(settled.settlement!.totalReturned)}`);
    expect(await frame.getByTestId('gc-dealer').getByRole('img', { name: 'Face-down card' }).count()).toBe(0);
    expect(minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent())).toBe(before);
    await page.screenshot({ path: '/tmp/table-blackjack-insured.png' });

    // Declined: the dealer has no blackjack, play goes on; nothing is said of insurance.
    dealt = await arrangeDeal(suite, page, stake, aceUp(false));
    before = minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent());
    await frame.getByRole('button', { name: 'Deal' }).click();
    await expect.poll(() => resultText(frame), { timeout: 10_000 }).toBe('The dealer shows an ace: insurance?');
    await press(frame, 'No insurance');
    settled = settleWith(dealt, [{ type: 'insurance', take: false }]);
    expect(settled.phase).toBe('player');
    await expect.poll(() => resultText(frame), { timeout: 10_000 }).toMatch(/^Your move: \d+$/);
    await press(frame, 'Stand');
    settled = settleWith(settled, [{ type: 'stand' }]);
    const { settlement } = settled;
    await expect
      .poll(() => resultText(frame), { timeout: 10_000 })
      .toBe(`${outcomeNames[settlement!.hands[0]!.outcome]} — dealer ${settlement!.dealerTotal} — ${returnedText(settlement!)}`);
    expect(minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent())).toBe(before - BigInt(stake) + BigInt(settlement!.totalReturned));
  });

  it('issue 27: a blackjack push says the stake is returned, not that it was won', async () => {
    const portal = await openAsPlayer(suite, 'demo.player', widths.desktop, 'reduced');
    const { page } = portal;
    const frame = await openGame(portal, BLACKJACK, 'gc-blackjack');
    const stake = Number(minorUnitsOf(await frame.getByTestId('gc-game-stake').locator('option:checked').textContent()));
    // A deal where standing at once ends in a push (no insurance asked).
    const dealt = await arrangeDeal(
      suite,
      page,
      stake,
      (state) => state.phase === 'player' && settleWith(state, [{ type: 'stand' }]).settlement?.hands[0]?.outcome === 'push',
    );
    const before = minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent());
    await frame.getByRole('button', { name: 'Deal' }).click();
    await expect.poll(() => resultText(frame), { timeout: 10_000 }).toMatch(/^Your move: \d+$/);
    await press(frame, 'Stand');
    const { settlement } = settleWith(dealt, [{ type: 'stand' }]);
    await expect
      .poll(() => resultText(frame), { timeout: 10_000 })
      .toBe(`Push — dealer ${settlement!.dealerTotal} — your stake of ${euros(stake)} is returned`);
    expect(minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent())).toBe(before);
  });

  it('the game client speaks Macedonian when the portal does', async () => {
    const portal = await openAsPlayer(suite, 'demo.player', widths.desktop, 'reduced');
    const { page, context } = portal;
    await context.addCookies([{ name: 'LANG', value: 'mk', url: suite.server.url }]);
    let frame = await openGame(portal, ROULETTE, 'gc-roulette');
    expect(await clientFrame(page).evaluate('document.documentElement.lang')).toBe('mk');
    expect(await frame.getByTestId('gc-roulette').getByText('Вашите облози').count()).toBe(1);
    expect(await frame.getByText('Нето резултат').count()).toBe(1);
    await frame.getByRole('button', { name: 'Облог на 17 црно', exact: true }).click();
    await frame.getByRole('button', { name: 'Облог на црвено', exact: true }).click();
    await frame.getByRole('button', { name: 'Заврти', exact: true }).click();
    await expect.poll(() => resultText(frame), { timeout: 10_000 }).toMatch(/^\d{1,2} (црвено|црно|зелено) — (освоивте .+|Без добивка)$/);
    await frame.getByRole('link', { name: 'Провери ги рундите' }).click();
    await frame.getByTestId('gc-round').first().waitFor();
    expect(await frame.getByTestId('gc-round-check').first().textContent()).toBe('Семето сè уште не е откриено');
    await page.screenshot({ path: '/tmp/table-roulette-mk.png' });

    frame = await openGame(portal, BLACKJACK, 'gc-blackjack');
    await frame.getByRole('button', { name: 'Подели', exact: true }).click();
    await expect
      .poll(() => resultText(frame), { timeout: 10_000 })
      .toMatch(/^(Ваш потег: \d+|Делителот покажува ас: сакате ли осигурување\?|.+ — делител \d+ — .+)$/);
    await page.screenshot({ path: '/tmp/table-blackjack-mk.png' });
    // Leave no round in play for the tests after this one.
    for (let step = 0; step < 12 && (await frame.getByTestId('gc-actions').getByRole('button').count()) > 0; step++) {
      const names = await frame.getByTestId('gc-actions').getByRole('button').allTextContents();
      const before = await resultText(frame);
      await press(frame, names.includes('Стоп') ? 'Стоп' : 'Без осигурување');
      await expect.poll(() => resultText(frame), { timeout: 10_000 }).not.toBe(before);
    }
    await expect.poll(() => resultText(frame), { timeout: 10_000 }).toMatch(/ — делител \d+ — (освоивте .+|вашиот влог од .+ ви е вратен|Без добивка)$/);
  }, 120_000);

  for (const [width, viewport] of [
    ['390', widths.mobile],
    ['1280', widths.desktop],
  ] as const) {
    it(`every table game looks finished at ${width} px`, async () => {
      // The settled tables are what is looked at: the animations that lead to them are the journeys' above.
      const portal = await openAsPlayer(suite, 'demo.player', viewport, 'reduced');
      const { page } = portal;
      const noOverflow = async () => {
        // Nothing in the client is wider than its frame (no sideways scrolling).
        const [scroll, client] = await clientFrame(page).evaluate<[number, number]>(
          '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
        );
        expect(scroll).toBeLessThanOrEqual(client);
      };
      let frame = await openGame(portal, ROULETTE, 'gc-roulette');
      await frame.getByRole('button', { name: 'Bet on 17 black', exact: true }).click();
      await frame.getByRole('button', { name: 'Bet on 2nd 12 dozen', exact: true }).click();
      await frame.getByRole('button', { name: 'Spin', exact: true }).click();
      await expect.poll(() => resultText(frame), { timeout: 10_000 }).toMatch(/ — /);
      await noOverflow();
      await page.getByTestId('game-frame').screenshot({ path: `/tmp/table-roulette-${width}.png` });
      await clientFrame(page).evaluate('window.scrollTo(0, 0)');
      await page.getByTestId('game-frame').screenshot({ path: `/tmp/table-roulette-${width}-top.png` });

      frame = await openGame(portal, BLACKJACK, 'gc-blackjack');
      // The widest blackjack table: a pair split into two hands.
      const stake = Number(minorUnitsOf(await frame.getByTestId('gc-game-stake').locator('option:checked').textContent()));
      await arrangeDeal(
        suite,
        page,
        stake,
        (state) =>
          state.phase === 'player' &&
          rankOf(state.hands[0]!.cards[0]!) === rankOf(state.hands[0]!.cards[1]!) &&
          rankOf(state.hands[0]!.cards[0]!) >= 2 &&
          rankOf(state.hands[0]!.cards[0]!) <= 9,
      );
      await frame.getByRole('button', { name: 'Deal' }).click();
      await press(frame, 'Split');
      await expect.poll(() => frame.getByTestId('gc-player-hand').count(), { timeout: 10_000 }).toBe(2);
      // The second hand gets its second card only when play moves to it, so count from here.
      const cardsBeforeHit = await frame.getByTestId('gc-card').count();
      await press(frame, 'Hit');
      await expect.poll(() => frame.getByTestId('gc-card').count(), { timeout: 10_000 }).toBeGreaterThan(cardsBeforeHit);
      await noOverflow();
      await page.getByTestId('game-frame').screenshot({ path: `/tmp/table-blackjack-${width}.png` });
      for (let step = 0; step < 12 && (await frame.getByTestId('gc-actions').getByRole('button').count()) > 0; step++) {
        const names = await frame.getByTestId('gc-actions').getByRole('button').allTextContents();
        const before = await resultText(frame);
        await press(frame, names.includes('Stand') ? 'Stand' : 'No insurance');
        await expect.poll(() => resultText(frame), { timeout: 10_000 }).not.toBe(before);
      }

      frame = await openGame(portal, PLINKO, 'gc-plinko');
      await frame.getByRole('button', { name: 'Drop' }).click();
      await expect.poll(() => resultText(frame), { timeout: 10_000 }).toMatch(/ — /);
      await noOverflow();
      await page.getByTestId('game-frame').screenshot({ path: `/tmp/table-plinko-${width}.png` });

      frame = await openGame(portal, MINES, 'gc-mines');
      await frame.getByRole('button', { name: 'Start' }).click();
      await frame.getByRole('button', { name: 'Cell 3-3', exact: true }).and(frame.locator(':not([disabled])')).click();
      await expect.poll(() => frame.getByTestId('gc-mines-grid').locator('[data-state="hidden"]').count(), { timeout: 10_000 }).toBeLessThan(25);
      await noOverflow();
      await page.getByTestId('game-frame').screenshot({ path: `/tmp/table-mines-${width}.png` });
      if (await frame.getByRole('button', { name: /^Cash out/ }).isVisible()) await frame.getByRole('button', { name: /^Cash out/ }).click();
      await expect.poll(() => resultText(frame), { timeout: 10_000 }).toMatch(/ — /);
    }, 120_000);
  }

  it('GB rules: spins are at least 2.5 s apart, net position and session time are shown', async () => {
    await suite.server.db.update(player).set({ country: 'GB' }).where(eq(player.username, 'demo.player'));
    const portal = await openAsPlayer(suite);
    const { page } = portal;
    const frame = await openGame(portal, SLOT, 'gc-table');
    const spin = frame.getByRole('button', { name: 'Spin' });
    await frame.getByTestId('gc-status').waitFor();
    expect(await frame.getByTestId('gc-net').textContent()).toBe('€0.00');
    const clicked = Date.now();
    await spin.click();
    await expect.poll(() => frame.getByTestId('gc-result').textContent(), { timeout: 10_000 }).toMatch(/^(No win|Win €)/);
    // The reels have stopped, yet the next spin waits for the interval: Spin comes back no sooner.
    await spin.and(frame.locator(':not([disabled])')).waitFor({ timeout: 10_000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(2_400);
    expect(await frame.getByTestId('gc-net').textContent()).toMatch(/^(\+|−)?€[\d,.]+$/);
    const elapsed = await frame.getByTestId('gc-elapsed').textContent();
    expect(elapsed).toMatch(/^\d+:\d{2}$/);
    await expect.poll(() => frame.getByTestId('gc-elapsed').textContent(), { timeout: 3_000 }).not.toBe(elapsed);
    await page.screenshot({ path: '/tmp/table-slot-gb.png' });
  });

  // Issue 29 item 1: the roulette wheel a GB player spins twice in a row, in the player's language.
  // Reduced motion lands the ball at once, so the second press comes well inside the 5 s cycle and
  // the whole countdown is there to read (with the full spin most of the wait passes while the ball runs).
  for (const [language, size, viewport] of [
    ['en', '1280', widths.desktop],
    ['mk', '390', widths.mobile],
  ] as const) {
    it(`GB rules (RTS 14G), ${language} at ${size} px: a roulette spin pressed again at once counts down to the next game in words, then spins`, async () => {
      const text = catalogues[language];
      const { partyId, cookie } = await suite.server.createSignedInPlayer({ currencies: ['GBP'] });
      await suite.server.db.update(player).set({ country: 'GB', language, birthDate: '1980-01-01' }).where(eq(player.id, partyId));
      await suite.server.fundPlayer(partyId, 5_000n, 'GBP');
      const portal = await suite.open({ viewport, sessionCookie: cookie, language });
      await portal.page.emulateMedia({ reducedMotion: 'reduce' });
      const frame = await openGame(portal, ROULETTE, 'gc-roulette');
      const spinName = text['slot.spin'];
      const countdown = new RegExp(`^${text['cycle.nextIn'].replace('{seconds}', '[1-5]')}$`);
      const spin = frame.getByTestId('gc-roulette').locator('button.gc__spin');
      const balance = () => frame.getByTestId('gc-game-balance').textContent();
      await frame.getByRole('button', { name: text['roulette.betOn'].replace('{label}', text['roulette.red']), exact: true }).click();
      await frame.getByRole('button', { name: spinName, exact: true }).click();
      await expect.poll(() => resultText(frame), { timeout: 15_000 }).toMatch(/ — /);
      const afterFirst = await balance();
      // Pressed again at once: no refusal, the wait on the button in the player's words.
      await frame.getByRole('button', { name: spinName, exact: true }).click();
      await expect.poll(() => spin.textContent()).toMatch(countdown);
      expect(await spin.isDisabled()).toBe(true);
      expect(await frame.getByTestId('gc-error').isVisible()).toBe(false);
      await screenshot(portal.page, `table-roulette-gb-wait-${size}-${language}`);
      // Then the round goes by itself: the stake is taken again and the button says Spin once more.
      await expect.poll(balance, { timeout: 15_000 }).not.toBe(afterFirst);
      await expect.poll(() => spin.textContent(), { timeout: 15_000 }).toBe(spinName);
      await expect.poll(() => frame.getByTestId('gc-rl-bet').count()).toBe(1);
      expect(await frame.getByTestId('gc-error').isVisible()).toBe(false);
      // The server played both rounds, the second at least the cycle after the first.
      const rounds = await suite.server.db
        .select({ createdAt: gameRound.createdAt })
        .from(gameRound)
        .where(eq(gameRound.playerId, partyId))
        .orderBy(gameRound.createdAt);
      expect(rounds).toHaveLength(2);
      expect(rounds[1]!.createdAt.getTime() - rounds[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(5_000);
    }, 90_000);
  }

  it('GB rules (RTS 14G): a plinko drop pressed within 5 s of the last waits, counting down on its button, then drops', async () => {
    await suite.server.db.update(player).set({ country: 'GB' }).where(eq(player.username, 'demo.player'));
    const portal = await openAsPlayer(suite, 'demo.player', widths.mobile, 'reduced');
    const frame = await openGame(portal, PLINKO, 'gc-plinko');
    const drop = frame.getByTestId('gc-plinko').getByRole('button', { name: /^(Drop|Next game in \d s)$/ });
    const balance = () => frame.getByTestId('gc-game-balance').textContent();
    await frame.getByRole('button', { name: 'Drop', exact: true }).click();
    await expect.poll(() => resultText(frame), { timeout: 15_000 }).toMatch(/^[\d.,]+× — /);
    const afterFirst = await balance();
    // Pressed again at once: no refusal shown, the wait is.
    await frame.getByRole('button', { name: 'Drop', exact: true }).click();
    await expect.poll(() => drop.textContent()).toMatch(/^Next game in [1-5] s$/);
    expect(await drop.isDisabled()).toBe(true);
    await portal.page.screenshot({ path: '/tmp/table-plinko-gb-wait.png' });
    // Then the second drop goes by itself: the stake is taken again and the button is Drop once more.
    await expect.poll(balance, { timeout: 15_000 }).not.toBe(afterFirst);
    await expect.poll(() => drop.textContent(), { timeout: 15_000 }).toBe('Drop');
    expect(await frame.getByTestId('gc-error').isVisible()).toBe(false);
  }, 90_000);
});
