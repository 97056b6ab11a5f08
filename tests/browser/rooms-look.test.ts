// First: the server's own import order (the game registry before its kinds), as in production.
import { usePortalSuite, type Portal, type PortalSuite } from './portal';
import { and, desc, eq } from 'drizzle-orm';
import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BingoRoomConfig } from '../../contracts/games/bingo';
import { bingoCall, bingoGame, bingoWin, liveRound } from '../../server/db/schema';
import { createBingoDriver } from '../../server/games/kinds/bingo/driver';
import { bingoRooms } from '../../server/games/kinds/bingo/rooms';
import { liveLobbyFrom, tick } from '../../server/games/kinds/live-roulette';
import { screenshot } from '../support/browser';
import { signIn, widths } from './wallet-helpers';

const ROOM: BingoRoomConfig = {
  id: 'look-hall',
  name: 'Look Hall',
  balls: 90,
  currency: 'EUR',
  ticketPrice: 5,
  maxTicketsPerPlayer: 12,
  everyMinutes: 1440,
  minPlayers: 1,
  minTickets: 1,
  callIntervalMs: 1_000,
  prizes: [
    { prize: 'ONE_LINE', fixed: 20 },
    { prize: 'TWO_LINES', fixed: 40 },
    { prize: 'FULL_HOUSE', fixed: 100 },
  ],
  jackpot: { calls: 60, contributionBps: 1_000 },
  chatChannelId: 78,
};
/** The phone's room: its own game, whatever the desktop's game is doing. */
const PHONE_ROOM: BingoRoomConfig = { ...ROOM, id: 'look-phone', name: 'Phone Hall', chatChannelId: 79 };
const ROOMS = JSON.stringify([ROOM, PHONE_ROOM]);
const ENV = { LIVE_LOBBY_GAME_ID: '101', LIVE_ROULETTE_BETTING_SECONDS: '30', LIVE_ROULETTE_RESULT_SECONDS: '1', BINGO_ROOMS: ROOMS };
const table = liveLobbyFrom({ LIVE_LOBBY_GAME_ID: '101', LIVE_ROULETTE_BETTING_SECONDS: 30, LIVE_ROULETTE_RESULT_SECONDS: 1 }).tables[0]!;
const DRIVER = 'rooms-look-node';
const suite: PortalSuite = usePortalSuite(ENV);

async function openRound() {
  const [last] = await suite.server.db.select().from(liveRound).where(eq(liveRound.tableId, table.id)).orderBy(desc(liveRound.number)).limit(1);
  const at = new Date(Math.max(Date.now(), (last?.settledAt?.getTime() ?? 0) + 1_000));
  const opened = await tick(suite.server.db, table, DRIVER, at);
  expect(opened).toMatchObject({ driving: true, step: 'opened' });
  return opened.driving ? opened.round : (undefined as never);
}

/** The game's document fits its frame: nothing to scroll inside it (issue 27, item 6). */
async function fits(frame: FrameLocator): Promise<{ scrollHeight: number; clientHeight: number }> {
  return frame.locator('html').evaluate((html) => ({ scrollHeight: html.scrollHeight, clientHeight: html.clientHeight }));
}

/**
 * Whether an element of the game is wholly on the screen as the page opens (the frame's place in the
 * page and the element's in the frame): the player sees it without scrolling anything.
 */
async function inView(portal: Portal, frame: FrameLocator, testId: string): Promise<boolean> {
  // The page as it opens: a click of the test's may have scrolled the portal's page (never the game's document, which fits).
  await portal.page.evaluate('window.scrollTo(0, 0)');
  const frameBox = await portal.page.getByTestId('game-frame').boundingBox();
  const box = await frame
    .getByTestId(testId)
    .first()
    .evaluate((node) => {
      const { top, bottom, left, right, height } = node.getBoundingClientRect();
      const view = node.ownerDocument.documentElement;
      return { top, bottom, left, right, height, inFrame: top >= 0 && bottom <= view.clientHeight && left >= 0 && right <= view.clientWidth };
    });
  const viewport = portal.page.viewportSize()!;
  return (
    box.height > 0 &&
    box.inFrame &&
    frameBox !== null &&
    frameBox.y + box.top >= 0 &&
    frameBox.y + box.bottom <= viewport.height &&
    frameBox.x + box.right <= viewport.width
  );
}

