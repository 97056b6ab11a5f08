import type { GameScene } from '../../../../contracts/content/games';
import {
  between,
  clover,
  cloud,
  coin,
  gem,
  glow,
  heartPath,
  hills,
  mountains,
  n,
  rays,
  sea,
  sky,
  sparkle,
  sparkles,
  stars,
  starPath,
  type Stage,
} from './scene-kit';

/**
 * One illustrated scene per demo title, drawn on an 800×600 stage (see scene-kit.ts): the title's
 * world behind, its hero in the upper middle (the lower part carries the lettering on thumbnails).
 */
type Draw = (s: Stage) => string;

const pot = (s: Stage, cx: number, cy: number, r: number) => {
  const heap = Array.from({ length: 9 }, (_, index) =>
    coin(s, cx - r * 0.7 + (index % 5) * r * 0.35 + (index > 4 ? r * 0.17 : 0), cy - r * 0.62 - (index > 4 ? r * 0.22 : 0) + between(s, -4, 4), r * 0.24),
  ).join('');
  return `${glow(s, cx, cy - r * 0.6, r * 1.6, '#ffe27a', 0.7)}${heap}
<path d="M${n(cx - r)} ${n(cy - r * 0.55)} C${n(cx - r * 1.25)} ${n(cy + r * 0.2)} ${n(cx - r * 0.8)} ${n(cy + r * 0.85)} ${n(cx)} ${n(cy + r * 0.85)} C${n(cx + r * 0.8)} ${n(cy + r * 0.85)} ${n(cx + r * 1.25)} ${n(cy + r * 0.2)} ${n(cx + r)} ${n(cy - r * 0.55)}Z" fill="${s.lin(
    [
      [0, '#3a3f47'],
      [1, '#0c0e12'],
    ],
    { x2: 1, y2: 0 },
  )}"/>
<ellipse cx="${n(cx)}" cy="${n(cy - r * 0.55)}" rx="${n(r * 1.05)}" ry="${n(r * 0.2)}" fill="#2a2e35" stroke="#4b525c" stroke-width="${n(r * 0.06)}"/>
<path d="M${n(cx - r * 0.75)} ${n(cy - r * 0.2)} Q${n(cx - r * 0.85)} ${n(cy + r * 0.4)} ${n(cx - r * 0.4)} ${n(cy + r * 0.65)}" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="${n(r * 0.1)}" stroke-linecap="round"/>`;
};

const emeraldIsle: Draw = (s) => {
  const bands = ['#ff4b4b', '#ff9f3a', '#ffe14d', '#5ed35e', '#3fa8ff', '#8b6bff'];
  const rainbow = bands
    .map(
      (colour, index) =>
        `<path d="M60 420 A${330 - index * 16} ${300 - index * 16} 0 0 1 ${n(720 - index * 32)} 420" fill="none" stroke="${colour}" stroke-width="17" opacity="0.85" transform="translate(${index * 16} 0)"/>`,
    )
    .join('');
  return `${sky(s, '#2f8fdc', '#c9f3ff', 420)}${glow(s, 620, 80, 160, '#fffbe0', 0.9)}<circle cx="620" cy="80" r="48" fill="#fff6b8"/>
${cloud(120, 110, 70, '#ffffff', 0.9)}${cloud(-150, 70, 60, '#ffffff', 0.8)}${rainbow}
${hills(s, 330, 50, '#5cc46a')}${hills(s, 380, 40, '#2f9a4a')}${hills(s, 440, 30, '#1b7436')}
${pot(s, 540, 300, 100)}${clover(170, 330, 46, '#2fcf6a', '#0b5e2c', -14)}${clover(300, 400, 26, '#46de7b', '#0b5e2c', 12)}${clover(-120, 380, 40, '#2fcf6a', '#0b5e2c', 8)}
${sparkles(s, 8, { x1: 480, y1: 170, x2: 660, y2: 280 }, '#fff6b8')}`;
};

const celticCrown: Draw = (s) => {
  const crown = `<path d="M250 300 L230 150 L300 215 L345 120 L400 205 L455 120 L500 215 L570 150 L550 300Z" fill="${s.lin([
    [0, '#fff2a6'],
    [0.45, '#f2c14e'],
    [1, '#9b6a10'],
  ])}" stroke="#6b4506" stroke-width="5" stroke-linejoin="round"/>
<rect x="240" y="280" width="320" height="48" rx="10" fill="${s.lin([
    [0, '#ffe07a'],
    [1, '#a87412'],
  ])}" stroke="#6b4506" stroke-width="5"/>
${[300, 400, 500].map((x, i) => `<ellipse cx="${x}" cy="304" rx="17" ry="14" fill="${['#d1204a', '#1f7be0', '#12a15a'][i]}" stroke="#6b4506" stroke-width="3"/><ellipse cx="${x - 5}" cy="299" rx="5" ry="3.5" fill="#ffffff" opacity="0.7"/>`).join('')}
${[230, 345, 455, 570].map((x, i) => `<circle cx="${x}" cy="${[150, 120, 120, 150][i]}" r="13" fill="#fff3c4" stroke="#6b4506" stroke-width="4"/>`).join('')}
<circle cx="400" cy="205" r="15" fill="#d1204a" stroke="#6b4506" stroke-width="4"/>`;
  const ring = `<g fill="none" stroke="#8d86a8" stroke-width="26"><circle cx="400" cy="225" r="150"/></g><path d="M370 20 h60 v130 h130 v60 h-130 v380 h-60 v-380 h-130 v-60 h130Z" fill="#5c5478"/><circle cx="400" cy="225" r="150" fill="none" stroke="#a49dc0" stroke-width="8" stroke-dasharray="22 10"/>`;
  const torch = (x: number) =>
    `<rect x="${x - 8}" y="230" width="16" height="120" rx="4" fill="#4a2e16"/>${glow(s, x, 200, 90, '#ffb347', 0.75)}<path d="M${x} 150 C${x + 30} 195 ${x + 20} 230 ${x} 232 C${x - 20} 230 ${x - 30} 195 ${x} 150Z" fill="#ffb347"/><path d="M${x} 180 C${x + 14} 205 ${x + 9} 226 ${x} 228 C${x - 9} 226 ${x - 14} 205 ${x} 180Z" fill="#fff1a8"/>`;
  return `${sky(s, '#0d0620', '#3b1a66', 600)}${rays(400, 220, 18, '#c9a6ff', 0.06)}${ring}${glow(s, 400, 240, 260, '#f2c14e', 0.45)}
<path d="M-800 380 H1600 V700 H-800Z" fill="#1d0f33"/><path d="M-800 380 H1600" stroke="#5b2a86" stroke-width="6"/>
${torch(110)}${torch(690)}${torch(-160)}
<path d="M210 340 Q400 300 590 340 L610 400 Q400 430 190 400Z" fill="${s.lin([
    [0, '#8a3fd0'],
    [1, '#3d1570'],
  ])}"/><circle cx="195" cy="405" r="12" fill="#f2c14e"/><circle cx="605" cy="405" r="12" fill="#f2c14e"/>
${crown}${sparkles(s, 7, { x1: 220, y1: 90, x2: 580, y2: 300 }, '#fff8d0')}`;
};

const causeway: Draw = (s) => {
  const hex = (cx: number, top: number, r: number, height: number, shade: string) => {
    const h = r * 0.5;
    return `<path d="M${n(cx - r)} ${n(top)} L${n(cx - r)} ${n(top + height)} L${n(cx + r)} ${n(top + height)} L${n(cx + r)} ${n(top)}Z" fill="${shade}"/><path d="M${n(cx - r * 0.3)} ${n(top + h)} V${n(top + height)}" stroke="#000000" stroke-opacity="0.25" stroke-width="3"/>
<polygon points="${n(cx - r)},${n(top)} ${n(cx - r * 0.5)},${n(top - h)} ${n(cx + r * 0.5)},${n(top - h)} ${n(cx + r)},${n(top)} ${n(cx + r * 0.5)},${n(top + h)} ${n(cx - r * 0.5)},${n(top + h)}" fill="#6f8796" stroke="#2a3944" stroke-width="3"/>`;
  };
  const columns: string[] = [];
  for (let row = 0; row < 3; row += 1) {
    for (let x = -300 - row * 40; x < 900; x += 74) {
      const top = 300 + row * 70 + Math.abs(x - 420) * 0.12 + between(s, -30, 30);
      columns.push(hex(x, top, 36 + row * 4, 400, row === 2 ? '#1b2730' : row === 1 ? '#24333e' : '#2d404c'));
    }
  }
  const stack = (x: number, y: number, count: number) => Array.from({ length: count }, (_, i) => coin(s, x, y - i * 13, 34)).join('');
  return `${sky(s, '#1b2a4a', '#ff9f5a', 330)}<circle cx="560" cy="300" r="70" fill="#ffcf5c"/>${glow(s, 560, 290, 240, '#ffcf5c', 0.6)}
${cloud(150, 120, 80, '#3b4a6b', 0.8)}${cloud(700, 80, 70, '#3b4a6b', 0.7)}${mountains(s, 320, 290, 240, '#2f4158', 260)}
${sea(s, 310, '#2f5d73', '#0e1a24', '#9cc8d9', 3)}${columns.join('')}
${glow(s, 400, 280, 150, '#ffcf5c', 0.55)}${stack(320, 280, 4)}${stack(410, 300, 7)}${stack(500, 290, 5)}${stack(-80, 330, 3)}${sparkles(s, 6, { x1: 320, y1: 150, x2: 540, y2: 260 }, '#fff4c2')}`;
};

