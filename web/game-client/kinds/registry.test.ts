import { describe, expect, it } from 'vitest';
import { GAME_KINDS } from '../../../server/games/kinds/registry';
import { rendererFor } from './registry';

describe('game client renderers (issue 11: game kinds behind one interface)', () => {
  it('has a renderer for every kind the game server registers, keyed by that kind', () => {
    for (const kind of GAME_KINDS) expect(rendererFor(kind.kind)?.kind, kind.kind).toBe(kind.kind);
  });

  it('has none for a kind the game server does not play', () => {
    expect(rendererFor('bingo')).toBeUndefined();
  });
});
