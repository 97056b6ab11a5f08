import type { BetLimits } from '../engines/money';
import { type SlotConfig, type SlotSymbolConfig, compileSlot } from '../engines/slots/slot-engine';
import { lines5x3, slotLimits, smoothLines, strip } from './reel-kit';
import type { SlotTitle } from './types';

/**
 * The studio's video slots. Each title is one configuration of the slot engine: its strips, lines,
 * pays and features fix its mathematics, which `npm run games:rtp` computes exactly
 * (docs/game-rtp.md). Pays are coins: one coin is the line bet (stake ÷ lines) for line games and
 * stake ÷ coins for ways games.
 */

type Pays = Partial<Record<number, number>>;
const wild = (id: string, name: string, pays: Pays = {}, multiplier = 1): SlotSymbolConfig => ({ id, name, kind: 'wild', pays, multiplier });
const sym = (id: string, name: string, pays: Pays): SlotSymbolConfig => ({ id, name, kind: 'regular', pays });
const scatter = (id: string, name: string): SlotSymbolConfig => ({ id, name, kind: 'scatter' });
const card = (pays: Record<'A' | 'K' | 'Q' | 'J', Pays>): SlotSymbolConfig[] => [
  sym('A', 'Ace', pays.A),
  sym('K', 'King', pays.K),
  sym('Q', 'Queen', pays.Q),
  sym('J', 'Jack', pays.J),
];

export function slotTitle(t: { gameId: string; name: string; layout: string; feature: string; config: SlotConfig; limits?: BetLimits }): SlotTitle {
  const slot = compileSlot(t.config);
  return { kind: 'slot', gameId: t.gameId, name: t.name, layout: t.layout, feature: t.feature, config: t.config, slot, limits: t.limits ?? slotLimits(slot.betUnits) };
}

/** Repeat a counts object per reel with overrides. */
const reelsOf = (count: number, make: (reel: number) => string[]): string[][] => Array.from({ length: count }, (_, r) => make(r));

// SR-1001 ---------------------------------------------------------------------------------------
const emeraldIsleRiches = slotTitle({
  gameId: 'SR-1001',
  name: 'Emerald Isle Riches',
  layout: '5×3, 20 lines',
  feature: 'Free spins with 2× wins on reels with stacked pots of gold, with retriggers',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('WILD', 'Leprechaun', { 3: 50, 4: 200, 5: 1000 }),
      sym('POT', 'Pot of gold', { 3: 40, 4: 150, 5: 750 }),
      sym('HARP', 'Harp', { 3: 25, 4: 100, 5: 400 }),
      sym('HAT', 'Hat', { 3: 20, 4: 75, 5: 250 }),
      sym('PIPE', 'Pipe', { 3: 15, 4: 50, 5: 150 }),
      ...card({ A: { 3: 10, 4: 30, 5: 100 }, K: { 3: 10, 4: 25, 5: 80 }, Q: { 3: 5, 4: 20, 5: 60 }, J: { 3: 5, 4: 15, 5: 50 } }),
      scatter('CLOVER', 'Clover'),
    ],
    strips: {
      base: [
        strip({ WILD: 1, POT: 2, HARP: 3, HAT: 3, PIPE: 4, A: 5, K: 5, Q: 6, J: 6, CLOVER: 1 }),
        strip({ WILD: 2, POT: 2, HARP: 3, HAT: 3, PIPE: 4, A: 5, K: 5, Q: 5, J: 5, CLOVER: 1 }),
        strip({ WILD: 2, POT: 2, HARP: 3, HAT: 4, PIPE: 4, A: 5, K: 5, Q: 5, J: 6, CLOVER: 1 }),
        strip({ WILD: 2, POT: 2, HARP: 3, HAT: 3, PIPE: 4, A: 5, K: 6, Q: 5, J: 5, CLOVER: 1 }),
        strip({ WILD: 1, POT: 3, HARP: 3, HAT: 3, PIPE: 4, A: 5, K: 5, Q: 6, J: 6, CLOVER: 1 }),
      ],
      free: reelsOf(5, (r) => strip({ WILD: r === 0 ? 0 : 1, HARP: 3, HAT: 3, PIPE: 4, A: 5, K: 5, Q: 6, J: 6, CLOVER: 1 }, { POT: { size: 3, count: 1 } })),
    },
    evaluation: { kind: 'lines', lines: lines5x3(20) },
    scatter: { symbol: 'CLOVER', pays: { 3: 2, 4: 10, 5: 50 }, freeSpins: { 3: 10, 4: 15, 5: 20 }, retrigger: { 3: 10, 4: 15, 5: 20 } },
    freeSpins: { multiplier: 2, maxSpins: 100 },
  },
});

