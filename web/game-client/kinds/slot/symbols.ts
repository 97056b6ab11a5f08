/**
 * The slot symbols' artwork: one drawing per symbol id of the studio's slots (server/games/titles),
 * each in a 100 × 100 box. An id names the same picture in every title (a MOON is a moon in Banshee
 * Moon and in Stardust Spins); the title's theme (`themes.ts`) colours the tile behind it and the
 * card royals. A symbol without a drawing of its own gets a gem, never its letters.
 */
import type { Graphics } from 'pixi.js';
import { INK, bust, coin, crown, gem, gleam, ink, paint, shadow, sparkle, tint } from './art-kit';

type Art = (g: Graphics) => void;

const GOLD = 0xf2b705;
const GOLD_DARK = 0xa86b00;
const STEEL = 0xb8c4cc;
const WOOD = 0x8a5a2b;

const fish = (g: Graphics, body: number, belly: number, mark?: string): void => {
  shadow(g);
  g.moveTo(12, 50)
    .bezierCurveTo(30, 22, 66, 24, 78, 48)
    .lineTo(94, 32)
    .lineTo(90, 52)
    .lineTo(94, 70)
    .lineTo(78, 54)
    .bezierCurveTo(66, 78, 30, 78, 12, 50)
    .closePath();
  paint(g, body);
  g.moveTo(18, 54).bezierCurveTo(34, 70, 62, 70, 74, 56).bezierCurveTo(60, 62, 34, 62, 18, 54).closePath();
  tint(g, belly, 0.9);
  g.circle(26, 46, 4).fill({ color: 0xffffff }).stroke({ width: 1.5, color: INK });
  g.circle(27, 46, 2).fill({ color: INK });
  ink(g, [38, 40, 42, 50, 38, 60], 2);
  for (const [x, y] of [
    [50, 42],
    [58, 46],
    [52, 52],
    [64, 52],
  ] as const)
    g.circle(x, y, 2).fill({ color: INK, alpha: 0.35 });
  if (mark) {
    g.roundRect(56, 10, 38, 24, 8).fill({ color: 0xffffff }).stroke({ width: 2.5, color: INK });
    // the multiplier is drawn as tally bars so the art carries no text: 2 or 3 bars
    const bars = Number(mark);
    for (let i = 0; i < bars; i++) g.roundRect(62 + i * 10, 15, 6, 14, 2).fill({ color: 0xd61f3c });
  }
};

const bird = (g: Graphics, body: number, wing: number, beak: number): void => {
  shadow(g);
  g.moveTo(20, 62).bezierCurveTo(22, 36, 46, 26, 62, 32).bezierCurveTo(76, 36, 82, 48, 78, 60).bezierCurveTo(70, 78, 36, 82, 20, 62).closePath();
  paint(g, body);
  g.moveTo(34, 56).bezierCurveTo(44, 40, 70, 40, 88, 26).bezierCurveTo(82, 52, 62, 70, 34, 66).closePath();
  paint(g, wing, 2.5);
  paint(g.poly([62, 36, 82, 40, 64, 46]), beak, 2);
  g.circle(58, 38, 3.5).fill({ color: 0xffffff }).stroke({ width: 1.5, color: INK });
  g.circle(59, 38, 1.8).fill({ color: INK });
  ink(g, [40, 80, 40, 88], 3, 0xe3a21a);
  ink(g, [52, 80, 52, 88], 3, 0xe3a21a);
};

const head = (g: Graphics, fur: number, pale: number, ear: 'pointed' | 'long' | 'round'): void => {
  shadow(g);
  if (ear === 'long') {
    paint(g.ellipse(38, 26, 8, 24), fur);
    paint(g.ellipse(62, 26, 8, 24), fur);
    tint(g.ellipse(38, 28, 4, 16), 0xf5b7c0);
    tint(g.ellipse(62, 28, 4, 16), 0xf5b7c0);
  } else if (ear === 'round') {
    paint(g.circle(30, 30, 11), fur);
    paint(g.circle(70, 30, 11), fur);
  } else {
    paint(g.poly([24, 44, 28, 12, 46, 32]), fur);
    paint(g.poly([76, 44, 72, 12, 54, 32]), fur);
    tint(g.poly([29, 36, 30, 20, 40, 32]), INK, 0.6);
    tint(g.poly([71, 36, 70, 20, 60, 32]), INK, 0.6);
  }
  g.moveTo(18, 44).bezierCurveTo(20, 26, 80, 26, 82, 44).bezierCurveTo(82, 62, 62, 86, 50, 88).bezierCurveTo(38, 86, 18, 62, 18, 44).closePath();
  paint(g, fur);
  g.moveTo(30, 58).bezierCurveTo(40, 60, 46, 66, 50, 88).bezierCurveTo(54, 66, 60, 60, 70, 58).bezierCurveTo(64, 80, 36, 80, 30, 58).closePath();
  tint(g, pale);
  g.ellipse(38, 50, 4, 5).fill({ color: 0x2a1a08 });
  g.ellipse(62, 50, 4, 5).fill({ color: 0x2a1a08 });
  g.circle(37, 48, 1.4).fill({ color: 0xffffff });
  g.circle(61, 48, 1.4).fill({ color: 0xffffff });
  paint(g.ellipse(50, 76, 5, 4), INK, 1);
};

const star = (g: Graphics, fill: number, light: number, pips: number): void => {
  shadow(g);
  paint(g.star(50, 48, 5, 40, 18, 0), fill);
  tint(g.star(50, 48, 5, 24, 11, 0), light, 0.8);
  for (let i = 0; i < pips; i++)
    g.circle(50 + (i - (pips - 1) / 2) * 9, 50, 3.2)
      .fill({ color: 0xffffff })
      .stroke({ width: 1.2, color: INK });
  sparkle(g, 26, 20, 8);
};

const bar = (g: Graphics, count: number): void => {
  shadow(g);
  const h = 18;
  const top = 50 - (count * h + (count - 1) * 5) / 2;
  for (let i = 0; i < count; i++) {
    paint(g.roundRect(12, top + i * (h + 5), 76, h, 4), 0x1d1d2b);
    tint(g.roundRect(18, top + i * (h + 5) + 4, 64, h - 8, 3), 0xf2b705);
    gleam(g, 32, top + i * (h + 5) + 6, 10, 2, 0.6);
  }
};

const fruit = (g: Graphics, color: number, light: number, rx = 32, ry = 30): void => {
  shadow(g);
  paint(g.ellipse(50, 54, rx, ry), color);
  tint(g.ellipse(50 - rx * 0.2, 54 - ry * 0.1, rx * 0.65, ry * 0.6), light, 0.45);
  gleam(g, 50 - rx * 0.45, 54 - ry * 0.5, rx * 0.22, ry * 0.14, 0.7);
};

const leaf = (g: Graphics, x: number, y: number, angle: number, size = 14, color = 0x3fa34d): void => {
  const dx = Math.cos(angle) * size;
  const dy = Math.sin(angle) * size;
  g.moveTo(x, y)
    .quadraticCurveTo(x + dx * 0.5 - dy * 0.5, y + dy * 0.5 + dx * 0.5, x + dx, y + dy)
    .quadraticCurveTo(x + dx * 0.5 + dy * 0.5, y + dy * 0.5 - dx * 0.5, x, y)
    .closePath();
  paint(g, color, 2);
};

const heartPath = (g: Graphics, x: number, y: number, s: number): Graphics =>
  g
    .moveTo(x, y + s * 0.9)
    .bezierCurveTo(x - s * 1.4, y, x - s * 0.7, y - s * 0.9, x, y - s * 0.35)
    .bezierCurveTo(x + s * 0.7, y - s * 0.9, x + s * 1.4, y, x, y + s * 0.9)
    .closePath();

const clover = (g: Graphics): void => {
  shadow(g);
  ink(g, [50, 54, 56, 72, 66, 86], 5, 0x1f6b2f);
  for (const [x, y] of [
    [50, 34],
    [32, 52],
    [68, 52],
    [50, 68],
  ] as const) {
    heartPath(g, x, y, 16);
    paint(g, 0x2fb04a);
  }
  for (const [x, y] of [
    [50, 34],
    [32, 52],
    [68, 52],
    [50, 68],
  ] as const)
    gleam(g, x - 4, y - 6, 5, 3, 0.5);
  g.circle(50, 52, 4).fill({ color: 0x1f6b2f });
};

const moon = (g: Graphics): void => {
  shadow(g);
  g.circle(50, 48, 40).fill({ color: 0xfff3c4, alpha: 0.25 });
  paint(g.circle(50, 48, 32), 0xf6e7a8);
  for (const [x, y, r] of [
    [40, 40, 6],
    [60, 56, 8],
    [58, 34, 4],
    [40, 62, 4],
  ] as const)
    g.circle(x, y, r).fill({ color: 0xd8c57a, alpha: 0.8 });
  gleam(g, 38, 30, 10, 5, 0.5);
};

