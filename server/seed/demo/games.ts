import type { GameAcf, GameArtwork } from '../../../contracts/content/games';
import type { NewContentPost } from '../../content';
import { promoArtUrl } from '../../content';
import { macedonianGames, macedonianInformation, macedonianProviders, macedonianReturn } from './games-mk';

/**
 * The demo catalogue: Emerald's own studios (every brand invented), six providers, nine
 * categories, video slots, classic slots, table games, mini games and the bingo and live lobbies.
 * Thumbnails and backgrounds are drawn from each game's scene (its own illustrated world), palette
 * and symbol at /cms/media/games/<slug>/thumbnail.svg and background.svg.
 */
export const demoProviders = [
  {
    slug: 'shamrock-reels',
    title: 'Shamrock Reels',
    priority: 1,
    logo: promoArtUrl('provider-shamrock'),
    description: '<p>Our Dublin slot studio: Irish legends, bright colours and features that are easy to follow.</p>',
  },
  {
    slug: 'harbour-lights',
    title: 'Harbour Lights Studio',
    priority: 2,
    logo: promoArtUrl('provider-harbour'),
    description: '<p>Coastal Cork studio making story-driven video slots with free-spin rounds.</p>',
  },
  {
    slug: 'northstar-tables',
    title: 'Northstar Tables',
    priority: 3,
    logo: promoArtUrl('provider-northstar'),
    description: '<p>Table games built to the classic rules: single-zero roulette and six-deck blackjack.</p>',
  },
  {
    slug: 'pocket-arcade',
    title: 'Pocket Arcade',
    priority: 4,
    logo: promoArtUrl('provider-pocket'),
    description: '<p>Quick mini games for a few minutes of play, on any screen.</p>',
  },
  {
    slug: 'emerald-live',
    title: 'Emerald Live',
    priority: 5,
    logo: promoArtUrl('provider-emerald-live'),
    description: '<p>Our live roulette table, shared by every player at it: one betting window, one spin, one result for all.</p>',
  },
  {
    slug: 'clover-bingo',
    title: 'Clover Bingo Rooms',
    priority: 6,
    logo: promoArtUrl('card-bingo'),
    description: '<p>75 and 90-ball bingo rooms with friendly chat hosts.</p>',
  },
] as const;

/** NS-13: groups ordered by ascending priority. Names 'Live' and 'Bingo' match the banner links. */
export const demoCategories = [
  { slug: 'popular', title: 'Popular', mk: 'Популарни', priority: 1 },
  { slug: 'new-games', title: 'New Games', mk: 'Нови игри', priority: 2 },
  { slug: 'video-slots', title: 'Video Slots', mk: 'Видео слотови', priority: 3 },
  { slug: 'jackpots', title: 'Jackpots', mk: 'Џекпоти', priority: 4 },
  { slug: 'classic-slots', title: 'Classic Slots', mk: 'Класични слотови', priority: 5 },
  { slug: 'table-games', title: 'Table Games', mk: 'Игри на маса', priority: 6 },
  { slug: 'live', title: 'Live', mk: 'Во живо', priority: 7 },
  { slug: 'bingo', title: 'Bingo', mk: 'Бинго', priority: 8 },
  { slug: 'mini-games', title: 'Mini Games', mk: 'Мини игри', priority: 9 },
] as const;

interface DemoGame {
  slug: string;
  title: string;
  mk?: string;
  provider: string;
  categories: string[];
  gameId: string;
  platform?: GameAcf['game_platform'];
  launch?: string;
  free: boolean;
  signedInOnly?: boolean;
  keywords: string;
  art: GameArtwork;
  info: { about: string; reels?: string; rtp?: string; volatility?: string; feature?: string };
}

const slot = (reels: string, rtp: string, volatility: string, feature: string) => ({ reels, rtp, volatility, feature });

