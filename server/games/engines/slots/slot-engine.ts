import type { SlotLineWinView } from '../../../../contracts/games/outcomes';
import type { RandomSource } from '../../rng/rng';
import { InvalidBet, assertMinorUnits } from '../money';

/**
 * One configurable engine for every reel game (video and classic slots).
 *
 * Money: the stake is the total per spin in minor units and must be a multiple of `betUnits`
 * (the number of paylines, or the coin count of a ways game). One coin = stake / betUnits. Every pay
 * in the configuration is a whole number of coins, wild and free-spin multipliers are integers, so
 * every win is an exact integer number of minor units and the return to player is the same at every
 * allowed stake. Nothing is rounded.
 *
 * Rules:
 * - Reels stop independently and uniformly on their strip (base set, or the free-spin set during free
 *   spins); the window shows `rows` consecutive strip positions from the stop down, wrapping.
 * - Lines pay left to right from the first reel: the first non-wild symbol on the line is the line's
 *   symbol; the run is the number of consecutive cells from reel 1 showing it or a wild. A run of
 *   leading wilds may also pay as wilds (wild pay table of the first wild, no multiplier). Each line pays
 *   the larger of the two, one win per line. Wild multipliers in a substituted run multiply together.
 * - Ways pay for adjacent reels from reel 1: for each symbol, the run is the number of leading reels
 *   showing it (or a wild) anywhere; the win is pay × product of the matching cells per reel. Wilds in
 *   ways games only substitute (no own pays, no multipliers).
 * - Scatters do not take part in lines or ways; they count anywhere in the window and pay
 *   `scatter pay × stake`, and award free spins by count (base game) or retrigger (free spins).
 * - In free spins every win (lines, ways and scatter pays) is multiplied by the free-spin multiplier.
 *   Retriggers add spins but a session never plays more than `maxSpins` spins in total.
 */

export type SymbolKind = 'regular' | 'wild' | 'scatter';

export interface SlotSymbolConfig {
  id: string;
  name: string;
  kind: SymbolKind;
  /** Coins per line (or per way) by run length, e.g. { 3: 5, 4: 20, 5: 100 }. */
  pays?: Partial<Record<number, number>>;
  /** Wilds only: substituted wins are multiplied by this (default 1). */
  multiplier?: number;
}

export interface SlotConfig {
  reels: number;
  rows: number;
  symbols: SlotSymbolConfig[];
  strips: {
    base: string[][];
    /** Strips used during free spins (defaults to the base strips). */
    free?: string[][];
  };
  evaluation: { kind: 'lines'; lines: number[][] } | { kind: 'ways'; betUnits: number };
  scatter?: {
    symbol: string;
    /** Multiples of the total stake by count anywhere. */
    pays: Partial<Record<number, number>>;
    /** Free spins awarded in the base game by count. */
    freeSpins?: Partial<Record<number, number>>;
    /** Free spins added during free spins by count. */
    retrigger?: Partial<Record<number, number>>;
  };
  freeSpins?: {
    /** Every free-spin win is multiplied by this. */
    multiplier: number;
    /** A session never plays more than this many spins (initial award plus retriggers). */
    maxSpins: number;
  };
}

/** The configuration in index form, checked once. */
export interface CompiledSlot {
  readonly config: SlotConfig;
  readonly reels: number;
  readonly rows: number;
  readonly symbolIds: readonly string[];
  readonly kind: readonly SymbolKind[];
  /** pays[s][k] in coins, k = 0…reels. */
  readonly pays: readonly (readonly number[])[];
  readonly multiplier: readonly number[];
  readonly base: readonly (readonly number[])[];
  readonly free: readonly (readonly number[])[];
  readonly freeStripsSameAsBase: boolean;
  readonly lines: readonly (readonly number[])[] | null;
  readonly betUnits: number;
  readonly scatterSymbol: number;
  /** By scatter count (index 0…reels×rows): pays in coins, free spins awarded, retriggered. */
  readonly scatterCoins: readonly number[];
  readonly award: readonly number[];
  readonly retrigger: readonly number[];
  readonly freeMultiplier: number;
  readonly maxFreeSpins: number;
}

export type SpinMode = 'base' | 'free';

/**
 * One paying run: the engine's result is the very shape the player is shown (`multiplier` is the
 * product of the run's wild multipliers, `amount` minor units including the free-spin multiplier).
 */
export type LineWin = SlotLineWinView;

