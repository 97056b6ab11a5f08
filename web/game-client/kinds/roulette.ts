/**
 * European roulette: the wheel, the layout and the chips; one spin per request. The single-player
 * table's wheel is drawn on PixiJS (`table-art/roulette-wheel.ts`); `drawWheel` and `spinWheel`
 * draw the plain 2D wheel the live table shares, and the table falls back to it when no renderer
 * can start.
 */

import type { RouletteView } from '../../../contracts/games/outcomes';
import { soundEngine } from '../sound/engine';
import { FLAVOURS } from '../sound/music';
import { tableCues, type TableCues } from '../sound/table-cues';
import { RouletteWheel } from './table-art/roulette-wheel';
import { prefersReducedMotion } from './table-art/stage';
import './table-art/table-art.css';
import {
  button,
  fitStage,
  gameCyclePace,
  majorOf,
  make,
  minorOf,
  minusMajor,
  panelParts,
  pictureCanvas,
  roundReceipt,
  tableSound,
  winCue,
  wonText,
  type GameContext,
  type GameRenderer,
  type RoundAnswer,
} from './parts';

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const WHEEL = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26];
export const colourOf = (n: number): 'green' | 'red' | 'black' => (n === 0 ? 'green' : RED.has(n) ? 'red' : 'black');
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

interface RouletteBet {
  type: string;
  numbers: number[];
  /** Minor units: chips stack as integers, never as float sums. */
  stakeMinor: number;
  label: string;
}

export function drawWheel(canvas: HTMLCanvasElement, angle: number, ball: number | null): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = canvas;
  const cx = width / 2;
  const cy = height / 2;
  const outer = Math.min(width, height) / 2 - 6;
  const inner = outer * 0.62;
  const slice = (Math.PI * 2) / WHEEL.length;
  ctx.clearRect(0, 0, width, height);
  WHEEL.forEach((n, i) => {
    const start = angle + i * slice - Math.PI / 2 - slice / 2;
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.arc(cx, cy, outer, start, start + slice);
    ctx.closePath();
    ctx.fillStyle = n === 0 ? '#0f8a4f' : RED.has(n) ? '#b91c1c' : '#111827';
    ctx.fill();
    ctx.strokeStyle = '#d4af37';
    ctx.lineWidth = 1;
    ctx.stroke();
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate(start + slice / 2);
    ctx.fillStyle = '#f9fafb';
    ctx.font = `700 ${Math.round(outer * 0.09)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.translate(outer * 0.85, 0);
    ctx.rotate(Math.PI / 2);
    ctx.fillText(String(n), 0, 0);
    ctx.restore();
  });
  ctx.beginPath();
  ctx.arc(cx, cy, inner, 0, Math.PI * 2);
  ctx.fillStyle = '#0a2a1f';
  ctx.fill();
  ctx.strokeStyle = '#d4af37';
  ctx.lineWidth = 3;
  ctx.stroke();
  // The pointer at the top.
  ctx.beginPath();
  ctx.moveTo(cx - 8, 2);
  ctx.lineTo(cx + 8, 2);
  ctx.lineTo(cx, 16);
  ctx.closePath();
  ctx.fillStyle = '#fcd34d';
  ctx.fill();
  if (ball !== null) {
    ctx.fillStyle = '#f9fafb';
    ctx.font = `800 ${Math.round(inner * 0.5)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(ball), cx, cy);
  }
}

/**
 * The drawn wheel's spin (`table-art/roulette-wheel.ts`), seconds: the ball runs the track for the
 * first 62 % of its 4.6 s, then drops over the frets into the pocket; its sound follows that timing.
 */
const WHEEL_SPIN_S = 4.6;
const WHEEL_DROP_S = WHEEL_SPIN_S * 0.62;
/**
 * The wheel both roulette tables show: drawn on PixiJS, or, when no renderer can start on its canvas,
 * the plain 2D wheel on a fresh canvas put in its place. `canvas()` is whichever is in the page.
 */