export const demoGames: DemoGame[] = [
  {
    slug: 'emerald-isle-riches',
    title: 'Emerald Isle Riches',
    mk: 'Богатствата на Смарагдниот остров',
    provider: 'shamrock-reels',
    categories: ['popular', 'video-slots'],
    gameId: 'SR-1001',
    free: true,
    keywords: 'irish, clover, emerald, free spins',
    art: { palette: ['#04231a', '#0b7a55', '#f5c542'], symbol: 'clover', tagline: 'Follow the clover trail', scene: 'emerald-isle' },
    info: {
      about:
        'Rolling green hills hide gold at every turn. Three or more clover scatters pay anywhere and start 10, 15 or 20 free spins where every win is doubled and pots of gold land stacked; more clovers add more spins.',
      ...slot('5×3, 20 lines', '96.43%', 'High', 'Free spins with 2× wins on reels with stacked pots of gold, with retriggers'),
    },
  },
  {
    slug: 'celtic-crown',
    title: 'Celtic Crown',
    provider: 'shamrock-reels',
    categories: ['popular', 'video-slots'],
    gameId: 'SR-1002',
    free: true,
    keywords: 'celtic, king, crown, knot',
    art: { palette: ['#1b1030', '#5b2a86', '#f2c14e'], symbol: 'crown', tagline: 'Claim the high king\u2019s throne', scene: 'celtic-crown' },
    info: {
      about:
        'A high-king\u2019s court of knotwork and gold. Crown wilds land stacked on the middle reels, and three golden torcs start eight free spins with doubled wins and more crown stacks.',
      ...slot('5×4, 40 lines', '96.24%', 'Medium', 'Stacked crown wilds on reels 2–4; free spins with 2× wins and more crown stacks'),
    },
  },
  {
    slug: 'giants-causeway-gold',
    title: 'Giant\u2019s Causeway Gold',
    mk: 'Златото на Џиновскиот пат',
    provider: 'shamrock-reels',
    categories: ['jackpots', 'video-slots'],
    gameId: 'SR-1003',
    free: false,
    signedInOnly: true,
    keywords: 'jackpot, giant, causeway, antrim, gold',
    art: { palette: ['#0e1a24', '#2f5d73', '#ffcf5c'], symbol: 'coin', tagline: 'Four jackpots on the basalt stones', scene: 'causeway' },
    info: {
      about:
        'Step across the basalt columns to four fixed jackpots. Gold coins pay anywhere: six win the Mini (20× the stake), seven the Minor (100×), eight the Major (1,000×) and nine or more the Grand (5,000×).',
      ...slot('5×3, 25 lines', '94.64%', 'High', 'Four fixed coin jackpots: Mini, Minor, Major and Grand'),
    },
  },
  {
    slug: 'banshee-moon',
    title: 'Banshee Moon',
    provider: 'harbour-lights',
    categories: ['video-slots', 'new-games'],
    gameId: 'HL-2001',
    free: true,
    keywords: 'moon, ghost, night, halloween, samhain',
    art: { palette: ['#0b0d24', '#34346e', '#b9c6ff'], symbol: 'moon', tagline: 'Her song brings the wilds', scene: 'banshee-moon' },
    info: {
      about:
        'Under a full Samhain moon the banshee\u2019s song fills the reels: three moons on reels 1, 3 and 5 start ten free spins with every win tripled, on haunted reels stacked with wilds.',
      ...slot('5×3, 10 lines', '95.33%', 'Medium-high', 'Ten free spins with 3× wins on haunted reels stacked with wilds, with retriggers'),
    },
  },
  {
    slug: 'lighthouse-keeper',
    title: 'Lighthouse Keeper',
    provider: 'harbour-lights',
    categories: ['video-slots'],
    gameId: 'HL-2002',
    free: true,
    keywords: 'sea, lighthouse, storm, beacon',
    art: { palette: ['#06202e', '#1d6f8c', '#ffe08a'], symbol: 'star', tagline: 'Keep the light burning', scene: 'lighthouse' },
    info: {
      about:
        'Keep the light burning through the storm. Beacon scatters pay anywhere, and three or more start 12 free spins on reels with stacked ships; more beacons add 12 more.',
      ...slot('5×3, 20 lines', '95.60%', 'Low', 'Beacon scatters pay anywhere; 12 free spins on reels with stacked ships, with retriggers'),
    },
  },
  {
    slug: 'atlantic-pearls',
    title: 'Atlantic Pearls',
    mk: 'Атлантски бисери',
    provider: 'harbour-lights',
    categories: ['video-slots', 'popular'],
    gameId: 'HL-2003',
    free: true,
    keywords: 'ocean, pearl, mermaid, sea',
    art: { palette: ['#022c3a', '#0c8fa6', '#ffe3f1'], symbol: 'wave', tagline: 'Treasures of the wild Atlantic', scene: 'pearls' },
    info: {
      about: 'Pearls washed up on the reels pay anywhere, up to 1,000× the stake for five, and mermaid wilds land stacked on the middle reels.',
      ...slot('5×3, 25 lines', '94.62%', 'Low-medium', 'Pearl scatters pay anywhere, up to 1,000× the stake; stacked mermaid wilds on reels 2–4'),
    },
  },
  {
    slug: 'dragon-forge',
    title: 'Dragon Forge',
    provider: 'harbour-lights',
    categories: ['video-slots', 'new-games'],
    gameId: 'HL-2004',
    free: true,
    keywords: 'dragon, fire, forge, fantasy',
    art: { palette: ['#2a0a05', '#a8321a', '#ffb347'], symbol: 'flame', tagline: 'Strike while the iron is hot', scene: 'dragon-forge' },
    info: {
      about:
        'The dragon\u2019s breath heats the forge: 4,096 ways to win, and three flames on reels 1, 3 and 5 start nine free spins with every win tripled and stacked dragon wilds.',
      ...slot(
        '6×4, 4096 ways',
        '95.20%',
        'Medium-high',
        'Three flames on reels 1, 3 and 5 start 9 free spins with every win tripled and stacked dragon wilds, with retriggers',
      ),
    },
  },
  {
    slug: 'thunder-valley',
    title: 'Thunder Valley',
    provider: 'harbour-lights',
    categories: ['video-slots'],
    gameId: 'HL-2005',
    free: true,
    keywords: 'storm, thunder, lightning, mountains',
    art: { palette: ['#101a2e', '#3d5a99', '#fff35c'], symbol: 'bolt', tagline: 'Lightning never strikes once', scene: 'thunder' },
    info: {
      about:
        'Lightning strikes the valley: stacked lightning wilds on reels 2, 3 and 4 double every win they complete, so two of them make 4× and three make 8×.',
      ...slot('5×3, 30 lines', '95.68%', 'Medium', 'Stacked lightning wilds on reels 2, 3 and 4, each doubling the win it completes (up to 8×)'),
    },
  },
  {
    slug: 'viking-voyage',
    title: 'Viking Voyage',
    provider: 'harbour-lights',
    categories: ['video-slots'],
    gameId: 'HL-2006',
    free: true,
    keywords: 'viking, ship, norse, dublin',
    art: { palette: ['#14202b', '#4b6a7f', '#e6c27a'], symbol: 'wave', tagline: 'Set sail from Dyflin', scene: 'longship' },
    info: {
      about:
        'Sail the longship from Dyflin to Iceland. Three voyage maps start free spins where shield wilds join the reels and double every win they complete.',
      ...slot('5×3, 20 lines', '93.98%', 'Medium-high', 'Free spins where shield wilds double the wins they complete'),
    },
  },
  {
    slug: 'pharaohs-lantern',
    title: 'Pharaoh\u2019s Lantern',
    provider: 'shamrock-reels',
    categories: ['video-slots'],
    gameId: 'SR-1004',
    free: true,
    keywords: 'egypt, pharaoh, lantern, tomb, book',
    art: { palette: ['#2b1a05', '#b07a16', '#fff1b8'], symbol: 'sun', tagline: 'Light the way to the tomb', scene: 'pyramid' },
    info: {
      about:
        'The lantern lights the way to the tomb: lantern scatters pay anywhere, and three or more start ten free spins with every win tripled on reels where scarabs land stacked.',
      ...slot('5×3, 10 lines', '96.62%', 'High', 'Lantern scatters pay anywhere and start 10 free spins with 3× wins on reels with stacked scarabs'),
    },
  },
  {
    slug: 'wild-hare-run',
    title: 'Wild Hare Run',
    provider: 'shamrock-reels',
    categories: ['video-slots', 'new-games'],
    gameId: 'SR-1005',
    free: true,
    keywords: 'hare, meadow, race, spring',
    art: { palette: ['#0f2a12', '#4f9a3a', '#fff7a1'], symbol: 'leaf', tagline: 'Race across the meadow', scene: 'meadow-hare' },
    info: {
      about: 'The wild hare races across the meadow: hare wilds land stacked on every reel, and meadow scatters pay anywhere.',
      ...slot('5×3, 20 lines', '96.58%', 'Low', 'Stacked hare wilds on every reel; meadow scatters pay anywhere'),
    },
  },
  {
    slug: 'midnight-fox',
    title: 'Midnight Fox',
    provider: 'harbour-lights',
    categories: ['video-slots'],
    gameId: 'HL-2007',
    free: true,
    keywords: 'fox, forest, night, clever',
    art: { palette: ['#120c1c', '#5a2e6e', '#ff8a3d'], symbol: 'moon', tagline: 'Out-fox the reels', scene: 'night-fox' },
    info: {
      about:
        'The clever fox prowls reels 2, 3 and 4: fox wilds land in pairs and double every win they complete, and three moons start ten or more free spins.',
      ...slot('5×3, 15 lines', '96.40%', 'Low-medium', 'Fox wilds on reels 2–4 double the wins they complete; moon scatters start free spins'),
    },
  },
  {
    slug: 'ruby-rush',
    title: 'Ruby Rush',
    provider: 'shamrock-reels',
    categories: ['video-slots', 'popular'],
    gameId: 'SR-1006',
    free: true,
    keywords: 'ruby, gem, jewel, red',
    art: { palette: ['#2a0610', '#a3123a', '#ffd166'], symbol: 'diamond', tagline: 'Every gem counts', scene: 'ruby' },
    info: {
      about:
        'Every gem counts on 243 ways. Three or more ruby scatters pay anywhere and start eight free spins with doubled wins and stacked diamond wilds; more rubies add more spins.',
      ...slot('5×3, 243 ways', '96.89%', 'Low-medium', 'Ruby scatters start 8 free spins with 2× wins and stacked diamond wilds, with retriggers'),
    },
  },
  {
    slug: 'salmon-of-knowledge',
    title: 'Salmon of Knowledge',
    provider: 'shamrock-reels',
    categories: ['video-slots'],
    gameId: 'SR-1007',
    free: true,
    keywords: 'salmon, fionn, legend, river, boyne',
    art: { palette: ['#04202a', '#137a8a', '#ffb38a'], symbol: 'wave', tagline: 'Fionn\u2019s famous catch', scene: 'salmon' },
    info: {
      about:
        'The legend of Fionn mac Cumhaill: Fionn wilds land stacked on reels 2 to 4, and a salmon wild on reel five multiplies the win it completes by 2 or 3.',
      ...slot('5×3, 20 lines', '95.52%', 'Low-medium', 'Stacked Fionn wilds on reels 2–4; salmon wilds on reel 5 multiply wins by 2× or 3×'),
    },
  },
  {
    slug: 'book-of-druids',
    title: 'Book of Druids',
    mk: 'Книгата на друидите',
    provider: 'harbour-lights',
    categories: ['video-slots', 'popular'],
    gameId: 'HL-2008',
    free: true,
    keywords: 'book, druid, oak, magic',
    art: { palette: ['#1a1408', '#6b5a1e', '#d8ff7a'], symbol: 'leaf', tagline: 'Open the oak-bound pages', scene: 'druid-book' },
    info: {
      about: 'Three books anywhere open ten free spins with doubled wins on reels where druids land stacked; more books add ten more.',
      ...slot('5×3, 10 lines', '95.24%', 'High', 'Three books start 10 free spins with 2× wins on reels with stacked druids, with retriggers'),
    },
  },
  {
    slug: 'stardust-spins',
    title: 'Stardust Spins',
    provider: 'harbour-lights',
    categories: ['video-slots', 'new-games'],
    gameId: 'HL-2009',
    free: true,
    keywords: 'space, stars, cosmic, galaxy',
    art: { palette: ['#05051a', '#2c1f7a', '#9ef0ff'], symbol: 'star', tagline: 'Wish upon a reel', scene: 'cosmos' },
    info: {
      about: 'Shooting stars land on the middle reels as wilds with 2×, 3× or 5× multipliers, and the multipliers in one win multiply together.',
      ...slot('5×4, 50 lines', '94.29%', 'Medium-high', 'Shooting-star wilds with 2×, 3× or 5× multipliers that multiply together'),
    },
  },
  {
    slug: 'hearts-of-kinsale',
    title: 'Hearts of Kinsale',
    provider: 'shamrock-reels',
    categories: ['video-slots'],
    gameId: 'SR-1008',
    free: true,
    keywords: 'romance, harbour, kinsale, heart',
    art: { palette: ['#2a0a1a', '#b0305e', '#ffd6e0'], symbol: 'heart', tagline: 'Love on the harbour', scene: 'harbour-hearts' },
    info: {
      about: 'Love on the harbour: heart wilds land stacked on reels one and five.',
      ...slot('5×3, 20 lines', '96.26%', 'Low', 'Stacked heart wilds on reels 1 and 5'),
    },
  },
  {
    slug: 'dublin-jackpot-express',
    title: 'Dublin Jackpot Express',
    provider: 'harbour-lights',
    categories: ['jackpots', 'video-slots'],
    gameId: 'HL-2010',
    free: false,
    signedInOnly: true,
    keywords: 'jackpot, train, dublin, express',
    art: { palette: ['#101820', '#2e7d32', '#ffd54f'], symbol: 'bolt', tagline: 'All aboard for the jackpot', scene: 'steam-train' },
    info: {
      about:
        'Board the express: five train wilds on a line win the fixed Express jackpot of 50,000× the line bet, and three tickets start ten free spins with tripled wins on reels with more trains.',
      ...slot(
        '5×3, 25 lines',
        '94.52%',
        'Medium-high',
        'Fixed Express jackpot of 50,000× the line bet for five train wilds on a line; ticket scatters start 10 free spins with 3× wins and more trains',
      ),
    },
  },
  {
    slug: 'lucky-sevens-classic',
    title: 'Lucky Sevens Classic',
    provider: 'shamrock-reels',
    categories: ['classic-slots'],
    gameId: 'SR-3001',
    platform: 'html5-desktop',
    free: true,
    keywords: 'classic, sevens, bars, retro, 3 reel',
    art: { palette: ['#1a0508', '#c0152f', '#ffe45c'], symbol: 'star', tagline: 'Three reels, one line', scene: 'sevens' },
    info: {
      about: 'A traditional three-reel game: sevens, bars and cherries on a single line.',
      ...slot('3×1, 1 line', '96.92%', 'Low', 'None: pure classic play'),
    },
  },
  {
    slug: 'lucky-sevens-classic-mobile',
    title: 'Lucky Sevens Classic',
    provider: 'shamrock-reels',
    categories: ['classic-slots'],
    gameId: 'SR-3001',
    platform: 'html5-mobile',
    free: true,
    keywords: 'classic, sevens, bars, retro, 3 reel',
    art: { palette: ['#1a0508', '#c0152f', '#ffe45c'], symbol: 'star', tagline: 'Three reels, one line', scene: 'sevens' },
    info: {
      about: 'A traditional three-reel game sized for your phone: sevens, bars and cherries on a single line.',
      ...slot('3×1, 1 line', '96.92%', 'Low', 'None: pure classic play'),
    },
  },
  {
    slug: 'fruit-fair',
    title: 'Fruit Fair',
    provider: 'harbour-lights',
    categories: ['classic-slots'],
    gameId: 'HL-3002',
    free: true,
    keywords: 'fruit, cherries, melon, classic, 3 reel',
    art: { palette: ['#14290a', '#6abf2a', '#ff5c8a'], symbol: 'heart', tagline: 'Old-style fruit machine fun', scene: 'fruit' },
    info: {
      about: 'A country-fair fruit machine with five lines: the lucky clover substitutes for every fruit, and three fair tickets anywhere pay 5× the stake.',
      ...slot('3×3, 5 lines', '96.48%', 'Low', 'Clover wilds; three fair tickets anywhere pay 5× the stake'),
    },
  },
  {
    slug: 'european-roulette',
    title: 'European Roulette',
    mk: 'Европски рулет',
    provider: 'northstar-tables',
    categories: ['table-games', 'popular'],
    gameId: 'NT-4001',
    free: true,
    keywords: 'roulette, wheel, single zero, table',
    art: { palette: ['#1c0608', '#7a0f1a', '#f7d774'], symbol: 'wheel', tagline: 'Single zero, 37 pockets', scene: 'roulette' },
    info: {
      about:
        'Classic single-zero roulette with every inside and outside bet: straights, splits, streets, corners, six lines, dozens, columns and the even-money bets. Minimum bet €0.10, maximum €500 per spin.',
      rtp: '97.30%',
      volatility: 'Depends on the bet',
    },
  },
  {
    slug: 'blackjack-classic',
    title: 'Blackjack Classic',
    mk: 'Класичен блекџек',
    provider: 'northstar-tables',
    categories: ['table-games'],
    gameId: 'NT-4002',
    platform: 'html5-desktop',
    free: true,
    keywords: 'blackjack, cards, 21, table',
    art: { palette: ['#062014', '#0f6b3f', '#ffffff'], symbol: 'spade', tagline: 'Six decks, dealer stands on 17', scene: 'blackjack' },
    info: {
      about: 'Six-deck blackjack; the dealer stands on soft 17, blackjack pays 3 to 2, double on any two cards.',
      rtp: '99.62% with basic strategy',
      volatility: 'Low',
    },
  },
  {
    slug: 'blackjack-classic-mobile',
    title: 'Blackjack Classic',
    mk: 'Класичен блекџек',
    provider: 'northstar-tables',
    categories: ['table-games'],
    gameId: 'NT-4002',
    platform: 'html5-mobile',
    free: true,
    keywords: 'blackjack, cards, 21, table',
    art: { palette: ['#062014', '#0f6b3f', '#ffffff'], symbol: 'spade', tagline: 'Six decks, dealer stands on 17', scene: 'blackjack' },
    info: {
      about: 'Six-deck blackjack for your phone; the dealer stands on soft 17, blackjack pays 3 to 2.',
      rtp: '99.62% with basic strategy',
      volatility: 'Low',
    },
  },
  {
    slug: 'plinko-pop',
    title: 'Plinko Pop',
    provider: 'pocket-arcade',
    categories: ['mini-games'],
    gameId: 'PA-5001',
    free: true,
    keywords: 'plinko, ball, drop, mini, instant',
    art: { palette: ['#1a0b2e', '#6a2fb5', '#ff9de2'], symbol: 'ball', tagline: 'Drop, bounce, win', scene: 'plinko' },
    info: {
      about: 'Drop a ball through the pegs and land in a prize slot. Choose low, medium or high risk.',
      rtp: '96.95% to 96.99% by risk level',
      volatility: 'Player chooses',
    },
  },
  {
    slug: 'mines-of-gold',
    title: 'Mines of Gold',
    provider: 'pocket-arcade',
    categories: ['mini-games', 'new-games'],
    gameId: 'PA-5002',
    free: true,
    keywords: 'mines, gold, pick, mini, instant',
    art: { palette: ['#1f1405', '#7a5313', '#ffd54a'], symbol: 'gem', tagline: 'Dig deep, cash out early', scene: 'mine' },
    info: { about: 'Uncover gold on a 5×5 grid and avoid the mines; cash out whenever you like.', rtp: '97.00%', volatility: 'Player chooses' },
  },
  {
    slug: 'live-lobby',
    title: 'Live Casino Lobby',
    mk: 'Казино во живо',
    provider: 'emerald-live',
    categories: ['live'],
    gameId: '101',
    launch: 'EMERALD_LIVE',
    free: false,
    signedInOnly: true,
    keywords: 'live, roulette, shared table, lobby',
    art: { palette: ['#1a0f05', '#8c4a12', '#ffd27f'], symbol: 'wheel', tagline: 'One table, one spin for all', scene: 'live-studio' },
    info: {
      about:
        'A live, shared-round roulette table: every player at the table bets in the same betting window and sees the same spin, drawn by our game server. The round\u2019s seed commitment is shown before betting opens and its seed after the result, so anyone can check the spin.',
    },
  },
  {
    slug: 'bingo',
    title: 'Bingo',
    mk: 'Бинго',
    provider: 'clover-bingo',
    categories: ['bingo'],
    gameId: 'bingo',
    launch: 'EMERALD_BINGO',
    free: false,
    signedInOnly: true,
    keywords: 'bingo, 75 ball, 90 ball, rooms, chat',
    art: { palette: ['#2b0f05', '#c2541b', '#ffe29a'], symbol: 'ball', tagline: 'Games every five minutes', scene: 'bingo' },
    info: { about: '75 and 90-ball rooms with tickets from 5 cent, friendly chat hosts and community jackpots.' },
  },
];