// SR-1002 ---------------------------------------------------------------------------------------
const celticCrownBase = (r: number, crownStacks: number): string[] =>
  strip(
    { QUEEN: 3, SWORD: 3, SHIELD: 3, A: 4, K: 4, Q: 4, J: 4, TORC: r % 2 === 0 ? 1 : 0 },
    r >= 1 && r <= 3 ? { CROWN: { size: 4, count: crownStacks }, KING: { size: 4, count: 1 } } : { KING: { size: 4, count: 1 } },
  );
const celticCrown = slotTitle({
  gameId: 'SR-1002',
  name: 'Celtic Crown',
  layout: '5×4, 40 lines',
  feature: 'Stacked crown wilds on reels 2–4; free spins with 2× wins and more crown stacks',
  config: {
    reels: 5,
    rows: 4,
    symbols: [
      wild('CROWN', 'Crown'),
      sym('KING', 'High king', { 3: 40, 4: 150, 5: 600 }),
      sym('QUEEN', 'Queen', { 3: 30, 4: 100, 5: 400 }),
      sym('SWORD', 'Sword', { 3: 20, 4: 60, 5: 200 }),
      sym('SHIELD', 'Shield', { 3: 15, 4: 50, 5: 150 }),
      ...card({ A: { 3: 10, 4: 25, 5: 100 }, K: { 3: 8, 4: 20, 5: 80 }, Q: { 3: 5, 4: 15, 5: 60 }, J: { 3: 5, 4: 15, 5: 50 } }),
      scatter('TORC', 'Golden torc'),
    ],
    strips: {
      base: reelsOf(5, (r) => celticCrownBase(r, 1)),
      free: reelsOf(5, (r) => celticCrownBase(r, 3)),
    },
    evaluation: { kind: 'lines', lines: smoothLines(5, 4, 40) },
    scatter: { symbol: 'TORC', pays: { 3: 3 }, freeSpins: { 3: 8 }, retrigger: { 3: 8 } },
    freeSpins: { multiplier: 2, maxSpins: 80 },
  },
});

// SR-1003 ---------------------------------------------------------------------------------------
const giantsCausewayGold = slotTitle({
  gameId: 'SR-1003',
  name: 'Giant\u2019s Causeway Gold',
  layout: '5×3, 25 lines',
  feature: 'Four fixed coin jackpots: Mini, Minor, Major and Grand',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('GIANT', 'Giant', { 3: 50, 4: 250, 5: 1000 }),
      sym('FINN', 'Fionn', { 3: 40, 4: 150, 5: 500 }),
      sym('COLUMN', 'Basalt column', { 3: 25, 4: 100, 5: 300 }),
      sym('HARP', 'Harp', { 3: 20, 4: 60, 5: 200 }),
      sym('SHIP', 'Ship', { 3: 15, 4: 40, 5: 150 }),
      ...card({ A: { 3: 10, 4: 25, 5: 100 }, K: { 3: 8, 4: 20, 5: 80 }, Q: { 3: 5, 4: 15, 5: 60 }, J: { 3: 5, 4: 15, 5: 50 } }),
      scatter('COIN', 'Gold coin'),
    ],
    strips: {
      base: reelsOf(5, (r) =>
        strip({ GIANT: r === 0 ? 1 : 2, FINN: 2, COLUMN: 3, HARP: 3, SHIP: 4, A: 4, K: 5, Q: 5, J: 5, COIN: 1 }, { COIN: { size: 2, count: 1 } }),
      ),
    },
    evaluation: { kind: 'lines', lines: lines5x3(25) },
    // 6 coins: Mini, 7: Minor, 8: Major, 9 or more: Grand (multiples of the stake)
    scatter: { symbol: 'COIN', pays: { 4: 1, 5: 4, 6: 25, 7: 100, 8: 500, 9: 2500, 10: 2500, 11: 2500, 12: 2500, 13: 2500, 14: 2500, 15: 2500 } },
  },
});