export function rouletteWheelView(label: string, cues: TableCues) {
  let canvas = pictureCanvas('gc-rl__wheel gc-rl__wheel--stage', 'gc-wheel', 360, 360, label);
  let angle = 0;
  let wheel: RouletteWheel | null = null;
  const ready = RouletteWheel.create(canvas, prefersReducedMotion()).then(
    (stage) => {
      wheel = stage;
    },
    () => {
      const plain = pictureCanvas('gc-rl__wheel', 'gc-wheel', 320, 320, label);
      canvas.replaceWith(plain);
      canvas = plain;
      drawWheel(canvas, angle, null);
    },
  );
  return {
    canvas: () => canvas,
    ready,
    /** The wheel spins to `n`: the drawn wheel's ball, heard on the track, or the plain wheel. */
    async spinTo(n: number): Promise<void> {
      await ready;
      if (wheel) await spinDrawnWheel(wheel, n, cues);
      else angle = await spinWheel(canvas, angle, n);
    },
    /** The ball already in pocket `n` (a number drawn before the table was opened). */
    async show(n: number): Promise<void> {
      await ready;
      if (wheel) wheel.show(n);
      else drawWheel(canvas, angle, n);
    },
  };
}

/** The plain wheel's spin, seconds (the live table and the fallback). */
const PLAIN_SPIN_S = 1.4;

/** Spins the drawn wheel to `n`, the ball heard on the track, over the frets and into its pocket at the wheel's pace. */
export function spinDrawnWheel(wheel: RouletteWheel, n: number, cues: TableCues): Promise<void> {
  if (prefersReducedMotion()) cues.ball(0, 0.05);
  else cues.ball(WHEEL_DROP_S, WHEEL_SPIN_S);
  return wheel.spinTo(n);
}

export function spinWheel(canvas: HTMLCanvasElement, from: number, target: number): Promise<number> {
  const cues = tableCues(soundEngine());
  const slice = (Math.PI * 2) / WHEEL.length;
  const index = WHEEL.indexOf(target);
  // The wheel turns so that the target pocket ends under the pointer.
  const base = -index * slice;
  const turns = Math.PI * 2 * 3;
  let end = base;
  while (end > from - turns) end -= Math.PI * 2;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    drawWheel(canvas, base, target);
    cues.ball(0, 0.05);
    return Promise.resolve(base);
  }
  const duration = PLAIN_SPIN_S * 1000;
  cues.ball(PLAIN_SPIN_S * 0.6, PLAIN_SPIN_S);
  return new Promise((resolve) => {
    const start = performance.now();
    const frame = (now: number) => {
      const t = Math.min(1, (now - start) / duration);
      const eased = 1 - (1 - t) ** 3;
      const angle = from + (end - from) * eased;
      drawWheel(canvas, angle, t >= 1 ? target : null);
      if (t < 1) requestAnimationFrame(frame);
      else resolve(end % (Math.PI * 2));
    };
    requestAnimationFrame(frame);
  });
}

/**
 * The betting layout of European roulette, shared by the single-player table and the live table:
 * every spot a button (keyboard and screen readers) that calls `place` with the bet it stands for.
 */