function informationHtml(info: DemoGame['info']): string {
  const facts = [
    info.reels ? `<li><strong>Layout:</strong> ${info.reels}</li>` : '',
    info.rtp ? `<li><strong>Theoretical return to player:</strong> ${info.rtp}</li>` : '',
    info.volatility ? `<li><strong>Volatility:</strong> ${info.volatility}</li>` : '',
    info.feature ? `<li><strong>Feature:</strong> ${info.feature}</li>` : '',
  ].join('');
  return `<p>${info.about}</p>${facts ? `<ul>${facts}</ul>` : ''}<p><small>Return to player is a long-term average over millions of plays; any single session can win or lose.</small></p>`;
}

/** The same information in Macedonian (games-mk.ts); the figures are the English entry's. */
function macedonianInformationHtml(slug: string, info: DemoGame['info']): string | null {
  const words = macedonianGames[slug];
  if (!words) return null;
  const label = macedonianInformation;
  const facts = [
    words.reels ? `<li><strong>${label.layout}:</strong> ${words.reels}</li>` : '',
    info.rtp ? `<li><strong>${label.rtp}:</strong> ${macedonianReturn(info.rtp)}</li>` : '',
    info.volatility ? `<li><strong>${label.volatility}:</strong> ${label.volatilities[info.volatility] ?? info.volatility}</li>` : '',
    words.feature ? `<li><strong>${label.feature}:</strong> ${words.feature}</li>` : '',
  ].join('');
  return `<p>${words.about}</p>${facts ? `<ul>${facts}</ul>` : ''}<p><small>${label.note}</small></p>`;
}

