import type { GameArtwork, GameScene } from '../../../../contracts/content/games';
import { drawScene } from './game-scenes';
import { createStage } from './scene-kit';

/**
 * Deterministic artwork for the demo catalogue: the same title always draws the same picture, and
 * every title draws its own: the illustrated scene it names (game-scenes.ts), or else a gradient,
 * light rays, scattered shapes and a central symbol; then the title lettering. Plain SVG text: no
 * fonts, scripts or external references, so it is safe as an image.
 */
export type ArtworkSymbol = GameArtwork['symbol'];

export interface ArtworkInput {
  title: string;
  /** Small caption under the title (studio name, tagline). */
  caption?: string | undefined;
  palette?: readonly string[] | undefined;
  symbol?: ArtworkSymbol | undefined;
  width: number;
  height: number;
  /** False for backgrounds that the portal writes its own text over. */
  lettering?: boolean | undefined;
  /** An illustrated scene instead of the symbol on rays. */
  scene?: GameScene | undefined;
  /** What the picture is seeded with, when not the title (a translated title draws the same picture). */
  seed?: string | undefined;
}

/** FNV-1a, 32 bit. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small seeded generator, so positions are the same on every node and every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360} ${Math.round(s)}% ${Math.round(l)}%)`;

export const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const symbols: readonly ArtworkSymbol[] = [
  'gem',
  'star',
  'crown',
  'clover',
  'sun',
  'moon',
  'wave',
  'flame',
  'bolt',
  'heart',
  'diamond',
  'coin',
  'spade',
  'wheel',
  'ball',
  'leaf',
];

const n = (value: number) => Math.round(value * 10) / 10;

function starPath(cx: number, cy: number, outer: number, inner: number, points: number): string {
  const parts: string[] = [];
  for (let index = 0; index < points * 2; index += 1) {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = (Math.PI * index) / points - Math.PI / 2;
    parts.push(`${index === 0 ? 'M' : 'L'}${n(cx + radius * Math.cos(angle))} ${n(cy + radius * Math.sin(angle))}`);
  }
  return `${parts.join(' ')}Z`;
}

/** The central symbol as SVG elements, centred on (cx, cy) with radius r. */
function drawSymbol(symbol: ArtworkSymbol, cx: number, cy: number, r: number, fill: string, stroke: string): string {
  const common = `fill="${fill}" stroke="${stroke}" stroke-width="${n(r * 0.06)}" stroke-linejoin="round"`;
  switch (symbol) {
    case 'gem':
      return `<path ${common} d="M${n(cx - r)} ${n(cy - r * 0.3)} L${n(cx - r * 0.55)} ${n(cy - r * 0.8)} L${n(cx + r * 0.55)} ${n(cy - r * 0.8)} L${n(cx + r)} ${n(cy - r * 0.3)} L${cx} ${n(cy + r)}Z"/><path fill="none" stroke="${stroke}" stroke-width="${n(r * 0.04)}" d="M${n(cx - r)} ${n(cy - r * 0.3)} H${n(cx + r)} M${n(cx - r * 0.3)} ${n(cy - r * 0.8)} L${n(cx - r * 0.45)} ${n(cy - r * 0.3)} L${cx} ${n(cy + r)} L${n(cx + r * 0.45)} ${n(cy - r * 0.3)} L${n(cx + r * 0.3)} ${n(cy - r * 0.8)}"/>`;
    case 'star':
      return `<path ${common} d="${starPath(cx, cy, r, r * 0.45, 5)}"/>`;
    case 'crown':
      return `<path ${common} d="M${n(cx - r)} ${n(cy + r * 0.6)} L${n(cx - r)} ${n(cy - r * 0.5)} L${n(cx - r * 0.5)} ${n(cy)} L${cx} ${n(cy - r * 0.8)} L${n(cx + r * 0.5)} ${n(cy)} L${n(cx + r)} ${n(cy - r * 0.5)} L${n(cx + r)} ${n(cy + r * 0.6)}Z"/><circle cx="${cx}" cy="${n(cy - r * 0.85)}" r="${n(r * 0.12)}" fill="${stroke}"/>`;
    case 'clover':
      return [0, 1, 2, 3]
        .map((index) => {
          const angle = (Math.PI / 2) * index - Math.PI / 4;
          return `<circle ${common} cx="${n(cx + r * 0.42 * Math.cos(angle))}" cy="${n(cy + r * 0.42 * Math.sin(angle))}" r="${n(r * 0.42)}"/>`;
        })
        .join('');
    case 'sun':
      return `<path ${common} d="${starPath(cx, cy, r, r * 0.7, 12)}"/><circle cx="${cx}" cy="${cy}" r="${n(r * 0.5)}" fill="${stroke}" opacity="0.35"/>`;
    case 'moon':
      return `<path ${common} d="M${n(cx + r * 0.3)} ${n(cy - r)} A${n(r)} ${n(r)} 0 1 0 ${n(cx + r * 0.3)} ${n(cy + r)} A${n(r * 0.75)} ${n(r * 0.75)} 0 1 1 ${n(cx + r * 0.3)} ${n(cy - r)}Z"/>`;
    case 'wave':
      return `<path ${common} d="M${n(cx - r)} ${n(cy + r * 0.5)} C${n(cx - r * 0.6)} ${n(cy - r)} ${n(cx + r * 0.2)} ${n(cy - r)} ${n(cx + r * 0.3)} ${n(cy - r * 0.2)} C${n(cx)} ${n(cy - r * 0.4)} ${n(cx - r * 0.3)} ${n(cy)} ${n(cx)} ${n(cy + r * 0.2)} C${n(cx + r * 0.4)} ${n(cy + r * 0.4)} ${n(cx + r * 0.8)} ${n(cy)} ${n(cx + r)} ${n(cy + r * 0.5)}Z"/>`;
    case 'flame':
      return `<path ${common} d="M${cx} ${n(cy - r)} C${n(cx + r * 0.9)} ${n(cy - r * 0.2)} ${n(cx + r * 0.8)} ${n(cy + r)} ${cx} ${n(cy + r)} C${n(cx - r * 0.8)} ${n(cy + r)} ${n(cx - r * 0.9)} ${n(cy)} ${n(cx - r * 0.3)} ${n(cy - r * 0.4)} C${n(cx - r * 0.2)} ${n(cy)} ${n(cx)} ${n(cy)} ${cx} ${n(cy - r)}Z"/>`;
    case 'bolt':
      return `<path ${common} d="M${n(cx + r * 0.2)} ${n(cy - r)} L${n(cx - r * 0.6)} ${n(cy + r * 0.15)} L${n(cx - r * 0.05)} ${n(cy + r * 0.15)} L${n(cx - r * 0.25)} ${n(cy + r)} L${n(cx + r * 0.6)} ${n(cy - r * 0.2)} L${n(cx + r * 0.05)} ${n(cy - r * 0.2)}Z"/>`;
    case 'heart':
      return `<path ${common} d="M${cx} ${n(cy + r * 0.9)} C${n(cx - r * 1.4)} ${n(cy)} ${n(cx - r * 0.7)} ${n(cy - r * 1.1)} ${cx} ${n(cy - r * 0.4)} C${n(cx + r * 0.7)} ${n(cy - r * 1.1)} ${n(cx + r * 1.4)} ${n(cy)} ${cx} ${n(cy + r * 0.9)}Z"/>`;
    case 'diamond':
      return `<path ${common} d="M${cx} ${n(cy - r)} L${n(cx + r * 0.7)} ${cy} L${cx} ${n(cy + r)} L${n(cx - r * 0.7)} ${cy}Z"/>`;
    case 'coin':
      return `<circle ${common} cx="${cx}" cy="${cy}" r="${n(r)}"/><circle cx="${cx}" cy="${cy}" r="${n(r * 0.75)}" fill="none" stroke="${stroke}" stroke-width="${n(r * 0.05)}"/><path fill="${stroke}" d="${starPath(cx, cy, r * 0.4, r * 0.18, 5)}"/>`;
    case 'spade':
      return `<path ${common} d="M${cx} ${n(cy - r)} C${n(cx + r * 1.3)} ${n(cy - r * 0.1)} ${n(cx + r * 0.8)} ${n(cy + r * 0.8)} ${n(cx + r * 0.1)} ${n(cy + r * 0.35)} L${n(cx + r * 0.35)} ${n(cy + r)} L${n(cx - r * 0.35)} ${n(cy + r)} L${n(cx - r * 0.1)} ${n(cy + r * 0.35)} C${n(cx - r * 0.8)} ${n(cy + r * 0.8)} ${n(cx - r * 1.3)} ${n(cy - r * 0.1)} ${cx} ${n(cy - r)}Z"/>`;
    case 'wheel': {
      const pockets = Array.from({ length: 12 }, (_, index) => {
        const angle = (Math.PI * 2 * index) / 12;
        return `<line x1="${cx}" y1="${cy}" x2="${n(cx + r * Math.cos(angle))}" y2="${n(cy + r * Math.sin(angle))}" stroke="${stroke}" stroke-width="${n(r * 0.04)}"/>`;
      }).join('');
      return `<circle ${common} cx="${cx}" cy="${cy}" r="${n(r)}"/>${pockets}<circle cx="${cx}" cy="${cy}" r="${n(r * 0.3)}" fill="${stroke}"/>`;
    }
    case 'ball':
      return `<circle ${common} cx="${cx}" cy="${cy}" r="${n(r)}"/><circle cx="${cx}" cy="${cy}" r="${n(r * 0.55)}" fill="#ffffff" opacity="0.9"/>`;
    case 'leaf':
      return `<path ${common} d="M${n(cx - r)} ${n(cy + r)} C${n(cx - r)} ${n(cy - r * 0.6)} ${n(cx + r * 0.2)} ${n(cy - r)} ${n(cx + r)} ${n(cy - r)} C${n(cx + r)} ${n(cy + r * 0.2)} ${n(cx - r * 0.2)} ${n(cy + r)} ${n(cx - r)} ${n(cy + r)}Z"/><path fill="none" stroke="${stroke}" stroke-width="${n(r * 0.05)}" d="M${n(cx - r)} ${n(cy + r)} L${n(cx + r * 0.6)} ${n(cy - r * 0.6)}"/>`;
  }
}