const bansheeMoon: Draw = (s) => {
  const craters = [
    [-40, -30, 22],
    [35, 20, 30],
    [-20, 55, 14],
    [50, -50, 12],
  ]
    .map(([x = 0, y = 0, r = 0]) => `<circle cx="${540 + x}" cy="${190 + y}" r="${r}" fill="#b9c0e8" opacity="0.5"/>`)
    .join('');
  const banshee = `<g><path d="M330 110 C280 110 262 160 268 210 C272 260 240 330 180 390 C240 380 270 360 300 400 C320 360 360 380 400 420 C400 370 440 360 470 380 C420 320 400 260 398 200 C396 140 372 110 330 110Z" fill="${s.lin(
    [
      [0, '#f4f6ff', 0.95],
      [0.7, '#b9c6ff', 0.55],
      [1, '#b9c6ff', 0],
    ],
  )}"/>
<path d="M300 150 C300 130 360 130 362 150 C365 190 350 215 332 215 C312 215 298 190 300 150Z" fill="#1a1b3a"/>
<ellipse cx="318" cy="168" rx="7" ry="10" fill="#cfe0ff"/><ellipse cx="346" cy="168" rx="7" ry="10" fill="#cfe0ff"/><ellipse cx="332" cy="196" rx="6" ry="10" fill="#0b0d24"/>
<path d="M270 230 C230 240 200 220 170 240 M395 230 C440 220 470 250 500 240" fill="none" stroke="#e4e9ff" stroke-opacity="0.6" stroke-width="10" stroke-linecap="round"/></g>`;
  const tree = `<path d="M690 420 C700 350 690 300 705 250 M705 300 C730 280 745 250 760 240 M700 330 C670 310 650 300 630 280 M706 260 C700 230 710 210 700 190 M650 290 C640 275 645 262 640 250" fill="none" stroke="#090914" stroke-width="14" stroke-linecap="round"/>`;
  const raven = (x: number, y: number, size: number) =>
    `<path d="M${x - size} ${y} Q${x - size / 2} ${y - size * 0.6} ${x} ${y} Q${x + size / 2} ${y - size * 0.6} ${x + size} ${y} Q${x + size / 2} ${y - size * 0.2} ${x} ${y + size * 0.2} Q${x - size / 2} ${y - size * 0.2} ${x - size} ${y}Z" fill="#090914"/>`;
  const graves = [80, 150, 560, -120].map((x, i) => `<path d="M${x} 440 v-${40 + i * 6} a${22} ${22} 0 0 1 ${44} 0 v${40 + i * 6}Z" fill="#15162e"/>`).join('');
  return `${sky(s, '#05061a', '#34346e', 500)}${stars(s, 60, 360)}${glow(s, 540, 190, 300, '#b9c6ff', 0.55)}<circle cx="540" cy="190" r="140" fill="${s.rad(
    [
      [0, '#ffffff'],
      [1, '#d7dcff'],
    ],
    { cx: 0.4, cy: 0.35, r: 0.7 },
  )}"/>${craters}
${cloud(620, 300, 120, '#34346e', 0.7)}${cloud(-200, 240, 110, '#2a2a5a', 0.7)}${hills(s, 420, 40, '#10112a', 260)}${graves}${tree}${banshee}
${raven(600, 110, 18)}${raven(650, 140, 12)}${raven(140, 90, 14)}${hills(s, 500, 20, '#07081a', 300)}`;
};

const lighthouse: Draw = (s) => {
  const beam = `<path d="M420 130 L-300 20 L-300 230Z" fill="${s.lin(
    [
      [0, '#ffe08a', 0.85],
      [1, '#ffe08a', 0],
    ],
    { x1: 1, x2: 0, y2: 0 },
  )}"/><path d="M420 130 L1100 60 L1100 230Z" fill="${s.lin(
    [
      [0, '#ffe08a', 0.7],
      [1, '#ffe08a', 0],
    ],
    { x2: 1, y2: 0 },
  )}"/>`;
  const stripes = [0, 1, 2, 3]
    .map((i) => {
      const y1 = 175 + i * 50;
      const y2 = y1 + 25;
      const w = (y: number) => 32 + (y - 170) * 0.12;
      return `<path d="M${n(420 - w(y1))} ${y1} L${n(420 + w(y1))} ${y1} L${n(420 + w(y2))} ${y2} L${n(420 - w(y2))} ${y2}Z" fill="#d32f2f"/>`;
    })
    .join('');
  const tower = `<path d="M388 170 L452 170 L476 370 L364 370Z" fill="${s.lin(
    [
      [0, '#ffffff'],
      [1, '#b8c9d3'],
    ],
    { x2: 1, y2: 0 },
  )}"/>${stripes}
<rect x="376" y="158" width="88" height="14" rx="3" fill="#263238"/><rect x="392" y="104" width="56" height="56" rx="6" fill="#fff3b0"/>${glow(s, 420, 130, 90, '#fff3b0', 0.95)}<path d="M392 104 h56 M406 104 v56 M434 104 v56" stroke="#263238" stroke-width="4"/>
<path d="M384 106 L420 70 L456 106Z" fill="#b71c1c"/><circle cx="420" cy="66" r="6" fill="#263238"/><rect x="408" y="300" width="24" height="40" rx="12" fill="#37474f"/>`;
  const rocks = `<path d="M280 400 C300 350 340 360 370 350 L480 350 C520 340 560 370 590 400Z" fill="#26343c"/><path d="M320 372 C350 360 380 366 400 362" stroke="#4a5b64" stroke-width="6" fill="none"/>`;
  return `${sky(s, '#03121c', '#1d6f8c', 420)}${stars(s, 30, 200)}${cloud(150, 60, 110, '#0b2633', 0.9)}${cloud(700, 50, 120, '#0b2633', 0.9)}${beam}
${sea(s, 380, '#145a73', '#041620', '#bfe9f5', 4)}${rocks}${tower}
<path d="M240 420 Q280 370 320 410 Q300 395 285 420Z" fill="#e8f7fb" opacity="0.8"/><path d="M560 415 Q600 365 640 405 Q620 392 605 415Z" fill="#e8f7fb" opacity="0.8"/>
${sparkles(s, 4, { x1: 500, y1: 30, x2: 780, y2: 120 }, '#fff3b0')}`;
};

const pearls: Draw = (s) => {
  const light = Array.from({ length: 6 }, (_, i) => {
    const x = 80 + i * 140 + between(s, -30, 30);
    return `<path d="M${n(x)} -20 L${n(x + 70)} -20 L${n(x + 200)} 600 L${n(x + 110)} 600Z" fill="#ffffff" opacity="${n(between(s, 0.05, 0.12))}"/>`;
  }).join('');
  const ridges = Array.from({ length: 9 }, (_, i) => {
    const a = Math.PI * (0.08 + (i / 8) * 0.84);
    return `M400 ${330} L${n(400 - Math.cos(a) * 175)} ${n(330 + Math.sin(a) * 80)}`;
  }).join(' ');
  const topRidges = Array.from({ length: 9 }, (_, i) => {
    const a = Math.PI * (0.08 + (i / 8) * 0.84);
    return `M400 310 L${n(400 - Math.cos(a) * 170)} ${n(310 - Math.sin(a) * 170)}`;
  }).join(' ');
  const shell = `<path d="M230 310 A170 170 0 0 1 570 310 Q400 280 230 310Z" fill="${s.lin([
    [0, '#ffd0e4'],
    [1, '#d98cb0'],
  ])}" stroke="#a85b82" stroke-width="5"/><path d="${topRidges}" stroke="#a85b82" stroke-width="3" opacity="0.6"/>
<path d="M225 330 Q400 300 575 330 Q560 420 400 420 Q240 420 225 330Z" fill="${s.lin([
    [0, '#f7b8d2'],
    [1, '#b8648c'],
  ])}" stroke="#a85b82" stroke-width="5"/><path d="${ridges}" stroke="#a85b82" stroke-width="3" opacity="0.5"/>
<path d="M250 325 Q400 300 550 325 Q400 345 250 325Z" fill="#7a2d55" opacity="0.6"/>`;
  const pearl = `${glow(s, 400, 300, 150, '#ffe3f1', 0.9)}<circle cx="400" cy="300" r="52" fill="${s.rad(
    [
      [0, '#ffffff'],
      [0.6, '#f4e6ff'],
      [1, '#c9a6d9'],
    ],
    { cx: 0.38, cy: 0.35, r: 0.7 },
  )}"/><ellipse cx="383" cy="282" rx="16" ry="10" fill="#ffffff" opacity="0.9"/>`;
  const weed = (x: number, h: number, colour: string) =>
    `<path d="M${x} 600 C${x - 30} ${600 - h * 0.3} ${x + 30} ${600 - h * 0.6} ${x} ${600 - h}" fill="none" stroke="${colour}" stroke-width="16" stroke-linecap="round"/>`;
  const bubbles = Array.from(
    { length: 14 },
    () =>
      `<circle cx="${n(between(s, -200, 780))}" cy="${n(between(s, 20, 380))}" r="${n(between(s, 4, 14))}" fill="#ffffff" fill-opacity="0.15" stroke="#e6fbff" stroke-width="2" opacity="0.7"/>`,
  ).join('');
  const coral = `<path d="M650 440 V360 M650 390 L620 350 V320 M650 380 L690 330 V300 M620 350 L600 330 M690 330 L715 315" fill="none" stroke="#ff7a8a" stroke-width="16" stroke-linecap="round"/>`;
  return `${sky(s, '#13b3c9', '#022c3a', 600)}${light}${hills(s, 440, 30, '#0a5e6e', 300)}${weed(110, 260, '#1f9e6e')}${weed(150, 200, '#27b87f')}${weed(-120, 280, '#1f9e6e')}${weed(720, 230, '#27b87f')}${coral}
${shell}${pearl}<path d="${starPath(150, 430, 44, 18, 5, 0.2)}" fill="#ff9a52" stroke="#c95d1c" stroke-width="4" stroke-linejoin="round"/>${bubbles}${sparkles(s, 4, { x1: 330, y1: 220, x2: 470, y2: 290 })}`;
};

