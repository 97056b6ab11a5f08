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

export type { RoundAnswer };

/** Everything a kind's renderer may use; it builds its panel in `host` and plays through `call`. */
export interface GameContext {
  host: HTMLElement;
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

export const make = <K extends keyof HTMLElementTagNameMap>(tag: K, props: { className?: string; text?: string; testId?: string } = {}): HTMLElementTagNameMap[K] => {
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
