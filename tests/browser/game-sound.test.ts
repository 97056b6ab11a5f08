// First: the server's own import order (the game registry before its kinds), as in production.
import { usePortalSuite, type Portal, type PortalSuite } from './portal';
import { desc, eq } from 'drizzle-orm';
import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { liveRound } from '../../server/db/schema';
import { liveLobbyFrom, tick } from '../../server/games/kinds/live-roulette';
import { screenshot } from '../support/browser';
import { animationFrames, gameFrame, instrumentAudio, openDrawnGame, soundLog, soundsStart, soundsWhileAudioClockMoves } from './game-presentation';
import { signIn, widths } from './wallet-helpers';

/**
 * The games' sound: every table game makes its sounds in a round, the Sound toggle silences them and
 * the music, both choices are remembered after a reload and in every other game (the slot's old
 * mute carried over), and the music starts only after the page's first gesture. The browser's own
 * Web Audio API is instrumented before the game's scripts run (`addInitScript`): every audio
 * context made and every oscillator or noise source started is recorded in the page; the server and
 * its API are the real ones.
 */

const LIVE_ENV = { LIVE_LOBBY_GAME_ID: '101', LIVE_ROULETTE_BETTING_SECONDS: '30', LIVE_ROULETTE_RESULT_SECONDS: '1' };
const liveTable = liveLobbyFrom({ LIVE_LOBBY_GAME_ID: '101', LIVE_ROULETTE_BETTING_SECONDS: 30, LIVE_ROULETTE_RESULT_SECONDS: 1 }).tables[0]!;
const suite: PortalSuite = usePortalSuite(LIVE_ENV);

const ROULETTE = 'NT-4001';
const BLACKJACK = 'NT-4002';
const PLINKO = 'PA-5001';
const MINES = 'PA-5002';
const SLOT = 'SR-1001';

async function open(portal: Portal, gameId: string, language: 'en' | 'mk', ready: string, stage: string): Promise<FrameLocator> {
  return openDrawnGame(portal, suite.server.url, gameId, language, ready, stage);
}

const resultOf = (frame: FrameLocator) => frame.getByTestId('gc-game-result').textContent();

/** Waits until the game's stage has come to rest (`data-stage` idle): the round's presentation, a win's included, is over. */
async function atRest(frame: FrameLocator, stage: string): Promise<void> {
  await expect.poll(() => frame.getByTestId(stage).getAttribute('data-stage'), { timeout: 15_000 }).toBe('idle');
  await animationFrames(frame, 2);
}

/**
 * Sources started while `round` plays; the music is off, so each is an effect of the round. Cues
 * are booked ahead on the audio clock (started when booked), the last of them with the round's
 * presentation: counted once the stage `stage` is at rest.
 */
async function soundsOf(portal: Portal, frame: FrameLocator, stage: string, round: () => Promise<void>): Promise<string[]> {
  const before = (await soundLog(portal)).starts.length;
  await round();
  await atRest(frame, stage);
  return (await soundLog(portal)).starts.slice(before).map((start) => start.kind);
}

async function rouletteRound(portal: Portal, frame: FrameLocator): Promise<void> {
  const before = await resultOf(frame);
  await frame.locator('[data-bet="red"]').click();
  await frame.getByTestId('gc-roulette').locator('.gc__spin').click();
  await expect.poll(() => resultOf(frame), { timeout: 20_000 }).not.toBe(before);
  await expect.poll(() => resultOf(frame), { timeout: 20_000 }).toMatch(/ — /);
}

async function blackjackRound(frame: FrameLocator): Promise<void> {
  await frame.getByRole('button', { name: 'Deal', exact: true }).click();
  await expect.poll(() => resultOf(frame), { timeout: 15_000 }).toMatch(/^(Your move: \d+|The dealer shows an ace: insurance\?|.+ — dealer \d+ — .+)$/);
  const actions = frame.getByTestId('gc-actions');
  for (let step = 0; step < 12 && (await actions.getByRole('button').count()) > 0; step++) {
    const names = await actions.getByRole('button').allTextContents();
    const before = await resultOf(frame);
    await actions
      .getByRole('button', { name: names.includes('Stand') ? 'Stand' : 'No insurance', exact: true })
      .and(frame.locator(':not([disabled])'))
      .click();
    await expect.poll(() => resultOf(frame), { timeout: 15_000 }).not.toBe(before);
  }
  expect(await resultOf(frame)).toMatch(/ — dealer \d+ — /);
}

