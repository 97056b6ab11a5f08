import type { Frame, FrameLocator } from 'playwright-core';
import { expect } from 'vitest';
import type { Portal } from './portal';

/**
 * Opens a game for free play as a visitor in the given language and answers its frame once PixiJS
 * has drawn it: `ready` is the game's own element (`gc-table`, `gc-roulette`, …), `stage` the
 * canvas Pixi names its renderer on (`data-renderer`) when the first drawing is done.
 */
export async function openDrawnGame(portal: Portal, serverUrl: string, gameId: string, language: 'en' | 'mk', ready: string, stage: string): Promise<FrameLocator> {
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
        const view = (body as unknown as { ownerDocument: { defaultView: { requestAnimationFrame(step: (now: number) => void): number } } }).ownerDocument.defaultView;
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

/** Sources started in `ms` of doing nothing: the music's notes, if it plays. */
export async function idleSounds(portal: Portal, ms: number): Promise<number> {
  const before = (await soundLog(portal)).starts.length;
  await portal.page.waitForTimeout(ms);
  return (await soundLog(portal)).starts.length - before;
}
