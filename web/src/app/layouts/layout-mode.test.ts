import { describe, expect, it } from 'vitest';
import { isEmbedded, isGamePlayPath, isStaffArea } from './layout-mode';

describe('layout mode', () => {
  it('NAV-39 /minigames always uses the embedded layout', () => {
    expect(isEmbedded('/minigames', '')).toBe(true);
  });

  it('NAV-39 NAV-41 the asEmbedded query selects the embedded layout, with or without a value', () => {
    expect(isEmbedded('/play', '?asEmbedded=true')).toBe(true);
    expect(isEmbedded('/promotions', '?asEmbedded')).toBe(true);
  });

  it('NAV-39 other pages use the main layout', () => {
    expect(isEmbedded('/play', '?search=roulette')).toBe(false);
    expect(isEmbedded('/', '')).toBe(false);
  });

  it('NAV-40 /play, /game and /minigames are the game-play view; other paths get the fallback', () => {
    expect(['/play', '/game', '/minigames'].every(isGamePlayPath)).toBe(true);
    expect(isGamePlayPath('/promotions')).toBe(false);
    expect(isGamePlayPath('/game-info')).toBe(false);
  });

  it("NAV-34 the back office at /entity has its own layout, never the player portal's (issue 27 item 12)", () => {
    expect(isStaffArea('/entity')).toBe(true);
    expect(['/', '/account', '/admin', '/entity/x'].some(isStaffArea)).toBe(false);
  });
});