export interface SpinOutcome {
  mode: SpinMode;
  stops: number[];
  /** window[reel][row] symbol ids. */
  window: string[][];
  lineWins: LineWin[];
  scatter: { symbol: string; count: number; amount: number } | null;
  freeSpinsAwarded: number;
  /** Free-spin multiplier applied to this spin's wins (1 in the base game). */
  winMultiplier: number;
  /** Total of this spin in minor units. */
  win: number;
}

export interface SlotRound {
  stake: number;
  base: SpinOutcome;
  freeSpins: SpinOutcome[];
  /** Free spins played (initial award plus retriggers, capped). */
  freeSpinsPlayed: number;
  totalWin: number;
}

/** Raw evaluation of a window in coins (before the free-spin multiplier). */
export interface WindowEvaluation {
  wins: { line: number; symbol: number; count: number; ways: number; multiplier: number; coins: number }[];
  scatterCount: number;
  scatterCoins: number;
  /** Coins of all wins, before the free-spin multiplier. */
  coins: number;
}

const isPositiveInt = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;

function tableByCount(table: Partial<Record<number, number>> | undefined, size: number, what: string, allowZero = true): number[] {
  const out = new Array<number>(size + 1).fill(0);
  for (const [key, value] of Object.entries(table ?? {})) {
    const count = Number(key);
    if (!Number.isInteger(count) || count < 0 || count > size) throw new Error(`${what}: count ${key} out of range`);
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 0 || (!allowZero && value === 0)) throw new Error(`${what}: value for ${key} must be a non-negative integer`);
    out[count] = value;
  }
  return out;
}

export function compileSlot(config: SlotConfig): CompiledSlot {
  const { reels, rows } = config;
  if (!isPositiveInt(reels) || !isPositiveInt(rows)) throw new Error('reels and rows must be positive integers');
  const symbolIds = config.symbols.map((s) => s.id);
  if (new Set(symbolIds).size !== symbolIds.length) throw new Error('duplicate symbol ids');
  const index = new Map(symbolIds.map((id, i) => [id, i]));
  const kind = config.symbols.map((s) => s.kind);
  const pays = config.symbols.map((s) => tableByCount(s.pays, reels, `pays of ${s.id}`));
  const multiplier = config.symbols.map((s) => {
    const m = s.multiplier ?? 1;
    if (!isPositiveInt(m)) throw new Error(`multiplier of ${s.id} must be a positive integer`);
    if (m !== 1 && s.kind !== 'wild') throw new Error(`only wilds carry a multiplier (${s.id})`);
    return m;
  });
  config.symbols.forEach((s, i) => {
    if (s.kind === 'scatter' && pays[i]!.some((p) => p > 0)) throw new Error(`scatter ${s.id} pays through the scatter table, not line pays`);
  });

  const toStrips = (strips: string[][], what: string): number[][] => {
    if (strips.length !== reels) throw new Error(`${what}: expected ${reels} strips`);
    return strips.map((strip, r) => {
      if (strip.length < rows) throw new Error(`${what}: strip ${r} shorter than the window`);
      return strip.map((id) => {
        const i = index.get(id);
        if (i === undefined) throw new Error(`${what}: unknown symbol ${id} on reel ${r}`);
        return i;
      });
    });
  };
  const base = toStrips(config.strips.base, 'base strips');
  const free = config.strips.free ? toStrips(config.strips.free, 'free strips') : base;

  let lines: number[][] | null = null;
  let betUnits: number;
  if (config.evaluation.kind === 'lines') {
    lines = config.evaluation.lines.map((line, l) => {
      if (line.length !== reels || line.some((row) => !Number.isInteger(row) || row < 0 || row >= rows)) throw new Error(`line ${l} is not a row per reel`);
      return [...line];
    });
    if (lines.length === 0) throw new Error('no paylines');
    betUnits = lines.length;
  } else {
    betUnits = config.evaluation.betUnits;
    if (!isPositiveInt(betUnits)) throw new Error('ways games need a positive coin count');
    config.symbols.forEach((s, i) => {
      if (s.kind === 'wild' && (multiplier[i] !== 1 || pays[i]!.some((p) => p > 0))) throw new Error(`ways wilds only substitute (${s.id})`);
    });
  }

  const cells = reels * rows;
  let scatterSymbol = -1;
  let scatterCoins = new Array<number>(cells + 1).fill(0);
  let award = new Array<number>(cells + 1).fill(0);
  let retrigger = new Array<number>(cells + 1).fill(0);
  if (config.scatter) {
    const s = index.get(config.scatter.symbol);
    if (s === undefined || kind[s] !== 'scatter') throw new Error('scatter symbol must be a symbol of kind scatter');
    scatterSymbol = s;
    scatterCoins = tableByCount(config.scatter.pays, cells, 'scatter pays').map((x) => x * betUnits);
    award = tableByCount(config.scatter.freeSpins, cells, 'free spins');
    retrigger = tableByCount(config.scatter.retrigger, cells, 'retrigger');
  }
  if (kind.filter((k) => k === 'scatter').length > (scatterSymbol >= 0 ? 1 : 0)) throw new Error('one scatter symbol at most, and it must be configured');
  const awards = award.some((a) => a > 0) || retrigger.some((a) => a > 0);
  if (awards && !config.freeSpins) throw new Error('free spins awarded but not configured');
  const freeMultiplier = config.freeSpins?.multiplier ?? 1;
  const maxFreeSpins = config.freeSpins?.maxSpins ?? 0;
  if (config.freeSpins) {
    if (!isPositiveInt(freeMultiplier) || !isPositiveInt(maxFreeSpins)) throw new Error('free-spin multiplier and maxSpins must be positive integers');
    if (award.some((a) => a > maxFreeSpins)) throw new Error('an award exceeds maxSpins');
  }

  return {
    config,
    reels,
    rows,
    symbolIds,
    kind,
    pays,
    multiplier,
    base,
    free,
    freeStripsSameAsBase: free === base,
    lines,
    betUnits,
    scatterSymbol,
    scatterCoins,
    award,
    retrigger,
    freeMultiplier,
    maxFreeSpins,
  };
}

