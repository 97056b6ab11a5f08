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
  return {
    kind: 'slot',
    gameId: t.gameId,
    name: t.name,
    layout: t.layout,
    feature: t.feature,
    config: t.config,
    slot,
    limits: t.limits ?? slotLimits(slot.betUnits),
  };
}

/** One strip per reel, built by `make(reel)` (reel 0 is the leftmost). */
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
      wild('WILD', 'Leprechaun', { 3: 50, 4: 190, 5: 960 }),
      sym('POT', 'Pot of gold', { 3: 40, 4: 140, 5: 720 }),
      sym('HARP', 'Harp', { 3: 25, 4: 95, 5: 380 }),
      sym('HAT', 'Hat', { 3: 19, 4: 70, 5: 240 }),
      sym('PIPE', 'Pipe', { 3: 14, 4: 50, 5: 140 }),
      ...card({ A: { 3: 10, 4: 30, 5: 95 }, K: { 3: 10, 4: 25, 5: 75 }, Q: { 3: 4, 4: 19, 5: 55 }, J: { 3: 4, 4: 14, 5: 50 } }),
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
      free: reelsOf(5, (r) => strip({ WILD: r === 0 ? 0 : 2, HARP: 2, HAT: 2, PIPE: 2, A: 3, K: 3, Q: 3, J: 3, CLOVER: 1 }, { POT: { size: 3, count: 2 } })),
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
      sym('KING', 'High king', { 3: 25, 4: 90, 5: 350 }),
      sym('QUEEN', 'Queen', { 3: 18, 4: 60, 5: 240 }),
      sym('SWORD', 'Sword', { 3: 12, 4: 35, 5: 120 }),
      sym('SHIELD', 'Shield', { 3: 9, 4: 30, 5: 90 }),
      ...card({ A: { 3: 5, 4: 15, 5: 60 }, K: { 3: 4, 4: 12, 5: 45 }, Q: { 3: 3, 4: 9, 5: 35 }, J: { 3: 3, 4: 9, 5: 30 } }),
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
      wild('GIANT', 'Giant', { 3: 60, 4: 310, 5: 1250 }),
      sym('FINN', 'Fionn', { 3: 50, 4: 190, 5: 620 }),
      sym('COLUMN', 'Basalt column', { 3: 30, 4: 120, 5: 370 }),
      sym('HARP', 'Harp', { 3: 25, 4: 75, 5: 250 }),
      sym('SHIP', 'Ship', { 3: 19, 4: 50, 5: 190 }),
      ...card({ A: { 3: 12, 4: 30, 5: 120 }, K: { 3: 10, 4: 25, 5: 100 }, Q: { 3: 6, 4: 19, 5: 75 }, J: { 3: 6, 4: 19, 5: 60 } }),
      scatter('COIN', 'Gold coin'),
    ],
    strips: {
      base: reelsOf(5, (r) =>
        strip({ GIANT: r === 0 ? 1 : 2, FINN: 2, COLUMN: 3, HARP: 3, SHIP: 4, A: 4, K: 5, Q: 5, J: 5, COIN: 1 }, { COIN: { size: 2, count: 1 } }),
      ),
    },
    evaluation: { kind: 'lines', lines: lines5x3(25) },
    // 6 coins: Mini, 7: Minor, 8: Major, 9 or more: Grand (multiples of the stake)
    scatter: { symbol: 'COIN', pays: { 4: 1, 5: 3, 6: 20, 7: 100, 8: 1000, 9: 5000, 10: 5000, 11: 5000, 12: 5000, 13: 5000, 14: 5000, 15: 5000 } },
  },
});