async function plinkoRound(frame: FrameLocator): Promise<void> {
  const before = await resultOf(frame);
  await frame.getByRole('button', { name: 'Drop', exact: true }).click();
  await expect.poll(() => resultOf(frame), { timeout: 20_000 }).not.toBe(before);
  await expect.poll(() => resultOf(frame), { timeout: 20_000 }).toMatch(/× — /);
}

async function minesRound(frame: FrameLocator): Promise<void> {
  await frame.getByTestId('gc-mines-count').selectOption('1');
  await frame.getByRole('button', { name: 'Start', exact: true }).click();
  await expect.poll(() => frame.getByRole('button', { name: 'Cell 3-3', exact: true }).isDisabled(), { timeout: 15_000 }).toBe(false);
  await frame.getByRole('button', { name: 'Cell 3-3', exact: true }).click();
  await expect.poll(() => frame.getByTestId('gc-mines-grid').locator('[data-state="hidden"]').count(), { timeout: 15_000 }).toBeLessThan(25);
  if (!(await resultOf(frame))?.startsWith('Mine')) {
    const cashOut = frame.getByRole('button', { name: /^Cash out/ });
    await expect.poll(() => cashOut.isDisabled(), { timeout: 15_000 }).toBe(false);
    await cashOut.click();
  }
  await expect.poll(() => resultOf(frame), { timeout: 15_000 }).toMatch(/^(Mine — No win|[\d.]+× — you won €[\d,.]+)$/);
}

/** The mute and music toggles' announced state. */
const pressed = async (frame: FrameLocator) => ({
  sound: await frame.getByTestId('gc-mute').getAttribute('aria-pressed'),
  music: await frame.getByTestId('gc-music').getAttribute('aria-pressed'),
});

