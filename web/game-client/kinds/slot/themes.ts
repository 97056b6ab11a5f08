/**
 * Each slot title's look: the sky behind the reels, the reel glass, the frame and the colours of its
 * card royals, chosen for its theme. The scatter ids are the titles' feature symbols (server/games/
 * titles), which the reels use for anticipation: a possible feature slows the last reel.
 */

export interface SlotTheme {
  /** Background gradient, top to bottom. */
  sky: [number, number];
  /** The reel glass behind the symbols. */
  glass: number;
  /** The frame around the reels. */
  frame: number;
  /** Accent for lines, banners and glows. */
  accent: number;
  /** Colours of A, K, Q and J. */
  royals: [number, number, number, number];
  /** The feature (scatter) symbol, if the title has one. */
  scatter?: string;
  /** How many scatters start the feature. */
  scattersForFeature?: number;
}

const IRISH: SlotTheme = { sky: [0x0b3d24, 0x04160d], glass: 0x0d2a1c, frame: 0xd4a017, accent: 0x34d399, royals: [0xd61f3c, 0x1e66d0, 0x8b3fc9, 0x1f8a3a] };
const NIGHT: SlotTheme = { sky: [0x1b1f46, 0x07081a], glass: 0x11132e, frame: 0x9aa6c8, accent: 0xa5b4fc, royals: [0x7c5cff, 0x3ad0ff, 0xf2567a, 0x9aa6b2] };
const SEA: SlotTheme = { sky: [0x0b4a6b, 0x031a2a], glass: 0x082c40, frame: 0xd9b26b, accent: 0x67e8f9, royals: [0xf57a3a, 0x1fa39a, 0xf2567a, 0x3ad0ff] };
const FORGE: SlotTheme = { sky: [0x4a1208, 0x140402], glass: 0x24100a, frame: 0xb87333, accent: 0xffb020, royals: [0xffb020, 0xe4682a, 0xd61f3c, 0x9aa6b2] };
const NORTH: SlotTheme = { sky: [0x23384f, 0x0b1520], glass: 0x132233, frame: 0x9aa6b2, accent: 0x7dd3fc, royals: [0x3ad0ff, 0xd61f3c, 0xf2b705, 0x9aa6b2] };
const DESERT: SlotTheme = { sky: [0x6b3d0f, 0x1e1005], glass: 0x2a1a0a, frame: 0xf2b705, accent: 0xfcd34d, royals: [0x1e4fa8, 0x1f8a6a, 0xd61f3c, 0xf2b705] };
const WOODLAND: SlotTheme = { sky: [0x2e5a1f, 0x0d1a08], glass: 0x1a2e12, frame: 0xb07a3a, accent: 0xbef264, royals: [0xe4682a, 0xb07a3a, 0x8b3fc9, 0x2e7d32] };
const JEWEL: SlotTheme = { sky: [0x4a0a1e, 0x12030a], glass: 0x24060f, frame: 0xf2b705, accent: 0xff7a90, royals: [0xd61f3c, 0x1d4ed8, 0x10b981, 0xbfe9ff] };
const SPACE: SlotTheme = { sky: [0x2a145a, 0x06031a], glass: 0x140a30, frame: 0xa98bff, accent: 0xf0abfc, royals: [0xffd23f, 0x3ad0ff, 0xf2567a, 0x7c5cff] };
const CLASSIC: SlotTheme = { sky: [0x3a0a12, 0x0c0204], glass: 0xf6ead0, frame: 0xf2b705, accent: 0xffe14a, royals: [0xd61f3c, 0x1e4fa8, 0x1f8a3a, 0xf2b705] };
const FAIR: SlotTheme = { sky: [0x0f4a5a, 0x041a20], glass: 0x0b2b33, frame: 0xf2567a, accent: 0xffe14a, royals: [0xd61f3c, 0x1e4fa8, 0x1f8a3a, 0xf2b705] };

const THEMES: Record<string, SlotTheme> = {
  'SR-1001': { ...IRISH, scatter: 'CLOVER', scattersForFeature: 3 },
  'SR-1002': { ...IRISH, sky: [0x123a5a, 0x06121e], frame: 0xf2b705, scatter: 'TORC', scattersForFeature: 3 },
  'SR-1003': { ...NORTH, sky: [0x1d3b4a, 0x081318], frame: 0xd4a017, scatter: 'COIN', scattersForFeature: 3 },
  'HL-2001': { ...NIGHT, scatter: 'MOON', scattersForFeature: 3 },
  'HL-2002': { ...SEA, sky: [0x17405e, 0x050f1a], scatter: 'BEACON', scattersForFeature: 3 },
  'HL-2003': { ...SEA, scatter: 'PEARL', scattersForFeature: 3 },
  'HL-2004': { ...FORGE, scatter: 'FLAME', scattersForFeature: 3 },
  'HL-2005': { ...NORTH, sky: [0x2b3550, 0x0a0d18], accent: 0xffe14a },
  'HL-2006': { ...NORTH, scatter: 'MAP', scattersForFeature: 3 },
  'SR-1004': { ...DESERT, scatter: 'LANTERN', scattersForFeature: 3 },
  'SR-1005': { ...WOODLAND, scatter: 'MEADOW', scattersForFeature: 3 },
  'HL-2007': { ...NIGHT, sky: [0x1a2a3a, 0x060a10], accent: 0xfb923c, scatter: 'MOON', scattersForFeature: 3 },
  'SR-1006': { ...JEWEL, scatter: 'RUBY', scattersForFeature: 3 },
  'SR-1007': { ...WOODLAND, sky: [0x12465a, 0x04141a], scatter: 'BOOK', scattersForFeature: 3 },
  'HL-2008': { ...WOODLAND, scatter: 'BOOK', scattersForFeature: 3 },
  'HL-2009': SPACE,
  'SR-1008': { ...SEA, sky: [0x5a1230, 0x1a0410], frame: 0xf2b705, accent: 0xff7a90 },
  'HL-2010': { ...IRISH, sky: [0x2a2418, 0x0c0a06], frame: 0xb87333, scatter: 'TICKET', scattersForFeature: 3 },
  'SR-3001': CLASSIC,
  'HL-3002': { ...FAIR, scatter: 'TICKET', scattersForFeature: 3 },
};