// HL-2001 ---------------------------------------------------------------------------------------
const bansheeMoon = slotTitle({
  gameId: 'HL-2001',
  name: 'Banshee Moon',
  layout: '5×3, 10 lines',
  feature: 'Ten free spins with 3× wins on haunted reels stacked with wilds, with retriggers',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('BANSHEE', 'Banshee', { 2: 9, 3: 90, 4: 890, 5: 4450 }),
      sym('RAVEN', 'Raven', { 2: 4, 3: 45, 4: 360, 5: 1800 }),
      sym('LANTERN', 'Lantern', { 3: 25, 4: 130, 5: 670 }),
      sym('CANDLE', 'Candle', { 3: 18, 4: 70, 5: 270 }),
      ...card({ A: { 3: 9, 4: 25, 5: 110 }, K: { 3: 9, 4: 20, 5: 90 }, Q: { 3: 3, 4: 18, 5: 70 }, J: { 3: 3, 4: 18, 5: 70 } }),
      scatter('MOON', 'Full moon'),
    ],
    strips: {
      base: reelsOf(5, (r) => strip({ BANSHEE: 1, RAVEN: 2, LANTERN: 3, CANDLE: 4, A: 5, K: 5, Q: 6, J: 6, MOON: r % 2 === 0 ? 2 : 0 })),
      free: reelsOf(5, (r) =>
        strip(
          { RAVEN: 2, LANTERN: 3, CANDLE: 4, A: 5, K: 5, Q: 6, J: 6, MOON: r % 2 === 0 ? 1 : 0 },
          r >= 1 && r <= 3 ? { BANSHEE: { size: 3, count: 2 } } : {},
        ),
      ),
    },
    evaluation: { kind: 'lines', lines: lines5x3(10) },
    scatter: { symbol: 'MOON', pays: { 3: 5 }, freeSpins: { 3: 10 }, retrigger: { 3: 5 } },
    freeSpins: { multiplier: 3, maxSpins: 50 },
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
      wild('KEEPER', 'Keeper', { 3: 55, 4: 260, 5: 1050 }),
      sym('SHIP', 'Ship', { 3: 40, 4: 160, 5: 660 }),
      sym('GULL', 'Gull', { 3: 25, 4: 100, 5: 330 }),
      sym('ANCHOR', 'Anchor', { 3: 20, 4: 65, 5: 200 }),
      sym('ROPE', 'Rope', { 3: 13, 4: 55, 5: 160 }),
      ...card({ A: { 3: 11, 4: 35, 5: 100 }, K: { 3: 11, 4: 25, 5: 90 }, Q: { 3: 7, 4: 20, 5: 65 }, J: { 3: 7, 4: 20, 5: 65 } }),
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
  feature: 'Pearl scatters pay anywhere, up to 1,000× the stake; stacked mermaid wilds on reels 2–4',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('MERMAID', 'Mermaid', { 3: 50, 4: 190, 5: 740 }),
      sym('SHELL', 'Shell', { 3: 30, 4: 120, 5: 500 }),
      sym('STARFISH', 'Starfish', { 3: 25, 4: 75, 5: 310 }),
      sym('SEAHORSE', 'Seahorse', { 3: 19, 4: 50, 5: 190 }),
      sym('CORAL', 'Coral', { 3: 12, 4: 35, 5: 120 }),
      ...card({ A: { 3: 10, 4: 25, 5: 100 }, K: { 3: 7, 4: 19, 5: 75 }, Q: { 3: 6, 4: 15, 5: 60 }, J: { 3: 6, 4: 12, 5: 50 } }),
      scatter('PEARL', 'Pearl'),
    ],
    strips: {
      base: reelsOf(5, (r) =>
        strip(
          { MERMAID: r === 0 ? 1 : 0, SHELL: 2, STARFISH: 3, SEAHORSE: 3, CORAL: 4, A: 4, K: 4, Q: 5, J: 5, PEARL: 1 },
          r >= 1 && r <= 3 ? { MERMAID: { size: 3, count: 1 } } : {},
        ),
      ),
    },
    evaluation: { kind: 'lines', lines: lines5x3(25) },
    scatter: { symbol: 'PEARL', pays: { 2: 1, 3: 5, 4: 100, 5: 1000 } },
  },
});