const dragonForge: Draw = (s) => {
  const dragon = `<g>
<path d="M800 40 C720 40 660 80 620 120 L520 150 C500 160 500 180 520 185 L590 190 L540 215 C525 225 535 245 555 240 L640 215 C680 240 740 250 800 250Z" fill="${s.lin(
    [
      [0, '#4a1a12'],
      [1, '#1d0906'],
    ],
    { x2: 0.4, y2: 1 },
  )}"/>
<path d="M660 95 L700 20 L705 90Z M700 85 L760 10 L750 95Z" fill="#2a0d08"/>
<path d="M560 160 L640 158" stroke="#7a2a1a" stroke-width="4"/><ellipse cx="640" cy="130" rx="16" ry="9" fill="#ffdd55"/><ellipse cx="644" cy="130" rx="4" ry="8" fill="#2a0a05"/>
<path d="M530 184 L545 172 L555 186 L568 173 L578 187Z" fill="#fff4dc"/>
<path d="M650 180 C690 200 720 200 760 190 M670 110 C700 100 730 100 770 110" stroke="#6a2616" stroke-width="6" fill="none"/></g>`;
  const fire = `<path d="M520 180 C440 170 380 230 330 290 C390 270 420 300 470 270 C450 250 470 230 520 215Z" fill="${s.lin(
    [
      [0, '#fff3b0'],
      [0.4, '#ffb347'],
      [1, '#ff4a1a', 0.6],
    ],
    { x1: 1, x2: 0, y2: 0.4 },
  )}"/>${glow(s, 400, 280, 170, '#ff8a2a', 0.7)}`;
  const anvil = `<path d="M210 300 H440 C440 320 410 330 380 332 L370 370 H400 V395 H230 V370 H260 L250 332 C230 330 200 320 190 300Z" fill="${s.lin([
    [0, '#5d5d66'],
    [1, '#1d1d24'],
  ])}"/><path d="M190 300 H440" stroke="#9a9aa8" stroke-width="6"/><path d="M120 300 C150 300 180 300 190 300 L190 315 C160 312 140 308 120 300Z" fill="#3d3d46"/>
<path d="M250 294 L430 286 L436 294 L252 302Z" fill="${s.lin(
    [
      [0, '#fff3b0'],
      [0.5, '#ffb347'],
      [1, '#ff5a1a'],
    ],
    { x2: 1, y2: 0 },
  )}"/><rect x="215" y="288" width="40" height="14" rx="3" fill="#3a2414"/>`;
  const embers = Array.from(
    { length: 26 },
    () =>
      `<circle cx="${n(between(s, -200, 780))}" cy="${n(between(s, 30, 420))}" r="${n(between(s, 1.5, 5))}" fill="${s.rand() > 0.5 ? '#ffb347' : '#ffe08a'}" opacity="${n(between(s, 0.4, 1))}"/>`,
  ).join('');
  return `${sky(s, '#1a0603', '#a8321a', 600)}${glow(s, 300, 420, 420, '#ff6a1a', 0.5)}${mountains(s, 460, 380, 300, '#2a0a05', 200)}<rect x="-800" y="395" width="2400" height="300" fill="#140402"/>${fire}${anvil}${dragon}${embers}`;
};

const thunder: Draw = (s) => {
  const bolt = (x: number, y: number, scale: number) =>
    `<path d="M${x} ${y} L${n(x - 40 * scale)} ${n(y + 120 * scale)} L${n(x - 5 * scale)} ${n(y + 118 * scale)} L${n(x - 45 * scale)} ${n(y + 250 * scale)} L${n(x + 50 * scale)} ${n(y + 90 * scale)} L${n(x + 10 * scale)} ${n(y + 92 * scale)} L${n(x + 40 * scale)} ${y}Z" fill="#fff9c4" stroke="#fff35c" stroke-width="${n(6 * scale)}" stroke-linejoin="round"/>`;
  return `${sky(s, '#070b16', '#3d5a99', 460)}${glow(s, 420, 220, 300, '#fff35c', 0.35)}
${cloud(-150, 50, 160, '#1b2540')}${cloud(150, 40, 170, '#222e4e')}${cloud(450, 30, 180, '#1b2540')}${cloud(720, 50, 160, '#222e4e')}
${glow(s, 430, 170, 130, '#fffbe0', 0.6)}${bolt(440, 80, 1.1)}${bolt(170, 100, 0.6)}${bolt(680, 110, 0.7)}
${mountains(s, 420, 330, 230, '#2a3a66', 190, '#e8eefc')}${mountains(s, 460, 400, 320, '#18223e', 230)}
<path d="M360 600 C380 520 430 500 420 460 L440 460 C460 500 430 540 460 600Z" fill="#5d7fc4" opacity="0.6"/>${hills(s, 500, 30, '#0e1528', 260)}`;
};

const longship: Draw = (s) => {
  const shields = Array.from({ length: 7 }, (_, i) => {
    const x = 250 + i * 48;
    const colour = ['#c62828', '#e6c27a', '#1e5aa8'][i % 3] ?? '#c62828';
    return `<circle cx="${x}" cy="344" r="20" fill="${colour}" stroke="#3b2612" stroke-width="4"/><circle cx="${x}" cy="344" r="6" fill="#d7c39a"/>`;
  }).join('');
  const oars = Array.from({ length: 6 }, (_, i) => `<path d="M${270 + i * 50} 360 L${230 + i * 50} 420" stroke="#6d4c2a" stroke-width="6"/>`).join('');
  const sailStripes = [0, 1, 2, 3, 4]
    .map((i) => `<rect x="${300 + i * 40}" y="140" width="40" height="160" fill="${i % 2 ? '#f4ecd8' : '#b3261e'}"/>`)
    .join('');
  const ship = `${oars}<path d="M170 330 C230 390 560 390 630 330 L610 360 C560 400 240 400 190 360Z" fill="#3b2612"/>
<path d="M180 330 L620 330 C600 375 560 390 400 390 C240 390 200 375 180 330Z" fill="${s.lin([
    [0, '#8a5a2b'],
    [1, '#4a2c12'],
  ])}"/><path d="M190 345 H610" stroke="#5a3a1a" stroke-width="3"/>
<path d="M180 332 C140 300 130 240 160 210 C180 190 200 200 205 215 C190 212 178 222 180 238 C185 265 200 300 215 332Z" fill="#5a3a1a"/><circle cx="186" cy="214" r="4" fill="#e6c27a"/><path d="M160 212 L140 205 L158 222Z" fill="#5a3a1a"/>
<path d="M620 332 C660 300 665 260 640 240 C630 255 640 280 600 330Z" fill="#5a3a1a"/>
<rect x="396" y="110" width="9" height="225" fill="#4a2c12"/><path d="M300 140 Q400 120 500 140 L500 300 Q400 320 300 300Z" fill="#f4ecd8"/>${sailStripes}<path d="M300 140 Q400 120 500 140 L500 300 Q400 320 300 300Z" fill="none" stroke="#6d4c2a" stroke-width="5"/><path d="M290 138 H510" stroke="#4a2c12" stroke-width="8" stroke-linecap="round"/>${shields}`;
  return `${sky(s, '#2a3f52', '#f0cf8a', 320)}<circle cx="560" cy="250" r="60" fill="#ffe9b0" opacity="0.9"/>${glow(s, 560, 250, 200, '#ffe9b0', 0.5)}
${mountains(s, 320, 260, 150, '#4b6a7f', 220, '#f4f7fb')}${mountains(s, 330, 300, 230, '#2c4556', 260)}
${sea(s, 320, '#2d5872', '#0c1c28', '#cfe4ee', 4)}${ship}<path d="M150 395 Q400 420 660 395" fill="none" stroke="#e8f4fa" stroke-width="6" opacity="0.6" stroke-linecap="round"/>`;
};

const pyramid: Draw = (s) => {
  const pyr = (cx: number, base: number, half: number, height: number) =>
    `<path d="M${cx - half} ${base} L${cx} ${base - height} L${cx + half * 0.25} ${base}Z" fill="#e0a64a"/><path d="M${cx + half * 0.25} ${base} L${cx} ${base - height} L${cx + half} ${base}Z" fill="#9a6420"/>`;
  const lantern = `<g>${glow(s, 400, 230, 210, '#fff1b8', 0.85)}<path d="M400 60 V110" stroke="#7a5313" stroke-width="5"/><circle cx="400" cy="58" r="10" fill="none" stroke="#d9a431" stroke-width="5"/>
<path d="M350 140 Q400 92 450 140Z" fill="${s.lin([
    [0, '#ffe38a'],
    [1, '#a87412'],
  ])}" stroke="#6b4506" stroke-width="4"/><rect x="345" y="138" width="110" height="14" rx="4" fill="#c9901f" stroke="#6b4506" stroke-width="3"/>
<path d="M352 152 L448 152 L438 300 L362 300Z" fill="${s.rad(
    [
      [0, '#ffffff'],
      [0.5, '#fff1b8'],
      [1, '#ffb62e'],
    ],
    { cy: 0.55 },
  )}" stroke="#6b4506" stroke-width="4"/>
<path d="M384 152 L380 300 M416 152 L420 300" stroke="#a87412" stroke-width="4"/><path d="M400 190 C386 210 388 235 400 245 C412 235 414 210 400 190Z" fill="#ff8a1a"/>
<rect x="355" y="298" width="90" height="16" rx="4" fill="#c9901f" stroke="#6b4506" stroke-width="3"/><path d="M370 314 L430 314 L420 330 L380 330Z" fill="#a87412"/>
<path d="M375 170 Q400 158 425 170" fill="none" stroke="#6b4506" stroke-width="3"/><ellipse cx="400" cy="176" rx="10" ry="6" fill="#2b6fd6" stroke="#6b4506" stroke-width="2"/></g>`;
  return `${sky(s, '#120b2a', '#e98a3a', 380)}${stars(s, 45, 250)}<path d="M640 80 A40 40 0 1 0 680 130 A32 32 0 1 1 640 80Z" fill="#fff1b8"/>
${pyr(150, 380, 170, 200)}${pyr(620, 380, 130, 150)}${pyr(-150, 380, 120, 130)}
${hills(s, 380, 26, '#c98c3a', 260)}${hills(s, 430, 30, '#a9702a', 300)}${hills(s, 490, 20, '#7a4f1a', 340)}${lantern}${sparkles(s, 6, { x1: 290, y1: 120, x2: 520, y2: 320 }, '#fff8dc')}`;
};

