/**
 * Slots: the reels on PixiJS (`slot/reel-stage.ts`, symbols drawn for each title's theme in
 * `slot/symbols.ts`), one paid spin per request (`/gs/slots/spin`), its wins described in words in
 * the live region, sound effects (`slot/sound.ts`) behind a remembered mute, and the jurisdiction's
 * least time between spins kept on the client too (the server enforces it). The slot's panel is the
 * page's own (`index.html`, `gc-table`).
 *
 * The panel is playable before the reels are drawn: PixiJS and the artwork are a chunk of their own,
 * loaded beside the panel; until the stage is ready (the canvas's `data-stage` leaves `loading`) a
 * spin plays in words alone, and the reels then appear on the window it landed on.
 */

import './slot/slot.css';
import type { SlotRoundView } from '../../../contracts/games/outcomes';
import { fitStage, minorOf, minusMajor, majorOf, type GameContext, type GameRenderer, type RoundAnswer } from './parts';
import { startFreeSpins, type FreeSpinsControl } from '../free-spins';
import { musicToggle } from '../sound/controls';
import { soundEngine } from '../sound/engine';
import type { FreeSpinAnswer } from '../../../contracts/platform/bonuses/free-spins';
import { languageOf } from '../strings';
import { paylinesOf } from './slot/paylines';
import type { ReelStage } from './slot/reel-stage';
import { cabinetSize } from './slot/cabinet';
import { anticipationFrom, celebrates, tierOf, winLines } from './slot/presentation';
import { slotTranslator, type SlotTranslate } from './slot/slot-strings';
import { symbolNamer } from './slot/symbol-names';
import { createSlotSound, type SlotSound } from './slot/sound';
import { isWild, SYMBOLS_OF, themeOf } from './slot/themes';

const element = <T extends HTMLElement>(testId: string): T => {
  const found = document.querySelector<T>(`[data-testid="${testId}"]`);
  if (!found) throw new Error(`missing ${testId}`);
  return found;
};