/** Splits a title into at most two lines of similar length. */
function titleLines(title: string): string[] {
  const words = title.toUpperCase().split(/\s+/).filter(Boolean);
  if (words.length < 2 || title.length <= 12) return [words.join(' ')];
  let best = 1;
  let bestDifference = Infinity;
  for (let split = 1; split < words.length; split += 1) {
    const difference = Math.abs(words.slice(0, split).join(' ').length - words.slice(split).join(' ').length);
    if (difference < bestDifference) {
      bestDifference = difference;
      best = split;
    }
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}

export function derivedPalette(title: string): [string, string, string] {
  const hash = hashText(title);
  const hue = hash % 360;
  return [hsl(hue, 65, 14), hsl(hue + 25, 70, 38), hsl(hue + 180 + ((hash >>> 9) % 60) - 30, 90, 62)];
}

export function drawArtwork(input: ArtworkInput): string {
  const { width, height } = input;
  const seed = hashText(`${input.seed ?? input.title}|${width}x${height}`);
  const rand = random(seed);
  const [dark, light, accent] = (input.palette && input.palette.length >= 3 ? input.palette : derivedPalette(input.title)) as [string, string, string];
  const symbol = input.symbol ?? symbols[hashText(input.title) % symbols.length] ?? 'star';
  const wide = width / height > 1.6;
  const id = `a${(seed % 46_656).toString(36)}`;

  // Light rays from the symbol's centre.
  const centreX = wide ? width * 0.74 : width / 2;
  const centreY = wide ? height * 0.5 : height * 0.4;
  const rayCount = 10 + (seed % 8);
  const reach = Math.hypot(width, height);
  const rays = Array.from({ length: rayCount }, (_, index) => {
    const start = (Math.PI * 2 * index) / rayCount + rand() * 0.1;
    const end = start + Math.PI / rayCount / 1.6;
    return `M${n(centreX)} ${n(centreY)} L${n(centreX + reach * Math.cos(start))} ${n(centreY + reach * Math.sin(start))} L${n(centreX + reach * Math.cos(end))} ${n(centreY + reach * Math.sin(end))}Z`;
  }).join(' ');

  // Scattered small shapes.
  const scale = Math.min(width, height);
  const sprinkles = Array.from({ length: 14 + (seed % 10) }, () => {
    const x = n(rand() * width);
    const y = n(rand() * height);
    const size = n(scale * (0.01 + rand() * 0.035));
    const opacity = n(0.15 + rand() * 0.45);
    return rand() > 0.5
      ? `<circle cx="${x}" cy="${y}" r="${size}" fill="${accent}" opacity="${opacity}"/>`
      : `<path d="${starPath(x, y, size * 1.6, size * 0.6, 4)}" fill="#ffffff" opacity="${opacity}"/>`;
  }).join('');

  const symbolRadius = wide ? height * 0.3 : scale * 0.24;
  const lines = titleLines(input.title);
  const longest = Math.max(...lines.map((line) => line.length), 1);
  const textWidth = wide ? width * (input.scene ? 0.42 : 0.5) : width * 0.9;
  // Over a scene the lettering is smaller and lower on thumbnails, to leave the picture its room.
  const fontSize = n(Math.min(textWidth / (longest * 0.74), wide ? height * 0.16 : input.scene ? height * 0.115 : height * 0.14));
  const textX = wide ? width * 0.08 : width / 2;
  const anchor = wide ? 'start' : 'middle';
  const firstLineY = wide
    ? height * 0.5 - ((lines.length - 1) * fontSize * 1.05) / 2
    : input.scene
      ? height * 0.82 - (lines.length - 1) * fontSize * 1.05
      : height * 0.76 - (lines.length - 1) * fontSize * 0.55;
  const lettering = lines
    .map(
      (line, index) =>
        `<text x="${n(textX)}" y="${n(firstLineY + index * fontSize * 1.05)}" text-anchor="${anchor}" font-family="Outfit, 'Trebuchet MS', Arial, sans-serif" font-weight="800" font-size="${fontSize}" letter-spacing="${n(fontSize * 0.03)}" fill="url(#${id}t)" stroke="${dark}" stroke-width="${n(fontSize * 0.08)}" paint-order="stroke">${escapeXml(line)}</text>`,
    )
    .join('');
  const caption = input.caption
    ? `<text x="${n(textX)}" y="${n(firstLineY + lines.length * fontSize * 1.05 + fontSize * 0.1)}" text-anchor="${anchor}" font-family="Inter, Arial, sans-serif" font-weight="600" font-size="${n(fontSize * 0.32)}" letter-spacing="${n(fontSize * 0.05)}" fill="#ffffff" opacity="0.85">${escapeXml(input.caption.toUpperCase())}</text>`
    : '';

  const frame = `<rect x="${n(scale * 0.015)}" y="${n(scale * 0.015)}" width="${n(width - scale * 0.03)}" height="${n(height - scale * 0.03)}" rx="${n(scale * 0.04)}" fill="none" stroke="${accent}" stroke-opacity="0.6" stroke-width="${n(scale * 0.008)}"/>`;
  const opening = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(input.title)}"><title>${escapeXml(input.title)}</title>`;
  if (input.scene) {
    // The scene's own seed, the same at every size, so thumbnail and background show one picture.
    const stage = createStage(random(hashText(`${input.seed ?? input.title}|${input.scene}`)), `${id}g`);
    const picture = drawScene(input.scene, stage);
    // The 800×600 stage fills the height; on the 16:9 background its middle stands at 72% of the
    // width, clear of the lettering, with the stage's backdrop reaching to the left edge.
    const stageScale = height / 600;
    const stageX = wide ? width * 0.72 - 400 * stageScale : width - 800 * stageScale;
    const placed = `<g data-scene="${input.scene}" transform="translate(${n(stageX)} 0) scale(${n(stageScale * 1000) / 1000})">${picture}</g>`;
    const scrim = wide
      ? `<rect width="${n(width * 0.62)}" height="${height}" fill="url(#${id}m)"/>`
      : `<rect y="${n(height * 0.5)}" width="${width}" height="${n(height * 0.5)}" fill="url(#${id}m)"/>`;
    return [
      opening,
      `<defs>${stage.defs()}`,
      `<linearGradient id="${id}m" x1="${wide ? 1 : 0}" y1="0" x2="0" y2="${wide ? 0 : 1}"><stop offset="0" stop-color="${dark}" stop-opacity="0"/><stop offset="0.55" stop-color="${dark}" stop-opacity="0.7"/><stop offset="1" stop-color="${dark}" stop-opacity="0.92"/></linearGradient>`,
      `<linearGradient id="${id}t" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.55" stop-color="#fff4c2"/><stop offset="1" stop-color="${accent}"/></linearGradient>`,
      '</defs>',
      `<rect width="${width}" height="${height}" fill="${dark}"/>`,
      placed,
      scrim,
      input.lettering === false ? '' : lettering,
      input.lettering === false ? '' : caption,
      frame,
      '</svg>',
    ].join('');
  }

  return [
    opening,
    '<defs>',
    `<linearGradient id="${id}b" x1="0" y1="0" x2="${n(0.3 + rand() * 0.7)}" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`,
    `<radialGradient id="${id}g" cx="${n(centreX / width)}" cy="${n(centreY / height)}" r="0.6"><stop offset="0" stop-color="${accent}" stop-opacity="0.75"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="${id}s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.45" stop-color="${accent}"/><stop offset="1" stop-color="${light}"/></linearGradient>`,
    `<linearGradient id="${id}t" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.55" stop-color="#fff4c2"/><stop offset="1" stop-color="${accent}"/></linearGradient>`,
    '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#${id}b)"/>`,
    `<path d="${rays}" fill="#ffffff" opacity="0.07"/>`,
    `<rect width="${width}" height="${height}" fill="url(#${id}g)"/>`,
    sprinkles,
    `<g opacity="0.98">${drawSymbol(symbol, n(centreX), n(centreY), n(symbolRadius), `url(#${id}s)`, dark)}</g>`,
    `<rect x="0" y="${n(height * (wide ? 0 : 0.6))}" width="${wide ? n(width * 0.62) : width}" height="${wide ? height : n(height * 0.4)}" fill="${dark}" opacity="0.35"/>`,
    input.lettering === false ? '' : lettering,
    input.lettering === false ? '' : caption,
    frame,
    '</svg>',
  ].join('');
}