const meadowHare: Draw = (s) => {
  const hare = `<g transform="rotate(-8 410 260)"><path d="M300 290 C300 230 380 210 450 220 C500 228 520 250 525 265 L540 262 C560 250 585 255 590 275 C594 292 580 300 560 300 C540 310 520 320 500 322 L540 360 L520 368 L470 330 C430 340 370 340 340 320 L270 360 L256 350 L310 300Z" fill="${s.lin(
    [
      [0, '#c48a52'],
      [1, '#7a4e26'],
    ],
  )}"/>
<path d="M560 258 C570 200 600 160 620 150 C618 185 596 230 574 262Z" fill="#a06a3a"/><path d="M548 262 C548 200 560 160 576 140 C584 176 575 228 562 262Z" fill="#b98050"/><path d="M566 250 C572 210 585 185 596 172 C593 200 584 230 572 255Z" fill="#f0b4a0"/>
<circle cx="570" cy="276" r="5" fill="#1d1208"/><circle cx="588" cy="290" r="4" fill="#4a2a1a"/><path d="M300 290 C280 282 272 270 282 262 C292 258 300 270 304 280Z" fill="#f6efe6"/>
<path d="M420 330 C400 350 380 360 350 370" stroke="#7a4e26" stroke-width="12" stroke-linecap="round" fill="none"/></g>`;
  const flowers = Array.from({ length: 40 }, () => {
    const x = between(s, -270, 800);
    const y = between(s, 400, 590);
    const colour = ['#ffffff', '#fff36b', '#ff9ad2', '#ffd36b'][Math.floor(s.rand() * 4)] ?? '#ffffff';
    return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(3 + (y - 400) * 0.03)}" fill="${colour}"/>`;
  }).join('');
  const grass = Array.from({ length: 30 }, () => {
    const x = between(s, -270, 800);
    return `<path d="M${n(x)} 600 Q${n(x + 6)} 560 ${n(x + between(s, -14, 14))} ${n(between(s, 520, 550))}" stroke="#2f7a22" stroke-width="5" fill="none" stroke-linecap="round"/>`;
  }).join('');
  return `${sky(s, '#5cb8ff', '#fff7c2', 380)}${glow(s, 640, 90, 200, '#fff7a1', 0.9)}<circle cx="640" cy="90" r="55" fill="#fff59a"/>${rays(640, 90, 16, '#fff7a1', 0.15)}
${cloud(180, 90, 70, '#ffffff', 0.95)}${cloud(-120, 130, 60, '#ffffff', 0.9)}${hills(s, 330, 40, '#8fd06a')}${hills(s, 380, 30, '#5aa83e')}
<path d="M-800 420 Q400 380 1600 430 V700 H-800Z" fill="#4f9a3a"/>${hare}<path d="M250 380 Q230 372 210 380 M200 370 Q180 362 160 372" stroke="#3d7a2a" stroke-width="6" fill="none" stroke-linecap="round" opacity="0.7"/>${flowers}${grass}`;
};

const nightFox: Draw = (s) => {
  const pine = (x: number, base: number, h: number, fill: string) => {
    const w = h * 0.32;
    return `<path d="M${n(x)} ${n(base - h)} L${n(x + w * 0.6)} ${n(base - h * 0.62)} L${n(x + w * 0.3)} ${n(base - h * 0.62)} L${n(x + w * 0.85)} ${n(base - h * 0.3)} L${n(x + w * 0.4)} ${n(base - h * 0.3)} L${n(x + w)} ${n(base)} L${n(x - w)} ${n(base)} L${n(x - w * 0.4)} ${n(base - h * 0.3)} L${n(x - w * 0.85)} ${n(base - h * 0.3)} L${n(x - w * 0.3)} ${n(base - h * 0.62)} L${n(x - w * 0.6)} ${n(base - h * 0.62)}Z" fill="${fill}"/>`;
  };
  const forest = (base: number, fill: string, h: number, count: number) =>
    Array.from({ length: count }, (_, i) => pine(-300 + (i * 1200) / count + between(s, -20, 20), base, h * between(s, 0.7, 1.2), fill)).join('');
  const fox = `<g>
<path d="M470 380 C560 390 620 340 610 280 C600 240 560 240 560 270 C570 300 560 340 480 350Z" fill="${s.lin([
    [0, '#ff9a4a'],
    [1, '#c84d12'],
  ])}"/><path d="M600 250 C620 270 622 300 610 320 C596 300 585 270 600 250Z" fill="#fff4e8"/>
<path d="M340 390 C330 320 340 260 380 230 L440 230 C480 260 490 330 480 390Z" fill="${s.lin([
    [0, '#ff8a3d'],
    [1, '#b8420e'],
  ])}"/>
<path d="M385 240 C380 300 395 360 410 390 C425 360 440 300 432 240Z" fill="#fff4e8"/>
<path d="M350 170 L342 100 L385 140Z M470 170 L478 100 L435 140Z" fill="#c84d12"/><path d="M352 160 L348 118 L374 142Z M468 160 L472 118 L446 142Z" fill="#2a1208"/>
<path d="M340 160 C340 130 380 118 410 118 C440 118 480 130 480 160 C480 190 450 215 410 250 C370 215 340 190 340 160Z" fill="#ff8a3d"/>
<path d="M350 175 C370 190 395 215 410 250 C425 215 450 190 470 175 C455 205 430 230 410 252 C390 230 365 205 350 175Z" fill="#fff4e8"/>
<path d="M372 165 Q385 155 396 166 Q385 170 372 165Z M424 166 Q435 155 448 165 Q435 170 424 166Z" fill="#ffe45c"/><circle cx="410" cy="248" r="8" fill="#1d0c05"/>
<path d="M360 390 v-24 M455 390 v-24" stroke="#2a1208" stroke-width="14" stroke-linecap="round"/></g>`;
  return `${sky(s, '#0a0612', '#5a2e6e', 460)}${stars(s, 60, 300)}${glow(s, 600, 110, 180, '#ffe7c2', 0.5)}<circle cx="600" cy="110" r="56" fill="#fff0d6"/><circle cx="624" cy="96" r="50" fill="#2a1838" opacity="0.9"/>
${forest(400, '#2a1838', 240, 10)}${forest(440, '#1a0f26', 280, 8)}${hills(s, 420, 20, '#120a1c', 300)}${glow(s, 410, 320, 200, '#ff8a3d', 0.25)}${fox}
${Array.from({ length: 10 }, () => `<circle cx="${n(between(s, -250, 780))}" cy="${n(between(s, 250, 440))}" r="3" fill="#d8ff7a" opacity="${n(between(s, 0.5, 1))}"/>`).join('')}`;
};

const ruby: Draw = (s) => {
  const coins = Array.from({ length: 12 }, (_, i) => coin(s, 150 + i * 46 + between(s, -10, 10), 420 + between(s, -18, 18) - Math.abs(i - 6) * -3, 26)).join(
    '',
  );
  return `${sky(s, '#1a0208', '#5a0a22', 600)}${rays(400, 230, 22, '#ff6b8f', 0.08)}${glow(s, 400, 240, 280, '#ff3060', 0.55)}
<path d="M-800 700 L-800 430 C-200 380 100 470 400 440 C700 410 1000 460 1600 420 L1600 700Z" fill="#2a0610"/>${coins}
${gem(s, 180, 330, 60, '#8dffb6', '#12a15a', '#06502a')}${gem(s, 620, 330, 64, '#a8d4ff', '#1f6fd0', '#0a3370')}${gem(s, 400, 230, 150, '#ff8aa6', '#d1123e', '#5a0418')}
${gem(s, 300, 400, 34, '#ffffff', '#d8e4f0', '#6a7a8a')}${gem(s, 510, 405, 30, '#ffe98a', '#e0a800', '#7a5a00')}
${sparkles(s, 10, { x1: 120, y1: 60, x2: 700, y2: 360 }, '#ffe9f0')}`;
};