// HL-2001 ---------------------------------------------------------------------------------------
const bansheeMoon = slotTitle({
  gameId: 'HL-2001',
  name: 'Banshee Moon',
  layout: '5×3, 10 lines',
  feature: 'Ten free spins with 2× wins on haunted reels stacked with wilds',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('BANSHEE', 'Banshee', { 2: 10, 3: 100, 4: 1000, 5: 5000 }),
      sym('RAVEN', 'Raven', { 2: 5, 3: 50, 4: 400, 5: 2000 }),
      sym('LANTERN', 'Lantern', { 3: 30, 4: 150, 5: 750 }),
      sym('CANDLE', 'Candle', { 3: 20, 4: 80, 5: 300 }),
      ...card({ A: { 3: 10, 4: 30, 5: 120 }, K: { 3: 10, 4: 25, 5: 100 }, Q: { 3: 5, 4: 20, 5: 80 }, J: { 3: 5, 4: 20, 5: 80 } }),
      scatter('MOON', 'Full moon'),
    ],
    strips: {
      base: reelsOf(5, (r) => strip({ BANSHEE: 1, RAVEN: 2, LANTERN: 3, CANDLE: 4, A: 5, K: 5, Q: 6, J: 6, MOON: r % 2 === 0 ? 2 : 0 })),
      free: reelsOf(5, (r) =>
        strip({ RAVEN: 2, LANTERN: 3, CANDLE: 4, A: 5, K: 5, Q: 6, J: 6, MOON: r % 2 === 0 ? 1 : 0 }, r >= 1 && r <= 3 ? { BANSHEE: { size: 3, count: 2 } } : {}),
      ),
    },
    evaluation: { kind: 'lines', lines: lines5x3(10) },
    scatter: { symbol: 'MOON', pays: { 3: 5 }, freeSpins: { 3: 10 }, retrigger: { 3: 5 } },
    freeSpins: { multiplier: 2, maxSpins: 50 },
  },
});

// HL-2002 ---------------------------------------------------------------------------------------
const lighthouseKeeper = slotTitle({
  gameId: 'HL-2002',
  name: 'Lighthouse Keeper',
  layout: '5×3, 20 lines',
  feature: 'Beacon scatters pay anywhere; 12 free spins on reels with stacked ships, with retriggers',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('KEEPER', 'Keeper', { 3: 40, 4: 200, 5: 800 }),
      sym('SHIP', 'Ship', { 3: 30, 4: 120, 5: 500 }),
      sym('GULL', 'Gull', { 3: 20, 4: 80, 5: 250 }),
      sym('ANCHOR', 'Anchor', { 3: 15, 4: 50, 5: 150 }),
      sym('ROPE', 'Rope', { 3: 10, 4: 40, 5: 120 }),
      ...card({ A: { 3: 8, 4: 25, 5: 80 }, K: { 3: 8, 4: 20, 5: 70 }, Q: { 3: 5, 4: 15, 5: 50 }, J: { 3: 5, 4: 15, 5: 50 } }),
      scatter('BEACON', 'Beacon'),
    ],
    strips: {
      base: reelsOf(5, (r) => strip({ KEEPER: r === 0 ? 1 : 2, SHIP: 2, GULL: 3, ANCHOR: 3, ROPE: 4, A: 4, K: 5, Q: 5, J: 5, BEACON: 1 })),
      free: reelsOf(5, () => strip({ KEEPER: 2, GULL: 4, ANCHOR: 4, ROPE: 4, A: 3, K: 3, Q: 3, J: 3, BEACON: 1 }, { SHIP: { size: 3, count: 1 } })),
    },
    evaluation: { kind: 'lines', lines: lines5x3(20) },
    scatter: { symbol: 'BEACON', pays: { 2: 1, 3: 3, 4: 15, 5: 100 }, freeSpins: { 3: 12, 4: 12, 5: 12 }, retrigger: { 3: 12, 4: 12, 5: 12 } },
    freeSpins: { multiplier: 1, maxSpins: 96 },
  },
});

// HL-2003 ---------------------------------------------------------------------------------------
const atlanticPearls = slotTitle({
  gameId: 'HL-2003',
  name: 'Atlantic Pearls',
  layout: '5×3, 25 lines',
  feature: 'Pearl scatters pay anywhere, up to 500× the stake; stacked mermaid wilds on reels 2–4',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('MERMAID', 'Mermaid', { 3: 40, 4: 150, 5: 600 }),
      sym('SHELL', 'Shell', { 3: 25, 4: 100, 5: 400 }),
      sym('STARFISH', 'Starfish', { 3: 20, 4: 60, 5: 250 }),
      sym('SEAHORSE', 'Seahorse', { 3: 15, 4: 40, 5: 150 }),
      sym('CORAL', 'Coral', { 3: 10, 4: 30, 5: 100 }),
      ...card({ A: { 3: 8, 4: 20, 5: 80 }, K: { 3: 6, 4: 15, 5: 60 }, Q: { 3: 5, 4: 12, 5: 50 }, J: { 3: 5, 4: 10, 5: 40 } }),
      scatter('PEARL', 'Pearl'),
    ],
    strips: {
      base: reelsOf(5, (r) =>
        strip({ MERMAID: r === 0 ? 1 : 0, SHELL: 2, STARFISH: 3, SEAHORSE: 3, CORAL: 4, A: 4, K: 4, Q: 5, J: 5, PEARL: 1 }, r >= 1 && r <= 3 ? { MERMAID: { size: 3, count: 1 } } : {}),
      ),
    },
    evaluation: { kind: 'lines', lines: lines5x3(25) },
    scatter: { symbol: 'PEARL', pays: { 2: 1, 3: 5, 4: 50, 5: 500 } },
  },
});