describe('sound and music in the games', () => {
  it('desktop, English: no sound before a gesture; music after it; each table game sounds its round; muted is silent and stays muted after a reload and in every game', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    await portal.context.addInitScript(instrumentAudio);
    const roulette = await open(portal, ROULETTE, 'en', 'gc-roulette', 'gc-wheel');
    expect(await pressed(roulette)).toEqual({ sound: 'true', music: 'true' });
    expect(await roulette.getByTestId('gc-mute').getAttribute('aria-label')).toBe('Sound');
    expect(await roulette.getByTestId('gc-music').getAttribute('aria-label')).toBe('Music');
    expect(await roulette.getByRole('group', { name: 'Sound and music' }).count()).toBe(1);

    // Before any gesture the page may make no sound: no context, nothing started, through frames
    // the page draws at rest.
    await animationFrames(roulette, 30);
    expect(await soundLog(portal)).toEqual({ contexts: 0, starts: [] });

    // The first press anywhere in the game starts the music, which plays on with nothing else happening.
    await roulette.getByTestId('gc-rl-total').click();
    await expect.poll(async () => (await soundLog(portal)).contexts).toBe(1);
    await soundsStart(portal, 4);
    await screenshot(portal.page, 'sound-roulette-desktop-en');

    // Music off (by keyboard): the idle page goes quiet, the effects stay.
    const music = roulette.getByTestId('gc-music');
    await music.focus();
    await music.press('Enter');
    expect(await pressed(roulette)).toEqual({ sound: 'true', music: 'false' });
    expect(await soundsWhileAudioClockMoves(portal, 1.5)).toBe(0);

    // A round of roulette: the chip, the ball on the track and in its pocket.
    const spinSounds = await soundsOf(portal, roulette, 'gc-wheel', () => rouletteRound(portal, roulette));
    expect(spinSounds).toContain('AudioBufferSourceNode');
    expect(spinSounds).toContain('OscillatorNode');
    expect(spinSounds.length).toBeGreaterThanOrEqual(8);

    // Sound off (by keyboard, announced by aria-pressed): a round is silent.
    const mute = roulette.getByTestId('gc-mute');
    await mute.focus();
    await mute.press('Enter');
    expect(await pressed(roulette)).toEqual({ sound: 'false', music: 'false' });
    await screenshot(portal.page, 'sound-roulette-desktop-en-muted');
    expect(await soundsOf(portal, roulette, 'gc-wheel', () => rouletteRound(portal, roulette))).toEqual([]);

    // Remembered after a reload: muted from the start, and a gesture makes no audio context at all.
    const again = await open(portal, ROULETTE, 'en', 'gc-roulette', 'gc-wheel');
    expect(await pressed(again)).toEqual({ sound: 'false', music: 'false' });
    await again.getByTestId('gc-rl-total').click();
    await rouletteRound(portal, again);
    expect(await soundLog(portal)).toEqual({ contexts: 0, starts: [] });

    // And in another game: blackjack opens muted; sound back on there, its round deals, turns and settles aloud.
    const blackjack = await open(portal, BLACKJACK, 'en', 'gc-blackjack', 'gc-bj-table');
    expect(await pressed(blackjack)).toEqual({ sound: 'false', music: 'false' });
    await blackjack.getByTestId('gc-mute').click();
    expect(await pressed(blackjack)).toEqual({ sound: 'true', music: 'false' });
    const dealSounds = await soundsOf(portal, blackjack, 'gc-bj-table', () => blackjackRound(blackjack));
    // The chip and at least four cards out of the shoe (noise), and the outcome's tone or chime.
    expect(dealSounds.filter((kind) => kind === 'AudioBufferSourceNode').length).toBeGreaterThanOrEqual(5);
    expect(dealSounds).toContain('OscillatorNode');

    // Plinko: a tick on each of the twelve rows of pegs and the landing.
    const plinko = await open(portal, PLINKO, 'en', 'gc-plinko', 'gc-plinko-board');
    expect(await pressed(plinko)).toEqual({ sound: 'true', music: 'false' });
    await plinko.getByTestId('gc-plinko-board').click();
    const dropSounds = await soundsOf(portal, plinko, 'gc-plinko-board', () => plinkoRound(plinko));
    expect(dropSounds.filter((kind) => kind === 'OscillatorNode').length).toBeGreaterThanOrEqual(13);

    // Mines: the tile, an emerald or the mine, the cash-out.
    const mines = await open(portal, MINES, 'en', 'gc-mines', 'gc-mines-board');
    expect(await pressed(mines)).toEqual({ sound: 'true', music: 'false' });
    const minesSounds = await soundsOf(portal, mines, 'gc-mines-board', () => minesRound(mines));
    expect(minesSounds).toContain('AudioBufferSourceNode');
    expect(minesSounds.filter((kind) => kind === 'OscillatorNode').length).toBeGreaterThanOrEqual(3);

    // Music back on in Mines: it plays while idle; Sound off stops it, and the music's own choice is kept.
    await mines.getByTestId('gc-music').click();
    await soundsStart(portal, 4);
    await mines.getByTestId('gc-mute').click();
    expect(await pressed(mines)).toEqual({ sound: 'false', music: 'true' });
    expect(await soundsWhileAudioClockMoves(portal, 1.5)).toBe(0);

    // The slot shares the choice: its sound button says off.
    const slot = await openDrawnGame(portal, suite.server.url, SLOT, 'en', 'gc-table', 'gc-reels');
    expect(await slot.getByTestId('gc-mute').getAttribute('aria-pressed')).toBe('false');
  }, 240_000);

  it('a mute saved by the slot before the games shared one holds in the table games, and music is off under it', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    await portal.context.addInitScript(instrumentAudio);
    // The old key as the slot left it, set on the game's origin before its first load.
    await portal.context.addInitScript(() => {
      const page = globalThis as unknown as { localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void } };
      if (page.localStorage.getItem('emerald.sound.muted') === null) page.localStorage.setItem('emerald.slot.muted', 'true');
    });
    const plinko = await open(portal, PLINKO, 'en', 'gc-plinko', 'gc-plinko-board');
    expect(await pressed(plinko)).toEqual({ sound: 'false', music: 'true' });
    const storage = await gameFrame(portal).evaluate(() => {
      const page = globalThis as unknown as { localStorage: { getItem(key: string): string | null } };
      return { shared: page.localStorage.getItem('emerald.sound.muted'), old: page.localStorage.getItem('emerald.slot.muted') };
    });
    expect(storage).toEqual({ shared: 'true', old: null });
    await plinkoRound(plinko);
    await atRest(plinko, 'gc-plinko-board');
    expect(await soundLog(portal)).toEqual({ contexts: 0, starts: [] });
  }, 90_000);

  it('live roulette: the ball and the result sound, silent when muted', async () => {
    const [last] = await suite.server.db.select().from(liveRound).where(eq(liveRound.tableId, liveTable.id)).orderBy(desc(liveRound.number)).limit(1);
    const opened = await tick(suite.server.db, liveTable, 'browser-sound-node', new Date(Math.max(Date.now(), (last?.settledAt?.getTime() ?? 0) + 1_000)));
    if (!opened.driving) throw new Error('the live table did not open a round');
    const portal = await signIn(suite, 'demo.player', widths.desktop);
    await portal.context.addInitScript(instrumentAudio);
    await portal.context.addCookies([{ name: 'COOKIES_ACCEPTED', value: 'true', url: suite.server.url }]);
    await portal.visit('/game-page?gameId=101&platform=EMERALD_LIVE&playForReal=true');
    await portal.page.getByTestId('game-frame').waitFor();
    const frame = portal.page.frameLocator('[data-testid="game-frame"]');
    await expect.poll(() => frame.getByTestId('gc-live-roulette').getAttribute('data-connected')).toBe('true');
    expect(await pressed(frame)).toEqual({ sound: 'true', music: 'true' });
    // Music off, so what sounds is the table; a chip on red by keyboard is the page's first gesture.
    await frame.getByTestId('gc-music').click();
    await frame.getByRole('button', { name: 'Bet on red', exact: true }).press('Enter');
    await frame.getByRole('button', { name: 'Place bets' }).press('Enter');
    await expect.poll(() => frame.getByTestId('gc-live-receipt').count()).toBe(1);
    await screenshot(portal.page, 'sound-live-roulette-desktop-en');

    const drawn = await soundsOf(portal, frame, 'gc-wheel', async () => {
      await tick(suite.server.db, liveTable, 'browser-sound-node', opened.round.closesAt);
      await expect.poll(() => frame.getByTestId('gc-live-log').textContent(), { timeout: 15_000 }).toMatch(/The winning number is \d+/);
    });
    // The ball's roll (noise) and its clatter, the pocket and the result's bell (tones).
    expect(drawn).toContain('AudioBufferSourceNode');
    expect(drawn.filter((kind) => kind === 'OscillatorNode').length).toBeGreaterThanOrEqual(3);

    // Muted, the next draw is silent.
    await frame.getByTestId('gc-mute').click();
    const [settled] = await suite.server.db.select().from(liveRound).where(eq(liveRound.tableId, liveTable.id)).orderBy(desc(liveRound.number)).limit(1);
    const next = await tick(suite.server.db, liveTable, 'browser-sound-node', new Date(Math.max(Date.now(), (settled?.settledAt?.getTime() ?? 0) + 1_000)));
    if (!next.driving) throw new Error('the live table did not open a second round');
    const quiet = await soundsOf(portal, frame, 'gc-wheel', async () => {
      await expect
        .poll(() => frame.getByTestId('gc-live-log').textContent(), { timeout: 15_000 })
        .toMatch(new RegExp(`Round ${next.round.number}|${next.round.number}`));
      await tick(suite.server.db, liveTable, 'browser-sound-node', next.round.closesAt);
      await expect.poll(() => frame.getByTestId('gc-live-status').textContent(), { timeout: 15_000 }).toMatch(/The winning number is \d+/);
    });
    expect(quiet).toEqual([]);
  }, 120_000);

  // What only the page shows: the toggles drawn in each table game on a 390 px phone, in the longer
  // Macedonian words. Their names, states and tooltips in both languages are checked on the controls
  // themselves (web/game-client/sound/controls.test.ts); the English phone and the Macedonian desktop
  // opened the same four games again for the same assertions.
  it('the sound and music toggles on a 390 px phone and in Macedonian', async () => {
    for (const [viewport, language, name] of [[widths.mobile, 'mk', 'mobile-mk']] as const) {
      const portal = await suite.open({ viewport });
      for (const [gameId, ready, stage, table] of [
        [BLACKJACK, 'gc-blackjack', 'gc-bj-table', 'blackjack'],
        [MINES, 'gc-mines', 'gc-mines-board', 'mines'],
        [PLINKO, 'gc-plinko', 'gc-plinko-board', 'plinko'],
        [ROULETTE, 'gc-roulette', 'gc-wheel', 'roulette'],
      ] as const) {
        const frame = await open(portal, gameId, language, ready, stage);
        if (language === 'mk') {
          expect(await frame.getByTestId('gc-mute').getAttribute('aria-label')).toBe('Звук');
          expect(await frame.getByTestId('gc-music').getAttribute('aria-label')).toBe('Музика');
          expect(await frame.getByRole('group', { name: 'Звук и музика' }).count()).toBe(1);
        }
        if (table === 'mines') {
          await frame.getByTestId('gc-music').click();
          expect(await frame.getByTestId('gc-music').getAttribute('title')).toBe(language === 'mk' ? 'Музиката е исклучена' : 'Music is off');
        }
        await frame.getByTestId('gc-mute').scrollIntoViewIfNeeded();
        await screenshot(portal.page, `sound-controls-${table}-${name}`);
      }
    }
  }, 240_000);
});
