// First: the server's own import order (the game registry before its kinds), as in production.
import { usePortalSuite, type Portal, type PortalSuite } from './portal';
import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { getTitle } from '../../server/games/titles/registry';
import { screenshot } from '../support/browser';
import {
  animationFrames,
  framesInASecond,
  gameFrame,
  instrumentAudio,
  openDrawnGame,
  soundLog,
  soundsStart,
  soundsWhileAudioClockMoves,
} from './game-presentation';
import { arrangeSlotRound } from './slot-rounds';
import { minorUnitsOf, widths } from './wallet-helpers';

/**
 * The slot's presentation (issue 17): the reels drawn by PixiJS on the game client's canvas with
 * each title's own symbols, a spin announced in the live region, the sound button and the music
 * toggle (the table games', on the cabinet beside the sound button) remembered, on a desktop in
 * English and a phone in Macedonian. Free play as a visitor; the page's Web Audio is recorded
 * (`instrumentAudio`) to hear the music stop.
 */

const suite: PortalSuite = usePortalSuite();

const openSlot = (portal: Portal, gameId: string, language: 'en' | 'mk') => openDrawnGame(portal, suite.server.url, gameId, language, 'gc-table', 'gc-reels');

/** One spin by the given input; answers the announced result once the reels have stopped. */
async function spin(frame: FrameLocator, by: 'click' | 'keyboard'): Promise<string> {
  const button = frame.getByTestId('gc-spin');
  const label = (await button.textContent()) ?? '';
  if (by === 'keyboard') {
    await button.focus();
    await button.press('Enter');
  } else {
    await button.click();
  }
  // The button says it is spinning until the reels have landed and the result is written.
  await expect.poll(() => button.textContent(), { timeout: 30_000 }).toBe(label);
  return (await frame.getByTestId('gc-result').textContent()) ?? '';
}

/** The sound button's and the music toggle's announced state. */
const pressed = async (frame: FrameLocator) => ({
  sound: await frame.getByTestId('gc-mute').getAttribute('aria-pressed'),
  music: await frame.getByTestId('gc-music').getAttribute('aria-pressed'),
});