/** The title's theme; a title not listed here gets the Irish green of the house. */
export const themeOf = (gameId: string): SlotTheme => THEMES[gameId] ?? IRISH;

/** Every symbol id the title's reels show, for the blur of a spinning reel and the first screen. */
export const SYMBOLS_OF: Record<string, string[]> = {
  'SR-1001': ['WILD', 'POT', 'HARP', 'HAT', 'PIPE', 'A', 'K', 'Q', 'J', 'CLOVER'],
  'SR-1002': ['CROWN', 'KING', 'QUEEN', 'SWORD', 'SHIELD', 'A', 'K', 'Q', 'J', 'TORC'],
  'SR-1003': ['GIANT', 'FINN', 'COLUMN', 'HARP', 'SHIP', 'A', 'K', 'Q', 'J', 'COIN'],
  'HL-2001': ['BANSHEE', 'RAVEN', 'LANTERN', 'CANDLE', 'A', 'K', 'Q', 'J', 'MOON'],
  'HL-2002': ['KEEPER', 'SHIP', 'GULL', 'ANCHOR', 'ROPE', 'A', 'K', 'Q', 'J', 'BEACON'],
  'HL-2003': ['MERMAID', 'SHELL', 'STARFISH', 'SEAHORSE', 'CORAL', 'A', 'K', 'Q', 'J', 'PEARL'],
  'HL-2004': ['DRAGON', 'SWORD', 'HELM', 'ANVIL', 'HAMMER', 'A', 'K', 'Q', 'J', 'FLAME'],
  'HL-2005': ['BOLT', 'EAGLE', 'STAG', 'WOLF', 'PEAK', 'A', 'K', 'Q', 'J'],
  'HL-2006': ['VIKING', 'SHIELD', 'LONGSHIP', 'AXE', 'HORN', 'RUNE', 'A', 'K', 'Q', 'J', 'MAP'],
  'SR-1004': ['PHARAOH', 'SCARAB', 'ANKH', 'EYE', 'A', 'K', 'Q', 'J', 'LANTERN'],
  'SR-1005': ['HARE', 'FOX', 'OWL', 'BADGER', 'ACORN', 'A', 'K', 'Q', 'J', 'MEADOW'],
  'HL-2007': ['FOX', 'OWL', 'BAT', 'MOTH', 'A', 'K', 'Q', 'J', 'MOON'],
  'SR-1006': ['DIAMOND', 'CROWN', 'RING', 'EMERALD', 'SAPPHIRE', 'A', 'K', 'Q', 'J', 'RUBY'],
  'SR-1007': ['FIONN', 'SALMON2', 'SALMON3', 'HAZEL', 'CAULDRON', 'SPEAR', 'RIVER', 'A', 'K', 'Q', 'J', 'BOOK'],
  'HL-2008': ['MISTLETOE', 'DRUID', 'STAG', 'OAK', 'RAVEN', 'A', 'K', 'Q', 'J', 'BOOK'],
  'HL-2009': ['STAR2', 'STAR3', 'STAR5', 'PLANET', 'ROCKET', 'COMET', 'MOON', 'A', 'K', 'Q', 'J'],
  'SR-1008': ['HEART', 'ROSE', 'RING', 'BOAT', 'GULL', 'A', 'K', 'Q', 'J'],
  'HL-2010': ['TRAIN', 'CONDUCTOR', 'STATION', 'LAMP', 'CLOCK', 'A', 'K', 'Q', 'J', 'TICKET'],
  'SR-3001': ['SEVEN', 'BAR3', 'BAR2', 'BAR1', 'CHERRY', 'BLANK'],
  'HL-3002': ['CLOVER', 'MELON', 'GRAPES', 'PLUM', 'ORANGE', 'LEMON', 'CHERRY', 'TICKET'],
};

/** The title's wild symbols (drawn with a WILD banner). */
export const WILDS = new Set([
  'WILD',
  'CROWN@SR-1002',
  'GIANT',
  'BANSHEE',
  'KEEPER',
  'MERMAID',
  'DRAGON',
  'BOLT',
  'VIKING',
  'SHIELD@HL-2006',
  'PHARAOH',
  'HARE',
  'FOX@HL-2007',
  'DIAMOND',
  'FIONN',
  'SALMON2',
  'SALMON3',
  'MISTLETOE',
  'STAR2',
  'STAR3',
  'STAR5',
  'HEART',
  'TRAIN',
  'CLOVER@HL-3002',
]);

export const isWild = (gameId: string, id: string): boolean => WILDS.has(id) || WILDS.has(`${id}@${gameId}`);