const lantern = (g: Graphics): void => {
  shadow(g);
  g.circle(50, 56, 34).fill({ color: 0xffc94a, alpha: 0.22 });
  ink(g, [50, 8, 50, 20], 3);
  paint(g.roundRect(36, 18, 28, 10, 4), 0x5b3a1a);
  paint(g.roundRect(30, 28, 40, 48, 8), 0xffd15c);
  tint(g.ellipse(50, 54, 10, 14), 0xff8a1f, 0.9);
  tint(g.ellipse(50, 57, 5, 8), 0xfff6c8);
  for (const x of [38, 50, 62]) ink(g, [x, 30, x, 74], 2, 0x5b3a1a);
  paint(g.roundRect(32, 76, 36, 10, 4), 0x5b3a1a);
};

const ship = (g: Graphics, sail = 0xf4ecd8, hull = WOOD, longship = false): void => {
  shadow(g, 50, 88, 38, 5);
  g.moveTo(8, 62).lineTo(92, 62).bezierCurveTo(86, 80, 70, 84, 50, 84).bezierCurveTo(30, 84, 14, 80, 8, 62).closePath();
  paint(g, hull);
  ink(g, [14, 70, 86, 70], 2, 0x5b3a1a);
  if (longship) {
    g.moveTo(8, 62).bezierCurveTo(2, 50, 6, 38, 14, 40).bezierCurveTo(10, 46, 12, 54, 16, 60);
    paint(g, hull, 2.5);
    for (let x = 22; x <= 78; x += 14) paint(g.circle(x, 66, 5), x % 28 === 22 ? 0xd61f3c : GOLD, 1.5);
  }
  ink(g, [50, 62, 50, 12], 3.5, 0x5b3a1a);
  g.moveTo(50, 16).bezierCurveTo(74, 22, 80, 40, 76, 56).lineTo(52, 56).closePath();
  paint(g, sail, 2.5);
  if (longship) {
    for (let y = 22; y < 56; y += 10) tint(g.rect(52, y, 24, 5), 0xd61f3c, 0.85);
  } else {
    g.moveTo(48, 20).bezierCurveTo(30, 30, 26, 44, 28, 56).lineTo(48, 56).closePath();
    paint(g, sail, 2.5);
  }
  paint(g.poly([50, 10, 64, 14, 50, 18]), 0xd61f3c, 1.5);
};

const book = (g: Graphics, cover: number, mark: number): void => {
  shadow(g, 50, 90, 36, 5);
  paint(g.poly([10, 28, 50, 36, 90, 28, 90, 80, 50, 88, 10, 80]), cover);
  paint(g.poly([16, 26, 48, 32, 48, 80, 16, 74]), 0xf6ead0, 2);
  paint(g.poly([84, 26, 52, 32, 52, 80, 84, 74]), 0xf6ead0, 2);
  for (let y = 40; y < 72; y += 8) {
    ink(g, [22, y, 42, y + 3], 1.5, 0x9c8a6a);
    ink(g, [58, y + 3, 78, y], 1.5, 0x9c8a6a);
  }
  g.circle(50, 56, 12).fill({ color: mark, alpha: 0.9 }).stroke({ width: 2, color: INK });
  sparkle(g, 50, 56, 9, 0xfff6c8);
};

const sword = (g: Graphics): void => {
  shadow(g);
  g.poly([46, 70, 46, 14, 50, 6, 54, 14, 54, 70]);
  paint(g, STEEL);
  tint(g.poly([50, 10, 54, 14, 54, 70, 50, 70]), 0xffffff, 0.4);
  paint(g.roundRect(30, 68, 40, 7, 3), GOLD, 2.5);
  paint(g.roundRect(46, 75, 8, 14, 2), 0x5b3a1a, 2);
  paint(g.circle(50, 92, 5), GOLD, 2);
};

const shield = (g: Graphics): void => {
  shadow(g);
  g.moveTo(16, 18).lineTo(84, 18).bezierCurveTo(84, 56, 72, 78, 50, 90).bezierCurveTo(28, 78, 16, 56, 16, 18).closePath();
  paint(g, 0x1e4fa8);
  g.moveTo(50, 18).lineTo(84, 18).bezierCurveTo(84, 56, 72, 78, 50, 90).closePath();
  tint(g, 0xd61f3c, 0.9);
  g.moveTo(16, 18).lineTo(84, 18).bezierCurveTo(84, 56, 72, 78, 50, 90).bezierCurveTo(28, 78, 16, 56, 16, 18).closePath();
  g.stroke({ width: 5, color: GOLD });
  paint(g.circle(50, 46, 11), GOLD, 2);
  gleam(g, 30, 30, 8, 4, 0.35);
};

const bolt = (g: Graphics): void => {
  shadow(g);
  g.circle(50, 50, 40).fill({ color: 0x7dd3fc, alpha: 0.2 });
  paint(g.poly([58, 6, 24, 54, 46, 54, 36, 94, 78, 40, 54, 40, 66, 6]), 0xffe14a, 3);
  tint(g.poly([58, 10, 30, 52, 44, 52, 52, 28]), 0xffffff, 0.5);
};

const ring = (g: Graphics, stone: number): void => {
  shadow(g);
  g.ellipse(50, 62, 28, 24).stroke({ width: 11, color: INK });
  g.ellipse(50, 62, 28, 24).stroke({ width: 7, color: GOLD });
  g.ellipse(50, 60, 28, 24).stroke({ width: 2, color: 0xfff2c0, alpha: 0.7 });
  paint(g.poly([38, 30, 62, 30, 70, 22, 60, 10, 40, 10, 30, 22]), stone);
  tint(g.poly([40, 12, 50, 12, 46, 24, 34, 22]), 0xffffff, 0.55);
  sparkle(g, 66, 10, 7);
};

/** Card royals: a carved letter in the theme's colour (`royal` in themes.ts draws them). */
export const ROYALS = new Set(['A', 'K', 'Q', 'J', '10', '9']);