const salmon: Draw = (s) => {
  const fish = `<g transform="rotate(-28 420 230)">${glow(s, 420, 230, 170, '#ffe3c2', 0.5)}
<path d="M270 230 C320 170 470 160 540 215 L600 170 C590 210 590 250 600 290 L540 245 C470 300 320 290 270 230Z" fill="${s.lin([
    [0, '#f2b6a0'],
    [0.5, '#e0e8ee'],
    [1, '#8aa3b5'],
  ])}" stroke="#4a6275" stroke-width="5" stroke-linejoin="round"/>
<path d="M330 215 C400 200 470 205 530 220" fill="none" stroke="#ff8a6a" stroke-width="10" opacity="0.6"/><circle cx="305" cy="222" r="9" fill="#1d2a35"/><circle cx="302" cy="219" r="3" fill="#ffffff"/>
<path d="M410 190 L440 150 L470 196Z M410 268 L430 300 L455 264Z" fill="#8aa3b5" stroke="#4a6275" stroke-width="4"/>
${Array.from({ length: 8 }, () => `<circle cx="${n(between(s, 360, 520))}" cy="${n(between(s, 195, 225))}" r="3" fill="#4a6275"/>`).join('')}<path d="M275 235 Q290 245 305 242" stroke="#4a6275" stroke-width="4" fill="none"/></g>`;
  const splash = Array.from(
    { length: 14 },
    () => `<circle cx="${n(between(s, 470, 640))}" cy="${n(between(s, 330, 400))}" r="${n(between(s, 3, 9))}" fill="#e6fbff" opacity="0.8"/>`,
  ).join('');
  const tree = `<rect x="92" y="220" width="26" height="200" fill="#4a2e16"/><path d="M105 300 L60 250 M105 280 L150 240" stroke="#4a2e16" stroke-width="12" stroke-linecap="round"/>
<circle cx="105" cy="190" r="95" fill="#3f7a2e"/><circle cx="50" cy="230" r="60" fill="#4f8f36"/><circle cx="165" cy="225" r="62" fill="#4a8732"/><circle cx="110" cy="140" r="60" fill="#5aa33e"/>
${Array.from({ length: 9 }, () => `<circle cx="${n(between(s, 30, 190))}" cy="${n(between(s, 130, 270))}" r="7" fill="#b5742a" stroke="#6d4212" stroke-width="2"/>`).join('')}`;
  return `${sky(s, '#137a8a', '#ffcf9a', 330)}${glow(s, 620, 280, 200, '#fff0c2', 0.6)}${mountains(s, 330, 260, 160, '#2d6a72', 240, '#eaf6f5')}${hills(s, 340, 30, '#2f6a3a', 200)}
${sea(s, 360, '#1f8fa0', '#04202a', '#dff6fa', 4)}<ellipse cx="540" cy="380" rx="90" ry="16" fill="none" stroke="#e6fbff" stroke-width="5" opacity="0.8"/>${splash}${tree}${fish}`;
};

const druidBook: Draw = (s) => {
  const stone = (x: number, w: number, h: number, base: number, fill: string) =>
    `<path d="M${x} ${base} L${x + w * 0.08} ${base - h} Q${x + w / 2} ${base - h - w * 0.2} ${x + w * 0.92} ${base - h} L${x + w} ${base}Z" fill="${fill}"/>`;
  const circle = `${stone(-100, 60, 150, 350, '#3a3a2e')}${stone(30, 70, 190, 360, '#46463a')}${stone(630, 70, 200, 360, '#46463a')}${stone(730, 60, 140, 350, '#3a3a2e')}
<rect x="250" y="120" width="300" height="42" rx="8" fill="#55554a"/>${stone(260, 70, 200, 360, '#5d5d50')}${stone(470, 70, 200, 360, '#5d5d50')}`;
  const page = (flip: 1 | -1) =>
    `<path d="M400 330 C${400 - flip * 60} 300 ${400 - flip * 130} 305 ${400 - flip * 170} 320 L${400 - flip * 170} 420 C${400 - flip * 130} 405 ${400 - flip * 60} 400 400 430Z" fill="${s.lin(
      [
        [0, '#fffbe6'],
        [1, '#e8dca8'],
      ],
    )}" stroke="#6b5a1e" stroke-width="4"/>`;
  const runes = Array.from(
    { length: 5 },
    (_, i) =>
      `<path d="M${260 + (i % 2) * 10} ${345 + i * 14} h${90 - i * 4} M${440} ${345 + i * 14} h${90 - i * 4}" stroke="#6b5a1e" stroke-width="3" opacity="0.6"/>`,
  ).join('');
  const book = `${glow(s, 400, 320, 230, '#d8ff7a', 0.75)}<path d="M220 325 L400 350 L580 325 L580 435 L400 455 L220 435Z" fill="#3e2a12"/>${page(1)}${page(-1)}${runes}
<path d="${starPath(470, 390, 14, 6, 4)}" fill="#9ac93a"/><path d="${starPath(330, 390, 14, 6, 4)}" fill="#9ac93a"/>`;
  const motes = Array.from(
    { length: 24 },
    () =>
      `<circle cx="${n(between(s, 280, 520))}" cy="${n(between(s, 120, 330))}" r="${n(between(s, 2, 5))}" fill="#e8ffaa" opacity="${n(between(s, 0.4, 1))}"/>`,
  ).join('');
  const mistletoe = `<path d="M660 40 Q640 80 650 120" stroke="#4a6a1a" stroke-width="5" fill="none"/><ellipse cx="632" cy="100" rx="22" ry="9" fill="#6b9a2a" transform="rotate(-30 632 100)"/><ellipse cx="670" cy="96" rx="22" ry="9" fill="#6b9a2a" transform="rotate(30 670 96)"/><circle cx="650" cy="118" r="7" fill="#f4f8e6"/><circle cx="660" cy="112" r="6" fill="#f4f8e6"/>`;
  return `${sky(s, '#0f0c14', '#6b5a1e', 380)}${stars(s, 35, 220)}<circle cx="160" cy="80" r="36" fill="#f4f0d6"/>${glow(s, 400, 200, 260, '#d8ff7a', 0.3)}${circle}${hills(s, 370, 20, '#2a2410', 280)}${mistletoe}${book}${motes}`;
};

const cosmos: Draw = (s) => {
  const planet = `${glow(s, 470, 220, 200, '#9ef0ff', 0.4)}<ellipse cx="470" cy="225" rx="210" ry="46" fill="none" stroke="#ffd27f" stroke-width="16" opacity="0.85" transform="rotate(-14 470 225)"/>
<circle cx="470" cy="220" r="110" fill="${s.rad(
    [
      [0, '#c7a6ff'],
      [0.6, '#6a3fd0'],
      [1, '#2c1f7a'],
    ],
    { cx: 0.35, cy: 0.3, r: 0.8 },
  )}"/>
<path d="M365 190 Q470 170 575 200 M362 235 Q470 220 578 250" stroke="#ffffff" stroke-opacity="0.18" stroke-width="14" fill="none"/>
<path d="M260 250 A210 46 0 0 0 680 200" transform="rotate(-14 470 225)" fill="none" stroke="#ffe9b0" stroke-width="16" opacity="0.95"/>`;
  const comet = `<path d="M150 90 L-250 -40 L-240 -10Z" fill="${s.lin(
    [
      [0, '#9ef0ff', 0.9],
      [1, '#9ef0ff', 0],
    ],
    { x1: 1, y1: 0.5, x2: 0, y2: 0 },
  )}"/><circle cx="150" cy="90" r="12" fill="#ffffff"/>${glow(s, 150, 90, 40, '#9ef0ff', 0.9)}`;
  const rocket = `<g transform="rotate(35 170 340)"><path d="M170 260 C195 290 200 340 192 380 L148 380 C140 340 145 290 170 260Z" fill="#eef2ff" stroke="#3a3f7a" stroke-width="4"/><circle cx="170" cy="315" r="12" fill="#9ef0ff" stroke="#3a3f7a" stroke-width="4"/>
<path d="M148 360 L128 395 L150 385Z M192 360 L212 395 L190 385Z" fill="#ff5c8a"/><path d="M155 382 Q170 430 185 382Z" fill="#ffb347"/></g>`;
  const nebula = `<ellipse cx="150" cy="420" rx="320" ry="110" fill="#ff5cc8" opacity="0.12"/><ellipse cx="650" cy="480" rx="300" ry="90" fill="#5ce1ff" opacity="0.1"/>`;
  return `${sky(s, '#02020f', '#2c1f7a', 600)}${nebula}${stars(s, 110, 600)}${sparkles(s, 10, { x1: -250, y1: 20, x2: 790, y2: 560 }, '#ffffff')}${comet}${planet}
<circle cx="690" cy="390" r="34" fill="${s.rad(
    [
      [0, '#ffe9b0'],
      [1, '#e0803a'],
    ],
    { cx: 0.35, cy: 0.35, r: 0.8 },
  )}"/>${rocket}<path d="${starPath(620, 90, 24, 9, 5)}" fill="#fff59a"/>`;
};

const harbourHearts: Draw = (s) => {
  const houses = ['#ff6b8f', '#ffd166', '#5ec9e0', '#9b7bff', '#7bd88f', '#ff9f5a', '#f4f4f4', '#5b8cff'];
  const row = (x0: number, count: number) =>
    Array.from({ length: count }, (_, i) => {
      const x = x0 + i * 62;
      const h = 110 + ((i * 37) % 45);
      const colour = houses[(i + Math.abs(x0)) % houses.length] ?? '#ffd166';
      return `<rect x="${x}" y="${380 - h}" width="62" height="${h}" fill="${colour}" stroke="#3a1a2a" stroke-width="3"/><path d="M${x - 4} ${380 - h} L${x + 31} ${380 - h - 30} L${x + 66} ${380 - h}Z" fill="#5a2a3a"/>
<rect x="${x + 12}" y="${395 - h}" width="14" height="20" fill="#fff3c2"/><rect x="${x + 36}" y="${395 - h}" width="14" height="20" fill="#fff3c2"/><rect x="${x + 22}" y="${350}" width="18" height="30" fill="#3a1a2a"/>`;
    }).join('');
  const boat = `<path d="M430 440 L620 440 L590 480 L460 480Z" fill="#c0392b" stroke="#3a1a2a" stroke-width="4"/><rect x="520" y="330" width="6" height="112" fill="#3a1a2a"/><path d="M526 336 L600 430 L526 430Z" fill="#fff4f0"/><path d="M520 345 L470 430 L520 430Z" fill="#ffd6e0"/>`;
  const heart = `${glow(s, 400, 170, 190, '#ff6b8f', 0.7)}<path d="${heartPath(400, 170, 95)}" fill="${s.lin([
    [0, '#ff8fab'],
    [1, '#c81d4e'],
  ])}" stroke="#7a0f2e" stroke-width="6"/><path d="M350 125 Q370 105 395 125" stroke="#ffffff" stroke-opacity="0.7" stroke-width="10" fill="none" stroke-linecap="round"/>`;
  const little = [
    [200, 110, 22],
    [610, 90, 26],
    [660, 200, 16],
    [130, 210, 14],
  ]
    .map(([x = 0, y = 0, r = 0]) => `<path d="${heartPath(x, y, r)}" fill="#ffd6e0" opacity="0.9"/>`)
    .join('');
  return `${sky(s, '#6a1b4a', '#ffc6a0', 380)}${glow(s, 400, 380, 300, '#ffe0b0', 0.5)}${row(-260, 4)}${row(-10, 3)}${row(560, 4)}
${sea(s, 380, '#c0587e', '#3a0f2a', '#ffd6e0', 4)}${boat}${heart}${little}`;
};