export function demoGamePosts(): NewContentPost[] {
  const posts: NewContentPost[] = [];
  for (const provider of demoProviders) {
    posts.push({
      type: 'game_provider',
      slug: provider.slug,
      title: provider.title,
      acf: { priority: provider.priority, description: provider.description, logo: provider.logo },
    });
    const macedonian = macedonianProviders[provider.slug];
    if (macedonian)
      posts.push({
        type: 'game_provider',
        slug: provider.slug,
        lang: 'mk',
        title: provider.title,
        acf: { priority: provider.priority, description: macedonian, logo: provider.logo },
      });
  }
  for (const category of demoCategories) {
    posts.push({ type: 'game_category', slug: category.slug, title: category.title, acf: { priority: category.priority, description: '' } });
    posts.push({ type: 'game_category', slug: category.slug, lang: 'mk', title: category.mk, acf: { priority: category.priority, description: '' } });
  }
  demoGames.forEach((game, index) => {
    const acf: GameAcf = {
      game_id: game.gameId,
      game_provider: game.provider,
      game_category: game.categories,
      game_platform: game.platform ?? 'html5',
      launch_platform: game.launch ?? 'EMERALD',
      game_priority: (index + 1) * 10,
      play_for_free: game.free,
      isAuthenticated: game.signedInOnly === true,
      keywords: game.keywords,
      game_information: informationHtml(game.info),
      game_thumbnail: '',
      game_background: '',
      artwork: game.art,
    };
    posts.push({ type: 'game', slug: game.slug, title: game.title, acf });
    // Every game in Macedonian: its title where games.ts gives one (others are brand names), its information always.
    const information = macedonianInformationHtml(game.slug, game.info);
    if (information) posts.push({ type: 'game', slug: game.slug, lang: 'mk', title: game.mk ?? game.title, acf: { ...acf, game_information: information } });
  });
  return posts;
}