function describeWin({ t, money }: GameContext, outcome: SlotRoundView, win: number, symbolName: (id: string) => string): string {
  const minor = (amount: number) => money(majorOf(amount));
  if (win <= 0) return t('result.noWin');
  const described = outcome.base.lineWins.map((lineWin) => ({
    where: lineWin.line >= 0 ? t('slot.line', { line: lineWin.line + 1 }) : t('slot.ways', { ways: lineWin.ways }),
    text: `${lineWin.count} × ${symbolName(lineWin.symbol)}`,
    amount: lineWin.amount,
  }));
  const extras: string[] = [];
  if (outcome.base.scatter && outcome.base.scatter.amount > 0) {
    extras.push(
      t('slot.scatter', { count: outcome.base.scatter.count, symbol: symbolName(outcome.base.scatter.symbol), amount: minor(outcome.base.scatter.amount) }),
    );
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

const pause = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

function muteButton(sound: SlotSound, s: SlotTranslate): HTMLButtonElement {
  const mute = document.createElement('button');
  mute.type = 'button';
  mute.className = 'gc-slot__mute';
  mute.dataset.testid = 'gc-mute';
  mute.setAttribute('aria-label', s('sl.sound'));
  const show = () => {
    const on = !sound.muted();
    mute.setAttribute('aria-pressed', String(on));
    mute.title = on ? s('sl.soundOn') : s('sl.soundOff');
    mute.dataset.sound = on ? 'on' : 'off';
  };
  mute.addEventListener('click', () => {
    sound.setMuted(!sound.muted());
    show();
  });
  show();
  return mute;
}

async function startSlot(context: GameContext): Promise<void> {
  const { t, money, rules, title } = context;
  const language = languageOf(new URL(window.location.href).searchParams.get('lang'));
  const s = slotTranslator(language);
  const symbolName = symbolNamer(language);
  const ui = {
    table: element('gc-table'),
    result: element('gc-result'),
    balance: element('gc-balance'),
    lastWin: element('gc-last-win'),
    stake: element<HTMLSelectElement>('gc-stake'),
    spin: element<HTMLButtonElement>('gc-spin'),
  };
  const canvas = element<HTMLCanvasElement>('gc-reels');
  const reelCount = title.reels ?? 5;
  const rowCount = title.rows ?? 3;
  const theme = themeOf(title.gameId);
  const symbols = SYMBOLS_OF[title.gameId] ?? ['A', 'K', 'Q', 'J'];
  const paylines = paylinesOf(title);
  const wild = (id: string) => isWild(title.gameId, id);
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const sound = createSlotSound();

  // The stage: the canvas and, over its corner, the sound button and the table games' music toggle
  // (the page engine's, so the choice is the one every game remembers).
  // The cabinet is as large as the height the title, status, result and controls leave in the frame
  // allows (issue 27): the stage box takes that height, the cabinet its shape within it.
  const cabinet = cabinetSize(reelCount, rowCount);
  const cabinetBox = document.createElement('div');
  cabinetBox.className = 'gc-slot__cabinet';
  const stageBox = fitStage('gc-slot__stage', cabinet.width, cabinet.height, cabinetBox);
  canvas.replaceWith(stageBox);
  cabinetBox.append(canvas, muteButton(sound, s), musicToggle(soundEngine(), language));
  canvas.setAttribute('aria-label', t('slot.reelsLabel', { reels: reelCount, rows: rowCount }));
  // The canvas takes the cabinet's shape and the title's sky now, so the reels appearing later move
  // nothing on the page and the space they take is the title's colour meanwhile.
  canvas.width = cabinet.width;
  canvas.height = cabinet.height;
  const hex = (color: number) => `#${color.toString(16).padStart(6, '0')}`;
  canvas.style.background = `linear-gradient(${hex(theme.sky[0])}, ${hex(theme.sky[1])})`;
  canvas.dataset.stage = 'loading';

  let spinning = false;
  let freeSpins: FreeSpinsControl = { next: () => null, played: () => undefined };
  /** When the last spin was asked for (client clock, ms). */
  let lastSpinAt = Number.NEGATIVE_INFINITY;
  const setBalance = (balance: number) => {
    ui.balance.textContent = money(balance);
  };
  const minorMoney = (amount: number) => money(majorOf(amount));

  const regular = symbols.filter((id) => !wild(id) && id !== theme.scatter);
  /** The window the reels show (or will show when the stage is ready). */
  let shown: string[][] = Array.from({ length: reelCount }, (_, reel) =>
    Array.from({ length: rowCount }, (_, row) => regular[(reel * 2 + row * 3) % regular.length] ?? 'A'),
  );
  /** The reels once PixiJS has loaded and drawn them; until then spins play in words alone. */
  let readyStage: ReelStage | null = null;
  /** Shows `window` as the reels' rest, now or when the stage is ready. */
  const rest = (window: string[][]) => {
    shown = window;
    readyStage?.show(window);
  };
  /**
   * The reels are drawn on a canvas of their own, outside the page until they are drawn (so the
   * page's frames never wait on their drawing), which then takes the waiting canvas's place.
   */
  const startStage = async (): Promise<void> => {
    const { ReelStage } = await import('./slot/reel-stage');
    const drawn = document.createElement('canvas');
    drawn.className = canvas.className;
    drawn.dataset.testid = 'gc-reels';
    drawn.setAttribute('role', 'img');
    drawn.setAttribute('aria-label', canvas.getAttribute('aria-label') ?? '');
    const ready = await ReelStage.create(
      {
        canvas: drawn,
        reels: reelCount,
        rows: rowCount,
        theme,
        symbols,
        isWild: wild,
        wildLabel: s('sl.wild'),
        name: title.name,
        reducedMotion,
        onReelStop: (reel) => sound.reelStop(reel),
        onAnticipation: () => sound.anticipation(),
      },
      () => shown,
    );
    readyStage = ready;
    canvas.replaceWith(drawn);
  };

  /** Plays the round on the reels: the base spin, the free-spin intro and each free spin. */
  async function present(stage: ReelStage, outcome: SlotRoundView, celebrate: boolean): Promise<void> {
    const base = outcome.base;
    await stage.stop(base.window, anticipationFrom(base.window, theme));
    shown = base.window;
    if (celebrate && base.win > 0) {
      await stage.showWin({ lines: winLines(base, paylines, wild, minorMoney), tier: 0, title: '', amountAt: () => '' });
    }
    if (outcome.freeSpins.length === 0) return;
    sound.freeSpins();
    await pause(celebrate && base.win > 0 ? 900 : 300);
    await stage.freeSpinsIntro(s('sl.freeSpinsWon'), s('sl.freeSpins', { count: outcome.freeSpins.length }));
    const total = outcome.freeSpins.length;
    for (const [index, spin] of outcome.freeSpins.entries()) {
      stage.spin();
      stage.caption(s('sl.freeSpin', { number: index + 1, total }));
      sound.spinStart();
      await stage.stop(spin.window, null);
      shown = spin.window;
      stage.caption(s('sl.freeSpin', { number: index + 1, total }));
      if (celebrate && spin.win > 0) {
        await stage.showWin({ lines: winLines(spin, paylines, wild, minorMoney), tier: 0, title: '', amountAt: () => '' });
        stage.caption(s('sl.freeSpin', { number: index + 1, total }));
        await pause(reducedMotion ? 150 : 500);
      }
    }
    stage.caption(null);
  }

  async function spin(): Promise<void> {
    if (spinning) return;
    const interval = rules.minSpinIntervalMs;
    if (interval > 0 && performance.now() - lastSpinAt < interval) return;
    spinning = true;
    lastSpinAt = performance.now();
    // The click is the gesture that lets the page make sound.
    sound.unlock();
    ui.spin.disabled = true;
    ui.spin.textContent = t('slot.spinning');
    context.fail(null);
    const stake = Number(ui.stake.value);
    // The stage a spin starts on presents all of it; one ready in the middle of a round shows its end.
    const stage = readyStage;
    stage?.spin();
    sound.spinStart();
    try {
      // Free spins on this title (issue 14) are played first, at their fixed stake.
      const free = freeSpins.next();
      const freeAnswer = free ? await context.call<FreeSpinAnswer>('POST', free.path, free.body) : null;
      const answer: RoundAnswer = freeAnswer ?? (await context.call<RoundAnswer>('POST', '/slots/spin', { stake, clientRequestId: crypto.randomUUID() }));
      const outcome = answer.outcome as SlotRoundView;
      setBalance(minusMajor(answer.balance, answer.win));
      // Under GB rules a win that does not beat the stake is no cause for celebration: plain text only.
      const celebrate = celebrates(rules, minorOf(answer.win), minorOf(answer.stake));
      if (stage) await present(stage, outcome, celebrate);
      else rest((outcome.freeSpins.at(-1) ?? outcome.base).window);
      setBalance(answer.balance);
      ui.lastWin.textContent = money(answer.win);
      ui.result.textContent = describeWin(context, outcome, answer.win, symbolName);
      ui.result.dataset.win = celebrate ? 'true' : 'false';
      if (stage && celebrate) {
        const winMinor = minorOf(answer.win);
        const tier = tierOf(winMinor, minorOf(answer.stake));
        const last = outcome.freeSpins.at(-1) ?? outcome.base;
        sound.win(tier);
        void stage.showWin({
          lines: winLines(last, paylines, wild, minorMoney),
          tier,
          title: s(tier >= 3 ? 'sl.megaWin' : tier === 2 ? 'sl.bigWin' : 'sl.win'),
          amountAt: (progress) => minorMoney(Math.round(winMinor * progress)),
        });
      }
      if (freeAnswer) freeSpins.played(freeAnswer);
      context.onRound(answer);
    } catch (error) {
      // The reels come to rest where they were; nothing was played.
      if (stage) await stage.stop(shown, null);
      else rest(shown);
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

  ui.stake.replaceChildren(
    ...context.steps.map((step) => {
      const option = document.createElement('option');
      option.value = String(step);
      option.textContent = money(step);
      return option;
    }),
  );
  setBalance(context.balance);
  const freeSpinsRead = startFreeSpins(context, ui);
  void startStage().catch((error: unknown) => {
    // Without a renderer the game still plays: every result is text in the live region.
    canvas.dataset.stage = 'none';
    console.error('slot reels could not start', error);
  });
  // Free spins are played before paid ones, so they are known before Spin can be pressed; their
  // panel is then in place as the table shows, and nothing moves under the player's finger.
  freeSpins = await freeSpinsRead;
  ui.table.hidden = false;
  ui.spin.addEventListener('click', () => void spin());
}

export const slotRenderer: GameRenderer<'slot'> = { kind: 'slot', start: startSlot };