// HL-2004 ---------------------------------------------------------------------------------------
const dragonForge = slotTitle({
  gameId: 'HL-2004',
  name: 'Dragon Forge',
  layout: '6×4, 4096 ways',
  feature: 'Three flames on reels 1, 3 and 5 start 10 free spins with every win tripled, with retriggers',
  config: {
    reels: 6,
    rows: 4,
    symbols: [
      wild('DRAGON', 'Dragon'),
      sym('SWORD', 'Sword', { 3: 10, 4: 30, 5: 100, 6: 400 }),
      sym('HELM', 'Helm', { 3: 8, 4: 20, 5: 60, 6: 200 }),
      sym('ANVIL', 'Anvil', { 3: 5, 4: 15, 5: 40, 6: 120 }),
      sym('HAMMER', 'Hammer', { 3: 4, 4: 10, 5: 30, 6: 80 }),
      ...card({ A: { 3: 2, 4: 5, 5: 15, 6: 40 }, K: { 3: 2, 4: 5, 5: 12, 6: 30 }, Q: { 3: 1, 4: 4, 5: 10, 6: 25 }, J: { 3: 1, 4: 4, 5: 10, 6: 20 } }),
      scatter('FLAME', 'Forge flame'),
    ],
    strips: {
      base: reelsOf(6, (r) => strip({ DRAGON: r === 0 ? 0 : 1, SWORD: 1, HELM: 2, ANVIL: 2, HAMMER: 2, A: 2, K: 3, Q: 3, J: 3, FLAME: r % 2 === 0 ? 1 : 0 })),
    },
    evaluation: { kind: 'ways', betUnits: 50 },
    scatter: { symbol: 'FLAME', pays: { 3: 5 }, freeSpins: { 3: 10 }, retrigger: { 3: 5 } },
    freeSpins: { multiplier: 3, maxSpins: 60 },
  },
});

// HL-2005 ---------------------------------------------------------------------------------------
const thunderValley = slotTitle({
  gameId: 'HL-2005',
  name: 'Thunder Valley',
  layout: '5×3, 30 lines',
  feature: 'Stacked lightning wilds on reels 2, 3 and 4, each doubling the win it completes (up to 8×)',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('BOLT', 'Lightning wild ×2', {}, 2),
      sym('EAGLE', 'Eagle', { 3: 50, 4: 200, 5: 1000 }),
      sym('STAG', 'Stag', { 3: 30, 4: 100, 5: 400 }),
      sym('WOLF', 'Wolf', { 3: 20, 4: 60, 5: 250 }),
      sym('PEAK', 'Peak', { 3: 15, 4: 40, 5: 150 }),
      ...card({ A: { 3: 8, 4: 20, 5: 80 }, K: { 3: 8, 4: 20, 5: 70 }, Q: { 3: 5, 4: 15, 5: 50 }, J: { 3: 5, 4: 15, 5: 50 } }),
    ],
    strips: {
      base: reelsOf(5, (r) =>
        strip({ EAGLE: 2, STAG: 3, WOLF: 3, PEAK: 4, A: 4, K: 5, Q: 5, J: 5 }, r >= 1 && r <= 3 ? { BOLT: { size: 3, count: 1 } } : {}),
      ),
    },
    evaluation: { kind: 'lines', lines: lines5x3(30) },
  },
});