const steamTrain: Draw = (s) => {
  const wheel = (cx: number, cy: number, r: number) =>
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1d1d22" stroke="#d4a82a" stroke-width="6"/>${[0, 45, 90, 135].map((a) => `<path d="M${n(cx - r * Math.cos((a * Math.PI) / 180))} ${n(cy - r * Math.sin((a * Math.PI) / 180))} L${n(cx + r * Math.cos((a * Math.PI) / 180))} ${n(cy + r * Math.sin((a * Math.PI) / 180))}" stroke="#d4a82a" stroke-width="4"/>`).join('')}<circle cx="${cx}" cy="${cy}" r="${n(r * 0.25)}" fill="#d4a82a"/>`;
  const train = `<rect x="200" y="230" width="260" height="110" rx="40" fill="${s.lin([
    [0, '#4caf50'],
    [1, '#1b5e20'],
  ])}" stroke="#0d2e10" stroke-width="5"/>
${[260, 320, 380].map((x) => `<rect x="${x}" y="226" width="10" height="118" fill="#d4a82a"/>`).join('')}
<rect x="450" y="170" width="150" height="180" rx="10" fill="${s.lin([
    [0, '#2e7d32'],
    [1, '#123a16'],
  ])}" stroke="#0d2e10" stroke-width="5"/><rect x="474" y="195" width="46" height="52" rx="6" fill="#fff3b0"/><rect x="530" y="195" width="46" height="52" rx="6" fill="#fff3b0"/>
<rect x="440" y="158" width="170" height="20" rx="6" fill="#1d1d22"/><rect x="240" y="150" width="40" height="85" fill="#1d1d22"/><rect x="230" y="140" width="60" height="18" rx="5" fill="#2a2a30"/><circle cx="360" cy="222" r="18" fill="#d4a82a"/>
<circle cx="198" cy="280" r="26" fill="#fff8d0" stroke="#d4a82a" stroke-width="6"/>${glow(s, 180, 280, 120, '#fff3b0', 0.8)}
<path d="M200 330 L150 380 L220 380Z" fill="#b71c1c"/><rect x="190" y="335" width="430" height="18" fill="#1d1d22"/>${wheel(250, 370, 30)}${wheel(330, 365, 40)}${wheel(420, 365, 40)}${wheel(545, 370, 30)}
<path d="M250 370 H545" stroke="#b0b0b8" stroke-width="8"/>`;
  const steam = `${cloud(270, 110, 60, '#e8eef2', 0.95)}${cloud(340, 60, 80, '#dfe7ec', 0.85)}${cloud(460, 30, 100, '#d4dde3', 0.7)}`;
  const skyline = `<path d="M-800 380 V320 H-640 V280 H-560 V330 H-420 V300 H-300 V340 H-260 L-240 270 L-220 340 H-100 V310 H40 V350 H120 V290 H160 V350 H640 V300 H700 L712 40 L724 300 H760 V330 H900 V290 H1000 V340 H1600 V380Z" fill="#1a2b3a"/>`;
  const rails = `<rect x="-800" y="400" width="2400" height="10" fill="#6b6b74"/>${Array.from({ length: 30 }, (_, i) => `<rect x="${-800 + i * 85}" y="408" width="50" height="14" fill="#4a2c12"/>`).join('')}`;
  return `${sky(s, '#0b1624', '#f5b860', 400)}${stars(s, 20, 150)}${skyline}<rect x="-800" y="380" width="2400" height="320" fill="#20301c"/>${rails}${steam}${train}
${coin(s, 660, 150, 26)}${coin(s, 700, 220, 20)}${coin(s, 120, 160, 22)}${sparkles(s, 5, { x1: 600, y1: 100, x2: 780, y2: 260 }, '#fff4c2')}`;
};

/** A bold slot-machine seven, its foot at (x, y). */
const seven = (s: Stage, x: number, y: number, size: number) =>
  `<path transform="translate(${x} ${y}) scale(${size / 100})" d="M-40 -120 H45 V-100 C15 -70 -5 -35 -12 0 H-42 C-35 -40 -15 -75 12 -97 H-40Z" fill="${s.lin([
    [0, '#fff7b0'],
    [0.5, '#ffe45c'],
    [1, '#e09a00'],
  ])}" stroke="#5a0610" stroke-width="8" stroke-linejoin="round"/>`;

const sevens: Draw = (s) => {
  const bulbs = Array.from({ length: 22 }, (_, i) => {
    const top = i < 11;
    const x = 110 + (i % 11) * 58;
    return `<circle cx="${x}" cy="${top ? 52 : 360}" r="9" fill="${i % 2 ? '#ffe45c' : '#ffffff'}"/>${glow(s, x, top ? 52 : 360, 22, '#ffe45c', 0.8)}`;
  }).join('');
  const bar = (cx: number, cy: number, rows: number) =>
    Array.from(
      { length: rows },
      (_, i) => `<rect x="${cx - 46}" y="${cy - rows * 14 + i * 28}" width="92" height="22" rx="5" fill="#1a0508" stroke="#ffe45c" stroke-width="3"/>`,
    ).join('');
  const cherries = (
    x: number,
    y: number,
  ) => `<path d="M${x} ${y - 60} Q${x - 30} ${y - 30} ${x - 22} ${y - 4} M${x} ${y - 60} Q${x + 10} ${y - 30} ${x + 24} ${y}" stroke="#2f7a22" stroke-width="6" fill="none"/><path d="M${x} ${y - 60} q20 -12 34 -2 q-20 8 -34 2Z" fill="#46b83a"/>
<circle cx="${x - 22}" cy="${y + 10}" r="20" fill="#d81b3a" stroke="#5a0610" stroke-width="4"/><circle cx="${x + 24}" cy="${y + 14}" r="20" fill="#e53950" stroke="#5a0610" stroke-width="4"/><circle cx="${x - 29}" cy="${y + 3}" r="5" fill="#ffffff" opacity="0.7"/>`;
  return `${sky(s, '#c0152f', '#1a0508', 600)}${rays(400, 220, 24, '#ffe45c', 0.1)}${glow(s, 400, 210, 300, '#ff6a3a', 0.5)}
<rect x="80" y="40" width="640" height="332" rx="30" fill="none" stroke="#ffd166" stroke-width="10"/>${bulbs}
${seven(s, 260, 290, 165)}${seven(s, 400, 290, 185)}${seven(s, 540, 290, 165)}
${bar(-110, 230, 3)}${cherries(-150, 420)}${bar(-120, 470, 1)}${sparkles(s, 8, { x1: 150, y1: 90, x2: 650, y2: 330 }, '#fff7b0')}`;
};

const fruit: Draw = (s) => {
  const stripes = Array.from({ length: 30 }, (_, i) => `<rect x="${-800 + i * 80}" y="-100" width="40" height="800" fill="#ffffff" opacity="0.16"/>`).join('');
  const scallops = Array.from({ length: 30 }, (_, i) => `<path d="M${-800 + i * 80} 30 a40 40 0 0 0 80 0Z" fill="${i % 2 ? '#ff5c8a' : '#ffe14d'}"/>`).join('');
  const bunting = Array.from({ length: 22 }, (_, i) => {
    const x = -280 + i * 50;
    return `<path d="M${x} 80 L${x + 40} 84 L${x + 20} 118Z" fill="${['#ff5c8a', '#ffe14d', '#5ec9e0', '#7bd88f'][i % 4]}"/>`;
  }).join('');
  const melon = `<path d="M220 330 A150 150 0 0 0 520 330Z" fill="#2f9a2a"/><path d="M232 330 A138 138 0 0 0 508 330Z" fill="#e8ffd6"/><path d="M244 330 A126 126 0 0 0 496 330Z" fill="${s.lin(
    [
      [0, '#ff5c6a'],
      [1, '#e02a45'],
    ],
  )}"/>
${Array.from({ length: 9 }, (_, i) => `<ellipse cx="${280 + i * 24}" cy="${360 + Math.abs(i - 4) * -6 + 30}" rx="4" ry="7" fill="#2a0a10"/>`).join('')}`;
  const lemon = `<ellipse cx="590" cy="300" rx="70" ry="52" fill="${s.rad(
    [
      [0, '#fff8a0'],
      [1, '#f2c200'],
    ],
    { cx: 0.35, cy: 0.35, r: 0.8 },
  )}" stroke="#a88400" stroke-width="4" transform="rotate(-20 590 300)"/>`;
  const grapes = Array.from({ length: 10 }, (_, i) => {
    const row = i < 4 ? 0 : i < 7 ? 1 : i < 9 ? 2 : 3;
    const index = i - ([0, 4, 7, 9][row] ?? 0);
    const cx = 200 + index * 34 - row * 0 + row * 17;
    return `<circle cx="${cx}" cy="${200 + row * 30}" r="20" fill="${s.rad(
      [
        [0, '#c98bff'],
        [1, '#6a2fb5'],
      ],
      { cx: 0.35, cy: 0.35, r: 0.8 },
    )}" stroke="#3a1070" stroke-width="3"/>`;
  }).join('');
  const cherries = `<path d="M440 120 Q420 160 420 200 M440 120 Q460 160 475 205" stroke="#2f7a22" stroke-width="6" fill="none"/><circle cx="420" cy="215" r="24" fill="#d81b3a" stroke="#5a0610" stroke-width="4"/><circle cx="478" cy="220" r="24" fill="#e53950" stroke="#5a0610" stroke-width="4"/><circle cx="412" cy="206" r="6" fill="#ffffff" opacity="0.7"/>`;
  const plum = `<circle cx="660" cy="200" r="42" fill="${s.rad(
    [
      [0, '#b07aff'],
      [1, '#4a1a7a'],
    ],
    { cx: 0.35, cy: 0.35, r: 0.8 },
  )}"/><path d="M660 158 q10 -20 30 -20" stroke="#2f7a22" stroke-width="5" fill="none"/>`;
  return `${sky(s, '#6abf2a', '#14290a', 600)}${stripes}${glow(s, 400, 260, 300, '#fff7a1', 0.45)}${scallops}${bunting}${plum}${grapes}<path d="M260 175 q20 -30 50 -28" stroke="#2f7a22" stroke-width="6" fill="none"/>${cherries}${lemon}${melon}
${clover(120, 380, 30, '#46de7b', '#0b5e2c', 10)}${sparkles(s, 8, { x1: 150, y1: 120, x2: 700, y2: 330 })}`;
};