// HL-2004 ---------------------------------------------------------------------------------------
const dragonForge = slotTitle({
  gameId: 'HL-2004',
  name: 'Dragon Forge',
  layout: '6×4, 4096 ways',
  feature: 'Three flames on reels 1, 3 and 5 start 9 free spins with every win tripled and stacked dragon wilds, with retriggers',
  config: {
    reels: 6,
    rows: 4,
    symbols: [
      wild('DRAGON', 'Dragon'),
      sym('SWORD', 'Sword', { 3: 8, 4: 20, 5: 60, 6: 250 }),
      sym('HELM', 'Helm', { 3: 4, 4: 12, 5: 40, 6: 120 }),
      sym('ANVIL', 'Anvil', { 3: 3, 4: 10, 5: 25, 6: 75 }),
      sym('HAMMER', 'Hammer', { 3: 3, 4: 8, 5: 20, 6: 50 }),
      ...card({ A: { 3: 1, 4: 3, 5: 8, 6: 20 }, K: { 3: 1, 4: 3, 5: 7, 6: 15 }, Q: { 3: 1, 4: 2, 5: 6, 6: 12 }, J: { 3: 1, 4: 2, 5: 5, 6: 10 } }),
      scatter('FLAME', 'Forge flame'),
    ],
    strips: {
      base: reelsOf(6, (r) => strip({ DRAGON: r === 0 ? 0 : 1, SWORD: 1, HELM: 2, ANVIL: 2, HAMMER: 2, A: 2, K: 3, Q: 3, J: 3, FLAME: r % 2 === 0 ? 1 : 0 })),
      free: reelsOf(6, (r) =>
        strip({ SWORD: 1, HELM: 2, ANVIL: 2, HAMMER: 2, A: 2, K: 3, Q: 3, J: 3, FLAME: r % 2 === 0 ? 1 : 0 }, r === 0 ? {} : { DRAGON: { size: 2, count: 1 } }),
      ),
    },
    evaluation: { kind: 'ways', betUnits: 50 },
    scatter: { symbol: 'FLAME', pays: { 3: 5 }, freeSpins: { 3: 9 }, retrigger: { 3: 5 } },
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
      sym('EAGLE', 'Eagle', { 3: 30, 4: 110, 5: 570 }),
      sym('STAG', 'Stag', { 3: 17, 4: 55, 5: 230 }),
      sym('WOLF', 'Wolf', { 3: 11, 4: 35, 5: 140 }),
      sym('PEAK', 'Peak', { 3: 9, 4: 25, 5: 85 }),
      ...card({ A: { 3: 5, 4: 11, 5: 45 }, K: { 3: 5, 4: 11, 5: 40 }, Q: { 3: 2, 4: 8, 5: 30 }, J: { 3: 3, 4: 9, 5: 30 } }),
    ],
    strips: {
      base: reelsOf(5, (r) => strip({ EAGLE: 2, STAG: 3, WOLF: 3, PEAK: 4, A: 5, K: 6, Q: 6, J: 6 }, r >= 1 && r <= 3 ? { BOLT: { size: 3, count: 1 } } : {})),
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
      wild('VIKING', 'Viking', { 3: 55, 4: 220, 5: 810 }),
      wild('SHIELD', 'Shield wild ×2', {}, 2),
      sym('LONGSHIP', 'Longship', { 3: 35, 4: 130, 5: 540 }),
      sym('AXE', 'Axe', { 3: 20, 4: 85, 5: 270 }),
      sym('HORN', 'Horn', { 3: 16, 4: 55, 5: 160 }),
      sym('RUNE', 'Rune', { 3: 11, 4: 45, 5: 130 }),
      ...card({ A: { 3: 9, 4: 25, 5: 85 }, K: { 3: 9, 4: 20, 5: 75 }, Q: { 3: 5, 4: 16, 5: 55 }, J: { 3: 5, 4: 16, 5: 55 } }),
      scatter('MAP', 'Voyage map'),
    ],
    strips: {
      base: reelsOf(5, (r) => strip({ VIKING: r === 0 ? 1 : 2, LONGSHIP: 2, AXE: 3, HORN: 3, RUNE: 4, A: 4, K: 5, Q: 5, J: 5, MAP: 1 })),
      free: reelsOf(5, (r) =>
        strip(
          { VIKING: r === 0 ? 1 : 2, LONGSHIP: 2, AXE: 3, HORN: 3, RUNE: 4, A: 4, K: 5, Q: 5, J: 5, MAP: 1 },
          r === 0 ? {} : { SHIELD: { size: 2, count: 2 } },
        ),
      ),
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
      wild('PHARAOH', 'Pharaoh', { 2: 8, 3: 85, 4: 840, 5: 4200 }),
      sym('SCARAB', 'Scarab', { 2: 4, 3: 35, 4: 340, 5: 1700 }),
      sym('ANKH', 'Ankh', { 2: 4, 3: 25, 4: 85, 5: 630 }),
      sym('EYE', 'Eye', { 3: 17, 4: 50, 5: 250 }),
      ...card({ A: { 3: 4, 4: 35, 5: 130 }, K: { 3: 4, 4: 35, 5: 130 }, Q: { 3: 4, 4: 20, 5: 85 }, J: { 3: 4, 4: 20, 5: 85 } }),
      scatter('LANTERN', 'Lantern'),
    ],
    strips: {
      base: reelsOf(5, () => strip({ PHARAOH: 1, SCARAB: 2, ANKH: 3, EYE: 4, A: 5, K: 5, Q: 6, J: 6, LANTERN: 1 })),
      free: reelsOf(5, () => strip({ PHARAOH: 1, ANKH: 3, EYE: 4, A: 5, K: 5, Q: 6, J: 6, LANTERN: 1 }, { SCARAB: { size: 3, count: 2 } })),
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
      sym('FOX', 'Fox', { 3: 14, 4: 40, 5: 140 }),
      sym('OWL', 'Owl', { 3: 11, 4: 30, 5: 85 }),
      sym('BADGER', 'Badger', { 3: 7, 4: 20, 5: 70 }),
      sym('ACORN', 'Acorn', { 3: 6, 4: 14, 5: 55 }),
      ...card({ A: { 3: 4, 4: 11, 5: 35 }, K: { 3: 4, 4: 8, 5: 30 }, Q: { 3: 3, 4: 7, 5: 20 }, J: { 3: 3, 4: 7, 5: 20 } }),
      scatter('MEADOW', 'Meadow'),
    ],
    strips: {
      base: reelsOf(5, (r) => strip({ FOX: 2, OWL: 3, BADGER: 3, ACORN: 4, A: 4, K: 4, Q: 5, J: 5, MEADOW: 1 }, { HARE: { size: 3, count: r === 0 ? 1 : 2 } })),
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
  feature: 'Fox wilds on reels 2–4 double the wins they complete; moon scatters start free spins',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('FOX', 'Fox wild ×2', {}, 2),
      sym('OWL', 'Owl', { 3: 30, 4: 100, 5: 350 }),
      sym('BAT', 'Bat', { 3: 17, 4: 55, 5: 210 }),
      sym('MOTH', 'Moth', { 3: 10, 4: 35, 5: 100 }),
      ...card({ A: { 3: 6, 4: 17, 5: 55 }, K: { 3: 6, 4: 14, 5: 50 }, Q: { 3: 3, 4: 10, 5: 35 }, J: { 3: 3, 4: 10, 5: 35 } }),
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
      sym('CROWN', 'Crown', { 3: 30, 4: 85, 5: 290 }),
      sym('RING', 'Ring', { 3: 20, 4: 55, 5: 170 }),
      sym('EMERALD', 'Emerald', { 3: 14, 4: 35, 5: 120 }),
      sym('SAPPHIRE', 'Sapphire', { 3: 10, 4: 30, 5: 85 }),
      ...card({ A: { 3: 6, 4: 14, 5: 45 }, K: { 3: 6, 4: 14, 5: 35 }, Q: { 3: 4, 4: 11, 5: 30 }, J: { 3: 4, 4: 11, 5: 30 } }),
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
      wild('FIONN', 'Fionn', { 3: 55, 4: 260, 5: 1050 }),
      wild('SALMON2', 'Salmon ×2', {}, 2),
      wild('SALMON3', 'Salmon ×3', {}, 3),
      sym('HAZEL', 'Hazel tree', { 3: 40, 4: 130, 5: 530 }),
      sym('CAULDRON', 'Cauldron', { 3: 25, 4: 80, 5: 260 }),
      sym('SPEAR', 'Spear', { 3: 20, 4: 55, 5: 200 }),
      sym('RIVER', 'River stone', { 3: 13, 4: 40, 5: 130 }),
      ...card({ A: { 3: 11, 4: 25, 5: 110 }, K: { 3: 11, 4: 25, 5: 90 }, Q: { 3: 7, 4: 20, 5: 65 }, J: { 3: 7, 4: 20, 5: 65 } }),
      scatter('BOOK', 'Book of lore'),
    ],
    strips: {
      base: reelsOf(5, (r) =>
        strip(
          {
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
          },
          r >= 1 && r <= 3 ? { FIONN: { size: 3, count: 1 } } : {},
        ),
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
  feature: 'Three books start 10 free spins with 2× wins on reels with stacked druids, with retriggers',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('MISTLETOE', 'Mistletoe', { 2: 8, 3: 80, 4: 800, 5: 4000 }),
      sym('DRUID', 'Druid', { 2: 8, 3: 80, 4: 800, 5: 4000 }),
      sym('STAG', 'Stag', { 2: 4, 3: 30, 4: 300, 5: 1500 }),
      sym('OAK', 'Oak', { 2: 3, 3: 25, 4: 80, 5: 600 }),
      sym('RAVEN', 'Raven', { 3: 12, 4: 60, 5: 300 }),
      ...card({ A: { 3: 4, 4: 30, 5: 120 }, K: { 3: 4, 4: 30, 5: 120 }, Q: { 3: 3, 4: 20, 5: 75 }, J: { 3: 3, 4: 20, 5: 75 } }),
      scatter('BOOK', 'Book'),
    ],
    strips: {
      base: reelsOf(5, () => strip({ MISTLETOE: 1, DRUID: 1, STAG: 2, OAK: 3, RAVEN: 3, A: 5, K: 5, Q: 6, J: 6, BOOK: 1 })),
      free: reelsOf(5, () => strip({ MISTLETOE: 1, STAG: 2, OAK: 3, RAVEN: 3, A: 5, K: 5, Q: 6, J: 6, BOOK: 1 }, { DRUID: { size: 3, count: 2 } })),
    },
    evaluation: { kind: 'lines', lines: lines5x3(10) },
    scatter: { symbol: 'BOOK', pays: { 3: 2, 4: 20, 5: 200 }, freeSpins: { 3: 10, 4: 10, 5: 10 }, retrigger: { 3: 10, 4: 10, 5: 10 } },
    freeSpins: { multiplier: 2, maxSpins: 60 },
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
      sym('PLANET', 'Planet', { 3: 7, 4: 30, 5: 100 }),
      sym('ROCKET', 'Rocket', { 3: 5, 4: 17, 5: 70 }),
      sym('COMET', 'Comet', { 3: 3, 4: 10, 5: 40 }),
      sym('MOON', 'Moon', { 3: 3, 4: 9, 5: 35 }),
      ...card({ A: { 3: 2, 4: 5, 5: 20 }, K: { 3: 2, 4: 4, 5: 17 }, Q: { 3: 1, 4: 3, 5: 14 }, J: { 3: 1, 4: 3, 5: 14 } }),
    ],
    strips: {
      base: reelsOf(5, (r) =>
        strip({
          STAR2: r >= 1 && r <= 3 ? 1 : 0,
          STAR3: r >= 1 && r <= 3 ? 1 : 0,
          STAR5: r >= 1 && r <= 3 ? 1 : 0,
          PLANET: 2,
          ROCKET: 3,
          COMET: 3,
          MOON: 4,
          A: 5,
          K: 5,
          Q: 5,
          J: 5,
        }),
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
      sym('ROSE', 'Rose', { 3: 45, 4: 120, 5: 450 }),
      sym('RING', 'Ring', { 3: 35, 4: 90, 5: 300 }),
      sym('BOAT', 'Boat', { 3: 30, 4: 75, 5: 240 }),
      sym('GULL', 'Gull', { 3: 25, 4: 60, 5: 180 }),
      ...card({ A: { 3: 15, 4: 35, 5: 120 }, K: { 3: 13, 4: 30, 5: 90 }, Q: { 3: 12, 4: 25, 5: 75 }, J: { 3: 11, 4: 25, 5: 75 } }),
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
  feature: 'Fixed Express jackpot of 50,000× the line bet for five train wilds on a line; ticket scatters start 10 free spins with 3× wins and more trains',
  config: {
    reels: 5,
    rows: 3,
    symbols: [
      wild('TRAIN', 'Express train', { 3: 150, 4: 1500, 5: 50000 }),
      sym('CONDUCTOR', 'Conductor', { 3: 60, 4: 250, 5: 800 }),
      sym('STATION', 'Station', { 3: 40, 4: 150, 5: 500 }),
      sym('LAMP', 'Lamp', { 3: 25, 4: 80, 5: 300 }),
      sym('CLOCK', 'Clock', { 3: 15, 4: 60, 5: 250 }),
      ...card({ A: { 3: 14, 4: 40, 5: 150 }, K: { 3: 12, 4: 30, 5: 120 }, Q: { 3: 10, 4: 25, 5: 100 }, J: { 3: 10, 4: 20, 5: 80 } }),
      scatter('TICKET', 'Ticket'),
    ],
    strips: {
      base: reelsOf(5, () => strip({ TRAIN: 1, CONDUCTOR: 2, STATION: 3, LAMP: 3, CLOCK: 4, A: 4, K: 5, Q: 5, J: 5, TICKET: 1 })),
      free: reelsOf(5, () => strip({ TRAIN: 2, CONDUCTOR: 2, STATION: 3, LAMP: 3, CLOCK: 4, A: 4, K: 5, Q: 5, J: 5, TICKET: 1 })),
    },
    evaluation: { kind: 'lines', lines: lines5x3(25) },
    scatter: { symbol: 'TICKET', pays: { 3: 2, 4: 10, 5: 50 }, freeSpins: { 3: 10, 4: 10, 5: 10 }, retrigger: { 3: 10, 4: 10, 5: 10 } },
    freeSpins: { multiplier: 3, maxSpins: 50 },
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