// HL-2006 ---------------------------------------------------------------------------------------
const vikingVoyage = slotTitle({
  gameId: 'HL-2006',
  name: 'Viking Voyage',
  layout: '5×3, 20 lines',
  feature: 'Free spins where shield wilds double the wins they complete',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('VIKING', 'Viking', { 3: 50, 4: 200, 5: 750 }),
      wild('SHIELD', 'Shield wild ×2', {}, 2),
      sym('LONGSHIP', 'Longship', { 3: 30, 4: 120, 5: 500 }),
      sym('AXE', 'Axe', { 3: 20, 4: 80, 5: 250 }),
      sym('HORN', 'Horn', { 3: 15, 4: 50, 5: 150 }),
      sym('RUNE', 'Rune', { 3: 10, 4: 40, 5: 120 }),
      ...card({ A: { 3: 8, 4: 25, 5: 80 }, K: { 3: 8, 4: 20, 5: 70 }, Q: { 3: 5, 4: 15, 5: 50 }, J: { 3: 5, 4: 15, 5: 50 } }),
      scatter('MAP', 'Voyage map'),
    ],
    strips: {
      base: reelsOf(5, (r) => strip({ VIKING: r === 0 ? 1 : 2, LONGSHIP: 2, AXE: 3, HORN: 3, RUNE: 4, A: 4, K: 5, Q: 5, J: 5, MAP: 1 })),
      free: reelsOf(5, (r) => strip({ VIKING: r === 0 ? 1 : 2, LONGSHIP: 2, AXE: 3, HORN: 3, RUNE: 4, A: 4, K: 5, Q: 5, J: 5, MAP: 1 }, r === 0 ? {} : { SHIELD: { size: 2, count: 2 } })),
    },
    evaluation: { kind: 'lines', lines: lines5x3(20) },
    scatter: { symbol: 'MAP', pays: { 3: 2, 4: 10, 5: 50 }, freeSpins: { 3: 10, 4: 12, 5: 15 }, retrigger: { 3: 5, 4: 5, 5: 5 } },
    freeSpins: { multiplier: 1, maxSpins: 75 },
  },
});

// SR-1004 ---------------------------------------------------------------------------------------
const pharaohsLantern = slotTitle({
  gameId: 'SR-1004',
  name: 'Pharaoh\u2019s Lantern',
  layout: '5×3, 10 lines',
  feature: 'Lantern scatters pay anywhere and start 10 free spins with 3× wins on reels with stacked scarabs',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('PHARAOH', 'Pharaoh', { 2: 10, 3: 100, 4: 1000, 5: 5000 }),
      sym('SCARAB', 'Scarab', { 2: 5, 3: 40, 4: 400, 5: 2000 }),
      sym('ANKH', 'Ankh', { 2: 5, 3: 30, 4: 100, 5: 750 }),
      sym('EYE', 'Eye', { 3: 20, 4: 60, 5: 300 }),
      ...card({ A: { 3: 5, 4: 40, 5: 150 }, K: { 3: 5, 4: 40, 5: 150 }, Q: { 3: 5, 4: 25, 5: 100 }, J: { 3: 5, 4: 25, 5: 100 } }),
      scatter('LANTERN', 'Lantern'),
    ],
    strips: {
      base: reelsOf(5, () => strip({ PHARAOH: 1, SCARAB: 2, ANKH: 3, EYE: 4, A: 5, K: 5, Q: 6, J: 6, LANTERN: 1 })),
      free: reelsOf(5, () => strip({ PHARAOH: 1, ANKH: 3, EYE: 4, A: 5, K: 5, Q: 6, J: 6, LANTERN: 1 }, { SCARAB: { size: 3, count: 1 } })),
    },
    evaluation: { kind: 'lines', lines: lines5x3(10) },
    scatter: { symbol: 'LANTERN', pays: { 3: 2, 4: 20, 5: 200 }, freeSpins: { 3: 10, 4: 10, 5: 10 }, retrigger: { 3: 10, 4: 10, 5: 10 } },
    freeSpins: { multiplier: 3, maxSpins: 50 },
  },
});

// SR-1005 ---------------------------------------------------------------------------------------
const wildHareRun = slotTitle({
  gameId: 'SR-1005',
  name: 'Wild Hare Run',
  layout: '5×3, 20 lines',
  feature: 'Stacked hare wilds on every reel; meadow scatters pay anywhere',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('HARE', 'Hare'),
      sym('FOX', 'Fox', { 3: 20, 4: 60, 5: 200 }),
      sym('OWL', 'Owl', { 3: 15, 4: 40, 5: 120 }),
      sym('BADGER', 'Badger', { 3: 10, 4: 30, 5: 100 }),
      sym('ACORN', 'Acorn', { 3: 8, 4: 20, 5: 80 }),
      ...card({ A: { 3: 5, 4: 15, 5: 50 }, K: { 3: 5, 4: 12, 5: 40 }, Q: { 3: 4, 4: 10, 5: 30 }, J: { 3: 4, 4: 10, 5: 30 } }),
      scatter('MEADOW', 'Meadow'),
    ],
    strips: {
      base: reelsOf(5, (r) =>
        strip({ FOX: 2, OWL: 3, BADGER: 3, ACORN: 4, A: 4, K: 4, Q: 5, J: 5, MEADOW: 1 }, { HARE: { size: 3, count: r === 0 ? 1 : 2 } }),
      ),
    },
    evaluation: { kind: 'lines', lines: lines5x3(20) },
    scatter: { symbol: 'MEADOW', pays: { 3: 3, 4: 10, 5: 25 } },
  },
});