/** The window for a set of stops: window[reel][row] symbol indices. */
export function windowAt(strips: readonly (readonly number[])[], stops: readonly number[], rows: number): number[][] {
  return strips.map((strip, r) => {
    const stop = stops[r]!;
    const column: number[] = [];
    for (let h = 0; h < rows; h++) column.push(strip[(stop + h) % strip.length]!);
    return column;
  });
}

function evaluateLines(slot: CompiledSlot, window: readonly (readonly number[])[], lines: readonly (readonly number[])[]): WindowEvaluation['wins'] {
  const wins: WindowEvaluation['wins'] = [];
  const { reels, kind, pays, multiplier } = slot;
  lines.forEach((line, l) => {
    const cells = line.map((row, r) => window[r]![row]!);
    let wildRun = 0;
    while (wildRun < reels && kind[cells[wildRun]!] === 'wild') wildRun++;
    const wildCoins = wildRun > 0 ? pays[cells[0]!]![wildRun]! : 0;
    let subCoins = 0;
    let subCount = 0;
    let subMultiplier = 1;
    const lead = cells.find((s) => kind[s] !== 'wild');
    if (lead !== undefined && kind[lead] === 'regular') {
      while (subCount < reels && (cells[subCount] === lead || kind[cells[subCount]!] === 'wild')) {
        subMultiplier *= multiplier[cells[subCount]!]!;
        subCount++;
      }
      subCoins = pays[lead]![subCount]! * subMultiplier;
    }
    if (subCoins === 0 && wildCoins === 0) return;
    if (subCoins >= wildCoins) wins.push({ line: l, symbol: lead!, count: subCount, ways: 1, multiplier: subMultiplier, coins: subCoins });
    else wins.push({ line: l, symbol: cells[0]!, count: wildRun, ways: 1, multiplier: 1, coins: wildCoins });
  });
  return wins;
}

function evaluateWays(slot: CompiledSlot, window: readonly (readonly number[])[]): WindowEvaluation['wins'] {
  const wins: WindowEvaluation['wins'] = [];
  const { reels, kind, pays } = slot;
  kind.forEach((k, s) => {
    if (k !== 'regular') return;
    let count = 0;
    let ways = 1;
    while (count < reels) {
      const matching = window[count]!.filter((cell) => cell === s || kind[cell] === 'wild').length;
      if (matching === 0) break;
      ways *= matching;
      count++;
    }
    const coins = pays[s]![count]! * ways;
    if (coins > 0) wins.push({ line: -1, symbol: s, count, ways, multiplier: 1, coins });
  });
  return wins;
}

/** All wins of a window in coins, before the free-spin multiplier. */
export function evaluateWindow(slot: CompiledSlot, window: readonly (readonly number[])[]): WindowEvaluation {
  const wins = slot.lines ? evaluateLines(slot, window, slot.lines) : evaluateWays(slot, window);
  let scatterCount = 0;
  if (slot.scatterSymbol >= 0) for (const column of window) for (const cell of column) if (cell === slot.scatterSymbol) scatterCount++;
  const scatterCoins = slot.scatterCoins[scatterCount] ?? 0;
  const coins = wins.reduce((sum, w) => sum + w.coins, 0) + scatterCoins;
  return { wins, scatterCount, scatterCoins, coins };
}