export function rouletteLayout({ t }: Pick<GameContext, 't'>, place: (key: string, type: string, numbers: number[], label: string) => void): HTMLDivElement {
  const layout = make('div', { className: 'gc-rl__layout', testId: 'gc-rl-layout' });
  /**
   * Each cell has two places: across (0 on the left, three rows of twelve, wide screens) and down
   * (0 on top, twelve rows of three with the dozens and even-money bets beside them, narrow screens).
   */
  const cues = tableCues(soundEngine());
  const cell = (
    text: string,
    key: string,
    type: string,
    numbers: number[],
    label: string,
    className: string,
    across: [string, string],
    down: [string, string],
  ) => {
    const node = button(
      text,
      `gc-rl__cell ${className}`,
      () => {
        cues.chip();
        place(key, type, numbers, label);
      },
      t('roulette.betOn', { label }),
    );
    node.dataset.bet = key;
    node.style.setProperty('--across-row', across[0]);
    node.style.setProperty('--across-column', across[1]);
    node.style.setProperty('--down-row', down[0]);
    node.style.setProperty('--down-column', down[1]);
    return node;
  };
  const colourName = (n: number) => t(`roulette.${colourOf(n)}`);
  layout.append(cell('0', 'straight:0', 'straight', [0], '0', 'gc-rl__cell--green', ['1 / span 3', '1'], ['1', '3 / span 3']));
  for (let row = 0; row < 3; row++) {
    for (let column = 0; column < 12; column++) {
      const n = column * 3 + (3 - row);
      const node = cell(
        String(n),
        `straight:${n}`,
        'straight',
        [n],
        t('roulette.number', { number: n, colour: colourName(n) }),
        `gc-rl__cell--${colourOf(n)}`,
        [String(row + 1), String(column + 2)],
        [String(column + 2), String(5 - row)],
      );
      layout.append(node);
    }
    const columnNumbers = range(0, 11).map((c) => c * 3 + (3 - row));
    const columnBet = cell(
      t('roulette.twoToOne'),
      `column:${3 - row}`,
      'column',
      columnNumbers,
      t('roulette.column', { column: 3 - row }),
      'gc-rl__cell--outside',
      [String(row + 1), '14'],
      ['14', String(5 - row)],
    );
    layout.append(columnBet);
  }
  const dozens = [
    [t('roulette.dozen1'), range(1, 12), t('roulette.dozen1Label')],
    [t('roulette.dozen2'), range(13, 24), t('roulette.dozen2Label')],
    [t('roulette.dozen3'), range(25, 36), t('roulette.dozen3Label')],
  ] as const;
  dozens.forEach(([text, numbers, label], i) => {
    const node = cell(text, `dozen:${i}`, 'dozen', [...numbers], label, 'gc-rl__cell--outside', ['4', `${2 + i * 4} / span 4`], [`${2 + i * 4} / span 4`, '1']);
    layout.append(node);
  });
  const all = range(1, 36);
  const evenMoney: [string, string, number[], string, string][] = [
    [t('roulette.low'), 'low', range(1, 18), t('roulette.lowLabel'), 'outside'],
    [t('roulette.even'), 'even', all.filter((n) => n % 2 === 0), t('roulette.evenLabel'), 'outside'],
    [t('roulette.redBet'), 'red', all.filter((n) => RED.has(n)), t('roulette.red'), 'red'],
    [t('roulette.blackBet'), 'black', all.filter((n) => !RED.has(n)), t('roulette.black'), 'black'],
    [t('roulette.odd'), 'odd', all.filter((n) => n % 2 === 1), t('roulette.oddLabel'), 'outside'],
    [t('roulette.high'), 'high', range(19, 36), t('roulette.highLabel'), 'outside'],
  ];
  evenMoney.forEach(([text, type, numbers, label, colour], i) => {
    const node = cell(text, type, type, numbers, label, `gc-rl__cell--${colour}`, ['5', `${2 + i * 2} / span 2`], [`${2 + i * 2} / span 2`, '2']);
    layout.append(node);
  });

  return layout;
}

