/**
 * Plinko: the board, the risk and the ball's path. The board is drawn on PixiJS
 * (`table-art/plinko-board.ts`), the ball following the round's recorded path; `drawPlinko` is the
 * plain 2D board, kept for when no renderer can start. Each slot shows its multiplier for the risk
 * chosen, from the paytable the game server sends with the title (`title.plinko`).
 */

import type { PlinkoView } from '../../../contracts/games/outcomes';
import {
  button,
  fitStage,
  gameCyclePace,
  make,
  minusMajor,
  panelParts,
  pictureCanvas,
  tableSound,
  winCue,
  wonText,
  type GameContext,
  type GameRenderer,
  type RoundAnswer,
} from './parts';
import { FLAVOURS } from '../sound/music';
import { PlinkoBoard } from './table-art/plinko-board';
import { prefersReducedMotion } from './table-art/stage';
import { tableTranslator } from './table-art/table-strings';
import './table-art/table-art.css';
import { formatNumber } from '../../../contracts/format';

type Risk = 'low' | 'medium' | 'high';

function drawPlinko(canvas: HTMLCanvasElement, rows: number, path: number[], step: number, landed: number | null, multipliers: readonly string[]): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = canvas;
  const gap = Math.min(width / (rows + 2), (height - 40) / (rows + 1));
  const top = 20;
  const pegX = (row: number, index: number) => width / 2 + (index - row / 2) * gap;
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = '#061a13';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#a7f3d0';
  for (let row = 0; row < rows; row++) {
    for (let index = 0; index <= row + 1; index++) {
      ctx.beginPath();
      ctx.arc(pegX(row + 1, index), top + (row + 1) * gap, 3, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  for (let slot = 0; slot <= rows; slot++) {
    const x = pegX(rows, slot);
    ctx.fillStyle = slot === landed ? '#fcd34d' : '#0e3b2b';
    ctx.fillRect(x - gap / 2 + 2, top + (rows + 0.6) * gap, gap - 4, gap * 0.7);
    ctx.fillStyle = slot === landed ? '#0e3b2b' : '#ecfdf5';
    ctx.font = `700 ${Math.round(gap * 0.3)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(multipliers[slot] ?? '', x, top + (rows + 0.95) * gap, gap - 6);
  }
  // The ball: after `step` bounces it sits between the pegs of that row.
  const rights = path.slice(0, step).reduce((sum, bounce) => sum + bounce, 0);
  const x = pegX(step, rights);
  const y = top + step * gap + (step === 0 ? 0 : gap * 0.5);
  ctx.beginPath();
  ctx.arc(x, y, gap * 0.28, 0, Math.PI * 2);
  ctx.fillStyle = '#f472b6';
  ctx.fill();
}

export function startPlinko(context: GameContext): void {
  const { host, money, t } = context;
  const tb = tableTranslator(context.locale.startsWith('mk') ? 'mk' : 'en');
  // The server's paytable: its rows, and what each slot pays at each risk.
  const paytable = context.title.plinko;
  const rows = paytable?.rows ?? 12;
  const multiplierText = (tenths: number) => `${formatNumber(tenths / 10, context.locale)}×`;
  const multipliersOf = (level: Risk): string[] => paytable?.multiplierTenths[level].map(multiplierText) ?? [];
  const parts = panelParts(context, 'meter.stake');
  const panel = make('section', { className: 'gc-pk gc-fit', testId: 'gc-plinko' });
  const sound = tableSound(context, FLAVOURS.arcade);
  let canvas = pictureCanvas('gc-pk__board gc-pk__board--stage', 'gc-plinko-board', 520, 480, t('plinko.board'));
  const risk = make('select', { testId: 'gc-plinko-risk' });
  for (const level of ['low', 'medium', 'high'] as const) {
    const option = make('option', { text: t(`plinko.${level}`) });
    option.value = level;
    risk.append(option);
  }
  const riskBox = make('label', { className: 'gc__stake' });
  riskBox.append(make('span', { className: 'gc__meter-label', text: t('meter.risk') }), risk);
  const drop = button(t('plinko.drop'), 'gc__spin', () => void play());
  const controls = make('div', { className: 'gc__controls gc-pk__controls' });
  controls.append(parts.balanceBox, parts.stakeBox, riskBox, drop);
  context.tools.append(sound.controls);
  panel.append(fitStage('gc-pk__fit', 520, 480, canvas), parts.result, controls);
  host.append(panel);
  let board: PlinkoBoard | null = null;
  /** Set once no renderer could start and the plain 2D board stands in. */
  let plain = false;
  /** Each slot's multiplier for the risk chosen, drawn under the board and said in the board's name. */
  const showMultipliers = () => {
    const labels = multipliersOf(risk.value as Risk);
    if (labels.length > 0) canvas.setAttribute('aria-label', tb('tb.plinkoBoard', { multipliers: labels.join(', ') }));
    if (board) board.showMultipliers(labels);
    // The plain board only once Pixi has given the canvas up: a 2D context on it would keep WebGL off.
    else if (plain) drawPlinko(canvas, rows, [], 0, null, labels);
  };
  risk.addEventListener('change', showMultipliers);
  const boardReady = PlinkoBoard.create(canvas, rows, prefersReducedMotion()).then(
    (stage) => {
      board = stage;
      showMultipliers();
    },
    () => {
      // No renderer could start on this canvas: the plain board on a fresh 2D canvas instead.
      const flat = pictureCanvas('gc-pk__board', 'gc-plinko-board', 520, 420, t('plinko.board'));
      canvas.replaceWith(flat);
      canvas = flat;
      plain = true;
      showMultipliers();
    },
  );

  const animate = (path: number[], slot: number, multiplier: string) =>
    new Promise<void>((resolve) => {
      if (board) {
        void board.play(path, slot, multiplier).then(resolve);
        return;
      }
      const labels = multipliersOf(risk.value as Risk);
      if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
        drawPlinko(canvas, rows, path, path.length, slot, labels);
        resolve();
        return;
      }
      let step = 0;
      const tick = () => {
        drawPlinko(canvas, rows, path, step, step >= path.length ? slot : null, labels);
        if (step >= path.length) {
          resolve();
          return;
        }
        step++;
        window.setTimeout(tick, 70);
      };
      tick();
    });

  const cycle = gameCyclePace(context);
  async function play(): Promise<void> {
    if (drop.disabled) return;
    drop.disabled = true;
    // The risk stays as chosen until the ball lands: the slots show its multipliers.
    risk.disabled = true;
    context.fail(null);
    try {
      const body = { stake: Number(parts.stake.value), risk: risk.value, clientRequestId: crypto.randomUUID() };
      const answer = await cycle.start(drop, () => context.call<RoundAnswer>('POST', '/plinko/drop', body));
      parts.balance.textContent = money(minusMajor(answer.balance, answer.win));
      const outcome = answer.outcome as PlinkoView;
      const multiplier = multiplierText(outcome.multiplierTenths);
      await boardReady;
      // A tick on each peg at the board's pace (a hop of 150 ms drawn, 70 ms plain), then the landing.
      sound.cues.pegs(prefersReducedMotion() ? 0 : outcome.path.length, board ? 0.15 : 0.07);
      await animate(outcome.path, outcome.slot, multiplier);
      parts.balance.textContent = money(answer.balance);
      parts.result.dataset.win = answer.win > answer.stake ? 'true' : 'false';
      parts.result.textContent = `${multiplier} — ${wonText(context, answer.win)}`;
      winCue(context, sound.cues, answer.win, answer.stake);
      context.onRound(answer);
    } catch (error) {
      context.fail(error);
    } finally {
      drop.disabled = false;
      risk.disabled = false;
    }
  }
}

export const plinkoRenderer: GameRenderer<'plinko'> = { kind: 'plinko', start: startPlinko };
