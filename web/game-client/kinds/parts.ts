/**
 * What every game panel of the client shares: the context the client hands to a kind's renderer,
 * the renderer interface the registry holds (`registry.ts`), small DOM helpers and the money
 * conversions, which are the shared contract's (`contracts/money-units.ts`), never the client's own.
 */

import type { JurisdictionRulesAnswer, RoundAnswer, TitleConfigAnswer } from '../../../contracts/games/answers';
import { fromMinorUnits, toMinorUnits } from '../../../contracts/money-units';
import type { StringKey, Translate } from '../strings';
import { soundControls } from '../sound/controls';
import { soundEngine } from '../sound/engine';
import { FLAVOURS, type MusicFlavour } from '../sound/music';
import { tableCues, type TableCues } from '../sound/table-cues';
import { celebrates, tierOf } from './slot/presentation';
import { tableTranslator } from './table-art/table-strings';

export type { RoundAnswer };

/** Everything a kind's renderer may use; it builds its panel in `host` and plays through `call`. */
export interface GameContext {
  host: HTMLElement;
  /** The page's bar beside the title and the session's status: a table's sound toggles go here, not over its stage. */
  tools: HTMLElement;
  /** The title's configuration from the session answer (stake steps in major units). */
  title: TitleConfigAnswer;
  /** The jurisdiction's rules (spin interval, autoplay, turbo). */
  rules: JurisdictionRulesAnswer;
  /** The stakes offered, major units. */
  steps: number[];
  /** The balance at the start, major units. */
  balance: number;
  call: <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;
  /** A major-unit amount in the session's currency. */
  money: (amount: number) => string;
  /** The strings of the player's language. */
  t: Translate;
  /** Number formatting of the player's language. */
  locale: string;
  /** Shows an error of a failed call; clears it with null. */
  fail: (error: unknown) => void;
  /** Every round answer (net position, session time, the commitment it was played under). */
  onRound: (answer: RoundAnswer) => void;
}

/** One kind of game as the client plays it; the registry chooses it by the title's `kind`. */
export interface GameRenderer<Kind extends string = string> {
  kind: Kind;
  /**
   * Whether the kind's rounds run on the player's own seed pair, so the page shows the seed
   * commitment, the rounds list and rotation. Absent means yes; a shared kind (one draw for every
   * player, checked in its own panel) answers false.
   */
  readonly playerSeeds?: boolean;
  start(context: GameContext): void | Promise<void>;
}

/** A wire amount (major units) in minor units, by the shared contract's exact conversion. */
export const minorOf = (major: number): number => Number(toMinorUnits(major));
/** Minor units back to a wire amount. */
export const majorOf = (minor: number): number => fromMinorUnits(BigInt(minor));
/** `a − b` of two wire amounts, computed in minor units. */
export const minusMajor = (a: number, b: number): number => fromMinorUnits(toMinorUnits(a) - toMinorUnits(b));

export const make = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string; testId?: string } = {},
): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text !== undefined) node.textContent = props.text;
  if (props.testId) node.dataset.testid = props.testId;
  return node;
};

/** A canvas drawn at `width`×`height`, announced to assistive technology as one image named `label`. */
export function pictureCanvas(className: string, testId: string, width: number, height: number, label: string): HTMLCanvasElement {
  const canvas = make('canvas', { className, testId });
  canvas.width = width;
  canvas.height = height;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', label);
  return canvas;
}

/**
 * Issue 27: a table's receipt of its last round, what was bet and what came back (wire amounts). It
 * stays until the player's next bet is placed (`clear` as the next round is asked for), whatever else
 * the table shows meanwhile; its line keeps its height when empty, so nothing below it moves.
 */
export function roundReceipt(context: Pick<GameContext, 'locale' | 'money'>) {
  const tb = tableTranslator(context.locale.startsWith('mk') ? 'mk' : 'en');
  const node = make('p', { className: 'gc__receipt', testId: 'gc-receipt' });
  return {
    node,
    show(stake: number, returned: number) {
      node.textContent = tb('tb.receipt', { stake: context.money(stake), returned: context.money(returned) });
    },
    clear() {
      node.textContent = '';
    },
  };
}

/**
 * Issue 27: the box a kind's picture is fitted in. The panel (`gc-fit`) gives this box the height its
 * title, status, result and controls leave in the frame; the picture inside is as large as fits that
 * box at its own shape (`width / height`), so the whole game is in view without the frame scrolling.
 */
export function fitStage(className: string, width: number, height: number, ...children: HTMLElement[]): HTMLDivElement {
  const box = make('div', { className: className ? `gc-fit__stage ${className}` : 'gc-fit__stage' });
  box.style.setProperty('--stage-ratio', String(width / height));
  box.append(...children);
  return box;
}