export function startRoulette(context: GameContext): void {
  const { host, money, t } = context;
  const parts = panelParts(context, 'meter.chip');
  parts.stake.setAttribute('aria-label', t('meter.chipValue'));
  const bets = new Map<string, RouletteBet>();
  const panel = make('section', { className: 'gc-rl gc-fit', testId: 'gc-roulette' });
  const sound = tableSound(context, FLAVOURS.lounge);
  const wheel = rouletteWheelView(t('roulette.wheel'), sound.cues);

  const list = make('ul', { className: 'gc-rl__bets', testId: 'gc-rl-bets' });
  const total = make('span', { className: 'gc-rl__total', testId: 'gc-rl-total' });
  const spin = button(t('slot.spin'), 'gc__spin', () => void play());
  const clear = button(
    t('roulette.clear'),
    'gc__small',
    () => {
      bets.clear();
      render();
    },
    t('roulette.clearBets'),
  );

  const render = () => {
    list.replaceChildren(
      ...[...bets.values()].map((bet) => {
        const item = make('li', { testId: 'gc-rl-bet', text: `${bet.label}: ${money(majorOf(bet.stakeMinor))}` });
        return item;
      }),
    );
    const sum = [...bets.values()].reduce((s, bet) => s + bet.stakeMinor, 0);
    total.textContent = bets.size > 0 ? t('roulette.totalBet', { amount: money(majorOf(sum)) }) : t('roulette.placeBets');
    spin.disabled = bets.size === 0;
    clear.disabled = bets.size === 0;
    for (const cell of layout.querySelectorAll<HTMLButtonElement>('button[data-bet]')) {
      const placed = bets.get(cell.dataset.bet ?? '');
      cell.dataset.placed = placed ? 'true' : 'false';
    }
  };

  const place = (key: string, type: string, numbers: number[], label: string) => {
    const chip = minorOf(Number(parts.stake.value));
    const existing = bets.get(key);
    bets.set(key, { type, numbers, label, stakeMinor: (existing?.stakeMinor ?? 0) + chip });
    render();
  };

  const layout = rouletteLayout(context, place);
  /** The winning number's spot on the layout glows until the next spin. */
  const markHit = (n: number | null) => {
    for (const cell of layout.querySelectorAll<HTMLButtonElement>('button[data-hit]')) delete cell.dataset.hit;
    if (n !== null) layout.querySelector<HTMLButtonElement>(`button[data-bet="straight:${n}"]`)?.setAttribute('data-hit', 'true');
  };
  const colourName = (n: number) => t(`roulette.${colourOf(n)}`);

  const controls = make('div', { className: 'gc__controls gc-rl__controls' });
  controls.append(parts.balanceBox, parts.stakeBox, spin);
  const betsBox = make('div', { className: 'gc-rl__placed' });
  const betsHead = make('div', { className: 'gc-rl__placed-head' });
  betsHead.append(make('h2', { text: t('roulette.yourBets') }), total, clear);
  const receipt = roundReceipt(context);
  betsBox.append(parts.result, receipt.node, betsHead, list);
  // The wheel and the bets take the height the layout and the controls leave (issue 27).
  const top = fitStage('gc-rl__top', 1, 1, wheel.canvas(), betsBox);
  context.tools.append(sound.controls);
  panel.append(top, layout, controls);
  host.append(panel);
  render();

  const cycle = gameCyclePace(context);
  let busy = false;
  async function play(): Promise<void> {
    if (busy || bets.size === 0) return;
    busy = true;
    spin.disabled = true;
    spin.textContent = t('slot.spinning');
    context.fail(null);
    try {
      const placed = [...bets.values()];
      // The bet is placed: the last round's receipt gives way to this one's.
      receipt.clear();
      const body = {
        bets: placed.map(({ type, numbers, stakeMinor }) => ({ type, numbers, stake: majorOf(stakeMinor) })),
        clientRequestId: crypto.randomUUID(),
      };
      const answer = await cycle.start(spin, () => context.call<RoundAnswer>('POST', '/roulette/spin', body));
      const staked = placed.reduce((s, bet) => s + bet.stakeMinor, 0);
      parts.balance.textContent = money(minusMajor(answer.balance, answer.win));
      parts.result.textContent = '';
      const outcome = answer.outcome as RouletteView;
      await wheel.ready;
      markHit(null);
      // On a phone the Spin button sits below the layout: bring the wheel into view for its spin.
      const canvas = wheel.canvas();
      const box = canvas.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) canvas.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
      await wheel.spinTo(outcome.number);
      markHit(outcome.number);
      parts.balance.textContent = money(answer.balance);
      parts.result.dataset.win = minorOf(answer.win) > staked ? 'true' : 'false';
      parts.result.textContent = `${t('roulette.number', { number: outcome.number, colour: colourName(outcome.number) })} — ${wonText(context, answer.win)}`;
      receipt.show(majorOf(staked), answer.win);
      winCue(context, sound.cues, answer.win, majorOf(staked));
      context.onRound(answer);
    } catch (error) {
      context.fail(error);
    } finally {
      busy = false;
      spin.textContent = t('slot.spin');
      render();
    }
  }
}

export const rouletteRenderer: GameRenderer<'roulette'> = { kind: 'roulette', start: startRoulette };