/** Coin value of a stake, or `InvalidBet` when the stake is not a positive multiple of `betUnits`. */
export function coinValue(slot: CompiledSlot, stake: number): number {
  assertMinorUnits(stake, 'stake');
  if (stake === 0 || stake % slot.betUnits !== 0) throw new InvalidBet(`stake must be a positive multiple of ${slot.betUnits} minor units`);
  return stake / slot.betUnits;
}

/** Free spins added by a spin's scatter count in a mode. */
export function freeSpinsFor(slot: CompiledSlot, mode: SpinMode, scatterCount: number): number {
  return (mode === 'base' ? slot.award : slot.retrigger)[scatterCount] ?? 0;
}

/** The outcome of given stops (no randomness): used by `spin` and by game recall. */
export function outcomeAt(slot: CompiledSlot, stake: number, mode: SpinMode, stops: readonly number[]): SpinOutcome {
  const coin = coinValue(slot, stake);
  const strips = mode === 'base' ? slot.base : slot.free;
  if (stops.length !== slot.reels || stops.some((s, r) => !Number.isInteger(s) || s < 0 || s >= strips[r]!.length)) throw new RangeError('stops out of range');
  const window = windowAt(strips, stops, slot.rows);
  const evaluation = evaluateWindow(slot, window);
  const winMultiplier = mode === 'free' ? slot.freeMultiplier : 1;
  const unit = coin * winMultiplier;
  const id = (s: number): string => slot.symbolIds[s]!;
  return {
    mode,
    stops: [...stops],
    window: window.map((column) => column.map(id)),
    lineWins: evaluation.wins.map((w) => ({
      line: w.line,
      symbol: id(w.symbol),
      count: w.count,
      ways: w.ways,
      multiplier: w.multiplier,
      amount: w.coins * unit,
    })),
    scatter:
      evaluation.scatterCount > 0 && slot.scatterSymbol >= 0
        ? { symbol: id(slot.scatterSymbol), count: evaluation.scatterCount, amount: evaluation.scatterCoins * unit }
        : null,
    freeSpinsAwarded: freeSpinsFor(slot, mode, evaluation.scatterCount),
    winMultiplier,
    win: evaluation.coins * unit,
  };
}

/** One spin: one uniform stop per reel, drawn in reel order. */
export function spin(slot: CompiledSlot, stake: number, mode: SpinMode, rng: RandomSource): SpinOutcome {
  coinValue(slot, stake);
  const strips = mode === 'base' ? slot.base : slot.free;
  const stops = strips.map((strip) => rng.randomInt(strip.length));
  return outcomeAt(slot, stake, mode, stops);
}

export interface FreeSpinsState {
  /** Spins still to play. */
  remaining: number;
  /** Spins played so far in this session. */
  played: number;
  /** Minor units won in this session so far. */
  win: number;
}

export function startFreeSpins(slot: CompiledSlot, awarded: number): FreeSpinsState {
  return { remaining: Math.min(awarded, slot.maxFreeSpins), played: 0, win: 0 };
}

/** The session after one more free spin: retriggers add spins, never past `maxSpins` in total. */
export function advanceFreeSpins(slot: CompiledSlot, state: FreeSpinsState, outcome: SpinOutcome): FreeSpinsState {
  if (state.remaining <= 0) throw new Error('no free spins left');
  const played = state.played + 1;
  return {
    played,
    remaining: Math.min(state.remaining - 1 + outcome.freeSpinsAwarded, slot.maxFreeSpins - played),
    win: state.win + outcome.win,
  };
}

/** A paid round: the base spin and, when triggered, the whole free-spin session. */
export function playRound(slot: CompiledSlot, stake: number, rng: RandomSource): SlotRound {
  const base = spin(slot, stake, 'base', rng);
  const freeSpins: SpinOutcome[] = [];
  let session = startFreeSpins(slot, base.freeSpinsAwarded);
  while (session.remaining > 0) {
    const outcome = spin(slot, stake, 'free', rng);
    freeSpins.push(outcome);
    session = advanceFreeSpins(slot, session, outcome);
  }
  return { stake, base, freeSpins, freeSpinsPlayed: session.played, totalWin: base.win + session.win };
}
