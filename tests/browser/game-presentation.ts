import type { FrameLocator } from 'playwright-core';
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