const roulette: Draw = (s) => {
  const cx = 400;
  const cy = 250;
  const rx = 300;
  const ry = 140;
  const pockets = 37;
  const sectors = Array.from({ length: pockets }, (_, i) => {
    const a = (Math.PI * 2 * i) / pockets;
    const b = (Math.PI * 2 * (i + 1)) / pockets;
    const at = (angle: number, scale: number) => `${n(cx + rx * scale * Math.cos(angle))} ${n(cy + ry * scale * Math.sin(angle))}`;
    const fill = i === 0 ? '#12a15a' : i % 2 ? '#c8102e' : '#141414';
    return `<path d="M${at(a, 0.62)} L${at(a, 0.86)} L${at(b, 0.86)} L${at(b, 0.62)}Z" fill="${fill}" stroke="#d4a82a" stroke-width="1.5"/>`;
  }).join('');
  const wheel = `<ellipse cx="${cx}" cy="${cy + 26}" rx="${rx + 20}" ry="${ry + 20}" fill="#2a1206"/><ellipse cx="${cx}" cy="${cy}" rx="${rx + 20}" ry="${ry + 20}" fill="${s.lin(
    [
      [0, '#a0602a'],
      [1, '#4a2410'],
    ],
  )}"/>
<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#3a1a08" stroke="#d4a82a" stroke-width="5"/>${sectors}
<ellipse cx="${cx}" cy="${cy}" rx="${rx * 0.62}" ry="${ry * 0.62}" fill="${s.rad(
    [
      [0, '#ffe9a0'],
      [0.6, '#c98a1a'],
      [1, '#6b4506'],
    ],
    { cy: 0.4 },
  )}"/>
<path d="M${cx - 60} ${cy} H${cx + 60} M${cx} ${cy - 30} V${cy + 30}" stroke="#fff1b8" stroke-width="10" stroke-linecap="round"/><ellipse cx="${cx}" cy="${cy - 8}" rx="18" ry="26" fill="#d4a82a" stroke="#6b4506" stroke-width="3"/>
<circle cx="${n(cx + rx * 0.78 * Math.cos(-1))}" cy="${n(cy + ry * 0.78 * Math.sin(-1) - 6)}" r="11" fill="${s.rad(
    [
      [0, '#ffffff'],
      [1, '#c9d2dc'],
    ],
    { cx: 0.35, cy: 0.35 },
  )}"/>`;
  const chips = (x: number, y: number, colour: string, count: number) =>
    Array.from(
      { length: count },
      (_, i) => `<ellipse cx="${x}" cy="${y - i * 9}" rx="34" ry="13" fill="${colour}" stroke="#ffffff" stroke-width="3" stroke-dasharray="9 7"/>`,
    ).join('');
  return `${sky(s, '#0f6b3f', '#041a0e', 600)}${glow(s, 400, 230, 380, '#f7d774', 0.3)}<path d="M-800 140 Q400 90 1600 140" stroke="#f7d774" stroke-width="4" fill="none" opacity="0.5"/>${wheel}
${chips(-100, 440, '#c8102e', 5)}${chips(-30, 460, '#1f5aa8', 3)}${chips(720, 450, '#141414', 4)}${sparkles(s, 5, { x1: 150, y1: 90, x2: 650, y2: 200 }, '#fff7d0')}`;
};

const card = (x: number, y: number, turn: number, rank: string, suit: 'spade' | 'heart', s: Stage) => {
  const colour = suit === 'heart' ? '#c8102e' : '#141414';
  const mark = (cx: number, cy: number, r: number) =>
    suit === 'heart'
      ? `<path d="${heartPath(cx, cy, r)}" fill="${colour}"/>`
      : `<path d="M${cx} ${cy - r} C${cx + r * 1.3} ${cy - r * 0.1} ${cx + r * 0.8} ${cy + r * 0.8} ${cx + r * 0.1} ${cy + r * 0.35} L${cx + r * 0.35} ${cy + r} L${cx - r * 0.35} ${cy + r} L${cx - r * 0.1} ${cy + r * 0.35} C${cx - r * 0.8} ${cy + r * 0.8} ${cx - r * 1.3} ${cy - r * 0.1} ${cx} ${cy - r}Z" fill="${colour}"/>`;
  return `<g transform="rotate(${turn} ${x} ${y})"><rect x="${x - 90}" y="${y - 125}" width="180" height="250" rx="16" fill="#000000" opacity="0.3" transform="translate(8 10)"/><rect x="${x - 90}" y="${y - 125}" width="180" height="250" rx="16" fill="${s.lin(
    [
      [0, '#ffffff'],
      [1, '#eef0e6'],
    ],
  )}" stroke="#c9c9bd" stroke-width="3"/>
<text x="${x - 68}" y="${y - 80}" font-family="Georgia, 'Times New Roman', serif" font-weight="700" font-size="44" fill="${colour}">${rank}</text>${mark(x - 54, y - 52, 16)}${mark(x, y + 10, 52)}</g>`;
};

const blackjack: Draw = (s) => {
  const chips = (x: number, y: number, colour: string, count: number) =>
    Array.from(
      { length: count },
      (_, i) => `<ellipse cx="${x}" cy="${y - i * 10}" rx="40" ry="15" fill="${colour}" stroke="#ffffff" stroke-width="4" stroke-dasharray="10 8"/>`,
    ).join('');
  return `${sky(s, '#0f6b3f', '#031a0c', 600)}${glow(s, 400, 220, 330, '#5fe39a', 0.35)}
<path d="M-800 40 Q400 -40 1600 40" stroke="#f2d27a" stroke-width="5" fill="none" opacity="0.6"/><path d="M-800 420 Q400 520 1600 420" stroke="#f2d27a" stroke-width="5" fill="none" opacity="0.6"/>
<ellipse cx="400" cy="390" rx="110" ry="30" fill="none" stroke="#f2d27a" stroke-width="4" opacity="0.5"/>
${card(320, 230, -12, 'A', 'spade', s)}${card(470, 225, 11, 'K', 'heart', s)}${chips(170, 400, '#c8102e', 5)}${chips(640, 410, '#1f5aa8', 4)}${chips(-120, 380, '#141414', 6)}
${sparkles(s, 5, { x1: 200, y1: 60, x2: 620, y2: 140 }, '#fff7d0')}`;
};

const plinko: Draw = (s) => {
  const pegs: string[] = [];
  for (let row = 0; row < 8; row += 1) {
    for (let col = 0; col <= row + 2; col += 1) {
      const x = 400 + (col - (row + 2) / 2) * 46;
      const y = 70 + row * 38;
      pegs.push(`<circle cx="${n(x)}" cy="${y}" r="7" fill="#ffffff"/>`);
    }
  }
  const slots = ['#ff4a6a', '#ff8a3d', '#ffc83d', '#7bd88f', '#5ec9e0', '#7bd88f', '#ffc83d', '#ff8a3d', '#ff4a6a'];
  const bins = slots.map((colour, i) => `<rect x="${400 + (i - 4.5) * 52 + 3}" y="380" width="46" height="34" rx="8" fill="${colour}"/>`).join('');
  const trail = `<path d="M400 30 Q380 70 377 108 Q400 130 423 146 Q440 170 446 184 Q430 210 423 222 Q400 245 400 260" fill="none" stroke="#ff9de2" stroke-width="4" stroke-dasharray="2 10" stroke-linecap="round"/>`;
  const ball = (x: number, y: number, r: number, colour: string) =>
    `${glow(s, x, y, r * 3, colour, 0.8)}<circle cx="${x}" cy="${y}" r="${r}" fill="${s.rad(
      [
        [0, '#ffffff'],
        [1, colour],
      ],
      { cx: 0.35, cy: 0.35, r: 0.7 },
    )}"/>`;
  return `${sky(s, '#1a0b2e', '#6a2fb5', 600)}${rays(400, 60, 20, '#ff9de2', 0.07)}<path d="M400 30 L640 370 L160 370Z" fill="#ffffff" opacity="0.06"/>${pegs.join('')}${bins}${trail}
${ball(400, 262, 16, '#ff5cc8')}${ball(300, 190, 13, '#5ce1ff')}${ball(520, 300, 13, '#ffe14d')}${ball(-120, 250, 18, '#ff5cc8')}${sparkles(s, 8, { x1: -250, y1: 40, x2: 780, y2: 360 })}`;
};