/** The music's choice as the page keeps it for every game. */
const storedMusic = (portal: Portal) =>
  gameFrame(portal).evaluate(() =>
    (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('emerald.sound.music'),
  );

async function settle(frame: FrameLocator): Promise<void> {
  await frame.locator('[data-testid="gc-spin"]:not([disabled])').waitFor({ timeout: 20_000 });
}

/**
 * Two arranged spins (`arrangeSlotRound`): a win at most the stake, whose lines are drawn, then one
 * above it, whose banner shows; each screenshot to look at. Answers the second's result.
 */
async function spinTwoWins(portal: Portal, frame: FrameLocator, gameId: string, name: string): Promise<string> {
  const title = getTitle(gameId);
  if (!title || title.kind !== 'slot') throw new Error(`${gameId} is not a slot`);
  await settle(frame);
  const stake = Number(minorUnitsOf(await frame.getByTestId('gc-stake').locator('option:checked').textContent()));
  await arrangeSlotRound(suite.server, portal, title, stake, (round) => round.totalWin > 0 && round.totalWin <= stake && round.freeSpins.length === 0);
  await spin(frame, 'click');
  expect(await frame.getByTestId('gc-result').textContent()).not.toBe('');
  await screenshot(portal.page, `${name}-lines`);
  await settle(frame);
  const big = await arrangeSlotRound(suite.server, portal, title, stake, (round) => round.totalWin > stake && round.freeSpins.length === 0);
  const result = await spin(frame, 'click');
  expect(await frame.getByTestId('gc-result').getAttribute('data-win')).toBe('true');
  expect(Number(minorUnitsOf(await frame.getByTestId('gc-last-win').textContent()))).toBe(big.totalWin);
  await screenshot(portal.page, `${name}-banner`);
  return result;
}

describe('slot presentation on PixiJS (issue 17)', () => {
  it('desktop, English: the reels are drawn by Pixi, spin by click and by keyboard, the result is announced, music and sound can be turned off and stay off', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    await portal.context.addInitScript(instrumentAudio);
    const frame = await openSlot(portal, 'SR-1001', 'en');
    await screenshot(portal.page, 'slot-pixi-desktop-en-ready');
    expect(await frame.getByTestId('gc-reels').getAttribute('aria-label')).toBe('5 reels, 3 rows');

    // The spin in motion, then its result in words.
    await frame.getByTestId('gc-spin').click();
    // In motion for the picture: the reels running, and ten frames of the spin drawn.
    await expect.poll(() => frame.getByTestId('gc-reels').getAttribute('data-stage')).toBe('running');
    await animationFrames(frame, 10);
    await screenshot(portal.page, 'slot-pixi-desktop-en-spinning');
    const landing = await framesInASecond(frame);
    console.info(`slot reels: ${landing} frames in the first second of the spin's landing`);
    await expect.poll(() => frame.getByTestId('gc-result').textContent(), { timeout: 20_000 }).toMatch(/No win|Win /);
    await settle(frame);
    expect(await spin(frame, 'keyboard')).toMatch(/No win|Win /);
    await spinTwoWins(portal, frame, 'SR-1001', 'slot-pixi-desktop-en-win');

    // Music: the cabinet's toggle beside the sound button, on; after the spins (the page's gestures)
    // the title's music plays with nothing else happening.
    const music = frame.getByTestId('gc-music');
    expect(await pressed(frame)).toEqual({ sound: 'true', music: 'true' });
    expect(await music.getAttribute('aria-label')).toBe('Music');
    expect(await music.getAttribute('title')).toBe('Music is on');
    expect(await music.isVisible()).toBe(true);
    await settle(frame);
    await soundsStart(portal, 4);
    // Off by keyboard: announced, the idle page goes quiet, the choice is kept for every game.
    await music.focus();
    await music.press('Enter');
    expect(await pressed(frame)).toEqual({ sound: 'true', music: 'false' });
    expect(await music.getAttribute('title')).toBe('Music is off');
    expect(await soundsWhileAudioClockMoves(portal, 1.5)).toBe(0);
    expect(await storedMusic(portal)).toBe('false');
    await screenshot(portal.page, 'slot-pixi-desktop-en-music-off');

    // Sound: on until muted; the choice is remembered.
    const mute = frame.getByTestId('gc-mute');
    expect(await mute.getAttribute('aria-pressed')).toBe('true');
    await mute.click();
    expect(await mute.getAttribute('aria-pressed')).toBe('false');
    await portal.page.reload();
    await frame.getByTestId('gc-table').waitFor();
    await expect.poll(() => pressed(frame)).toEqual({ sound: 'false', music: 'false' });
    // Sound back on after the reload: the music stays off, a spin sounds and the idle page is quiet.
    await frame.getByTestId('gc-mute').click();
    expect(await pressed(frame)).toEqual({ sound: 'true', music: 'false' });
    await settle(frame);
    await spin(frame, 'click');
    expect((await soundLog(portal)).starts.length).toBeGreaterThan(0);
    // The spin's last cue is booked by the time the reels rest; from then the page is quiet.
    await expect.poll(() => frame.getByTestId('gc-reels').getAttribute('data-stage'), { timeout: 15_000 }).toBe('idle');
    expect(await soundsWhileAudioClockMoves(portal, 1.5)).toBe(0);
  }, 180_000);

  it('phone, Macedonian: a 390 px slot with its own themed symbols plays and says its result in Macedonian', async () => {
    const portal = await suite.open({ viewport: widths.mobile });
    const frame = await openSlot(portal, 'HL-2004', 'mk');
    await screenshot(portal.page, 'slot-pixi-mobile-mk-ready');
    expect(await frame.getByTestId('gc-mute').getAttribute('aria-label')).toBe('Звук');
    // The music toggle on the phone's cabinet, in Macedonian: off by a tap, still off after a reload.
    const music = frame.getByTestId('gc-music');
    expect(await music.getAttribute('aria-label')).toBe('Музика');
    expect(await music.getAttribute('title')).toBe('Музиката е вклучена');
    expect(await pressed(frame)).toEqual({ sound: 'true', music: 'true' });
    await music.click();
    expect(await pressed(frame)).toEqual({ sound: 'true', music: 'false' });
    expect(await music.getAttribute('title')).toBe('Музиката е исклучена');
    await screenshot(portal.page, 'slot-pixi-mobile-mk-music-off');
    await portal.page.reload();
    await frame.getByTestId('gc-table').waitFor();
    await expect.poll(() => pressed(frame)).toEqual({ sound: 'true', music: 'false' });
    expect(await storedMusic(portal)).toBe('false');
    // Both toggles are in the cabinet's top strip, side by side, inside the reels' canvas (once the
    // reloaded page has put it back).
    // The cabinet moves them into its strip when the stage is drawn: measured once it has been and
    // all three are laid out.
    await expect.poll(() => frame.getByTestId('gc-reels').getAttribute('data-renderer'), { timeout: 15_000 }).toMatch(/^(webgl|webgpu|canvas)$/);
    const boxes = () => Promise.all([frame.getByTestId('gc-reels').boundingBox(), frame.getByTestId('gc-mute').boundingBox(), music.boundingBox()]);
    await expect.poll(async () => (await boxes()).every(Boolean), { timeout: 15_000 }).toBe(true);
    const [box, soundBox, musicBox] = await boxes();
    expect(musicBox!.x + musicBox!.width).toBeLessThanOrEqual(soundBox!.x);
    expect(musicBox!.x).toBeGreaterThanOrEqual(box!.x);
    expect(musicBox!.y + musicBox!.height).toBeLessThanOrEqual(box!.y + 30);
    await frame.getByTestId('gc-reels').waitFor();
    const result = await spin(frame, 'click');
    expect(result).toMatch(/Без добивка|Добивка/);
    // A win names its symbols in Macedonian too ("3 × Наковална").
    expect(result.replace(/[€\d.,]/g, '')).not.toMatch(/[A-Za-z]/);
    // A win names its symbols in Macedonian too.
    expect((await spinTwoWins(portal, frame, 'HL-2004', 'slot-pixi-mobile-mk-win')).replace(/[€\d.,\s×]/g, '')).not.toMatch(/[A-Za-z]/);
  }, 120_000);

  it('every demo slot opens on its own artwork; with reduced motion a spin still plays', async () => {
    const games = ['SR-1002', 'HL-2001', 'HL-2003', 'SR-1004', 'SR-1006', 'HL-2009', 'SR-3001', 'HL-3002'];
    const portal = await suite.open({ viewport: widths.desktop });
    for (const gameId of games) {
      await openSlot(portal, gameId, 'en');
      await screenshot(portal.page, `slot-pixi-desktop-${gameId}`);
    }
    // With reduced motion asked for, the fruit machine still spins (shorter, no shake) and says its result.
    await portal.page.emulateMedia({ reducedMotion: 'reduce' });
    const frame = await openSlot(portal, 'HL-3002', 'en');
    expect(await spin(frame, 'click')).toMatch(/No win|Win /);
  }, 180_000);
});