// HL-2007 ---------------------------------------------------------------------------------------
const midnightFox = slotTitle({
  gameId: 'HL-2007',
  name: 'Midnight Fox',
  layout: '5×3, 15 lines',
  feature: 'Fox wilds on reels 2–4 double the wins they complete; owl scatters start free spins',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('FOX', 'Fox wild ×2', {}, 2),
      sym('OWL', 'Owl', { 3: 40, 4: 150, 5: 500 }),
      sym('BAT', 'Bat', { 3: 25, 4: 80, 5: 300 }),
      sym('MOTH', 'Moth', { 3: 15, 4: 50, 5: 150 }),
      ...card({ A: { 3: 8, 4: 25, 5: 80 }, K: { 3: 8, 4: 20, 5: 70 }, Q: { 3: 5, 4: 15, 5: 50 }, J: { 3: 5, 4: 15, 5: 50 } }),
      scatter('MOON', 'Moon'),
    ],
    strips: {
      base: reelsOf(5, (r) => strip({ OWL: 2, BAT: 3, MOTH: 4, A: 5, K: 5, Q: 5, J: 5, MOON: 1 }, r >= 1 && r <= 3 ? { FOX: { size: 2, count: 1 } } : {})),
    },
    evaluation: { kind: 'lines', lines: lines5x3(15) },
    scatter: { symbol: 'MOON', pays: { 3: 3, 4: 10, 5: 40 }, freeSpins: { 3: 10, 4: 15, 5: 20 }, retrigger: { 3: 5, 4: 5, 5: 5 } },
    freeSpins: { multiplier: 1, maxSpins: 80 },
  },
});

// SR-1006 ---------------------------------------------------------------------------------------
const rubyRush = slotTitle({
  gameId: 'SR-1006',
  name: 'Ruby Rush',
  layout: '5×3, 243 ways',
  feature: 'Ruby scatters start 8 free spins with 2× wins and stacked diamond wilds, with retriggers',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('DIAMOND', 'Diamond'),
      sym('CROWN', 'Crown', { 3: 20, 4: 60, 5: 200 }),
      sym('RING', 'Ring', { 3: 15, 4: 40, 5: 120 }),
      sym('EMERALD', 'Emerald', { 3: 10, 4: 25, 5: 80 }),
      sym('SAPPHIRE', 'Sapphire', { 3: 8, 4: 20, 5: 60 }),
      ...card({ A: { 3: 4, 4: 10, 5: 30 }, K: { 3: 4, 4: 10, 5: 25 }, Q: { 3: 3, 4: 8, 5: 20 }, J: { 3: 3, 4: 8, 5: 20 } }),
      scatter('RUBY', 'Ruby'),
    ],
    strips: {
      base: reelsOf(5, (r) => strip({ DIAMOND: r >= 1 && r <= 3 ? 2 : 0, CROWN: 2, RING: 3, EMERALD: 3, SAPPHIRE: 4, A: 4, K: 4, Q: 5, J: 5, RUBY: 1 })),
      free: reelsOf(5, (r) =>
        strip({ CROWN: 2, RING: 3, EMERALD: 3, SAPPHIRE: 4, A: 4, K: 4, Q: 5, J: 5, RUBY: 1 }, r >= 1 && r <= 3 ? { DIAMOND: { size: 3, count: 1 } } : {}),
      ),
    },
    evaluation: { kind: 'ways', betUnits: 25 },
    scatter: { symbol: 'RUBY', pays: { 3: 2, 4: 10, 5: 50 }, freeSpins: { 3: 8, 4: 8, 5: 8 }, retrigger: { 3: 8, 4: 8, 5: 8 } },
    freeSpins: { multiplier: 2, maxSpins: 80 },
  },
});

