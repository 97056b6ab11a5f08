/**
 * Drawing tools for the game scenes (game-scenes.ts). A scene is drawn on an 800×600 stage; its
 * backdrop reaches well beyond it (x −800…1600) so that the 16:9 background, which shows the stage
 * scaled to the right and a strip to its left, is covered too. Everything is plain SVG built from
 * numbers and colours written here: no text from outside, no references to other files.
 */
export type Stop = readonly [offset: number, colour: string, opacity?: number];

export interface Stage {
  /** Seeded, so the same title draws the same picture on every node. */
  rand: () => number;
  /** A linear gradient over the shape's box, top to bottom unless told; answers `url(#…)`. */
  lin(stops: readonly Stop[], direction?: { x1?: number; y1?: number; x2?: number; y2?: number }): string;
  /** A linear gradient in stage units (for skies and seas that span several shapes). */
  linStage(stops: readonly Stop[], y1: number, y2: number): string;
  rad(stops: readonly Stop[], at?: { cx?: number; cy?: number; r?: number; fx?: number; fy?: number }): string;
}

export const n = (value: number) => Math.round(value * 10) / 10;

const stopsOf = (stops: readonly Stop[]) =>
  stops
    .map(([offset, colour, opacity]) => `<stop offset="${offset}" stop-color="${colour}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`)
    .join('');

