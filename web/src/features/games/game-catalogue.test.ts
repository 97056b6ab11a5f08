import { describe, expect, it } from 'vitest';
import type { GamePost } from '../../../../contracts/content/games';
import { fitsDevice, gameHref, groupGames, matchesGroup, matchesSearch } from './game-catalogue';

const game = (
  id: number,
  overrides: { title?: string; platform?: GamePost['game_platform']['slug']; provider?: string; categories?: [string, number][]; keywords?: string },
): GamePost =>
  ({
    id,
    title: { rendered: overrides.title ?? `Game ${id}` },
    game_id: `G-${id}`,
    game_platform: { slug: overrides.platform ?? 'html5' },
    game_provider: { id: 1, slug: (overrides.provider ?? 'Shamrock Reels').toLowerCase().replace(/ /g, '-'), name: overrides.provider ?? 'Shamrock Reels' },
    game_category: (overrides.categories ?? []).map(([name, priority], index) => ({ id: index, slug: name.toLowerCase().replace(/ /g, '-'), name, priority })),
    acf: { play_for_free: true, isAuthenticated: false, keywords: overrides.keywords ?? '', launch_platform: 'EMERALD' },
  }) as unknown as GamePost;

describe('game catalogue rules', () => {
  it('GAMES-21 GAMES-22 a phone drops desktop-only games, a larger screen mobile-only ones', () => {
    expect(fitsDevice(game(1, { platform: 'html5-desktop' }), 'mobile')).toBe(false);
    expect(fitsDevice(game(1, { platform: 'html5-mobile' }), 'mobile')).toBe(true);
    expect(fitsDevice(game(1, { platform: 'mobile' }), 'desktop')).toBe(false);
    expect(fitsDevice(game(1, { platform: 'html5' }), 'tablet')).toBe(true);
  });

  it('GAMES-23…25 search matches title, provider name and keywords without letter case', () => {
    const item = game(1, { title: 'Banshee &amp; Moon', provider: 'Harbour Lights', keywords: 'samhain, ghost' });
    expect(matchesSearch(item, 'banshee & MOON')).toBe(true);
    expect(matchesSearch(item, 'harbour')).toBe(true);
    expect(matchesSearch(item, 'SAMHAIN')).toBe(true);
    expect(matchesSearch(item, 'dragon')).toBe(false);
    expect(matchesSearch(item, '  ')).toBe(true);
  });

  it('NS-13 category groups follow ascending priority and keep the catalogue order inside', () => {
    const games = [
      game(1, { categories: [['Slots', 3]] }),
      game(2, {
        categories: [
          ['Popular', 1],
          ['Slots', 3],
        ],
      }),
      game(3, { categories: [['New', 2]] }),
    ];
    const groups = groupGames(games, 'category');
    expect(groups.map((group) => group.name)).toEqual(['Popular', 'New', 'Slots']);
    expect(groups[2]?.games.map((entry) => entry.id)).toEqual([1, 2]);
  });

  it('GAMES-04 a category query names a group by slug or name', () => {
    expect(matchesGroup({ slug: 'new-games', name: 'New Games' }, 'New Games')).toBe(true);
    expect(matchesGroup({ slug: 'new-games', name: 'New Games' }, 'new-games')).toBe(true);
    expect(matchesGroup({ slug: 'new-games', name: 'New Games' }, 'jackpots')).toBe(false);
  });

  it('GAMES-28 a card opens /game with gameId, platform and gameName', () => {
    expect(gameHref(game(7, { title: 'Ruby &amp; Rush' }))).toBe('/game?gameId=G-7&platform=EMERALD&gameName=Ruby+%26+Rush');
  });
});