// SR-1007 ---------------------------------------------------------------------------------------
const salmonOfKnowledge = slotTitle({
  gameId: 'SR-1007',
  name: 'Salmon of Knowledge',
  layout: '5×3, 20 lines',
  feature: 'Stacked Fionn wilds on reels 2–4; salmon wilds on reel 5 multiply wins by 2× or 3×',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('FIONN', 'Fionn', { 3: 40, 4: 200, 5: 800 }),
      wild('SALMON2', 'Salmon ×2', {}, 2),
      wild('SALMON3', 'Salmon ×3', {}, 3),
      sym('HAZEL', 'Hazel tree', { 3: 30, 4: 100, 5: 400 }),
      sym('CAULDRON', 'Cauldron', { 3: 20, 4: 60, 5: 200 }),
      sym('SPEAR', 'Spear', { 3: 15, 4: 40, 5: 150 }),
      sym('RIVER', 'River stone', { 3: 10, 4: 30, 5: 100 }),
      ...card({ A: { 3: 8, 4: 20, 5: 80 }, K: { 3: 8, 4: 20, 5: 70 }, Q: { 3: 5, 4: 15, 5: 50 }, J: { 3: 5, 4: 15, 5: 50 } }),
      scatter('BOOK', 'Book of lore'),
    ],
    strips: {
      base: reelsOf(5, (r) =>
        strip({
          FIONN: 0,
          SALMON2: r === 4 ? 2 : 0,
          SALMON3: r === 4 ? 1 : 0,
          HAZEL: 2,
          CAULDRON: 3,
          SPEAR: 3,
          RIVER: 4,
          A: 4,
          K: 5,
          Q: 5,
          J: 5,
          BOOK: 1,
        }, r >= 1 && r <= 3 ? { FIONN: { size: 3, count: 1 } } : {}),
      ),
    },
    evaluation: { kind: 'lines', lines: lines5x3(20) },
    scatter: { symbol: 'BOOK', pays: { 3: 5, 4: 20, 5: 100 } },
  },
});

// HL-2008 ---------------------------------------------------------------------------------------
const bookOfDruids = slotTitle({
  gameId: 'HL-2008',
  name: 'Book of Druids',
  layout: '5×3, 10 lines',
  feature: 'Three books start 10 free spins on reels with stacked druids, with retriggers',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('MISTLETOE', 'Mistletoe', { 2: 10, 3: 100, 4: 1000, 5: 5000 }),
      sym('DRUID', 'Druid', { 2: 10, 3: 100, 4: 1000, 5: 5000 }),
      sym('STAG', 'Stag', { 2: 5, 3: 40, 4: 400, 5: 2000 }),
      sym('OAK', 'Oak', { 2: 5, 3: 30, 4: 100, 5: 750 }),
      sym('RAVEN', 'Raven', { 3: 20, 4: 80, 5: 400 }),
      ...card({ A: { 3: 5, 4: 40, 5: 150 }, K: { 3: 5, 4: 40, 5: 150 }, Q: { 3: 5, 4: 25, 5: 100 }, J: { 3: 5, 4: 25, 5: 100 } }),
      scatter('BOOK', 'Book'),
    ],
    strips: {
      base: reelsOf(5, () => strip({ MISTLETOE: 1, DRUID: 1, STAG: 2, OAK: 3, RAVEN: 3, A: 5, K: 5, Q: 6, J: 6, BOOK: 1 })),
      free: reelsOf(5, () => strip({ MISTLETOE: 1, STAG: 2, OAK: 3, RAVEN: 3, A: 5, K: 5, Q: 6, J: 6, BOOK: 1 }, { DRUID: { size: 3, count: 1 } })),
    },
    evaluation: { kind: 'lines', lines: lines5x3(10) },
    scatter: { symbol: 'BOOK', pays: { 3: 2, 4: 20, 5: 200 }, freeSpins: { 3: 10, 4: 10, 5: 10 }, retrigger: { 3: 10, 4: 10, 5: 10 } },
    freeSpins: { multiplier: 1, maxSpins: 60 },
  },
});

// HL-2009 ---------------------------------------------------------------------------------------
const stardustSpins = slotTitle({
  gameId: 'HL-2009',
  name: 'Stardust Spins',
  layout: '5×4, 50 lines',
  feature: 'Shooting-star wilds with 2×, 3× or 5× multipliers that multiply together',
  config: {
    reels: 5,
    rows: 4,
    symbols: [
      wild('STAR2', 'Star wild ×2', {}, 2),
      wild('STAR3', 'Star wild ×3', {}, 3),
      wild('STAR5', 'Star wild ×5', {}, 5),
      sym('PLANET', 'Planet', { 3: 20, 4: 80, 5: 300 }),
      sym('ROCKET', 'Rocket', { 3: 15, 4: 50, 5: 200 }),
      sym('COMET', 'Comet', { 3: 10, 4: 30, 5: 120 }),
      sym('MOON', 'Moon', { 3: 8, 4: 25, 5: 100 }),
      ...card({ A: { 3: 5, 4: 15, 5: 60 }, K: { 3: 5, 4: 12, 5: 50 }, Q: { 3: 4, 4: 10, 5: 40 }, J: { 3: 4, 4: 10, 5: 40 } }),
    ],
    strips: {
      base: reelsOf(5, (r) =>
        strip({ STAR2: r >= 1 && r <= 3 ? 1 : 0, STAR3: r >= 1 && r <= 3 ? 1 : 0, STAR5: r >= 1 && r <= 3 ? 1 : 0, PLANET: 2, ROCKET: 3, COMET: 3, MOON: 4, A: 5, K: 5, Q: 5, J: 5 }),
      ),
    },
    evaluation: { kind: 'lines', lines: smoothLines(5, 4, 50) },
  },
});

