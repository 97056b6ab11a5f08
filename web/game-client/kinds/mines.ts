/**
 * Mines: the 5×5 grid, picks and the cash-out, and a round in play resumed on open. The tiles are
 * drawn on PixiJS under the grid (`table-art/mines-board.ts`), flipping to an emerald or a mine;
 * the grid's buttons stay over them as the way in for the keyboard and screen readers.
 */

import type { OpenRoundAnswer } from '../../../contracts/games/answers';
import type { MinesView } from '../../../contracts/games/outcomes';
import { button, fitStage, gameCyclePace, majorOf, make, panelParts, tableSound, winCue, type GameContext, type GameRenderer, type RoundAnswer } from './parts';
import { FLAVOURS } from '../sound/music';
import { MinesBoard, type TileState } from './table-art/mines-board';
import { prefersReducedMotion } from './table-art/stage';
import './table-art/table-art.css';
import { formatNumber } from '../../../contracts/format';

export async function startMines(context: GameContext): Promise<void> {
  const { host, money, t } = context;
  const parts = panelParts(context, 'meter.stake');
  const panel = make('section', { className: 'gc-mn gc-fit', testId: 'gc-mines' });
  const sound = tableSound(context, FLAVOURS.arcade);
  const grid = make('div', { className: 'gc-mn__grid', testId: 'gc-mines-grid' });
  const count = make('select', { testId: 'gc-mines-count' });
  for (const n of [1, 3, 5, 10, 15, 20, 24]) {
    const option = make('option', { text: String(n) });
    option.value = String(n);
    count.append(option);
  }
  count.value = '3';
  const countBox = make('label', { className: 'gc__stake' });
  countBox.append(make('span', { className: 'gc__meter-label', text: t('meter.mines') }), count);
  const startButton = button(t('mines.start'), 'gc__spin', () => void begin());
  const cashout = button(t('mines.cashOut'), 'gc__small gc-mn__cashout', () => void cashOut());
  const controls = make('div', { className: 'gc__controls gc-mn__controls' });
  controls.append(parts.balanceBox, parts.stakeBox, countBox, startButton);
  const stageBox = make('div', { className: 'gc-mn__stage' });
  const canvas = make('canvas', { className: 'gc-mn__canvas', testId: 'gc-mines-board' });
  canvas.setAttribute('aria-hidden', 'true');
  stageBox.append(canvas, grid);
  context.tools.append(sound.controls);
  panel.append(fitStage('gc-mn__fit', 1, 1, stageBox), parts.result, cashout, controls);
  host.append(panel);
  let board: MinesBoard | null = null;
  const boardReady = MinesBoard.create(canvas, prefersReducedMotion()).then(
    (stage) => {
      board = stage;
      grid.classList.add('gc-mn__grid--over');
      void stage.show(states());
    },
    () => canvas.remove(),
  );

  const multiplierText = (value: number) => formatNumber(value, context.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  let roundId: string | null = null;
  let view: MinesView | null = null;
  let busy = false;

  const states = (): TileState[] => {
    const revealed = new Set(view?.revealed ?? []);
    const mines = new Set(view?.minePositions ?? []);
    return Array.from({ length: 25 }, (_, cell) => (revealed.has(cell) ? 'safe' : mines.has(cell) ? (cell === view?.hit ? 'hit' : 'mine') : 'hidden'));
  };

  const drawTiles = async () => {
    await boardReady;
    await board?.show(states());
  };

  const render = () => {
    const tiles = states();
    // The cell the keyboard was on keeps the focus when the grid is drawn again.
    const focused = grid.contains(document.activeElement) ? Number((document.activeElement as HTMLElement).dataset.cell) : null;
    grid.replaceChildren(
      ...tiles.map((state, cell) => {
        const text = state === 'safe' ? '◆' : state === 'hidden' ? '' : '✹';
        const where = { row: Math.floor(cell / 5) + 1, column: (cell % 5) + 1 };
        const label = t(state === 'safe' ? 'mines.cellGem' : state === 'hidden' ? 'mines.cell' : 'mines.cellMine', where);
        const node = button(text, 'gc-mn__cell', () => void pick(cell), label);
        node.dataset.state = state;
        node.dataset.cell = String(cell);
        node.disabled = busy || !view?.inPlay || state !== 'hidden';
        for (const type of ['pointerenter', 'focus'] as const) node.addEventListener(type, () => board?.hover(cell));
        for (const type of ['pointerleave', 'blur'] as const) node.addEventListener(type, () => board?.hover(null));
        return node;
      }),
    );
    if (focused !== null) {
      const again = grid.querySelector<HTMLButtonElement>(`[data-cell="${focused}"]`);
      if (again && !again.disabled) again.focus();
    }
    const playing = Boolean(view?.inPlay);
    startButton.disabled = busy || playing;
    count.disabled = playing;
    parts.stake.disabled = playing;
    cashout.hidden = !playing;
    cashout.disabled = busy || (view?.revealed.length ?? 0) === 0;
    cashout.textContent = playing && view?.cashOutAtLeast ? t('mines.cashOutAmount', { amount: money(majorOf(view.cashOutAtLeast)) }) : t('mines.cashOut');
  };

  /** What the tile or the cash-out sounds like, from the round before the answer to after it. */
  const cue = (before: MinesView | null, after: MinesView, answer: RoundAnswer) => {
    if (after.phase === 'lost') sound.cues.mine();
    else if (after.revealed.length > (before?.revealed.length ?? 0)) sound.cues.emerald(after.revealed.length);
    if (!after.inPlay && after.phase !== 'lost') {
      sound.cues.cashOut();
      winCue(context, sound.cues, answer.win, answer.stake);
    }
  };

  const show = async (answer: RoundAnswer) => {
    const before = view;
    view = answer.outcome as MinesView;
    cue(before, view, answer);
    roundId = view.inPlay ? answer.roundId : null;
    // The tiles turn before the result is said.
    await drawTiles();
    parts.balance.textContent = money(answer.balance);
    if (view.inPlay) {
      parts.result.dataset.win = 'false';
      parts.result.textContent = view.nextMultiplier ? t('mines.nextGem', { multiplier: multiplierText(view.nextMultiplier) }) : t('mines.cashOutNow');
    } else if (view.phase === 'lost') {
      parts.result.dataset.win = 'false';
      parts.result.textContent = t('mines.lost');
    } else {
      parts.result.dataset.win = answer.win > answer.stake ? 'true' : 'false';
      parts.result.textContent = t('mines.won', { multiplier: multiplierText(view.multiplier), amount: money(answer.win) });
    }
    context.onRound(answer);
  };

  // A round's start waits out the jurisdiction's game cycle; its picks and cash-out do not start one.
  const cycle = gameCyclePace(context);
  const run = async (path: string, body: Record<string, unknown>, startsRound = false) => {
    if (busy) return;
    busy = true;
    render();
    context.fail(null);
    try {
      const call = () => context.call<RoundAnswer>('POST', path, body);
      await show(await (startsRound ? cycle.start(startButton, call) : call()));
    } catch (error) {
      context.fail(error);
    } finally {
      busy = false;
      render();
    }
  };
  const begin = () => {
    if (busy) return Promise.resolve();
    sound.cues.chip();
    return run('/mines/start', { stake: Number(parts.stake.value), mines: Number(count.value), clientRequestId: crypto.randomUUID() }, true);
  };
  const pick = (cell: number) => {
    if (!roundId || busy) return Promise.resolve();
    sound.cues.reveal();
    return run('/mines/pick', { roundId, cell });
  };
  const cashOut = () => (roundId ? run('/mines/cashout', { roundId }) : Promise.resolve());

  render();
  try {
    const open = await context.call<OpenRoundAnswer>('GET', '/round/open');
    if (open.round && (open.round.outcome as MinesView | null)?.inPlay) {
      view = open.round.outcome as MinesView;
      roundId = open.round.roundId;
      parts.result.textContent = t('round.resumed');
      render();
      await drawTiles();
    }
  } catch (error) {
    context.fail(error);
  }
}

export const minesRenderer: GameRenderer<'mines'> = { kind: 'mines', start: startMines };