export const button = (text: string, className: string, onClick: () => void, label?: string): HTMLButtonElement => {
  const node = make('button', { className, text });
  node.type = 'button';
  if (label) node.setAttribute('aria-label', label);
  node.addEventListener('click', onClick);
  return node;
};

/** The balance, the stake or chip selector and the aria-live result line of a table panel. */
export function panelParts(context: GameContext, stakeLabel: StringKey) {
  const { t } = context;
  const balance = make('span', { className: 'gc__meter-value', text: context.money(context.balance), testId: 'gc-game-balance' });
  const balanceBox = make('div', { className: 'gc__meter' });
  balanceBox.append(make('span', { className: 'gc__meter-label', text: t('meter.balance') }), balance);
  const stake = make('select', { testId: 'gc-game-stake' });
  const steps = context.steps.length > 0 ? context.steps : [1];
  for (const step of steps) {
    const option = make('option', { text: context.money(step) });
    option.value = String(step);
    stake.append(option);
  }
  const stakeBox = make('label', { className: 'gc__stake' });
  stakeBox.append(make('span', { className: 'gc__meter-label', text: t(stakeLabel) }), stake);
  const result = make('p', { className: 'gc__result', testId: 'gc-game-result' });
  result.setAttribute('aria-live', 'polite');
  return { balance, balanceBox, stake, stakeBox, result };
}

/**
 * A table's sound: its effects (`cues`) and the Sound and Music toggles to place in its panel
 * (`controls`); the music of `flavour` starts once the page may play it.
 */
export function tableSound(context: Pick<GameContext, 'locale'>, flavour: MusicFlavour = FLAVOURS.lounge) {
  const engine = soundEngine();
  engine.playMusic(flavour);
  return { cues: tableCues(engine), controls: soundControls(engine, context.locale.startsWith('mk') ? 'mk' : 'en') };
}

/**
 * The win's chime, when the win is presented: every win, except under GB rules a win at or below the
 * stake, which is told in words only. Wire amounts (major units).
 */
export function winCue(context: Pick<GameContext, 'rules'>, cues: TableCues, win: number, stake: number): boolean {
  const [winMinor, stakeMinor] = [minorOf(win), minorOf(stake)];
  if (!celebrates(context.rules, winMinor, stakeMinor)) return false;
  cues.win(Math.max(1, tierOf(winMinor, stakeMinor)));
  return true;
}

/** "you won €2.00" or "No win". */
export const wonText = ({ t, money }: GameContext, win: number) => (win > 0 ? t('result.youWon', { amount: money(win) }) : t('result.noWin'));

/** How long a refusal says its rule still runs (a 429's Retry-After), in seconds; undefined for any other failure. */
const retryAfterOf = (error: unknown): number | undefined => {
  const seconds = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
};

/**
 * The jurisdiction's minimum game cycle of a casino game other than slots (GB: 5 s, UKGC RTS 14G),
 * as the player meets it: the server refuses a round started sooner, so a start pressed too soon
 * waits instead of failing, counting the seconds down on its button, and then goes. The cycle counts
 * from the answer of the previous start, which the server's round came before; a refusal for a round
 * started elsewhere (another tab) waits the seconds it names and tries once more.
 */
/** The time a pace reads and waits on; the browser's monotonic clock unless a test hands its own. */
export interface PaceClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}
const browserClock: PaceClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => globalThis.setTimeout(resolve, ms)),
};

export function gameCyclePace(context: Pick<GameContext, 'rules' | 't'>, clock: PaceClock = browserClock) {
  let lastStartAt = Number.NEGATIVE_INFINITY;
  const waitShown = async (button: Pick<HTMLButtonElement, 'textContent' | 'disabled'>, ms: number): Promise<void> => {
    if (ms <= 0) return;
    const text = button.textContent;
    const disabled = button.disabled;
    button.disabled = true;
    const until = clock.now() + ms;
    try {
      for (let left = ms; left > 0; left = until - clock.now()) {
        button.textContent = context.t('cycle.nextIn', { seconds: Math.ceil(left / 1000) });
        // To the next whole second of the countdown (or the end).
        await clock.sleep(left % 1000 || 1000);
      }
    } finally {
      button.textContent = text;
      button.disabled = disabled;
    }
  };
  return {
    /** Starts a round by `start` once the cycle allows it, the wait shown on `button`. */
    async start<T>(button: Pick<HTMLButtonElement, 'textContent' | 'disabled'>, start: () => Promise<T>): Promise<T> {
      const cycle = context.rules.minGameCycleMs;
      if (cycle > 0) await waitShown(button, lastStartAt + cycle - clock.now());
      let answer: T;
      try {
        answer = await start();
      } catch (error) {
        const seconds = retryAfterOf(error);
        if (cycle <= 0 || seconds === undefined) throw error;
        await waitShown(button, seconds * 1000);
        answer = await start();
      }
      lastStartAt = clock.now();
      return answer;
    },
  };
}