async function expectFit(portal: Portal, frame: FrameLocator, name: string, what: string) {
  const size = await fits(frame);
  await screenshot(portal.page, `rooms-${what.replace(/[^a-z]+/g, '-')}-${name}`);
  console.log(`${what} ${name}: scrollHeight ${size.scrollHeight}, clientHeight ${size.clientHeight}`);
  expect(size.scrollHeight, `${what} ${name} scrolls inside its frame`).toBeLessThanOrEqual(size.clientHeight);
}

async function openLive(portal: Portal, language: 'en' | 'mk'): Promise<FrameLocator> {
  await portal.context.addCookies([
    { name: 'COOKIES_ACCEPTED', value: 'true', url: suite.server.url },
    { name: 'LANG', value: language, url: suite.server.url },
  ]);
  await portal.visit('/game-page?gameId=101&platform=EMERALD_LIVE&playForReal=true');
  await portal.page.getByTestId('game-frame').waitFor();
  const frame = portal.page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId('gc-live-roulette').waitFor();
  await expect.poll(() => frame.getByTestId('gc-live-roulette').getAttribute('data-connected')).toBe('true');
  await expect.poll(() => frame.getByTestId('gc-wheel').getAttribute('data-renderer'), { timeout: 15_000 }).toMatch(/^(webgl|webgpu|canvas)$/);
  return frame;
}

/** The round's window ends by the server's clock; answers the number once the client has said it. */
async function drawRound(frame: FrameLocator, round: { id: string; closesAt: Date }): Promise<number> {
  await tick(suite.server.db, table, DRIVER, round.closesAt);
  const [settled] = await suite.server.db.select().from(liveRound).where(eq(liveRound.id, round.id));
  await expect.poll(() => frame.getByTestId('gc-wheel').getAttribute('data-number'), { timeout: 20_000 }).toBe(String(settled!.result));
  return settled!.result!;
}

