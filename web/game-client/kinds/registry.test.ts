import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { GameRenderer } from './parts';

const KINDS = ['slot', 'roulette', 'blackjack', 'plinko', 'mines', 'bingo', 'live-roulette'];
const UNKNOWN = ['keno', 'toString', 'constructor'];
const renderers = new Map<string, GameRenderer | undefined>();

beforeAll(async () => {
  // The renderers draw with PixiJS, which reads the browser's navigator as it loads; this test only
  // checks which renderer serves which kind, so a bare navigator stands in for the browser's.
  vi.stubGlobal('navigator', { userAgent: 'node' });
  const { rendererFor } = await import('./registry');
  // Each kind's code is a chunk loaded when a session plays it: loading them all takes a while.
  for (const kind of [...KINDS, ...UNKNOWN]) renderers.set(kind, await rendererFor(kind));
}, 120_000);

describe('game client renderers (issue 11: game kinds behind one interface)', () => {
  it('chooses the renderer of each kind the game server plays by that kind', () => {
    for (const kind of KINDS) expect(renderers.get(kind)?.kind, kind).toBe(kind);
  });

  it('shows no player seeds for the shared kinds, whose draw is one for every player', () => {
    expect(renderers.get('bingo')?.playerSeeds).toBe(false);
    expect(renderers.get('live-roulette')?.playerSeeds).toBe(false);
    expect(renderers.get('slot')?.playerSeeds).not.toBe(false);
  });

  it('has none for a kind it does not know, nor for names of an object', () => {
    for (const kind of UNKNOWN) expect(renderers.get(kind), kind).toBeUndefined();
  });
});
