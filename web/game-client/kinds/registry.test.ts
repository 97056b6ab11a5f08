import { describe, expect, it } from 'vitest';
import { rendererFor } from './registry';

describe('game client renderers (issue 11: game kinds behind one interface)', () => {
  it('chooses the renderer of each kind the game server plays by that kind', () => {
    for (const kind of ['slot', 'roulette', 'blackjack', 'plinko', 'mines', 'bingo', 'live-roulette']) expect(rendererFor(kind)?.kind, kind).toBe(kind);
  });

  it('has none for a kind it does not know, nor for names of an object', () => {
    expect(rendererFor('keno')).toBeUndefined();
    expect(rendererFor('toString')).toBeUndefined();
  });
});
