import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { rendererFor as RendererFor } from './registry';

let rendererFor: typeof RendererFor;
beforeAll(async () => {
  // The renderers draw with PixiJS, which reads the browser's navigator as it loads; this test only
  // checks which renderer serves which kind, so a bare navigator stands in for the browser's.
  vi.stubGlobal('navigator', { userAgent: 'node' });
  ({ rendererFor } = await import('./registry'));
});

describe('game client renderers (issue 11: game kinds behind one interface)', () => {
  it('chooses the renderer of each kind the game server plays by that kind', () => {
    for (const kind of ['slot', 'roulette', 'blackjack', 'plinko', 'mines', 'bingo', 'live-roulette']) expect(rendererFor(kind)?.kind, kind).toBe(kind);
  });

  it('has none for a kind it does not know, nor for names of an object', () => {
    expect(rendererFor('keno')).toBeUndefined();
    expect(rendererFor('toString')).toBeUndefined();
  });
});