// SR-1008 ---------------------------------------------------------------------------------------
const heartsOfKinsale = slotTitle({
  gameId: 'SR-1008',
  name: 'Hearts of Kinsale',
  layout: '5×3, 20 lines',
  feature: 'Stacked heart wilds on reels 1 and 5',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('HEART', 'Heart'),
      sym('ROSE', 'Rose', { 3: 15, 4: 40, 5: 150 }),
      sym('RING', 'Ring', { 3: 12, 4: 30, 5: 100 }),
      sym('BOAT', 'Boat', { 3: 10, 4: 25, 5: 80 }),
      sym('GULL', 'Gull', { 3: 8, 4: 20, 5: 60 }),
      ...card({ A: { 3: 5, 4: 12, 5: 40 }, K: { 3: 5, 4: 10, 5: 30 }, Q: { 3: 4, 4: 8, 5: 25 }, J: { 3: 4, 4: 8, 5: 25 } }),
    ],
    strips: {
      base: reelsOf(5, (r) =>
        strip({ ROSE: 2, RING: 3, BOAT: 3, GULL: 4, A: 4, K: 4, Q: 4, J: 4 }, r === 0 || r === 4 ? { HEART: { size: 3, count: 2 } } : {}),
      ),
    },
    evaluation: { kind: 'lines', lines: lines5x3(20) },
  },
});

// HL-2010 ---------------------------------------------------------------------------------------
const dublinJackpotExpress = slotTitle({
  gameId: 'HL-2010',
  name: 'Dublin Jackpot Express',
  layout: '5×3, 25 lines',
  feature: 'Fixed Express jackpot for five train wilds on a line; ticket scatters start free spins with stacked trains',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('TRAIN', 'Express train', { 3: 100, 4: 1000, 5: 50000 }),
      sym('CONDUCTOR', 'Conductor', { 3: 40, 4: 150, 5: 500 }),
      sym('STATION', 'Station', { 3: 25, 4: 100, 5: 300 }),
      sym('LAMP', 'Lamp', { 3: 15, 4: 50, 5: 200 }),
      sym('CLOCK', 'Clock', { 3: 10, 4: 40, 5: 150 }),
      ...card({ A: { 3: 8, 4: 25, 5: 100 }, K: { 3: 8, 4: 20, 5: 80 }, Q: { 3: 5, 4: 15, 5: 60 }, J: { 3: 5, 4: 15, 5: 50 } }),
      scatter('TICKET', 'Ticket'),
    ],
    strips: {
      base: reelsOf(5, () => strip({ TRAIN: 1, CONDUCTOR: 2, STATION: 3, LAMP: 3, CLOCK: 4, A: 4, K: 5, Q: 5, J: 5, TICKET: 1 })),
      free: reelsOf(5, () => strip({ CONDUCTOR: 2, STATION: 3, LAMP: 3, CLOCK: 4, A: 4, K: 5, Q: 5, J: 5, TICKET: 1 }, { TRAIN: { size: 2, count: 1 } })),
    },
    evaluation: { kind: 'lines', lines: lines5x3(25) },
    scatter: { symbol: 'TICKET', pays: { 3: 2, 4: 10, 5: 50 }, freeSpins: { 3: 10, 4: 10, 5: 10 }, retrigger: { 3: 10, 4: 10, 5: 10 } },
    freeSpins: { multiplier: 1, maxSpins: 50 },
  },
});

export const videoSlots: SlotTitle[] = [
  emeraldIsleRiches,
  celticCrown,
  giantsCausewayGold,
  bansheeMoon,
  lighthouseKeeper,
  atlanticPearls,
  dragonForge,
  thunderValley,
  vikingVoyage,
  pharaohsLantern,
  wildHareRun,
  midnightFox,
  rubyRush,
  salmonOfKnowledge,
  bookOfDruids,
  stardustSpins,
  heartsOfKinsale,
  dublinJackpotExpress,
];
