/**
 * Slots: the reels on a canvas, one paid spin per request (`/gs/slots/spin`), its wins described in
 * words, and the jurisdiction's least time between spins kept on the client too (the server
 * enforces it). The slot's panel is the page's own (`index.html`, `gc-table`).
 */

import type { SlotRoundView, SlotSpinView } from '../../../contracts/games/outcomes';
import { minusMajor, majorOf, type GameContext, type GameRenderer, type RoundAnswer } from './parts';
import { startFreeSpins, type FreeSpinsControl } from '../free-spins';
import type { FreeSpinAnswer } from '../../../contracts/platform/bonuses/free-spins';

const SPIN_MS = 1000;

const element = <T extends HTMLElement>(testId: string): T => {
  const found = document.querySelector<T>(`[data-testid="${testId}"]`);
  if (!found) throw new Error(`missing ${testId}`);
  return found;
};

/** The reels' canvas, set when the slot starts. */
let canvas: HTMLCanvasElement;

const symbolName = (id: string) =>
  id
    .toLowerCase()
    .split(/[_\s]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');


function hueOf(id: string): number {
  let hash = 7;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) % 3607;
  return (hash * 47) % 360;
}
const shapes = ['circle', 'diamond', 'square', 'triangle', 'hexagon'] as const;
const shapeOf = (id: string) => shapes[(id.length + id.charCodeAt(0)) % shapes.length]!;

let reelCount = 5;
let rowCount = 3;
let symbolPool: string[] = ['A', 'K', 'Q', 'J', '10'];