const colourOf = (n: number) => (n === 0 ? 'green' : [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(n) ? 'red' : 'black');

interface LiveWords {
  kind: string;
  shared: RegExp;
  landing: RegExp;
  red: string;
  place: string;
  round: (n: number) => string;
  settled: RegExp;
  noMoney: RegExp;
}

async function liveLooks(portal: Portal, language: 'en' | 'mk', name: string, words: LiveWords, options: { unfunded?: { partyId: string } } = {}) {
  // The live lobby's landing, as a visitor sees it, says what the table is: no dealers, no studio (issue 27, item 11).
  const visitor = await suite.open({ viewport: portal.page.viewportSize() ?? widths.desktop });
  await visitor.context.addCookies([{ name: 'LANG', value: language, url: suite.server.url }]);
  await visitor.visit('/live-casino');
  const landing = visitor.page.getByTestId('landing-page');
  await expect.poll(() => landing.textContent()).toMatch(words.landing);
  expect(await landing.textContent()).not.toMatch(/dealer|studio|дилер|делител|студио/i);

  const first = await openRound();
  const frame = await openLive(portal, language);
  // The board holds the table's numbers before this player came (the last twelve at most).
  const earlier = await frame.getByTestId('gc-live-history-number').count();
  expect(await frame.getByTestId('gc-live-kind').textContent()).toBe(words.kind);
  expect(await frame.getByTestId('gc-live-shared').textContent()).toMatch(words.shared);
  await expectFit(portal, frame, name, 'live table, betting open');
  expect(await inView(portal, frame, 'gc-live-place')).toBe(true);
  expect(await inView(portal, frame, 'gc-wheel')).toBe(true);

  if (options.unfunded) {
    // Not enough money: said beside the Place button, in view, not at the top of the page.
    await frame.getByRole('button', { name: words.red, exact: true }).click();
    await frame.getByTestId('gc-live-place').click();
    await expect.poll(() => frame.getByTestId('gc-live-refusal').textContent()).toMatch(words.noMoney);
    expect(await inView(portal, frame, 'gc-live-refusal')).toBe(true);
    expect(await frame.getByTestId('gc-error').isHidden()).toBe(true);
    await screenshot(portal.page, `rooms-live-refused-${name}`);
    await expectFit(portal, frame, name, 'live table, bet refused');
    await suite.server.fundPlayer(options.unfunded.partyId, 5_000n, 'EUR');
  }

  // A bet on red, accepted: its receipt.
  await frame.getByRole('button', { name: words.red, exact: true }).click();
  await frame.getByTestId('gc-live-place').click();
  await expect.poll(() => frame.getByTestId('gc-live-receipt').count()).toBe(1);
  expect(await frame.getByTestId('gc-live-refusal').textContent()).toBe('');
  expect(await frame.getByTestId('gc-live-receipt').textContent()).toContain(words.round(first.number));

  // The ball lands on the winning number; the history board shows it, in its colour.
  const firstNumber = await drawRound(frame, first);
  await expect.poll(() => frame.getByTestId('gc-live-history-number').count()).toBe(Math.min(12, earlier + 1));
  expect(await frame.getByTestId('gc-live-history-number').first().getAttribute('data-colour')).toBe(colourOf(firstNumber));
  expect(await frame.getByTestId('gc-live-history-number').first().textContent()).toMatch(new RegExp(`^${firstNumber}\\b`));
  await expect.poll(() => frame.getByTestId('gc-live-receipt').textContent()).toMatch(words.settled);

  // The next round opens: the receipt of the last one stays on show until the next bet.
  const second = await openRound();
  await expect.poll(() => frame.getByTestId('gc-live-status').textContent(), { timeout: 15_000 }).toContain(String(second.number));
  expect(await frame.getByTestId('gc-live-receipt').count()).toBe(1);
  expect(await frame.getByTestId('gc-live-receipt').textContent()).toContain(words.round(first.number));
  expect(await frame.getByTestId('gc-live-receipt').textContent()).toMatch(words.settled);
  await screenshot(portal.page, `rooms-live-next-round-${name}`);
  await expectFit(portal, frame, name, 'live table, next round with a receipt');

  // The next bet replaces it with its own.
  await frame.getByRole('button', { name: words.red, exact: true }).click();
  await frame.getByTestId('gc-live-place').click();
  await expect.poll(() => frame.getByTestId('gc-live-receipt').textContent()).toContain(words.round(second.number));
  expect(await frame.getByTestId('gc-live-receipt').count()).toBe(1);
  const secondNumber = await drawRound(frame, second);
  await expect.poll(() => frame.getByTestId('gc-live-history-number').count()).toBe(Math.min(12, earlier + 2));
  expect(await frame.getByTestId('gc-live-history-number').first().getAttribute('data-colour')).toBe(colourOf(secondNumber));
  expect(await frame.getByTestId('gc-live-history-number').first().getAttribute('data-latest')).toBe('true');
  await expect.poll(() => frame.getByTestId('gc-live-receipt').textContent()).toMatch(words.settled);
  await screenshot(portal.page, `rooms-live-result-${name}`);
  await expectFit(portal, frame, name, 'live table, settled');
  expect(await inView(portal, frame, 'gc-live-history')).toBe(true);
  expect(await inView(portal, frame, 'gc-live-receipts')).toBe(true);
}

describe('the live table looks the part (issue 27, items 6 and 11)', () => {
  it('HOME-24 desktop, English: the lobby says what the table is, the table fits 1280×800, the history board fills, a receipt stays until the next bet', async () => {
    const portal = await signIn(suite, 'demo.player', widths.desktop);
    await liveLooks(portal, 'en', 'desktop-en', {
      kind: 'Live roulette · one shared table',
      shared: /same spin/,
      landing: /shared-round roulette table/,
      red: 'Bet on red',
      place: 'Place bets',
      round: (n) => `Round ${n}:`,
      settled: /you won|No win/,
      noMoney: /./,
    });
  }, 180_000);

  it('phone, Macedonian, reduced motion: the table fits 390×844; not enough money is said beside the Place button', async () => {
    const player = await suite.server.createSignedInPlayer({ currencies: ['EUR'] });
    const portal = await suite.open({ viewport: widths.mobile, sessionCookie: player.cookie });
    await portal.page.emulateMedia({ reducedMotion: 'reduce' });
    await portal.context.addCookies([{ name: 'LANG', value: 'mk', url: suite.server.url }]);
    await liveLooks(
      portal,
      'mk',
      'mobile-mk',
      {
        kind: 'Рулет во живо · една заедничка маса',
        shared: /истото вртење/,
        landing: /заеднички рунди/,
        red: 'Облог на црвено',
        place: 'Постави облози',
        round: (n) => `Рунда ${n}:`,
        settled: /освоивте|Без добивка/,
        noMoney: /Немате доволно средства/,
      },
      { unfunded: player },
    );
  }, 180_000);
});

interface BingoWords {
  enter: string;
  buy: string;
  toGo: RegExp;
  ballOf: (count: number) => string;
  won: RegExp;
}

async function bingoLooks(portal: Portal, language: 'en' | 'mk', name: string, room: BingoRoomConfig, words: BingoWords, motion: 'full' | 'reduced') {
  const driver = createBingoDriver(
    suite.server.db,
    bingoRooms({ BINGO_ROOMS: ROOMS }).filter((entry) => entry.id === room.id),
    { driverId: `rooms-look-${name}`, lobbyGameId: 'bingo' },
  );
  await driver.tick(new Date());
  await portal.context.addCookies([
    { name: 'COOKIES_ACCEPTED', value: 'true', url: suite.server.url },
    { name: 'LANG', value: language, url: suite.server.url },
  ]);
  await portal.visit('/game-page?gameId=bingo&playForReal=true');
  const frame = portal.page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId(`gc-bingo-room-${room.id}`).getByRole('button', { name: words.enter }).click();
  await frame.getByTestId('gc-bingo-count').selectOption('6');
  await frame.getByRole('button', { name: words.buy }).click();
  await expect.poll(() => frame.getByTestId('gc-bingo-ticket').count()).toBe(6);
  await frame.getByTestId('gc-room-chat').waitFor();
  // Each ticket says how many numbers it needs; the room's title and the buying stay in view.
  expect(await frame.getByTestId('gc-bingo-togo').first().textContent()).toMatch(words.toGo);
  await expectFit(portal, frame, name, 'bingo room, tickets bought');
  // A player without a chat nickname is asked for one; its field and button stay inside the chat's
  // panel (the field once spilled out of the side column on a desktop).
  const nickname = frame.getByTestId('gc-chat-nickname');
  await nickname.waitFor();
  const spilled = await nickname.evaluate((form) => {
    const panel = form.closest('.gc-chat')!.getBoundingClientRect();
    return [...form.querySelectorAll('input, button')]
      .map((node) => node.getBoundingClientRect())
      .filter((box) => box.left < panel.left - 0.5 || box.right > panel.right + 0.5).length;
  });
  expect(spilled, `${name}: the nickname row sticks out of the chat panel`).toBe(0);
  expect(await inView(portal, frame, 'gc-bingo-title')).toBe(true);

  // The game: called one ball at a time until one of the player's tickets wins a line.
  const [game] = await suite.server.db
    .select()
    .from(bingoGame)
    .where(and(eq(bingoGame.roomId, room.id), eq(bingoGame.status, 'SELLING')));
  let now = game!.startsAt;
  await driver.tick(now);
  for (let i = 0; i < 90; i++) {
    now = new Date(now.getTime() + 1_000);
    await driver.tick(now);
    if ((await suite.server.db.select().from(bingoWin).where(eq(bingoWin.gameId, game!.id))).length > 0) break;
  }
  const called = await suite.server.db.select().from(bingoCall).where(eq(bingoCall.gameId, game!.id)).orderBy(desc(bingoCall.seq));
  const [win] = await suite.server.db.select().from(bingoWin).where(eq(bingoWin.gameId, game!.id));
  expect(win).toBeDefined();

  // The win: a banner with the prize and its amount, said at once to screen readers.
  const banner = frame.getByTestId('gc-bingo-win');
  await expect.poll(() => banner.textContent(), { timeout: 15_000 }).toMatch(words.won);
  expect(await banner.getAttribute('aria-live')).toBe('assertive');
  // The entrance plays with full motion and not with reduced motion.
  expect(await banner.evaluate((node) => node.ownerDocument.defaultView!.getComputedStyle(node).animationName)).toBe(motion === 'full' ? 'gc-bg-win' : 'none');
  // The ball just called, large, and how many have been called.
  await expect.poll(() => frame.getByTestId('gc-bingo-last').textContent()).toBe(String(called[0]!.number));
  expect(await frame.getByTestId('gc-bingo-ball-count').textContent()).toBe(words.ballOf(called.length));
  expect(await inView(portal, frame, 'gc-bingo-last')).toBe(true);
  // Where the banner rests: its entrance scales it past its box for a moment.
  await banner.evaluate((node) => Promise.all(node.getAnimations({ subtree: true }).map((animation: { finished: Promise<unknown> }) => animation.finished)));
  expect(await inView(portal, frame, 'gc-bingo-win')).toBe(true);
  // The best ticket first: the winner, then by numbers to go.
  expect(await frame.getByTestId('gc-bingo-ticket').first().getAttribute('data-won')).toBe('true');
  const toGo = (
    await frame
      .getByTestId('gc-bingo-ticket')
      .evaluateAll((nodes) => nodes.map((node) => ({ won: node.getAttribute('data-won'), toGo: Number(node.getAttribute('data-to-go')) })))
  )
    .filter((ticket) => ticket.won === 'false')
    .map((ticket) => ticket.toGo);
  expect(toGo).toEqual([...toGo].sort((a, b) => a - b));
  // Daubed: every called number on the player's tickets is marked.
  const marked = await frame.getByTestId('gc-bingo-tickets').locator('[data-state="marked"]').allTextContents();
  expect(marked.length).toBeGreaterThan(0);
  expect(marked.every((number) => called.some((call) => String(call.number) === number))).toBe(true);
  await expectFit(portal, frame, name, 'bingo room, a line won');
  expect(await inView(portal, frame, 'gc-bingo-title')).toBe(true);
}

describe('the bingo room looks the part (issue 27, items 6 and 11)', () => {
  it('desktop, English: tickets daubed and best first, the called ball large, a win banner; the room fits 1280×800', async () => {
    const portal = await signIn(suite, 'demo.player', widths.desktop);
    await bingoLooks(
      portal,
      'en',
      'desktop-en',
      ROOM,
      {
        enter: 'Enter room',
        buy: 'Buy tickets',
        toGo: /^\d+ to go for One line$/,
        ballOf: (count) => `Ball ${count} of 90`,
        won: /^You won One line: €0\.20!/,
      },
      'full',
    );
  }, 180_000);

  it('phone, Macedonian, reduced motion: the same room fits 390×844, its title stays in view, the win banner without animation', async () => {
    const portal = await signIn(suite, 'demo.player', widths.mobile);
    await portal.page.emulateMedia({ reducedMotion: 'reduce' });
    await bingoLooks(
      portal,
      'mk',
      'mobile-mk',
      PHONE_ROOM,
      {
        enter: 'Влези во собата',
        buy: 'Купи ливчиња',
        toGo: /^уште \d+ за: Една линија$/,
        ballOf: (count) => `Топче ${count} од 90`,
        won: /^Освоивте Една линија: 0,20\s€!/,
      },
      'reduced',
    );
  }, 180_000);
});
