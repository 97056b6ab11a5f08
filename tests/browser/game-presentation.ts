import type { Frame, FrameLocator } from 'playwright-core';
import { expect } from 'vitest';
import type { Portal } from './portal';

/**
 * Opens a game for free play as a visitor in the given language and answers its frame once PixiJS
 * has drawn it: `ready` is the game's own element (`gc-table`, `gc-roulette`, …), `stage` the
 * canvas Pixi names its renderer on (`data-renderer`) when the first drawing is done.
 */
export async function openDrawnGame(
  portal: Portal,
  serverUrl: string,
  gameId: string,
  language: 'en' | 'mk',
  ready: string,
  stage: string,
): Promise<FrameLocator> {
  await portal.context.addCookies([
    { name: 'COOKIES_ACCEPTED', value: 'true', url: serverUrl },
    { name: 'LANG', value: language, url: serverUrl },
  ]);
  await portal.visit(`/game?gameId=${gameId}&playForReal=false`);
  await portal.page.getByTestId('game-frame').waitFor();
  const frame = portal.page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId(ready).waitFor();
  await expect.poll(() => frame.getByTestId(stage).getAttribute('data-renderer'), { timeout: 15_000 }).toMatch(/^(webgl|webgpu|canvas)$/);
  return frame;
}

/**
 * The frames the game's page draws in the next second (its requestAnimationFrame callbacks), for the
 * log: headless Chromium draws WebGL on the CPU here, so the figure is printed, never asserted.
 */
export async function framesInASecond(frame: FrameLocator): Promise<number> {
  return frame.locator('body').evaluate(
    (body) =>
      new Promise<number>((resolve) => {
        const view = (body as unknown as { ownerDocument: { defaultView: { requestAnimationFrame(step: (now: number) => void): number } } }).ownerDocument
          .defaultView;
        let frames = 0;
        let first = 0;
        const step = (now: number) => {
          if (frames === 0) first = now;
          frames++;
          if (now - first < 1000) view.requestAnimationFrame(step);
          else resolve(frames - 1);
        };
        view.requestAnimationFrame(step);
      }),
  );
}

/**
 * Resolves after the game page's next `count` animation frames (its requestAnimationFrame callbacks):
 * a stage drawing on each would have drawn in them, so a count that stood still through them proves
 * the stage at rest without waiting out a time.
 */
export async function animationFrames(frame: FrameLocator, count: number): Promise<void> {
  await frame.locator('body').evaluate(
    (body, frames) =>
      new Promise<void>((resolve) => {
        const view = (body as unknown as { ownerDocument: { defaultView: { requestAnimationFrame(step: () => void): number } } }).ownerDocument.defaultView;
        let left = frames;
        const step = () => {
          left--;
          if (left <= 0) resolve();
          else view.requestAnimationFrame(step);
        };
        view.requestAnimationFrame(step);
      }),
    count,
  );
}

/**
 * Waits until the stage `stage` has drawn `count` more frames than it had (a moving wheel or ball has
 * moved on the screen by then, for a picture of it in motion).
 */
export async function stageDraws(frame: FrameLocator, stage: string, count: number): Promise<void> {
  const canvas = frame.getByTestId(stage);
  const from = Number(await canvas.getAttribute('data-frames'));
  await expect.poll(async () => Number(await canvas.getAttribute('data-frames')), { timeout: 15_000 }).toBeGreaterThanOrEqual(from + count);
}

/** What a game's page has recorded of its Web Audio (`instrumentAudio`). */
export interface SoundLog {
  contexts: number;
  starts: { kind: string; at: number }[];
}

/**
 * Runs in every frame before its scripts (`context.addInitScript(instrumentAudio)`): records the
 * audio contexts made and every oscillator or noise source started, in the page's `__sound`. The
 * browser's own Web Audio API plays on; the record is all that is added.
 */
export function instrumentAudio(): void {
  const page = globalThis as unknown as {
    __sound?: SoundLog;
    AudioContext?: new () => { state: string };
    AudioScheduledSourceNode?: { prototype: { start: (...args: unknown[]) => void } };
    AudioBufferSourceNode?: { prototype: { start: (...args: unknown[]) => void } };
    performance: { now(): number };
  };
  const log: SoundLog = { contexts: 0, starts: [] };
  page.__sound = log;
  // The contexts themselves, apart from the record (which is read as plain data): their clocks.
  const made: { currentTime: number }[] = [];
  (page as unknown as { __audioContexts: typeof made }).__audioContexts = made;
  const Original = page.AudioContext;
  const sources = page.AudioScheduledSourceNode;
  if (!Original || !sources) return;
  // A buffer source has a start of its own (with an offset), over the one oscillators inherit.
  for (const prototype of new Set([sources.prototype, page.AudioBufferSourceNode?.prototype ?? sources.prototype])) {
    const start = prototype.start;
    prototype.start = function (this: object, ...args: unknown[]) {
      log.starts.push({ kind: this.constructor.name, at: page.performance.now() });
      return start.apply(this, args);
    };
  }
  page.AudioContext = class extends Original {
    constructor() {
      super();
      log.contexts++;
      made.push(this as unknown as { currentTime: number });
    }
  };
}

/** The game client's own frame (its page, at /gs/play/…). */
export function gameFrame(portal: Portal): Frame {
  const frame = portal.page.frames().find((candidate) => candidate.url().includes('/gs/play/'));
  if (!frame) throw new Error('the game frame is not open');
  return frame;
}

/** What the game's frame has recorded so far (`instrumentAudio`). */
export async function soundLog(portal: Portal): Promise<SoundLog> {
  return gameFrame(portal).evaluate(() => (globalThis as unknown as { __sound: SoundLog }).__sound);
}

/** Waits until `count` more sources have started than now (the music's notes, with nothing else happening). */
export async function soundsStart(portal: Portal, count: number): Promise<void> {
  const before = (await soundLog(portal)).starts.length;
  await expect.poll(async () => (await soundLog(portal)).starts.length - before, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
}

/** The page's audio clock (its latest context's `currentTime`), seconds. */
function audioClock(portal: Portal): Promise<number> {
  return gameFrame(portal).evaluate(() => {
    const made = (globalThis as unknown as { __audioContexts: { currentTime: number }[] }).__audioContexts;
    const latest = made[made.length - 1];
    if (!latest) throw new Error('the page has no audio context');
    return latest.currentTime;
  });
}

/**
 * Sources started while the page's audio clock moves on `seconds`: the clock the music keeps time
 * on, booking each step ahead of it (sound/music.ts), so a loop still playing has booked notes by
 * then however busy the machine. Answers the sources' count (0: quiet).
 */
export async function soundsWhileAudioClockMoves(portal: Portal, seconds: number): Promise<number> {
  const before = (await soundLog(portal)).starts.length;
  const from = await audioClock(portal);
  await expect.poll(() => audioClock(portal), { timeout: 15_000 }).toBeGreaterThanOrEqual(from + seconds);
  return (await soundLog(portal)).starts.length - before;
}
