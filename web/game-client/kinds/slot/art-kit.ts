/**
 * The pen the slot symbols are drawn with: every symbol is vector artwork in a 100 × 100 box,
 * drawn once per title into a texture. Outlined shapes with a lighter highlight and a soft shadow
 * give the painted look; colours are numbers (0xRRGGBB).
 */
import type { Graphics } from 'pixi.js';

export const INK = 0x1a1008;

/** Fills the path just drawn and outlines it in ink. */
export function paint(g: Graphics, color: number, outline = 3): Graphics {
  return g.fill({ color }).stroke({ width: outline, color: INK, alpha: 0.9, join: 'round', cap: 'round' });
}

/** Fills the path just drawn, no outline. */
export const tint = (g: Graphics, color: number, alpha = 1): Graphics => g.fill({ color, alpha });

/** A soft white gleam (the light comes from the top left). */
export function gleam(g: Graphics, x: number, y: number, rx: number, ry: number, alpha = 0.45): void {
  g.ellipse(x, y, rx, ry).fill({ color: 0xffffff, alpha });
}

/** The shadow a symbol casts on its tile. */
export function shadow(g: Graphics, x = 50, y = 90, rx = 30, ry = 5): void {
  g.ellipse(x, y, rx, ry).fill({ color: 0x000000, alpha: 0.28 });
}

/** A line in ink (details: mouths, veins, strings). */
export function ink(g: Graphics, points: number[], width = 2.5, color = INK): void {
  g.moveTo(points[0]!, points[1]!);
  for (let i = 2; i < points.length; i += 2) g.lineTo(points[i]!, points[i + 1]!);
  g.stroke({ width, color, cap: 'round', join: 'round' });
}

/** A five-petal or n-point sparkle. */
export function sparkle(g: Graphics, x: number, y: number, r: number, color = 0xffffff, alpha = 0.9): void {
  g.star(x, y, 4, r, r * 0.28).fill({ color, alpha });
}

/** A gold coin face: rim, face and a stamped mark. */
export function coin(g: Graphics, x: number, y: number, r: number): void {
  paint(g.circle(x, y, r), 0xd99a06);
  tint(g.circle(x, y, r * 0.78), 0xfbd24a);
  g.circle(x, y, r * 0.78).stroke({ width: 1.5, color: 0xa86b00 });
  gleam(g, x - r * 0.3, y - r * 0.35, r * 0.35, r * 0.2, 0.6);
}

/** A faceted gem (ruby, emerald, sapphire, diamond) with its crown and pavilion. */
export function gem(g: Graphics, base: number, light: number, dark: number, cut: 'round' | 'square' | 'drop' = 'round'): void {
  shadow(g);
  if (cut === 'square') {
    paint(g.poly([30, 18, 70, 18, 84, 32, 84, 68, 70, 82, 30, 82, 16, 68, 16, 32]), base);
    tint(g.poly([36, 30, 64, 30, 70, 36, 70, 64, 64, 70, 36, 70, 30, 64, 30, 36]), light, 0.85);
    tint(g.poly([16, 32, 30, 18, 36, 30, 30, 36]), 0xffffff, 0.5);
    tint(g.poly([70, 82, 84, 68, 70, 64, 64, 70]), dark, 0.8);
    return;
  }
  if (cut === 'drop') {
    g.moveTo(50, 12).bezierCurveTo(78, 40, 84, 58, 78, 70).bezierCurveTo(70, 90, 30, 90, 22, 70).bezierCurveTo(16, 58, 22, 40, 50, 12).closePath();
    paint(g, base);
    tint(g.poly([50, 24, 66, 56, 50, 78, 34, 56]), light, 0.8);
    gleam(g, 38, 52, 6, 12, 0.55);
    return;
  }
  paint(g.poly([30, 22, 70, 22, 88, 40, 50, 88, 12, 40]), base);
  tint(g.poly([30, 22, 70, 22, 62, 40, 38, 40]), light, 0.9);
  tint(g.poly([12, 40, 38, 40, 50, 88]), light, 0.45);
  tint(g.poly([88, 40, 62, 40, 50, 88]), dark, 0.7);
  ink(g, [12, 40, 88, 40], 1.5);
  ink(g, [38, 40, 50, 88, 62, 40], 1.2);
  sparkle(g, 34, 30, 8);
}

/** A head and shoulders portrait: the base of every character symbol. */
export function bust(g: Graphics, look: { skin: number; hair: number; robe: number; beard?: number; eyes?: number; long?: boolean }): void {
  shadow(g, 50, 92, 34, 5);
  // shoulders
  g.moveTo(14, 96).bezierCurveTo(16, 72, 30, 66, 50, 66).bezierCurveTo(70, 66, 84, 72, 86, 96).closePath();
  paint(g, look.robe);
  gleam(g, 32, 76, 10, 4, 0.25);
  if (look.long) paint(g.roundRect(26, 30, 48, 52, 20), look.hair);
  // neck and head
  paint(g.rect(43, 56, 14, 12), look.skin, 2);
  paint(g.ellipse(50, 44, 18, 21), look.skin);
  // eyes, cheeks and mouth
  const eye = look.eyes ?? 0x2b1a0e;
  g.circle(43, 43, 2.6).fill({ color: eye });
  g.circle(57, 43, 2.6).fill({ color: eye });
  g.circle(38, 51, 3.5).fill({ color: 0xe0705a, alpha: 0.35 });
  g.circle(62, 51, 3.5).fill({ color: 0xe0705a, alpha: 0.35 });
  if (look.beard !== undefined) {
    g.moveTo(32, 46).bezierCurveTo(32, 76, 68, 76, 68, 46).bezierCurveTo(62, 58, 38, 58, 32, 46).closePath();
    paint(g, look.beard, 2);
    ink(g, [45, 55, 50, 57, 55, 55], 2);
  } else {
    ink(g, [45, 53, 50, 56, 55, 53], 2);
  }
  // hair over the brow
  g.moveTo(32, 42).bezierCurveTo(30, 22, 70, 22, 68, 42).bezierCurveTo(60, 32, 40, 32, 32, 42).closePath();
  paint(g, look.hair, 2);
}

/** A crown of `points` points on a band, over a head or alone. */
export function crown(g: Graphics, x: number, y: number, w: number, h: number, gold = 0xf2b705, jewel = 0xd61f3c): void {
  const step = w / 4;
  g.poly([x, y + h, x, y, x + step, y + h * 0.55, x + step * 2, y - h * 0.15, x + step * 3, y + h * 0.55, x + w, y, x + w, y + h]);
  paint(g, gold, 2.5);
  tint(g.rect(x + 2, y + h * 0.7, w - 4, h * 0.18), 0xffe89a, 0.7);
  g.circle(x + w / 2, y + h * 0.72, h * 0.16)
    .fill({ color: jewel })
    .stroke({ width: 1.5, color: INK });
  for (const px of [x, x + step * 2, x + w])
    g.circle(px, px === x + step * 2 ? y - h * 0.15 : y, h * 0.1)
      .fill({ color: 0xfff2c0 })
      .stroke({ width: 1.2, color: INK });
}