const mine: Draw = (s) => {
  const nuggets = Array.from({ length: 14 }, () => {
    const x = between(s, 330, 530);
    const y = between(s, 275, 300);
    const r = between(s, 12, 22);
    return `<polygon points="${n(x - r)},${n(y)} ${n(x - r * 0.4)},${n(y - r)} ${n(x + r * 0.6)},${n(y - r * 0.8)} ${n(x + r)},${n(y + r * 0.1)} ${n(x + r * 0.2)},${n(y + r * 0.7)}" fill="${s.lin(
      [
        [0, '#fff3a8'],
        [1, '#d48a00'],
      ],
    )}" stroke="#7a5313" stroke-width="2"/>`;
  }).join('');
  const cart = `${glow(s, 430, 280, 170, '#ffd54a', 0.7)}${nuggets}${gem(s, 470, 270, 22, '#8dffb6', '#12a15a', '#06502a')}<path d="M310 295 L550 295 L520 380 L340 380Z" fill="${s.lin(
    [
      [0, '#7a7f88'],
      [1, '#3a3d44'],
    ],
  )}" stroke="#1d1f24" stroke-width="5"/>
<path d="M320 318 H540" stroke="#1d1f24" stroke-width="4"/><circle cx="375" cy="392" r="22" fill="#1d1f24" stroke="#8a8f98" stroke-width="5"/><circle cx="490" cy="392" r="22" fill="#1d1f24" stroke="#8a8f98" stroke-width="5"/>`;
  const frame = `<path d="M140 450 L140 90 L660 90 L660 450" fill="none" stroke="#6d4212" stroke-width="34"/><path d="M120 90 H680" stroke="#4a2c10" stroke-width="40"/><path d="M180 450 Q400 80 620 450Z" fill="#0b0703"/>`;
  const rails = `<path d="M270 600 L360 410 M530 600 L440 410" stroke="#9a9aa4" stroke-width="8"/>${[420, 460, 510, 570].map((y, i) => `<rect x="${330 - i * 24}" y="${y}" width="${140 + i * 48}" height="${10 + i * 3}" fill="#4a2c10"/>`).join('')}`;
  const bomb = `<circle cx="660" cy="420" r="48" fill="${s.rad(
    [
      [0, '#5a5f6a'],
      [1, '#121418'],
    ],
    { cx: 0.35, cy: 0.35, r: 0.8 },
  )}"/><rect x="648" y="362" width="24" height="16" rx="4" fill="#3a3d44"/><path d="M660 362 Q670 340 690 335" stroke="#c9a06a" stroke-width="5" fill="none"/>${sparkle(694, 332, 16, '#ffe45c')}${glow(s, 694, 332, 30, '#ff8a1a', 0.9)}`;
  const pick = `<g transform="rotate(-30 160 420)"><rect x="152" y="330" width="14" height="160" rx="5" fill="#8a5a2b"/><path d="M90 340 Q160 300 230 340 Q160 322 90 340Z" fill="#9aa0aa" stroke="#4a4d55" stroke-width="4"/></g>`;
  const lamp = `<path d="M400 110 V140" stroke="#2a1a0a" stroke-width="4"/><rect x="386" y="140" width="28" height="34" rx="6" fill="#ffe08a" stroke="#4a2c10" stroke-width="4"/>${glow(s, 400, 160, 110, '#ffe08a', 0.75)}`;
  return `${sky(s, '#1f1405', '#3a2608', 600)}${Array.from({ length: 16 }, () => `<circle cx="${n(between(s, -260, 790))}" cy="${n(between(s, 20, 560))}" r="${n(between(s, 3, 8))}" fill="#ffd54a" opacity="${n(between(s, 0.3, 0.8))}"/>`).join('')}${frame}${rails}${lamp}<g transform="translate(430 285) scale(1.5) translate(-430 -330)">${cart}</g>${pick}${bomb}`;
};

const liveStudio: Draw = (s) => {
  const spot = (x: number, to: number, colour: string) =>
    `<path d="M${x} -10 L${to - 140} 470 L${to + 140} 470Z" fill="${s.lin([
      [0, colour, 0.55],
      [1, colour, 0],
    ])}"/><ellipse cx="${x}" cy="-6" rx="26" ry="14" fill="#ffffff"/>`;
  const dealer = `<circle cx="400" cy="170" r="44" fill="#e0a878"/><path d="M356 160 C356 110 444 110 444 160 C440 140 420 130 400 132 C380 130 360 140 356 160Z" fill="#2a1a0a"/>
<path d="M300 330 C300 250 340 225 400 222 C460 225 500 250 500 330Z" fill="#141414"/><path d="M380 222 L400 268 L420 222Z" fill="#ffffff"/><path d="M393 232 L400 246 L407 232 L400 228Z" fill="#c8102e"/>`;
  const table = `<path d="M120 320 H680 Q680 440 400 450 Q120 440 120 320Z" fill="${s.lin([
    [0, '#1f8a4c'],
    [1, '#0a3a1e'],
  ])}" stroke="#ffd27f" stroke-width="8"/><path d="M120 320 H680" stroke="#5a3414" stroke-width="16"/>
${[220, 300, 500, 580].map((x, i) => `<ellipse cx="${x}" cy="${370 + (i % 2) * 14}" rx="26" ry="10" fill="${['#c8102e', '#1f5aa8', '#141414', '#ffd27f'][i]}" stroke="#ffffff" stroke-width="3" stroke-dasharray="7 6"/>`).join('')}
<rect x="360" y="352" width="36" height="50" rx="5" fill="#ffffff" transform="rotate(-8 378 377)"/><rect x="402" y="352" width="36" height="50" rx="5" fill="#ffffff" transform="rotate(8 420 377)"/>`;
  const badge = `<rect x="560" y="40" width="150" height="56" rx="28" fill="#e0122e"/><circle cx="594" cy="68" r="11" fill="#ffffff"/>${glow(s, 594, 68, 26, '#ffffff', 0.5)}<text x="616" y="81" font-family="Inter, Arial, sans-serif" font-weight="800" font-size="34" fill="#ffffff">LIVE</text>`;
  return `${sky(s, '#0c0703', '#8c4a12', 600)}${Array.from({ length: 40 }, () => `<circle cx="${n(between(s, -260, 790))}" cy="${n(between(s, 20, 280))}" r="${n(between(s, 6, 20))}" fill="#ffd27f" opacity="${n(between(s, 0.05, 0.25))}"/>`).join('')}
${spot(150, 330, '#ffe9c2')}${spot(650, 470, '#ffe9c2')}${spot(-150, 0, '#ffd27f')}${dealer}${table}${badge}`;
};

const bingo: Draw = (s) => {
  const colours = ['#e53950', '#ff9f1a', '#2fbf71', '#2b8fe8', '#9b5cff'];
  const ball = (x: number, y: number, r: number, number: number) => {
    const colour = colours[number % colours.length] ?? '#e53950';
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${s.rad(
      [
        [0, '#ffffff', 0.9],
        [0.25, colour],
        [1, colour],
      ],
      { cx: 0.3, cy: 0.3, r: 0.9 },
    )}" stroke="#00000033" stroke-width="2"/><circle cx="${x}" cy="${y}" r="${n(r * 0.55)}" fill="#ffffff"/><text x="${x}" y="${n(y + r * 0.22)}" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-weight="800" font-size="${n(r * 0.6)}" fill="#1a1a1a">${number}</text>`;
  };
  const cage = `<circle cx="330" cy="200" r="130" fill="#ffffff" fill-opacity="0.08" stroke="#ffe29a" stroke-width="7"/>${[-60, -20, 20, 60].map((a) => `<ellipse cx="330" cy="200" rx="${n(130 * Math.abs(Math.cos((a * Math.PI) / 180)))}" ry="130" fill="none" stroke="#ffe29a" stroke-width="4" opacity="0.8"/>`).join('')}<path d="M200 200 H460" stroke="#ffe29a" stroke-width="4"/>
<path d="M330 330 L280 420 M330 330 L380 420" stroke="#8a5a2b" stroke-width="14" stroke-linecap="round"/><rect x="240" y="415" width="180" height="18" rx="8" fill="#6b4018"/><circle cx="330" cy="200" r="14" fill="#ffe29a"/>
${ball(290, 240, 26, 17)}${ball(360, 260, 24, 42)}${ball(320, 150, 22, 8)}`;
  const confetti = Array.from({ length: 30 }, () => {
    const x = n(between(s, -260, 790));
    const y = n(between(s, 20, 440));
    return `<rect x="${x}" y="${y}" width="8" height="16" rx="2" fill="${colours[Math.floor(s.rand() * colours.length)] ?? '#ffe29a'}" transform="rotate(${Math.round(between(s, 0, 180))} ${x} ${y})" opacity="0.8"/>`;
  }).join('');
  return `${sky(s, '#c2541b', '#2b0f05', 600)}${rays(330, 200, 20, '#ffe29a', 0.1)}${glow(s, 330, 200, 260, '#ffe29a', 0.5)}${cage}
${ball(520, 150, 46, 75)}${ball(620, 260, 40, 23)}${ball(520, 330, 36, 61)}${ball(660, 120, 28, 9)}${ball(-120, 220, 44, 50)}${ball(-40, 360, 34, 11)}${confetti}`;
};

const scenes: Record<GameScene, Draw> = {
  'emerald-isle': emeraldIsle,
  'celtic-crown': celticCrown,
  causeway,
  'banshee-moon': bansheeMoon,
  lighthouse,
  pearls,
  'dragon-forge': dragonForge,
  thunder,
  longship,
  pyramid,
  'meadow-hare': meadowHare,
  'night-fox': nightFox,
  ruby,
  salmon,
  'druid-book': druidBook,
  cosmos,
  'harbour-hearts': harbourHearts,
  'steam-train': steamTrain,
  sevens,
  fruit,
  roulette,
  blackjack,
  plinko,
  mine,
  'live-studio': liveStudio,
  bingo,
};

export function drawScene(scene: GameScene, stage: Stage): string {
  return scenes[scene](stage);
}