/** A stage with its own gradient store; `defs()` gives what the drawing used. */
export function createStage(rand: () => number, prefix: string): Stage & { defs(): string } {
  const definitions: string[] = [];
  const next = () => `${prefix}${definitions.length.toString(36)}`;
  return {
    rand,
    lin(stops, direction = {}) {
      const id = next();
      const { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = direction;
      definitions.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsOf(stops)}</linearGradient>`);
      return `url(#${id})`;
    },
    linStage(stops, y1, y2) {
      const id = next();
      definitions.push(`<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="${y1}" x2="0" y2="${y2}">${stopsOf(stops)}</linearGradient>`);
      return `url(#${id})`;
    },
    rad(stops, at = {}) {
      const id = next();
      const { cx = 0.5, cy = 0.5, r = 0.5 } = at;
      const focus = at.fx === undefined ? '' : ` fx="${at.fx}" fy="${at.fy ?? cy}"`;
      definitions.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${focus}>${stopsOf(stops)}</radialGradient>`);
      return `url(#${id})`;
    },
    defs: () => definitions.join(''),
  };
}

export const between = (s: Stage, low: number, high: number) => low + s.rand() * (high - low);

/** The whole backdrop in one gradient, top colour to horizon colour. */
export const sky = (s: Stage, top: string, bottom: string, horizon = 600) =>
  `<rect x="-800" y="-100" width="2400" height="800" fill="${s.linStage(
    [
      [0, top],
      [1, bottom],
    ],
    0,
    horizon,
  )}"/>`;

export const glow = (s: Stage, cx: number, cy: number, r: number, colour: string, opacity = 0.7) =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${s.rad([
    [0, colour, opacity],
    [1, colour, 0],
  ])}"/>`;

/** Rolling hills: a smooth ridge at about `y`, rising and falling by `amplitude`. */
export function hills(s: Stage, y: number, amplitude: number, fill: string, step = 220): string {
  let d = `M-800 700 L-800 ${n(y)} Q${-800 + step / 2} ${n(y - amplitude * (0.5 + s.rand()))} ${-800 + step} ${n(y)}`;
  for (let x = -800 + step * 2; x <= 1600 + step; x += step) d += ` T${x} ${n(y + (s.rand() - 0.5) * amplitude * 0.8)}`;
  return `<path d="${d} L1700 700Z" fill="${fill}"/>`;
}

/** Jagged mountains with peaks between `low` and `high`, and snow on those above `snowAbove`. */
export function mountains(s: Stage, base: number, low: number, high: number, fill: string, step = 180, snow?: string): string {
  let d = `M-800 700 L-800 ${base}`;
  const caps: string[] = [];
  for (let x = -800; x < 1600; x += step) {
    const peakX = x + step * between(s, 0.35, 0.65);
    const peakY = between(s, high, low);
    d += ` L${n(peakX)} ${n(peakY)} L${x + step} ${n(base - between(s, 0, (base - low) * 0.5))}`;
    if (snow && peakY < (high + low) / 2) {
      const w = step * 0.14;
      caps.push(
        `M${n(peakX)} ${n(peakY)} L${n(peakX + w)} ${n(peakY + w * 1.2)} L${n(peakX + w * 0.3)} ${n(peakY + w)} L${n(peakX - w * 0.2)} ${n(peakY + w * 1.3)} L${n(peakX - w)} ${n(peakY + w * 1.1)}Z`,
      );
    }
  }
  return `<path d="${d} L1600 700Z" fill="${fill}"/>${caps.length ? `<path d="${caps.join(' ')}" fill="${snow}" opacity="0.9"/>` : ''}`;
}

/** Small stars over the visible part of the backdrop, above `bottom`. */
export function stars(s: Stage, count: number, bottom: number, colour = '#ffffff'): string {
  return Array.from({ length: count }, () => {
    const r = between(s, 0.8, 2.6);
    return `<circle cx="${n(between(s, -270, 800))}" cy="${n(between(s, 0, bottom))}" r="${n(r)}" fill="${colour}" opacity="${n(between(s, 0.35, 0.95))}"/>`;
  }).join('');
}

/** A four-pointed glint. */
export const sparkle = (x: number, y: number, r: number, fill = '#ffffff', opacity = 0.9) =>
  `<path d="M${n(x)} ${n(y - r)} Q${n(x + r * 0.12)} ${n(y - r * 0.12)} ${n(x + r)} ${n(y)} Q${n(x + r * 0.12)} ${n(y + r * 0.12)} ${n(x)} ${n(y + r)} Q${n(x - r * 0.12)} ${n(y + r * 0.12)} ${n(x - r)} ${n(y)} Q${n(x - r * 0.12)} ${n(y - r * 0.12)} ${n(x)} ${n(y - r)}Z" fill="${fill}" opacity="${opacity}"/>`;

export function sparkles(s: Stage, count: number, area: { x1: number; y1: number; x2: number; y2: number }, fill = '#ffffff'): string {
  return Array.from({ length: count }, () =>
    sparkle(between(s, area.x1, area.x2), between(s, area.y1, area.y2), between(s, 5, 16), fill, n(between(s, 0.5, 0.95))),
  ).join('');
}

export const cloud = (cx: number, cy: number, size: number, fill: string, opacity = 1) =>
  `<g fill="${fill}" opacity="${opacity}"><ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(size)}" ry="${n(size * 0.42)}"/><circle cx="${n(cx - size * 0.35)}" cy="${n(cy - size * 0.2)}" r="${n(size * 0.38)}"/><circle cx="${n(cx + size * 0.2)}" cy="${n(cy - size * 0.32)}" r="${n(size * 0.48)}"/><circle cx="${n(cx + size * 0.62)}" cy="${n(cy - size * 0.05)}" r="${n(size * 0.3)}"/></g>`;

/** A gold coin seen slightly from above. */
export const coin = (s: Stage, cx: number, cy: number, r: number) =>
  `<g><ellipse cx="${n(cx)}" cy="${n(cy + r * 0.14)}" rx="${n(r)}" ry="${n(r * 0.9)}" fill="#a86b00"/><ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r)}" ry="${n(r * 0.9)}" fill="${s.lin(
    [
      [0, '#fff3a8'],
      [0.5, '#ffc928'],
      [1, '#d48a00'],
    ],
  )}"/><ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r * 0.72)}" ry="${n(r * 0.64)}" fill="none" stroke="#b87800" stroke-width="${n(r * 0.09)}"/><path d="M${n(cx - r * 0.18)} ${n(cy - r * 0.3)} h${n(r * 0.36)} M${n(cx)} ${n(cy - r * 0.38)} v${n(r * 0.72)}" stroke="#b87800" stroke-width="${n(r * 0.12)}" stroke-linecap="round"/></g>`;

/** A brilliant-cut gem seen from the side: a crown of facets above, a pavilion below. */
export function gem(s: Stage, cx: number, cy: number, r: number, light: string, mid: string, dark: string): string {
  const top = cy - r * 0.55;
  const girdle = cy - r * 0.1;
  const point = cy + r;
  const pts = (list: [number, number][]) => list.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
  return `<g stroke="${dark}" stroke-width="${n(r * 0.025)}" stroke-linejoin="round">
<polygon points="${pts([
    [cx - r * 0.55, top],
    [cx + r * 0.55, top],
    [cx + r, girdle],
    [cx - r, girdle],
  ])}" fill="${s.lin([
    [0, light],
    [1, mid],
  ])}"/>
<polygon points="${pts([
    [cx - r * 0.55, top],
    [cx - r * 0.2, top],
    [cx - r * 0.45, girdle],
    [cx - r, girdle],
  ])}" fill="${light}" opacity="0.8"/>
<polygon points="${pts([
    [cx + r * 0.2, top],
    [cx + r * 0.55, top],
    [cx + r, girdle],
    [cx + r * 0.45, girdle],
  ])}" fill="${dark}" opacity="0.45"/>
<polygon points="${pts([
    [cx - r, girdle],
    [cx + r, girdle],
    [cx, point],
  ])}" fill="${s.lin([
    [0, mid],
    [1, dark],
  ])}"/>
<polygon points="${pts([
    [cx - r, girdle],
    [cx - r * 0.45, girdle],
    [cx, point],
  ])}" fill="${light}" opacity="0.55"/>
<polygon points="${pts([
    [cx, girdle],
    [cx + r * 0.45, girdle],
    [cx, point],
  ])}" fill="${dark}" opacity="0.35"/>
</g>${sparkle(cx - r * 0.4, top + r * 0.12, r * 0.28)}`;
}

/** Sea from `y` down with rows of wave crests. */
export function sea(s: Stage, y: number, top: string, bottom: string, crest: string, rows = 4): string {
  const crests = Array.from({ length: rows }, (_, row) => {
    const rowY = y + 18 + row * ((600 - y) / rows);
    const width = 40 + row * 22;
    let d = '';
    for (let x = -800 + s.rand() * width; x < 1600; x += width * between(s, 1.4, 2.4))
      d += `M${n(x)} ${n(rowY)} q${n(width / 2)} ${n(-width * 0.22)} ${n(width)} 0 `;
    return `<path d="${d}" fill="none" stroke="${crest}" stroke-width="${n(2 + row * 1.2)}" stroke-linecap="round" opacity="${n(0.35 + row * 0.12)}"/>`;
  }).join('');
  return `<rect x="-800" y="${y}" width="2400" height="${700 - y}" fill="${s.linStage(
    [
      [0, top],
      [1, bottom],
    ],
    y,
    600,
  )}"/>${crests}`;
}

/** Light rays fanning out from a point. */
export function rays(cx: number, cy: number, count: number, colour: string, opacity: number, offset = 0): string {
  const reach = 2200;
  const d = Array.from({ length: count }, (_, index) => {
    const a = (Math.PI * 2 * index) / count + offset;
    const b = a + Math.PI / count / 1.4;
    return `M${n(cx)} ${n(cy)} L${n(cx + reach * Math.cos(a))} ${n(cy + reach * Math.sin(a))} L${n(cx + reach * Math.cos(b))} ${n(cy + reach * Math.sin(b))}Z`;
  }).join(' ');
  return `<path d="${d}" fill="${colour}" opacity="${opacity}"/>`;
}

/** Heart centred on (cx, cy), `r` about half its width. */
export const heartPath = (cx: number, cy: number, r: number) =>
  `M${n(cx)} ${n(cy + r * 0.95)} C${n(cx - r * 1.5)} ${n(cy)} ${n(cx - r * 0.8)} ${n(cy - r * 1.15)} ${n(cx)} ${n(cy - r * 0.4)} C${n(cx + r * 0.8)} ${n(cy - r * 1.15)} ${n(cx + r * 1.5)} ${n(cy)} ${n(cx)} ${n(cy + r * 0.95)}Z`;

export function starPath(cx: number, cy: number, outer: number, inner: number, points: number, turn = 0): string {
  const parts: string[] = [];
  for (let index = 0; index < points * 2; index += 1) {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = (Math.PI * index) / points - Math.PI / 2 + turn;
    parts.push(`${index === 0 ? 'M' : 'L'}${n(cx + radius * Math.cos(angle))} ${n(cy + radius * Math.sin(angle))}`);
  }
  return `${parts.join(' ')}Z`;
}

/** A four-leaf clover with its stem. */
export const clover = (cx: number, cy: number, r: number, fill: string, vein: string, turn = 0) =>
  `<g transform="rotate(${turn} ${n(cx)} ${n(cy)})"><path d="M${n(cx)} ${n(cy)} q${n(r * 0.3)} ${n(r * 0.9)} ${n(r * 0.9)} ${n(r * 1.6)}" fill="none" stroke="${fill}" stroke-width="${n(r * 0.16)}" stroke-linecap="round"/>${[
    0, 90, 180, 270,
  ]
    .map(
      (angle) =>
        `<path transform="rotate(${angle} ${n(cx)} ${n(cy)})" d="${heartPath(cx, cy - r * 0.55, r * 0.55)}" fill="${fill}" stroke="${vein}" stroke-width="${n(r * 0.05)}"/>`,
    )
    .join('')}<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.12)}" fill="${vein}"/></g>`;