function drawSymbol(ctx: CanvasRenderingContext2D, id: string, x: number, y: number, size: number, highlight: boolean): void {
  const hue = hueOf(id);
  const r = size * 0.36;
  const cx = x + size / 2;
  const cy = y + size / 2;
  ctx.fillStyle = highlight ? `hsl(${hue} 70% 22%)` : '#0b241b';
  ctx.fillRect(x + 3, y + 3, size - 6, size - 6);
  ctx.beginPath();
  switch (shapeOf(id)) {
    case 'circle':
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      break;
    case 'diamond':
      ctx.moveTo(cx, cy - r);
      ctx.lineTo(cx + r, cy);
      ctx.lineTo(cx, cy + r);
      ctx.lineTo(cx - r, cy);
      break;
    case 'square':
      ctx.roundRect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7, r * 0.25);
      break;
    case 'triangle':
      ctx.moveTo(cx, cy - r);
      ctx.lineTo(cx + r, cy + r * 0.8);
      ctx.lineTo(cx - r, cy + r * 0.8);
      break;
    case 'hexagon':
      for (let i = 0; i < 6; i++) {
        const angle = (Math.PI / 3) * i;
        ctx.lineTo(cx + r * Math.cos(angle), cy + r * Math.sin(angle));
      }
      break;
  }
  ctx.closePath();
  ctx.fillStyle = `hsl(${hue} 75% 55%)`;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = `hsl(${hue} 80% 80%)`;
  ctx.stroke();
  ctx.fillStyle = '#04140e';
  // Whole words up to four letters (WILD), else the first three.
  const label = id.length <= 4 ? id : id.slice(0, 3);
  ctx.font = `700 ${Math.round(size * (label.length > 3 ? 0.17 : label.length > 2 ? 0.2 : 0.26))}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, cx, cy + 1);
}

function drawReels(window: string[][], offsets: number[] = [], winning: Set<string> = new Set()): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = canvas;
  const cell = Math.min(width / reelCount, height / rowCount);
  const left = (width - cell * reelCount) / 2;
  const top = (height - cell * rowCount) / 2;
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = '#061a13';
  ctx.fillRect(0, 0, width, height);
  for (let reel = 0; reel < reelCount; reel++) {
    const offset = offsets[reel] ?? 0;
    ctx.save();
    ctx.beginPath();
    ctx.rect(left + reel * cell, top, cell, cell * rowCount);
    ctx.clip();
    const column = window[reel] ?? [];
    for (let row = -1; row <= rowCount; row++) {
      const id = row >= 0 && row < rowCount && offset === 0 ? (column[row] ?? '?') : symbolPool[Math.abs(reel * 7 + row + Math.floor(offset / cell)) % symbolPool.length]!;
      const y = top + row * cell + (offset % cell);
      drawSymbol(ctx, id, left + reel * cell, y, cell, offset === 0 && winning.has(`${reel}:${row}`));
    }
    ctx.restore();
    ctx.strokeStyle = '#1f4d3c';
    ctx.lineWidth = 1;
    ctx.strokeRect(left + reel * cell + 0.5, top + 0.5, cell - 1, cell * rowCount - 1);
  }
}

function spinAnimation(target: string[][]): Promise<void> {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const pool = new Set(symbolPool);
  for (const column of target) for (const id of column) pool.add(id);
  symbolPool = [...pool];
  if (reduced) {
    drawReels(target);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const start = performance.now();
    const frame = (now: number) => {
      const elapsed = now - start;
      if (elapsed >= SPIN_MS) {
        drawReels(target);
        resolve();
        return;
      }
      // Each reel stops a little after the one before it.
      const offsets = Array.from({ length: reelCount }, (_, reel) => {
        const stopAt = SPIN_MS * (0.55 + (0.45 * reel) / Math.max(1, reelCount - 1));
        return elapsed >= stopAt ? 0 : Math.floor(elapsed * 1.6) + 1;
      });
      drawReels(target, offsets);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

function describeWin({ t, money }: GameContext, outcome: SlotRoundView, win: number): string {
  const minor = (amount: number) => money(majorOf(amount));
  if (win <= 0) return t('result.noWin');
  const described = outcome.base.lineWins.map((lineWin) => ({
    where: lineWin.line >= 0 ? t('slot.line', { line: lineWin.line + 1 }) : t('slot.ways', { ways: lineWin.ways }),
    text: `${lineWin.count} × ${symbolName(lineWin.symbol)}`,
    amount: lineWin.amount,
  }));
  const extras: string[] = [];
  if (outcome.base.scatter && outcome.base.scatter.amount > 0) {
    extras.push(t('slot.scatter', { count: outcome.base.scatter.count, symbol: symbolName(outcome.base.scatter.symbol), amount: minor(outcome.base.scatter.amount) }));
  }
  if (outcome.freeSpinsPlayed > 0) {
    const freeWin = outcome.freeSpins.reduce((sum, spin) => sum + spin.win, 0);
    extras.push(t('slot.freeSpins', { count: outcome.freeSpinsPlayed, amount: minor(freeWin) }));
  }
  const only = described[0];
  if (described.length === 1 && extras.length === 0 && only) return t('slot.winOn', { amount: money(win), where: only.where, text: only.text });
  const all = [...described.map((part) => `${part.where}: ${part.text} (${minor(part.amount)})`), ...extras];
  return all.length > 0 ? t('slot.winList', { amount: money(win), list: all.join(', ') }) : t('slot.win', { amount: money(win) });
}

function winningCells(outcome: SlotSpinView, lines: number[][] | null): Set<string> {
  const cells = new Set<string>();
  for (const lineWin of outcome.lineWins) {
    for (let reel = 0; reel < lineWin.count; reel++) {
      if (lines && lineWin.line >= 0) {
        const row = lines[lineWin.line]?.[reel];
        if (row !== undefined) cells.add(`${reel}:${row}`);
      } else {
        outcome.window[reel]?.forEach((id, row) => {
          if (id === lineWin.symbol) cells.add(`${reel}:${row}`);
        });
      }
    }
  }
  return cells;
}

function startSlot(context: GameContext): void {
  const { t, money, rules, title } = context;
  const ui = {
    table: element('gc-table'),
    result: element('gc-result'),
    balance: element('gc-balance'),
    lastWin: element('gc-last-win'),
    stake: element<HTMLSelectElement>('gc-stake'),
    spin: element<HTMLButtonElement>('gc-spin'),
  };
  canvas = element<HTMLCanvasElement>('gc-reels');
  let spinning = false;
  let freeSpins: FreeSpinsControl = { next: () => null, played: () => undefined };
  /** When the last spin was asked for (client clock, ms). */
  let lastSpinAt = Number.NEGATIVE_INFINITY;
  const setBalance = (balance: number) => {
    ui.balance.textContent = money(balance);
  };

  async function spin(): Promise<void> {
    if (spinning) return;
    const interval = rules.minSpinIntervalMs;
    if (interval > 0 && performance.now() - lastSpinAt < interval) return;
    spinning = true;
    lastSpinAt = performance.now();
    ui.spin.disabled = true;
    ui.spin.textContent = t('slot.spinning');
    context.fail(null);
    const stake = Number(ui.stake.value);
    try {
      // Free spins on this title (issue 14) are played first, at their fixed stake.
      const free = freeSpins.next();
      const freeAnswer = free ? await context.call<FreeSpinAnswer>('POST', free.path, free.body) : null;
      const answer: RoundAnswer = freeAnswer ?? (await context.call<RoundAnswer>('POST', '/slots/spin', { stake, clientRequestId: crypto.randomUUID() }));
      const outcome = answer.outcome as SlotRoundView;
      setBalance(minusMajor(answer.balance, answer.win));
      const finalWindow = outcome.freeSpins.at(-1)?.window ?? outcome.base.window;
      await spinAnimation(outcome.base.window);
      if (finalWindow !== outcome.base.window) await spinAnimation(finalWindow);
      // Under GB rules a win that does not beat the stake is no cause for celebration: plain text only.
      const celebrate = answer.win > 0 && (rules.jurisdiction !== 'GB' || answer.win > answer.stake);
      drawReels(finalWindow, [], celebrate ? winningCells(outcome.freeSpins.at(-1) ?? outcome.base, null) : new Set());
      setBalance(answer.balance);
      ui.lastWin.textContent = money(answer.win);
      ui.result.textContent = describeWin(context, outcome, answer.win);
      ui.result.dataset.win = celebrate ? 'true' : 'false';
      if (freeAnswer) freeSpins.played(freeAnswer);
      context.onRound(answer);
    } catch (error) {
      context.fail(error);
    } finally {
      spinning = false;
      ui.spin.textContent = t('slot.spin');
      const wait = interval - (performance.now() - lastSpinAt);
      if (wait > 0) {
        ui.spin.setAttribute('aria-description', t('slot.spinSoon'));
        window.setTimeout(() => {
          ui.spin.disabled = false;
          ui.spin.removeAttribute('aria-description');
        }, wait);
      } else {
        ui.spin.disabled = false;
      }
    }
  }

  reelCount = title.reels ?? 5;
  rowCount = title.rows ?? 3;
  canvas.width = 120 * reelCount;
  canvas.height = 120 * rowCount;
  canvas.setAttribute('aria-label', t('slot.reelsLabel', { reels: reelCount, rows: rowCount }));
  ui.stake.replaceChildren(
    ...context.steps.map((step) => {
      const option = document.createElement('option');
      option.value = String(step);
      option.textContent = money(step);
      return option;
    }),
  );
  setBalance(context.balance);
  drawReels(Array.from({ length: reelCount }, (_, reel) => Array.from({ length: rowCount }, (_, row) => symbolPool[(reel + row * 2) % symbolPool.length]!)));
  ui.table.hidden = false;
  ui.spin.addEventListener('click', () => void spin());
  void startFreeSpins(context, ui).then((control) => {
    freeSpins = control;
  });
}

export const slotRenderer: GameRenderer<'slot'> = { kind: 'slot', start: startSlot };
