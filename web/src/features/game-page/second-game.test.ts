import { describe, expect, it } from 'vitest';
import type { GamePost } from '../../../../contracts/content/games';
import { isSlotPost, secondGameChoices } from './second-game';

const game = (gameId: string, category: string, overrides: { free?: boolean; platform?: GamePost['game_platform']['slug']; title?: string } = {}): GamePost =>
  ({
    id: gameId.length,
    title: { rendered: overrides.title ?? gameId },
    game_id: gameId,
    game_platform: { slug: overrides.platform ?? 'html5' },
    game_provider: { id: 1, slug: 'studio', name: 'Studio' },
    game_category: [{ id: 1, slug: category.toLowerCase().replace(/ /g, '-'), name: category, priority: 1 }],
    acf: { play_for_free: overrides.free ?? true, isAuthenticated: false, keywords: '', launch_platform: 'EMERALD' },
  }) as unknown as GamePost;

const catalogue = [
  game('SLOT-1', 'Video Slots', { title: 'Ruby &amp; Rush' }),
  game('SLOT-2', 'Classic Slots'),
  game('ROULETTE', 'Table Games'),
  game('BJ', 'Table Games', { platform: 'html5-desktop' }),
  game('BJ', 'Table Games', { platform: 'html5-mobile' }),
  game('JACKPOT', 'Video Slots', { free: false }),
  game('101', 'Live', { free: false }),
  game('bingo', 'Bingo', { free: false }),
];
const ids = (choices: ReturnType<typeof secondGameChoices>) => choices.groups.flatMap((group) => group.games.map((entry) => entry.gameId));

describe('second game choices (PLAY-05, GB no two slots side by side)', () => {
  it('offers every other game once, grouped by category, without the first game or the lobbies', () => {
    const choices = secondGameChoices(catalogue, { firstGameId: 'SLOT-1', playForReal: true, viewport: 'desktop', oneSlotAtATime: false });
    expect(ids(choices)).toEqual(['SLOT-2', 'ROULETTE', 'BJ', 'JACKPOT']);
    expect(choices.groups.map((group) => group.name)).toEqual(['Classic Slots', 'Table Games', 'Video Slots']);
    expect(choices.slotsWithheld).toBe(false);
  });

  it('offers only free-to-play games in free play, and only games that fit the device', () => {
    const choices = secondGameChoices(catalogue, { firstGameId: 'ROULETTE', playForReal: false, viewport: 'mobile', oneSlotAtATime: false });
    expect(ids(choices)).toEqual(['SLOT-1', 'SLOT-2', 'BJ']);
    expect(choices.groups[0]?.games[0]?.name).toBe('Ruby & Rush');
  });

  it('withholds slots beside a slot when the rules allow one slot at a time (GB)', () => {
    const choices = secondGameChoices(catalogue, { firstGameId: 'SLOT-2', playForReal: true, viewport: 'desktop', oneSlotAtATime: true });
    expect(ids(choices)).toEqual(['ROULETTE', 'BJ']);
    expect(choices.slotsWithheld).toBe(true);
  });

  it('offers slots beside a table game under GB rules: one slot is allowed', () => {
    const choices = secondGameChoices(catalogue, { firstGameId: 'ROULETTE', playForReal: true, viewport: 'desktop', oneSlotAtATime: true });
    expect(ids(choices)).toContain('SLOT-1');
    expect(choices.slotsWithheld).toBe(false);
  });

  it('treats a first game missing from the catalogue as a slot under GB rules', () => {
    expect(secondGameChoices(catalogue, { firstGameId: 'UNKNOWN', playForReal: true, viewport: 'desktop', oneSlotAtATime: true }).slotsWithheld).toBe(true);
  });

  it('knows a slot by its category', () => {
    expect(isSlotPost(game('A', 'Classic Slots'))).toBe(true);
    expect(isSlotPost(game('B', 'Mini Games'))).toBe(false);
  });
});