const ART: Record<string, Art> = {
  // Emerald Isle Riches and friends (Irish)
  WILD: (g) => {
    bust(g, { skin: 0xf2c29b, hair: 0xd2541e, robe: 0x1f8a3a, beard: 0xd2541e });
    paint(g.rect(26, 26, 48, 6), 0x14532d);
    paint(g.poly([30, 26, 34, 2, 66, 2, 70, 26]), 0x1f8a3a);
    paint(g.rect(32, 16, 36, 7), INK, 1);
    paint(g.roundRect(44, 14, 12, 11, 2), GOLD, 2);
    paint(g.ellipse(50, 29, 30, 5), 0x1f8a3a, 2.5);
    leaf(g, 72, 22, -0.6, 10, 0x2fb04a);
  },
  POT: (g) => {
    shadow(g, 50, 92, 36, 5);
    coin(g, 34, 30, 11);
    coin(g, 52, 24, 12);
    coin(g, 68, 32, 10);
    paint(g.ellipse(50, 40, 34, 9), 0x2a2a2a);
    g.moveTo(18, 42).bezierCurveTo(10, 70, 26, 90, 50, 90).bezierCurveTo(74, 90, 90, 70, 82, 42).closePath();
    paint(g, 0x2b2b33);
    tint(g.ellipse(50, 40, 30, 6), GOLD);
    gleam(g, 32, 60, 6, 12, 0.25);
    paint(g.roundRect(14, 36, 72, 8, 4), 0x3a3a44, 2.5);
  },
  HARP: (g) => {
    shadow(g);
    g.moveTo(26, 88).lineTo(26, 22).bezierCurveTo(44, 8, 66, 24, 84, 18).lineTo(80, 30).bezierCurveTo(60, 40, 42, 60, 32, 88).closePath();
    paint(g, GOLD);
    for (let i = 0; i < 6; i++) ink(g, [30 + i * 8, 26 + i * 0.5, 30 + i * 8, 80 - i * 9], 1.5, 0xf6ead0);
    paint(g.roundRect(20, 84, 20, 8, 3), GOLD_DARK, 2);
    gleam(g, 30, 40, 3, 12, 0.5);
  },
  HAT: (g) => {
    shadow(g, 50, 86, 40, 6);
    paint(g.ellipse(50, 76, 42, 11), 0x14632e);
    paint(g.poly([26, 76, 30, 20, 70, 20, 74, 76]), 0x1f8a3a);
    paint(g.rect(28, 56, 44, 12), INK, 1);
    paint(g.roundRect(42, 54, 16, 16, 3), GOLD, 2);
    tint(g.roundRect(46, 58, 8, 8, 1), INK);
    leaf(g, 64, 40, -0.8, 12, 0x2fb04a);
    gleam(g, 38, 34, 4, 10, 0.3);
  },
  PIPE: (g) => {
    shadow(g);
    g.moveTo(10, 40).bezierCurveTo(30, 44, 46, 56, 56, 62).lineTo(58, 54).bezierCurveTo(44, 46, 28, 36, 12, 32).closePath();
    paint(g, 0x3d2410);
    g.moveTo(52, 38).lineTo(88, 38).lineTo(84, 76).bezierCurveTo(80, 86, 60, 86, 56, 76).closePath();
    paint(g, WOOD);
    tint(g.ellipse(70, 38, 18, 5), 0x3d2410);
    tint(g.ellipse(70, 38, 12, 3), 0xff7a1a, 0.8);
    gleam(g, 62, 58, 3, 12, 0.35);
    for (const [x, y, r] of [
      [70, 26, 5],
      [76, 14, 7],
      [66, 6, 4],
    ] as const)
      g.circle(x, y, r).fill({ color: 0xe7eef2, alpha: 0.7 });
  },
  CLOVER: clover,
  // Celtic Crown
  CROWN: (g) => {
    shadow(g);
    crown(g, 12, 30, 76, 52);
    sparkle(g, 78, 20, 8);
  },
  KING: (g) => {
    bust(g, { skin: 0xeab98f, hair: 0xb8b8b8, robe: 0x7a1f3d, beard: 0xd8d8d8 });
    crown(g, 30, 12, 40, 20);
    tint(g.rect(14, 86, 72, 6), 0xf6ead0);
  },
  QUEEN: (g) => {
    bust(g, { skin: 0xf2c9a5, hair: 0x6b2a12, robe: 0x2a5aa8, long: true });
    crown(g, 34, 14, 32, 16, GOLD, 0x10b981);
    g.circle(50, 72, 4).fill({ color: GOLD }).stroke({ width: 1.5, color: INK });
  },
  SWORD: sword,
  SHIELD: shield,
  TORC: (g) => {
    shadow(g);
    g.arc(50, 50, 32, Math.PI * 0.62, Math.PI * 2.38).stroke({ width: 13, color: INK });
    g.arc(50, 50, 32, Math.PI * 0.62, Math.PI * 2.38).stroke({ width: 9, color: GOLD });
    for (let a = 0.7; a < 2.35; a += 0.12) {
      const x = 50 + Math.cos(Math.PI * a) * 32;
      const y = 50 + Math.sin(Math.PI * a) * 32;
      g.circle(x, y, 1.6).fill({ color: GOLD_DARK });
    }
    paint(g.circle(37, 79, 8), GOLD);
    paint(g.circle(63, 79, 8), GOLD);
    tint(g.circle(37, 79, 3.5), 0xd61f3c);
    tint(g.circle(63, 79, 3.5), 0xd61f3c);
    sparkle(g, 26, 24, 8);
  },
  // Giant's Causeway Gold
  GIANT: (g) => {
    bust(g, { skin: 0xc98f63, hair: 0x4b2a14, robe: 0x5a6b3a, beard: 0x4b2a14 });
    ink(g, [36, 37, 46, 39], 3);
    ink(g, [54, 39, 64, 37], 3);
    paint(g.roundRect(18, 70, 64, 8, 3), 0x8a5a2b, 2);
  },
  FINN: (g) => {
    bust(g, { skin: 0xf2c9a5, hair: 0xe0a13a, robe: 0x1f6b8a, long: true });
    paint(g.poly([50, 66, 56, 76, 50, 86, 44, 76]), GOLD, 1.5);
  },
  COLUMN: (g) => {
    shadow(g, 50, 92, 40, 5);
    const cols: [number, number, number][] = [
      [14, 44, 0x3b4552],
      [32, 28, 0x4b5766],
      [50, 36, 0x3f4a58],
      [68, 22, 0x556273],
    ];
    for (const [x, top, color] of cols) {
      paint(g.poly([x, top + 6, x + 9, top, x + 18, top + 6, x + 18, 90, x, 90]), color, 2.5);
      tint(g.poly([x, top + 6, x + 9, top, x + 18, top + 6, x + 9, top + 12]), 0x8fa0b3);
    }
  },
  SHIP: (g) => ship(g),
  COIN: (g) => {
    shadow(g);
    coin(g, 50, 50, 36);
    heartPath(g, 50, 54, 12);
    g.fill({ color: GOLD_DARK, alpha: 0.8 });
    sparkle(g, 74, 22, 9);
  },
  // Banshee Moon
  BANSHEE: (g) => {
    shadow(g);
    g.moveTo(18, 94)
      .bezierCurveTo(14, 50, 26, 14, 50, 12)
      .bezierCurveTo(74, 14, 86, 50, 82, 94)
      .lineTo(70, 84)
      .lineTo(60, 94)
      .lineTo(50, 84)
      .lineTo(40, 94)
      .lineTo(30, 84)
      .closePath();
    paint(g, 0xc9d6f2);
    paint(g.ellipse(50, 42, 15, 19), 0xeef3ff, 2);
    g.ellipse(44, 40, 3.5, 5).fill({ color: 0x1b2a4a });
    g.ellipse(56, 40, 3.5, 5).fill({ color: 0x1b2a4a });
    g.ellipse(50, 54, 4, 6).fill({ color: 0x1b2a4a });
    gleam(g, 30, 40, 4, 14, 0.35);
  },
  RAVEN: (g) => bird(g, 0x2a2d3a, 0x1b1d28, 0x6b6e7a),
  LANTERN: lantern,
  CANDLE: (g) => {
    shadow(g);
    g.circle(50, 24, 20).fill({ color: 0xffc94a, alpha: 0.25 });
    g.moveTo(50, 6).bezierCurveTo(60, 20, 58, 34, 50, 36).bezierCurveTo(42, 34, 40, 20, 50, 6).closePath();
    paint(g, 0xffb020, 2);
    tint(g.ellipse(50, 28, 4, 6), 0xfff6c8);
    paint(g.roundRect(36, 38, 28, 48, 4), 0xf4ecd8);
    g.moveTo(36, 44).bezierCurveTo(40, 54, 44, 44, 46, 52).lineTo(46, 40).lineTo(36, 40).closePath();
    tint(g, 0xffffff, 0.6);
    paint(g.ellipse(50, 86, 26, 6), 0x8a8f99, 2.5);
  },
  MOON: moon,
  // Lighthouse Keeper
  KEEPER: (g) => {
    bust(g, { skin: 0xe8b48a, hair: 0xf0f0f0, robe: 0xf2c230, beard: 0xf0f0f0 });
    paint(g.poly([24, 32, 30, 14, 70, 14, 76, 32]), 0xf2c230, 2.5);
    paint(g.ellipse(50, 32, 30, 5), 0xe0a81a, 2);
  },
  GULL: (g) => bird(g, 0xf4f6f8, 0x9aa6b2, 0xf2b705),
  ANCHOR: (g) => {
    shadow(g);
    g.circle(50, 16, 8).stroke({ width: 9, color: INK });
    g.circle(50, 16, 8).stroke({ width: 5, color: 0x5c6b7a });
    paint(g.roundRect(46, 22, 8, 60, 3), 0x5c6b7a);
    paint(g.roundRect(30, 32, 40, 7, 3), 0x5c6b7a);
    g.moveTo(16, 58).bezierCurveTo(20, 84, 80, 84, 84, 58);
    g.stroke({ width: 10, color: INK, cap: 'round' });
    g.moveTo(16, 58).bezierCurveTo(20, 84, 80, 84, 84, 58);
    g.stroke({ width: 6, color: 0x5c6b7a, cap: 'round' });
    paint(g.poly([10, 62, 16, 50, 24, 62]), 0x5c6b7a, 2);
    paint(g.poly([76, 62, 84, 50, 90, 62]), 0x5c6b7a, 2);
    gleam(g, 48, 40, 1.5, 12, 0.5);
  },
  ROPE: (g) => {
    shadow(g);
    for (const r of [34, 25, 16, 8]) {
      g.circle(50, 52, r).stroke({ width: 9, color: INK });
      g.circle(50, 52, r).stroke({ width: 6, color: 0xd9b26b });
    }
    for (let a = 0; a < 12; a++) {
      const x = 50 + Math.cos(a * 0.52) * 34;
      const y = 52 + Math.sin(a * 0.52) * 34;
      ink(g, [x - 2, y - 2, x + 2, y + 2], 1.5, 0x8a6a2b);
    }
    ink(g, [84, 52, 94, 80], 6, 0xd9b26b);
  },
  BEACON: (g) => {
    g.poly([50, 22, 0, 4, 0, 40]).fill({ color: 0xfff3a0, alpha: 0.4 });
    g.poly([50, 22, 100, 4, 100, 40]).fill({ color: 0xfff3a0, alpha: 0.4 });
    shadow(g, 50, 94, 28, 4);
    paint(g.poly([36, 92, 42, 30, 58, 30, 64, 92]), 0xf4f4f4);
    tint(g.poly([39, 72, 40, 60, 60, 60, 61, 72]), 0xd61f3c);
    tint(g.poly([41, 48, 42, 38, 58, 38, 59, 48]), 0xd61f3c);
    paint(g.roundRect(38, 14, 24, 16, 3), 0xffe14a);
    paint(g.poly([36, 14, 50, 4, 64, 14]), 0xd61f3c, 2);
    paint(g.rect(34, 28, 32, 5), INK, 1);
  },
  // Atlantic Pearls
  MERMAID: (g) => {
    bust(g, { skin: 0xf2c9a5, hair: 0x1fa39a, robe: 0x12806f, long: true });
    g.moveTo(14, 96).bezierCurveTo(16, 72, 30, 66, 50, 66).bezierCurveTo(70, 66, 84, 72, 86, 96).closePath();
    paint(g, 0x23b3a0);
    for (let y = 74; y < 96; y += 7) for (let x = 22; x < 82; x += 10) g.arc(x + ((y / 7) % 2) * 5, y, 5, 0, Math.PI).stroke({ width: 1.5, color: 0x0b5e52 });
    paint(g.circle(40, 18, 5), 0xf4a0b8, 1.5);
    paint(g.circle(60, 18, 5), 0xf4a0b8, 1.5);
  },
  SHELL: (g) => {
    shadow(g);
    g.moveTo(50, 86).lineTo(12, 44).bezierCurveTo(20, 16, 80, 16, 88, 44).closePath();
    paint(g, 0xf7b6a3);
    for (const x of [22, 34, 50, 66, 78]) ink(g, [50, 86, x, 24 + Math.abs(50 - x) * 0.35], 2, 0xc97a68);
    paint(g.roundRect(40, 80, 20, 10, 3), 0xf19a86, 2);
    gleam(g, 36, 32, 8, 4, 0.5);
  },
  STARFISH: (g) => {
    shadow(g);
    paint(g.star(50, 50, 5, 42, 18, 0.2), 0xf57a3a);
    for (let i = 0; i < 5; i++) {
      const a = 0.2 + (i * Math.PI * 2) / 5 - Math.PI / 2;
      for (const d of [12, 22, 30]) g.circle(50 + Math.cos(a) * d, 50 + Math.sin(a) * d, 2).fill({ color: 0xffd0a8 });
    }
  },
  SEAHORSE: (g) => {
    shadow(g);
    g.moveTo(40, 14)
      .bezierCurveTo(60, 6, 74, 20, 62, 34)
      .bezierCurveTo(72, 46, 70, 64, 56, 70)
      .bezierCurveTo(48, 74, 48, 88, 60, 88)
      .bezierCurveTo(44, 96, 34, 80, 44, 66)
      .bezierCurveTo(52, 56, 44, 42, 38, 38)
      .bezierCurveTo(30, 36, 18, 34, 16, 28)
      .bezierCurveTo(26, 28, 32, 24, 40, 14)
      .closePath();
    paint(g, 0xf2b705);
    g.circle(52, 22, 3).fill({ color: INK });
    for (let y = 42; y < 68; y += 6) ink(g, [54, y, 62, y + 2], 1.5, GOLD_DARK);
    gleam(g, 58, 48, 3, 8, 0.4);
  },
  CORAL: (g) => {
    shadow(g);
    const branch = (pts: number[]) => {
      ink(g, pts, 12, INK);
      ink(g, pts, 8, 0xf2567a);
    };
    branch([50, 88, 50, 50, 40, 30, 36, 16]);
    branch([50, 60, 66, 40, 70, 22]);
    branch([46, 70, 26, 54, 22, 38]);
    branch([58, 72, 78, 62, 84, 50]);
    for (const [x, y] of [
      [36, 16],
      [70, 22],
      [22, 38],
      [84, 50],
    ] as const)
      g.circle(x, y, 4).fill({ color: 0xffb3c4 });
  },
  PEARL: (g) => {
    shadow(g);
    g.moveTo(10, 70).bezierCurveTo(14, 92, 86, 92, 90, 70).closePath();
    paint(g, 0x7a4fa8);
    g.moveTo(10, 66).bezierCurveTo(10, 20, 90, 20, 90, 66).closePath();
    paint(g, 0x9b6cc9);
    paint(g.circle(50, 62, 16), 0xf4eefc);
    g.circle(46, 58, 10).fill({ color: 0xffffff, alpha: 0.7 });
    g.circle(54, 68, 8).fill({ color: 0xd6c8f0, alpha: 0.5 });
    sparkle(g, 66, 48, 8);
  },
  // Dragon Forge
  DRAGON: (g) => {
    shadow(g);
    paint(g.poly([22, 36, 10, 8, 36, 28]), 0x9c1d1d);
    paint(g.poly([78, 36, 90, 8, 64, 28]), 0x9c1d1d);
    g.moveTo(20, 44)
      .bezierCurveTo(20, 20, 80, 20, 80, 44)
      .bezierCurveTo(80, 60, 72, 70, 66, 82)
      .lineTo(34, 82)
      .bezierCurveTo(28, 70, 20, 60, 20, 44)
      .closePath();
    paint(g, 0xc62828);
    paint(g.roundRect(32, 62, 36, 24, 10), 0xe0574a, 2.5);
    g.circle(42, 74, 2.5).fill({ color: INK });
    g.circle(58, 74, 2.5).fill({ color: INK });
    paint(g.poly([28, 42, 44, 46, 30, 50]), 0xffe14a, 2);
    paint(g.poly([72, 42, 56, 46, 70, 50]), 0xffe14a, 2);
    for (const x of [40, 50, 60]) paint(g.poly([x - 4, 26, x, 16, x + 4, 26]), 0xffb020, 1.5);
    paint(g.poly([38, 86, 42, 94, 46, 86]), 0xffffff, 1.5);
    paint(g.poly([54, 86, 58, 94, 62, 86]), 0xffffff, 1.5);
  },
  HELM: (g) => {
    shadow(g);
    g.moveTo(20, 84)
      .lineTo(20, 44)
      .bezierCurveTo(20, 12, 80, 12, 80, 44)
      .lineTo(80, 84)
      .lineTo(60, 84)
      .lineTo(58, 52)
      .lineTo(42, 52)
      .lineTo(40, 84)
      .closePath();
    paint(g, STEEL);
    tint(g.poly([46, 52, 54, 52, 54, 84, 46, 84]), 0x5c6b7a);
    ink(g, [50, 14, 50, 50], 3, 0x8a97a3);
    gleam(g, 34, 30, 5, 10, 0.5);
    paint(g.poly([50, 14, 30, 2, 46, 16]), 0xd61f3c, 2);
  },
  ANVIL: (g) => {
    shadow(g, 50, 90, 36, 5);
    g.moveTo(6, 34)
      .lineTo(84, 34)
      .lineTo(94, 26)
      .lineTo(94, 44)
      .lineTo(70, 50)
      .lineTo(62, 66)
      .lineTo(74, 84)
      .lineTo(26, 84)
      .lineTo(38, 66)
      .lineTo(30, 50)
      .bezierCurveTo(16, 48, 8, 42, 6, 34)
      .closePath();
    paint(g, 0x4b5563);
    tint(g.poly([10, 34, 84, 34, 82, 38, 12, 38]), 0x9aa6b2);
    g.circle(70, 22, 3).fill({ color: 0xffb020 });
    g.circle(80, 16, 2).fill({ color: 0xffe14a });
    g.circle(60, 18, 2).fill({ color: 0xff7a1a });
  },
  HAMMER: (g) => {
    shadow(g);
    paint(g.poly([44, 40, 52, 40, 56, 92, 48, 92]), WOOD);
    paint(g.roundRect(18, 18, 64, 26, 5), 0x6b7785);
    tint(g.roundRect(20, 20, 60, 7, 3), 0xffffff, 0.35);
    paint(g.roundRect(40, 14, 18, 34, 3), 0x4b5563, 2);
  },
  FLAME: (g) => {
    g.circle(50, 56, 40).fill({ color: 0xff7a1a, alpha: 0.22 });
    shadow(g);
    g.moveTo(50, 6)
      .bezierCurveTo(70, 30, 90, 44, 80, 70)
      .bezierCurveTo(74, 86, 26, 86, 20, 70)
      .bezierCurveTo(12, 50, 30, 44, 34, 26)
      .bezierCurveTo(42, 38, 44, 24, 50, 6)
      .closePath();
    paint(g, 0xf0501a);
    g.moveTo(50, 30).bezierCurveTo(64, 46, 72, 56, 66, 70).bezierCurveTo(60, 82, 40, 82, 34, 70).bezierCurveTo(30, 58, 42, 50, 50, 30).closePath();
    tint(g, 0xffb020);
    tint(g.ellipse(50, 68, 9, 11), 0xfff3a0);
  },
  // Thunder Valley
  BOLT: bolt,
  EAGLE: (g) => {
    shadow(g);
    g.moveTo(50, 40).bezierCurveTo(30, 20, 12, 24, 4, 36).bezierCurveTo(20, 36, 24, 50, 42, 60).closePath();
    paint(g, 0x6b3f1f);
    g.moveTo(50, 40).bezierCurveTo(70, 20, 88, 24, 96, 36).bezierCurveTo(80, 36, 76, 50, 58, 60).closePath();
    paint(g, 0x6b3f1f);
    paint(g.ellipse(50, 60, 14, 22), 0x7a4a26);
    paint(g.circle(50, 32, 12), 0xf6f6f0);
    paint(g.poly([50, 34, 62, 38, 52, 44]), 0xf2b705, 2);
    g.circle(46, 30, 2.2).fill({ color: INK });
    paint(g.poly([42, 80, 50, 92, 58, 80]), 0xf6f6f0, 2);
  },
  STAG: (g) => {
    shadow(g);
    const antler = (s: number) => {
      ink(g, [50 + s * 10, 32, 50 + s * 28, 10], 5, INK);
      ink(g, [50 + s * 10, 32, 50 + s * 28, 10], 3, 0xd9b26b);
      ink(g, [50 + s * 18, 22, 50 + s * 36, 22], 3, 0xd9b26b);
      ink(g, [50 + s * 24, 15, 50 + s * 24, 4], 3, 0xd9b26b);
    };
    antler(-1);
    antler(1);
    paint(g.ellipse(30, 40, 10, 5), 0x9a5e2c);
    paint(g.ellipse(70, 40, 10, 5), 0x9a5e2c);
    g.moveTo(36, 34).bezierCurveTo(40, 28, 60, 28, 64, 34).bezierCurveTo(66, 56, 60, 80, 50, 86).bezierCurveTo(40, 80, 34, 56, 36, 34).closePath();
    paint(g, 0xa8672f);
    tint(g.ellipse(50, 78, 8, 7), 0xf0d8b0);
    g.ellipse(50, 82, 4, 3).fill({ color: INK });
    g.circle(43, 46, 2.5).fill({ color: INK });
    g.circle(57, 46, 2.5).fill({ color: INK });
  },
  WOLF: (g) => head(g, 0x6b7785, 0xdfe4ea, 'pointed'),
  PEAK: (g) => {
    shadow(g, 50, 90, 42, 5);
    paint(g.poly([4, 88, 36, 30, 52, 52, 66, 18, 96, 88]), 0x4b5a6b);
    tint(g.poly([66, 18, 58, 34, 64, 32, 68, 40, 74, 32]), 0xffffff);
    tint(g.poly([36, 30, 30, 42, 36, 40, 40, 44, 44, 40]), 0xffffff);
    tint(g.poly([66, 18, 96, 88, 66, 88]), INK, 0.2);
    paint(g.poly([4, 88, 24, 64, 40, 88]), 0x2e6b3a, 2);
  },
  // Viking Voyage
  VIKING: (g) => {
    bust(g, { skin: 0xe8b48a, hair: 0xe0a13a, robe: 0x6b4a2b, beard: 0xe0a13a });
    g.moveTo(28, 36).bezierCurveTo(28, 10, 72, 10, 72, 36).closePath();
    paint(g, STEEL);
    paint(g.rect(28, 32, 44, 6), GOLD_DARK, 2);
    g.moveTo(28, 26).bezierCurveTo(14, 22, 10, 10, 14, 2).bezierCurveTo(18, 12, 22, 16, 30, 18).closePath();
    paint(g, 0xf6ead0, 2);
    g.moveTo(72, 26).bezierCurveTo(86, 22, 90, 10, 86, 2).bezierCurveTo(82, 12, 78, 16, 70, 18).closePath();
    paint(g, 0xf6ead0, 2);
  },
  LONGSHIP: (g) => ship(g, 0xf4ecd8, 0x6b3f1f, true),
  AXE: (g) => {
    shadow(g);
    paint(g.poly([46, 10, 54, 10, 56, 92, 46, 92]), WOOD);
    g.moveTo(52, 18).bezierCurveTo(70, 14, 88, 20, 92, 36).bezierCurveTo(92, 52, 72, 56, 52, 46).closePath();
    paint(g, STEEL);
    tint(g.poly([84, 26, 92, 36, 86, 48]), 0xffffff, 0.6);
    for (let y = 60; y < 88; y += 6) ink(g, [46, y, 56, y + 3], 1.5, 0x3d2410);
  },
  HORN: (g) => {
    shadow(g);
    g.moveTo(12, 24).bezierCurveTo(20, 70, 60, 86, 90, 70).lineTo(86, 52).bezierCurveTo(60, 64, 34, 52, 24, 18).closePath();
    paint(g, 0xf2e1b8);
    paint(g.ellipse(88, 61, 5, 10), 0xd9b26b, 2);
    for (const x of [40, 58]) ink(g, [x, 52 + (x - 40) / 2, x + 2, 72 + (x - 40) / 4], 5, GOLD);
    ink(g, [26, 40, 40, 58], 2, 0xffffff);
  },
  RUNE: (g) => {
    shadow(g);
    g.moveTo(20, 90).lineTo(22, 26).bezierCurveTo(26, 8, 74, 8, 78, 26).lineTo(80, 90).closePath();
    paint(g, 0x7d8894);
    ink(g, [40, 26, 40, 76], 5, 0x3ad0ff);
    ink(g, [40, 36, 60, 26], 5, 0x3ad0ff);
    ink(g, [40, 50, 60, 40], 5, 0x3ad0ff);
    g.circle(50, 50, 30).fill({ color: 0x3ad0ff, alpha: 0.12 });
    gleam(g, 32, 30, 5, 10, 0.25);
  },
  MAP: (g) => {
    shadow(g, 50, 90, 38, 5);
    paint(g.poly([10, 20, 36, 14, 64, 22, 90, 16, 90, 82, 64, 88, 36, 80, 10, 86]), 0xf1dfae);
    tint(g.poly([36, 14, 64, 22, 64, 88, 36, 80]), 0xd8c38c, 0.6);
    g.moveTo(20, 70).bezierCurveTo(36, 50, 48, 70, 60, 46).bezierCurveTo(66, 36, 72, 38, 76, 32);
    g.stroke({ width: 3, color: 0xd61f3c, cap: 'round' });
    ink(g, [70, 26, 82, 38], 4, 0xd61f3c);
    ink(g, [82, 26, 70, 38], 4, 0xd61f3c);
    paint(g.ellipse(30, 40, 8, 6), 0x5aa04a, 1.5);
  },
  // Pharaoh's Lantern
  PHARAOH: (g) => {
    shadow(g, 50, 92, 34, 5);
    g.moveTo(14, 96).bezierCurveTo(16, 72, 30, 66, 50, 66).bezierCurveTo(70, 66, 84, 72, 86, 96).closePath();
    paint(g, 0x1e4fa8);
    g.moveTo(22, 76).lineTo(28, 24).bezierCurveTo(36, 8, 64, 8, 72, 24).lineTo(78, 76).closePath();
    paint(g, GOLD);
    for (let y = 32; y < 76; y += 8) {
      ink(g, [24, y, 36, y], 3, 0x1e4fa8);
      ink(g, [64, y, 76, y], 3, 0x1e4fa8);
    }
    paint(g.ellipse(50, 46, 14, 18), 0xc98f63);
    g.moveTo(40, 44).lineTo(46, 42);
    g.stroke({ width: 3, color: INK });
    g.moveTo(54, 42).lineTo(60, 44);
    g.stroke({ width: 3, color: INK });
    paint(g.roundRect(47, 60, 6, 14, 2), 0x3d2410, 1.5);
    paint(g.poly([46, 22, 50, 14, 54, 22, 50, 28]), 0xd61f3c, 1.5);
  },
  SCARAB: (g) => {
    shadow(g);
    for (const s of [-1, 1]) for (const y of [44, 56, 68]) ink(g, [50 + s * 16, y, 50 + s * 30, y + 4], 3.5, INK);
    paint(g.ellipse(50, 60, 22, 28), 0x1f8a6a);
    ink(g, [50, 36, 50, 88], 2.5);
    paint(g.ellipse(50, 28, 12, 9), 0x1b6e55);
    g.moveTo(28, 48).bezierCurveTo(4, 30, 10, 14, 28, 20).bezierCurveTo(22, 30, 30, 40, 34, 44).closePath();
    paint(g, GOLD, 2);
    g.moveTo(72, 48).bezierCurveTo(96, 30, 90, 14, 72, 20).bezierCurveTo(78, 30, 70, 40, 66, 44).closePath();
    paint(g, GOLD, 2);
    gleam(g, 42, 52, 5, 12, 0.4);
  },
  ANKH: (g) => {
    shadow(g);
    g.ellipse(50, 28, 14, 18).stroke({ width: 13, color: INK });
    g.ellipse(50, 28, 14, 18).stroke({ width: 8, color: GOLD });
    paint(g.roundRect(18, 44, 64, 10, 3), GOLD);
    paint(g.poly([44, 52, 56, 52, 60, 90, 40, 90]), GOLD);
    gleam(g, 44, 70, 2, 12, 0.5);
  },
  EYE: (g) => {
    shadow(g);
    g.moveTo(8, 46).bezierCurveTo(30, 20, 70, 20, 92, 46).bezierCurveTo(70, 66, 30, 66, 8, 46).closePath();
    paint(g, 0xf6ead0);
    paint(g.circle(50, 45, 13), 0x1e4fa8, 2);
    g.circle(50, 45, 6).fill({ color: INK });
    g.circle(46, 41, 3).fill({ color: 0xffffff });
    g.moveTo(8, 46).bezierCurveTo(30, 18, 70, 18, 92, 46);
    g.stroke({ width: 5, color: INK });
    ink(g, [44, 62, 40, 86, 30, 86], 4);
    g.moveTo(58, 60).bezierCurveTo(70, 80, 86, 76, 80, 64);
    g.stroke({ width: 4, color: INK, cap: 'round' });
  },
  // Wild Hare Run and Midnight Fox
  HARE: (g) => head(g, 0xb08156, 0xf6ead0, 'long'),
  FOX: (g) => head(g, 0xe4682a, 0xfaf3e6, 'pointed'),
  OWL: (g) => {
    shadow(g);
    paint(g.ellipse(50, 56, 30, 34), 0x8a5a2b);
    tint(g.ellipse(50, 66, 18, 20), 0xe6c89a);
    for (let y = 56; y < 84; y += 8) for (const x of [42, 50, 58]) g.arc(x, y, 3, 0, Math.PI).stroke({ width: 1.5, color: 0x8a5a2b });
    paint(g.poly([24, 30, 30, 16, 40, 30]), 0x8a5a2b, 2);
    paint(g.poly([76, 30, 70, 16, 60, 30]), 0x8a5a2b, 2);
    paint(g.circle(38, 40, 11), 0xfaf3e6, 2);
    paint(g.circle(62, 40, 11), 0xfaf3e6, 2);
    g.circle(38, 40, 6).fill({ color: 0xf2b705 });
    g.circle(62, 40, 6).fill({ color: 0xf2b705 });
    g.circle(38, 40, 3).fill({ color: INK });
    g.circle(62, 40, 3).fill({ color: INK });
    paint(g.poly([46, 48, 54, 48, 50, 58]), 0xf2b705, 1.5);
  },
  BADGER: (g) => {
    head(g, 0x3a3a40, 0xf4f4f4, 'round');
    tint(g.poly([44, 30, 56, 30, 54, 76, 46, 76]), 0xf4f4f4);
    g.ellipse(38, 50, 4, 5).fill({ color: 0x2a1a08 });
    g.ellipse(62, 50, 4, 5).fill({ color: 0x2a1a08 });
    paint(g.ellipse(50, 76, 5, 4), INK, 1);
  },
  ACORN: (g) => {
    shadow(g);
    g.moveTo(26, 46).bezierCurveTo(24, 76, 40, 90, 50, 92).bezierCurveTo(60, 90, 76, 76, 74, 46).closePath();
    paint(g, 0xc9852f);
    gleam(g, 38, 62, 4, 10, 0.4);
    paint(g.ellipse(50, 42, 30, 14), 0x7a4a1f);
    for (let x = 30; x <= 70; x += 8) ink(g, [x, 34, x + 4, 50], 1.5, 0x4a2a0f);
    ink(g, [50, 28, 56, 14], 5, 0x4a2a0f);
    leaf(g, 56, 18, -0.4, 18, 0x5aa04a);
  },
  MEADOW: (g) => {
    shadow(g, 50, 90, 42, 5);
    g.moveTo(6, 88).bezierCurveTo(20, 50, 80, 50, 94, 88).closePath();
    paint(g, 0x4caf50);
    g.circle(74, 26, 14).fill({ color: 0xffe14a }).stroke({ width: 2.5, color: INK });
    for (let a = 0; a < 8; a++)
      ink(g, [74 + Math.cos(a * 0.785) * 18, 26 + Math.sin(a * 0.785) * 18, 74 + Math.cos(a * 0.785) * 24, 26 + Math.sin(a * 0.785) * 24], 2.5, 0xffe14a);
    for (const [x, y, c] of [
      [24, 70, 0xffffff],
      [40, 62, 0xf2567a],
      [58, 66, 0xffe14a],
      [72, 74, 0xffffff],
    ] as const) {
      ink(g, [x, y, x, y + 14], 2, 0x1f6b2f);
      for (let p = 0; p < 5; p++) g.circle(x + Math.cos(p * 1.256) * 4, y + Math.sin(p * 1.256) * 4, 3).fill({ color: c });
      g.circle(x, y, 2.2).fill({ color: 0xf2b705 });
    }
  },
  BAT: (g) => {
    shadow(g);
    g.moveTo(50, 40)
      .bezierCurveTo(36, 20, 14, 24, 4, 36)
      .bezierCurveTo(12, 40, 14, 50, 12, 56)
      .bezierCurveTo(22, 50, 28, 56, 30, 64)
      .bezierCurveTo(36, 56, 44, 58, 50, 62)
      .bezierCurveTo(56, 58, 64, 56, 70, 64)
      .bezierCurveTo(72, 56, 78, 50, 88, 56)
      .bezierCurveTo(86, 50, 88, 40, 96, 36)
      .bezierCurveTo(86, 24, 64, 20, 50, 40)
      .closePath();
    paint(g, 0x3b2a52);
    paint(g.ellipse(50, 50, 10, 14), 0x4b3868);
    paint(g.poly([42, 40, 44, 28, 48, 38]), 0x4b3868, 1.5);
    paint(g.poly([58, 40, 56, 28, 52, 38]), 0x4b3868, 1.5);
    g.circle(46, 46, 2).fill({ color: 0xffe14a });
    g.circle(54, 46, 2).fill({ color: 0xffe14a });
  },
  MOTH: (g) => {
    shadow(g);
    for (const s of [-1, 1]) {
      g.moveTo(50, 44)
        .bezierCurveTo(50 + s * 20, 14, 50 + s * 46, 18, 50 + s * 42, 44)
        .bezierCurveTo(50 + s * 40, 54, 50 + s * 20, 54, 50, 50)
        .closePath();
      paint(g, 0xc9a86b);
      g.moveTo(50, 52)
        .bezierCurveTo(50 + s * 30, 54, 50 + s * 34, 78, 50 + s * 18, 80)
        .bezierCurveTo(50 + s * 8, 78, 50, 66, 50, 56)
        .closePath();
      paint(g, 0xb08f58);
      g.circle(50 + s * 28, 36, 6)
        .fill({ color: 0x3b2a52 })
        .stroke({ width: 2, color: 0xf6ead0 });
    }
    paint(g.ellipse(50, 54, 5, 20), 0x6b4a2b, 2);
    ink(g, [48, 36, 40, 22], 1.5);
    ink(g, [52, 36, 60, 22], 1.5);
  },
  // Ruby Rush
  DIAMOND: (g) => gem(g, 0xbfe9ff, 0xffffff, 0x6fb7e0),
  RING: (g) => ring(g, 0xe0f4ff),
  EMERALD: (g) => gem(g, 0x10b981, 0x6ee7b7, 0x065f46, 'square'),
  SAPPHIRE: (g) => gem(g, 0x1d4ed8, 0x60a5fa, 0x1e3a8a, 'drop'),
  RUBY: (g) => {
    g.circle(50, 52, 42).fill({ color: 0xff2d55, alpha: 0.2 });
    gem(g, 0xd61f3c, 0xff7a90, 0x7a0f22);
    sparkle(g, 78, 20, 9);
  },
  // Salmon of Knowledge and Book of Druids
  FIONN: (g) => {
    bust(g, { skin: 0xf2c9a5, hair: 0xe0a13a, robe: 0x2e6b3a, long: true });
    paint(g.roundRect(30, 30, 40, 5, 2), GOLD, 1.5);
    paint(g.poly([50, 66, 56, 76, 50, 86, 44, 76]), GOLD, 1.5);
  },
  SALMON2: (g) => fish(g, 0xf28b6a, 0xffd2bf, '2'),
  SALMON3: (g) => fish(g, 0xe4682a, 0xffc4a8, '3'),
  HAZEL: (g) => {
    shadow(g, 50, 92, 30, 5);
    paint(g.poly([44, 92, 46, 58, 54, 58, 56, 92]), 0x6b4a2b);
    paint(g.circle(50, 40, 30), 0x3f9a4a);
    paint(g.circle(30, 50, 16), 0x4caf50, 2.5);
    paint(g.circle(70, 50, 16), 0x4caf50, 2.5);
    for (const [x, y] of [
      [40, 34],
      [58, 30],
      [62, 52],
      [36, 54],
      [50, 46],
    ] as const)
      paint(g.ellipse(x, y, 4.5, 5.5), 0xb07a3a, 1.5);
    gleam(g, 38, 22, 10, 5, 0.3);
  },
  CAULDRON: (g) => {
    shadow(g, 50, 92, 36, 5);
    g.circle(36, 18, 6).fill({ color: 0x7cfc9a, alpha: 0.6 });
    g.circle(56, 10, 4).fill({ color: 0x7cfc9a, alpha: 0.5 });
    g.circle(62, 24, 5).fill({ color: 0x7cfc9a, alpha: 0.6 });
    g.moveTo(16, 40).bezierCurveTo(10, 76, 30, 90, 50, 90).bezierCurveTo(70, 90, 90, 76, 84, 40).closePath();
    paint(g, 0x2b2b33);
    tint(g.ellipse(50, 40, 32, 7), 0x3fd06a);
    paint(g.roundRect(12, 34, 76, 9, 4), 0x3a3a44, 2.5);
    gleam(g, 30, 60, 5, 12, 0.2);
  },
  SPEAR: (g) => {
    shadow(g);
    paint(g.poly([47, 36, 53, 36, 54, 94, 46, 94]), WOOD);
    g.moveTo(50, 4).bezierCurveTo(62, 20, 62, 30, 50, 40).bezierCurveTo(38, 30, 38, 20, 50, 4).closePath();
    paint(g, STEEL);
    ink(g, [50, 8, 50, 38], 1.5, 0x5c6b7a);
    paint(g.roundRect(45, 38, 10, 6, 2), GOLD, 1.5);
    paint(g.poly([54, 46, 66, 52, 54, 56]), 0xd61f3c, 1.5);
  },
  RIVER: (g) => {
    shadow(g, 50, 84, 40, 6);
    paint(g.ellipse(50, 60, 38, 24), 0x6b7785);
    tint(g.ellipse(44, 54, 26, 14), 0x9aa6b2, 0.8);
    g.moveTo(20, 60).bezierCurveTo(34, 50, 44, 70, 58, 58).bezierCurveTo(68, 50, 76, 60, 82, 56);
    g.stroke({ width: 4, color: 0x3ad0ff, cap: 'round' });
    paint(g.star(50, 26, 3, 10, 4, 0), 0x3ad0ff, 2);
    gleam(g, 36, 48, 10, 4, 0.4);
  },
  BOOK: (g) => book(g, 0x7a1f3d, GOLD),
  MISTLETOE: (g) => {
    shadow(g);
    ink(g, [50, 10, 50, 40], 4, 0x1f6b2f);
    leaf(g, 50, 40, 2.5, 30, 0x5aa04a);
    leaf(g, 50, 40, 0.64, 30, 0x5aa04a);
    leaf(g, 50, 44, 1.9, 26, 0x4caf50);
    leaf(g, 50, 44, 1.2, 26, 0x4caf50);
    for (const [x, y] of [
      [44, 48],
      [56, 48],
      [50, 56],
    ] as const) {
      paint(g.circle(x, y, 7), 0xf6f6f0, 2);
      g.circle(x - 2, y - 2, 2).fill({ color: 0xffffff });
    }
    paint(g.poly([36, 14, 50, 22, 64, 14, 60, 26, 40, 26]), 0xd61f3c, 2);
  },
  DRUID: (g) => {
    bust(g, { skin: 0xe8b48a, hair: 0xf0f0f0, robe: 0xe8e4d8, beard: 0xf0f0f0 });
    g.moveTo(20, 66)
      .bezierCurveTo(20, 20, 40, 8, 50, 8)
      .bezierCurveTo(60, 8, 80, 20, 80, 66)
      .lineTo(70, 66)
      .bezierCurveTo(70, 40, 64, 26, 50, 26)
      .bezierCurveTo(36, 26, 30, 40, 30, 66)
      .closePath();
    paint(g, 0xe8e4d8);
    leaf(g, 40, 24, -0.5, 10, 0x4caf50);
    leaf(g, 60, 24, -2.6, 10, 0x4caf50);
  },
  OAK: (g) => {
    shadow(g, 50, 92, 34, 5);
    paint(g.poly([42, 92, 44, 56, 56, 56, 58, 92]), 0x6b4a2b);
    for (const [x, y, r] of [
      [50, 30, 22],
      [30, 44, 18],
      [70, 44, 18],
      [40, 22, 14],
      [62, 22, 14],
    ] as const)
      paint(g.circle(x, y, r), 0x2e7d32, 2.5);
    for (const [x, y] of [
      [36, 40],
      [64, 36],
      [50, 48],
    ] as const) {
      paint(g.ellipse(x, y, 4, 5), 0xc9852f, 1.5);
      tint(g.ellipse(x, y - 4, 4.5, 2.5), 0x7a4a1f);
    }
    gleam(g, 44, 16, 10, 4, 0.3);
  },
  // Stardust Spins
  STAR2: (g) => star(g, 0xffd23f, 0xfff6c8, 2),
  STAR3: (g) => star(g, 0xff9f1c, 0xffe0a0, 3),
  STAR5: (g) => star(g, 0xf2567a, 0xffc4d4, 5),
  PLANET: (g) => {
    shadow(g);
    paint(g.circle(50, 50, 26), 0x7c5cff);
    tint(g.ellipse(50, 44, 26, 6), 0xa98bff, 0.7);
    tint(g.ellipse(50, 58, 24, 5), 0x5a3fd8, 0.7);
    g.ellipse(50, 54, 44, 11).stroke({ width: 8, color: INK });
    g.ellipse(50, 54, 44, 11).stroke({ width: 5, color: 0xffc94a });
    g.moveTo(26, 44).bezierCurveTo(30, 24, 70, 24, 74, 44).bezierCurveTo(70, 36, 30, 36, 26, 44).closePath();
    paint(g, 0x7c5cff, 0);
    gleam(g, 40, 34, 8, 4, 0.45);
  },
  ROCKET: (g) => {
    shadow(g);
    g.moveTo(42, 76).bezierCurveTo(40, 90, 50, 98, 50, 98).bezierCurveTo(50, 98, 60, 90, 58, 76).closePath();
    tint(g, 0xff7a1a);
    paint(g.poly([34, 60, 20, 80, 38, 74]), 0xd61f3c, 2.5);
    paint(g.poly([66, 60, 80, 80, 62, 74]), 0xd61f3c, 2.5);
    g.moveTo(50, 6).bezierCurveTo(70, 22, 68, 56, 62, 78).lineTo(38, 78).bezierCurveTo(32, 56, 30, 22, 50, 6).closePath();
    paint(g, 0xf1f4f8);
    paint(g.circle(50, 40, 9), 0x3ad0ff, 2.5);
    gleam(g, 47, 37, 3, 2, 0.8);
    g.moveTo(50, 6).bezierCurveTo(60, 14, 64, 20, 66, 26).lineTo(34, 26).bezierCurveTo(36, 20, 40, 14, 50, 6).closePath();
    paint(g, 0xd61f3c, 2);
  },
  COMET: (g) => {
    g.moveTo(62, 38).bezierCurveTo(40, 40, 20, 60, 4, 92).bezierCurveTo(30, 74, 50, 66, 72, 58).closePath();
    g.fill({ color: 0x7dd3fc, alpha: 0.55 });
    g.moveTo(64, 42).bezierCurveTo(46, 50, 30, 66, 16, 86).bezierCurveTo(36, 72, 52, 64, 70, 56).closePath();
    g.fill({ color: 0xffffff, alpha: 0.6 });
    paint(g.circle(70, 40, 16), 0xe0f4ff);
    tint(g.circle(67, 37, 8), 0xffffff);
    sparkle(g, 86, 16, 8);
  },
  // Hearts of Kinsale
  HEART: (g) => {
    g.circle(50, 50, 42).fill({ color: 0xff2d55, alpha: 0.18 });
    shadow(g);
    heartPath(g, 50, 48, 36);
    paint(g, 0xe11d48);
    heartPath(g, 44, 40, 18);
    tint(g, 0xff7a90, 0.55);
    gleam(g, 34, 30, 7, 4, 0.6);
  },
  ROSE: (g) => {
    shadow(g);
    ink(g, [50, 56, 50, 94], 5, 0x1f6b2f);
    leaf(g, 50, 76, -0.3, 20, 0x3f9a4a);
    leaf(g, 50, 70, 3.4, 18, 0x3f9a4a);
    paint(g.circle(50, 38, 24), 0xc81e3c);
    g.arc(50, 40, 14, Math.PI * 1.1, Math.PI * 2.4).stroke({ width: 3, color: 0x7a0f22 });
    g.arc(50, 38, 7, 0, Math.PI * 1.6).stroke({ width: 3, color: 0x7a0f22 });
    gleam(g, 40, 26, 6, 3, 0.4);
  },
  BOAT: (g) => {
    shadow(g, 50, 86, 40, 5);
    g.moveTo(6, 58).lineTo(94, 58).bezierCurveTo(88, 76, 70, 80, 50, 80).bezierCurveTo(30, 80, 12, 76, 6, 58).closePath();
    paint(g, 0x1e4fa8);
    tint(g.rect(10, 60, 80, 5), 0xffffff);
    ink(g, [50, 58, 50, 16], 3.5, 0x5b3a1a);
    paint(g.poly([52, 16, 82, 54, 52, 54]), 0xd61f3c, 2.5);
    paint(g.poly([48, 22, 24, 54, 48, 54]), 0xf4ecd8, 2.5);
    g.moveTo(4, 88).bezierCurveTo(20, 80, 30, 92, 50, 86).bezierCurveTo(70, 80, 80, 92, 96, 86);
    g.stroke({ width: 3, color: 0x3ad0ff, cap: 'round' });
  },
  // Dublin Jackpot Express
  TRAIN: (g) => {
    shadow(g, 50, 90, 44, 5);
    paint(g.rect(30, 14, 10, 20), 0x2b2b33, 2.5);
    g.circle(30, 8, 6).fill({ color: 0xe7eef2, alpha: 0.7 });
    g.circle(20, 4, 4).fill({ color: 0xe7eef2, alpha: 0.6 });
    paint(g.roundRect(14, 34, 52, 36, 6), 0x1f8a3a);
    paint(g.roundRect(60, 22, 30, 48, 4), 0x14632e);
    paint(g.roundRect(66, 30, 18, 14, 2), 0xfff3a0, 2);
    paint(g.poly([4, 70, 14, 56, 14, 70]), 0xd61f3c, 2);
    tint(g.rect(14, 46, 52, 5), GOLD);
    for (const x of [24, 48, 74]) {
      paint(g.circle(x, 76, 10), 0x2b2b33);
      tint(g.circle(x, 76, 4), GOLD);
    }
    g.circle(14, 44, 4).fill({ color: 0xfff3a0 }).stroke({ width: 1.5, color: INK });
  },
  CONDUCTOR: (g) => {
    bust(g, { skin: 0xf2c29b, hair: 0x4b2a14, robe: 0x1e3a8a, beard: 0x4b2a14 });
    paint(g.roundRect(28, 16, 44, 16, 4), 0x1e3a8a);
    paint(g.ellipse(50, 32, 26, 5), INK, 1);
    paint(g.roundRect(44, 19, 12, 7, 2), GOLD, 1.5);
    g.circle(44, 80, 2.5).fill({ color: GOLD });
    g.circle(56, 80, 2.5).fill({ color: GOLD });
  },
  STATION: (g) => {
    shadow(g, 50, 90, 40, 5);
    paint(g.rect(14, 40, 72, 48), 0xb45a3c);
    paint(g.poly([8, 42, 50, 14, 92, 42]), 0x3a4a5a);
    paint(g.circle(50, 32, 7), 0xf6ead0, 2);
    ink(g, [50, 32, 50, 28], 1.5);
    ink(g, [50, 32, 53, 33], 1.5);
    paint(g.roundRect(40, 60, 20, 28, 8), 0x1f8a3a, 2);
    for (const x of [20, 68]) paint(g.roundRect(x, 52, 12, 14, 2), 0xfff3a0, 2);
  },
  LAMP: (g) => {
    shadow(g, 50, 94, 18, 3);
    g.circle(50, 26, 24).fill({ color: 0xffe14a, alpha: 0.25 });
    paint(g.roundRect(46, 40, 8, 52, 2), 0x2b2b33);
    paint(g.roundRect(38, 86, 24, 6, 2), 0x2b2b33, 2);
    paint(g.poly([36, 16, 64, 16, 60, 40, 40, 40]), 0xffe14a);
    paint(g.poly([32, 16, 50, 4, 68, 16]), 0x2b2b33, 2);
    ink(g, [50, 16, 50, 40], 2, 0x2b2b33);
  },
  CLOCK: (g) => {
    shadow(g);
    paint(g.circle(50, 50, 38), GOLD);
    paint(g.circle(50, 50, 30), 0xfaf3e6, 2);
    for (let h = 0; h < 12; h++) {
      const a = (h * Math.PI) / 6;
      ink(g, [50 + Math.cos(a) * 24, 50 + Math.sin(a) * 24, 50 + Math.cos(a) * 28, 50 + Math.sin(a) * 28], 2);
    }
    ink(g, [50, 50, 50, 30], 3.5);
    ink(g, [50, 50, 64, 56], 3);
    g.circle(50, 50, 3).fill({ color: 0xd61f3c });
    paint(g.roundRect(44, 4, 12, 8, 2), GOLD, 2);
  },
  TICKET: (g) => {
    shadow(g);
    g.poly([8, 28, 92, 28, 92, 44, 86, 50, 92, 56, 92, 72, 8, 72, 8, 56, 14, 50, 8, 44]);
    paint(g, 0xf2b705);
    g.rect(18, 34, 64, 32).stroke({ width: 2, color: 0xa86b00 });
    paint(g.star(50, 50, 5, 12, 5, 0), 0xd61f3c, 2);
    for (const y of [34, 42, 50, 58, 66]) g.circle(30, y, 1.5).fill({ color: 0xa86b00 });
    gleam(g, 30, 32, 14, 2, 0.45);
  },
  // Classic and fruit
  SEVEN: (g) => {
    shadow(g);
    g.poly([16, 14, 84, 14, 84, 28, 52, 88, 30, 88, 62, 30, 16, 30]);
    paint(g, 0xd61f3c, 4);
    tint(g.poly([20, 18, 80, 18, 80, 22, 20, 22]), 0xffffff, 0.5);
    tint(g.poly([64, 32, 76, 28, 50, 82, 40, 82]), 0xff7a90, 0.5);
  },
  BAR3: (g) => bar(g, 3),
  BAR2: (g) => bar(g, 2),
  BAR1: (g) => bar(g, 1),
  CHERRY: (g) => {
    shadow(g);
    g.moveTo(34, 60).bezierCurveTo(40, 36, 50, 24, 60, 12);
    g.stroke({ width: 3.5, color: 0x3a6b2a, cap: 'round' });
    g.moveTo(66, 64).bezierCurveTo(66, 40, 62, 24, 60, 12);
    g.stroke({ width: 3.5, color: 0x3a6b2a, cap: 'round' });
    leaf(g, 60, 12, 0.1, 22, 0x4caf50);
    paint(g.circle(32, 66, 18), 0xd61f3c);
    paint(g.circle(66, 70, 18), 0xc81e3c);
    gleam(g, 26, 60, 5, 4, 0.6);
    gleam(g, 60, 64, 5, 4, 0.6);
  },
  BLANK: (g) => {
    g.circle(50, 50, 6).fill({ color: 0xffffff, alpha: 0.15 });
  },
  MELON: (g) => {
    shadow(g);
    g.moveTo(8, 40).bezierCurveTo(10, 80, 90, 80, 92, 40).closePath();
    paint(g, 0x2e8b3a);
    g.moveTo(14, 42).bezierCurveTo(18, 72, 82, 72, 86, 42).closePath();
    tint(g, 0xf8f3d8);
    g.moveTo(18, 42).bezierCurveTo(22, 66, 78, 66, 82, 42).closePath();
    tint(g, 0xf2456a);
    for (const [x, y] of [
      [32, 50],
      [44, 56],
      [56, 56],
      [68, 50],
      [50, 48],
    ] as const)
      g.ellipse(x, y, 2, 3).fill({ color: INK });
  },
  GRAPES: (g) => {
    shadow(g);
    leaf(g, 52, 16, -0.5, 24, 0x4caf50);
    for (const [x, y] of [
      [34, 34],
      [50, 32],
      [66, 34],
      [42, 48],
      [58, 48],
      [34, 60],
      [50, 62],
      [66, 60],
      [42, 74],
      [58, 74],
      [50, 86],
    ] as const) {
      paint(g.circle(x, y, 10), 0x7b3fa8, 2);
      gleam(g, x - 3, y - 3, 3, 2, 0.5);
    }
  },
  PLUM: (g) => {
    fruit(g, 0x6b2a8a, 0xa35cc9, 30, 32);
    ink(g, [50, 24, 50, 84], 1.5, 0x4a1a60);
    ink(g, [50, 22, 54, 10], 4, 0x4a2a0f);
  },
  ORANGE: (g) => {
    fruit(g, 0xf28c1a, 0xffc46b);
    leaf(g, 50, 24, -0.6, 20, 0x4caf50);
    for (const [x, y] of [
      [40, 50],
      [60, 60],
      [52, 40],
      [38, 66],
    ] as const)
      g.circle(x, y, 1.3).fill({ color: 0xc96a0a });
  },
  LEMON: (g) => {
    shadow(g);
    g.moveTo(8, 52).bezierCurveTo(20, 22, 80, 22, 92, 52).bezierCurveTo(80, 82, 20, 82, 8, 52).closePath();
    paint(g, 0xf6d32a);
    gleam(g, 34, 40, 12, 5, 0.55);
  },
};

/** Whether the symbol has artwork of its own (the royals are drawn as carved letters). */
export const hasArt = (id: string): boolean => Object.hasOwn(ART, id);

/** Draws the symbol `id` into `g` in a 100 × 100 box. */
export function drawSymbolArt(g: Graphics, id: string): void {
  const art = ART[id];
  if (art) art(g);
  else gem(g, 0x8b5cf6, 0xc4b5fd, 0x4c1d95);
}
