import type { CompiledSlot, SpinMode } from './slot-engine';

/**
 * Exact mathematics of a slot configuration.
 *
 * 1. Full cycle: every combination of reel stops of a strip set is visited once (product of the strip
 *    lengths). The window's win is evaluated incrementally reel by reel — a separate implementation
 *    from the engine's `evaluateWindow`, which the tests hold equal on every combination of small
 *    configurations. Sums are exact integers (coins; squares flushed into BigInt).
 *    Results are grouped by scatter count, which decides free spins.
 * 2. Free spins: a session's spins are independent; a spin wins X (coins × multiplier) and adds R
 *    spins (X and R dependent, both from the free-spin cycle). With p spins played and n to play, the
 *    session's future win W(p, n) satisfies, exactly,
 *      E[W(p,n)]   = Σ_r P(r) (E[X|r] + E[W(p+1, n'_r)])
 *      E[W(p,n)^2] = Σ_r P(r) (E[X²|r] + 2 E[X|r] E[W(p+1,n'_r)] + E[W(p+1,n'_r)^2])
 *    with n'_r = min(n − 1 + r, maxSpins − p − 1) and W(p, 0) = 0. The recursion runs on exact
 *    rationals (BigInt numerators over a power of the cycle length).
 * 3. A round = base spin T plus the session S started by the base award; given the scatter count, T
 *    and S are independent, so E[(T+S)²] = E[T²] + 2 Σ_c E[T·1{c}] E[S_c] + Σ_c P(c) E[S_c²].
 */

/** Exact integer statistics of one strip set, per scatter count. Coins, before any multiplier. */
export interface CycleStats {
  /** Number of stop combinations (product of strip lengths). */
  combinations: number;
  byScatter: {
    count: number;
    /** Σ T over the combinations with this scatter count. */
    sum: bigint;
    /** Σ T². */
    sumSquares: bigint;
    /** Combinations whose T is 0. */
    zero: number;
    max: number;
  }[];
}

/** Partial sums are moved into BigInt before they could lose integer precision. */
const FLUSH_AT = 2 ** 50;

/** Visits every combination of stops of the mode's strips. */
export function cycleStats(slot: CompiledSlot, mode: SpinMode): CycleStats {
  const strips = mode === 'base' ? slot.base : slot.free;
  const R = slot.reels;
  const H = slot.rows;
  const nSym = slot.symbolIds.length;
  // wins up to 2^24 coins keep every square and partial sum below 2^53 (exact in a double)
  const maxT = 2 ** 24;
  if (R < 2) throw new Error('the exact cycle needs at least two reels');
  const cells = R * H;
  const cnt = new Float64Array(cells + 1);
  const zero = new Float64Array(cells + 1);
  const max = new Float64Array(cells + 1);
  const sumF = new Float64Array(cells + 1);
  const sqF = new Float64Array(cells + 1);
  const sumB = new Array<bigint>(cells + 1).fill(0n);
  const sqB = new Array<bigint>(cells + 1).fill(0n);
  const flush = (k: number): void => {
    sumB[k]! += BigInt(sumF[k]!);
    sqB[k]! += BigInt(sqF[k]!);
    sumF[k] = 0;
    sqF[k] = 0;
  };
  // column symbols and scatter counts per reel and stop
  const col = strips.map((strip) => {
    const a = new Int32Array(strip.length * H);
    for (let i = 0; i < strip.length; i++) for (let h = 0; h < H; h++) a[i * H + h] = strip[(i + h) % strip.length]!;
    return a;
  });
  const scat = strips.map((strip, r) => {
    const a = new Int32Array(strip.length);
    for (let i = 0; i < strip.length; i++) for (let h = 0; h < H; h++) if (col[r]![i * H + h] === slot.scatterSymbol) a[i]! += 1;
    return a;
  });
  const lengths = strips.map((s) => s.length);
  const combinations = lengths.reduce((a, b) => a * b, 1);
  if (!Number.isSafeInteger(combinations)) throw new Error('cycle too large');
  const scatterCoins = Float64Array.from(slot.scatterCoins);
  const wild = Uint8Array.from(slot.kind.map((k) => (k === 'wild' ? 1 : 0)));
  const regular = Uint8Array.from(slot.kind.map((k) => (k === 'regular' ? 1 : 0)));
  const mult = Float64Array.from(slot.multiplier);
  const pay = new Float64Array(nSym * (R + 1));
  for (let s = 0; s < nSym; s++) for (let k = 0; k <= R; k++) pay[s * (R + 1) + k] = slot.pays[s]![k]!;

  const record = (t: number, k: number): void => {
    cnt[k]!++;
    if (t === 0) {
      zero[k]!++;
      return;
    }
    if (t > max[k]!) {
      if (t > maxT) throw new Error('win too large for exact accumulation');
      max[k] = t;
    }
    sumF[k]! += t;
    sqF[k]! += t * t;
    if (sqF[k]! >= FLUSH_AT) flush(k);
  };

  if (slot.lines) enumerateLines();
  else enumerateWays();

  const byScatter: CycleStats['byScatter'] = [];
  for (let k = 0; k <= cells; k++) {
    flush(k);
    byScatter.push({ count: cnt[k]!, sum: sumB[k]!, sumSquares: sqB[k]!, zero: zero[k]!, max: max[k]! });
  }
  return { combinations, byScatter };

  function enumerateLines(): void {
    const lines = slot.lines!;
    const L = lines.length;
    const rowOf = new Int32Array(L * R);
    lines.forEach((line, l) => line.forEach((row, r) => (rowOf[l * R + r] = row)));
    // state per depth and line
    const lead = new Int32Array(R * L); // -1: only wilds so far
    const subCnt = new Int32Array(R * L);
    const subMul = new Float64Array(R * L);
    const wildCnt = new Int32Array(R * L);
    const wildSym = new Int32Array(R * L);
    const aliveList = new Int32Array(R * L);
    const aliveCount = new Int32Array(R);
    const fixed = new Float64Array(R);
    const scatSum = new Int32Array(R);
    // Last reel: per window row h and symbol s, the change of the open lines' total when row h shows s.
    const corr = new Float64Array(H * nSym);
    const touched = new Int32Array(H * nSym);
    const wildSymbols: number[] = [];
    for (let s = 0; s < nSym; s++) if (wild[s]) wildSymbols.push(s);

    const finalWin = (o: number): number => {
      const w = wildCnt[o]! > 0 ? pay[wildSym[o]! * (R + 1) + wildCnt[o]!]! : 0;
      const ld = lead[o]!;
      const s = ld >= 0 ? pay[ld * (R + 1) + subCnt[o]!]! * subMul[o]! : 0;
      return s >= w ? s : w;
    };

    // Transition line state from depth d-1 (offset p) into depth d (offset o) with symbol s.
    // Returns true when the line stays open.
    const step = (p: number, o: number, s: number): boolean => {
      const ld = lead[p]!;
      lead[o] = ld;
      subCnt[o] = subCnt[p]!;
      subMul[o] = subMul[p]!;
      wildCnt[o] = wildCnt[p]!;
      wildSym[o] = wildSym[p]!;
      if (ld === -1) {
        if (wild[s]) {
          wildCnt[o]! += 1;
          subCnt[o]! += 1;
          subMul[o]! *= mult[s]!;
          return true;
        }
        if (regular[s]) {
          lead[o] = s;
          subCnt[o]! += 1;
          return true;
        }
        lead[o] = -2; // scatter after leading wilds: only the wild run can pay
        return false;
      }
      if (s === ld || wild[s]) {
        subCnt[o]! += 1;
        if (wild[s]) subMul[o]! *= mult[s]!;
        return true;
      }
      return false;
    };

    const lastReel = (d: number, prevCount: number, prevFixed: number, prevScat: number): void => {
      // An open line pays v0 unless its last cell extends the run (its symbol or a wild); a line of
      // only wilds so far can be extended by any regular symbol. corr[h][s] collects the changes.
      const n = lengths[d]!;
      const c = col[d]!;
      const sc = scat[d]!;
      let total = prevFixed;
      let nTouched = 0;
      for (let a = 0; a < prevCount; a++) {
        const l = aliveList[(d - 1) * L + a]!;
        const p = (d - 1) * L + l;
        const o = d * L + l;
        const h = rowOf[l * R + d]!;
        const v0 = finalWin(p);
        total += v0;
        const ld = lead[p]!;
        const extra = ld === -1 ? nSym : 1 + wildSymbols.length;
        for (let e = 0; e < extra; e++) {
          const s = ld === -1 ? e : e === 0 ? ld : wildSymbols[e - 1]!;
          step(p, o, s);
          const delta = finalWin(o) - v0;
          if (delta !== 0) {
            const at = h * nSym + s;
            if (corr[at] === 0) touched[nTouched++] = at;
            corr[at]! += delta;
          }
        }
      }
      for (let i = 0; i < n; i++) {
        let t = total;
        const base = i * H;
        for (let h = 0; h < H; h++) t += corr[h * nSym + c[base + h]!]!;
        const k = prevScat + sc[i]!;
        record(t + scatterCoins[k]!, k);
      }
      for (let j = 0; j < nTouched; j++) corr[touched[j]!] = 0;
    };

    const depth = (d: number): void => {
      const n = lengths[d]!;
      const c = col[d]!;
      const sc = scat[d]!;
      const prevCount = d === 0 ? L : aliveCount[d - 1]!;
      const prevFixed = d === 0 ? 0 : fixed[d - 1]!;
      const prevScat = d === 0 ? 0 : scatSum[d - 1]!;
      if (d === R - 1) {
        lastReel(d, prevCount, prevFixed, prevScat);
        return;
      }
      for (let i = 0; i < n; i++) {
        let f = prevFixed;
        let count = 0;
        const base = i * H;
        for (let a = 0; a < prevCount; a++) {
          const l = d === 0 ? a : aliveList[(d - 1) * L + a]!;
          const o = d * L + l;
          const s = c[base + rowOf[l * R + d]!]!;
          if (d === 0) {
            if (wild[s]) {
              lead[o] = -1;
              subCnt[o] = 1;
              subMul[o] = mult[s]!;
              wildCnt[o] = 1;
              wildSym[o] = s;
            } else if (regular[s]) {
              lead[o] = s;
              subCnt[o] = 1;
              subMul[o] = 1;
              wildCnt[o] = 0;
              wildSym[o] = 0;
            } else continue; // scatter on reel 1: the line cannot pay
            aliveList[d * L + count++] = l;
          } else if (step((d - 1) * L + l, o, s)) {
            aliveList[d * L + count++] = l;
          } else {
            f += finalWin(o);
          }
        }
        aliveCount[d] = count;
        fixed[d] = f;
        scatSum[d] = prevScat + sc[i]!;
        depth(d + 1);
      }
    };
    depth(0);
  }

  function enumerateWays(): void {
    const regularSyms: number[] = [];
    for (let s = 0; s < nSym; s++) if (regular[s] && slot.pays[s]!.some((p) => p > 0)) regularSyms.push(s);
    const S = regularSyms.length;
    // matching cells per reel, stop and paying symbol
    const match = strips.map((strip, r) => {
      const a = new Int32Array(strip.length * S);
      for (let i = 0; i < strip.length; i++) {
        for (let j = 0; j < S; j++) {
          let m = 0;
          for (let h = 0; h < H; h++) {
            const cell = col[r]![i * H + h]!;
            if (cell === regularSyms[j] || wild[cell]) m++;
          }
          a[i * S + j] = m;
        }
      }
      return a;
    });
    const ways = new Float64Array(R * S);
    const count = new Int32Array(R * S);
    const alive = new Int32Array(R * S);
    const aliveN = new Int32Array(R);
    const fixed = new Float64Array(R);
    const scatSum = new Int32Array(R);
    const payOf = (j: number, k: number): number => pay[regularSyms[j]! * (R + 1) + k]!;

    const depth = (d: number): void => {
      const n = lengths[d]!;
      const m = match[d]!;
      const sc = scat[d]!;
      const prevN = d === 0 ? S : aliveN[d - 1]!;
      const prevFixed = d === 0 ? 0 : fixed[d - 1]!;
      const prevScat = d === 0 ? 0 : scatSum[d - 1]!;
      for (let i = 0; i < n; i++) {
        let f = prevFixed;
        let open = 0;
        for (let a = 0; a < prevN; a++) {
          const j = d === 0 ? a : alive[(d - 1) * S + a]!;
          const c = m[i * S + j]!;
          const w = d === 0 ? 1 : ways[(d - 1) * S + j]!;
          const k = d === 0 ? 0 : count[(d - 1) * S + j]!;
          if (c === 0) {
            f += payOf(j, k) * w;
          } else if (d === R - 1) {
            f += payOf(j, k + 1) * w * c;
          } else {
            ways[d * S + j] = w * c;
            count[d * S + j] = k + 1;
            alive[d * S + open++] = j;
          }
        }
        const k = prevScat + sc[i]!;
        if (d === R - 1) {
          record(f + scatterCoins[k]!, k);
        } else {
          aliveN[d] = open;
          fixed[d] = f;
          scatSum[d] = k;
          depth(d + 1);
        }
      }
    };
    depth(0);
  }
}

// ---------------------------------------------------------------------------------------------
// Exact rationals and the free-spin recursion
// ---------------------------------------------------------------------------------------------

/** A non-negative rational, num/den. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

export function ratio(num: bigint, den: bigint): Ratio {
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}

export function ratioToNumber(r: Ratio): number {
  // scale to keep 20 significant digits before converting
  const neg = r.num < 0n;
  const num = neg ? -r.num : r.num;
  const whole = num / r.den;
  const frac = Number(((num % r.den) * 10n ** 20n) / r.den) / 1e20;
  const value = Number(whole) + frac;
  return neg ? -value : value;
}

export interface SessionMoments {
  /** E[S], E[S²] in coins (multiplier included), P(S = 0), and the largest possible S, per initial award. */
  mean: Ratio;
  second: Ratio;
  zero: Ratio;
  max: number;
}

/** Moments of a free-spin session for each initial award in `awards`. */
export function sessionMoments(slot: CompiledSlot, free: CycleStats, awards: readonly number[]): Map<number, SessionMoments> {
  const M = slot.maxFreeSpins;
  const m = BigInt(slot.freeMultiplier);
  // classes by retrigger amount
  const classes = new Map<number, { cnt: bigint; s1: bigint; s2: bigint; zero: bigint; max: number }>();
  free.byScatter.forEach((c, k) => {
    if (c.count === 0) return;
    const r = slot.retrigger[k] ?? 0;
    const cls = classes.get(r) ?? { cnt: 0n, s1: 0n, s2: 0n, zero: 0n, max: 0 };
    cls.cnt += BigInt(c.count);
    cls.s1 += c.sum * m;
    cls.s2 += c.sumSquares * m * m;
    cls.zero += BigInt(c.zero);
    cls.max = Math.max(cls.max, c.max * slot.freeMultiplier);
    classes.set(r, cls);
  });
  const D = BigInt(free.combinations);
  const list = [...classes.entries()];
  // F[p][n], G[p][n], Z[p][n] scaled by D^(M-p); X[p][n] max
  const powD: bigint[] = [1n];
  for (let i = 1; i <= M; i++) powD.push(powD[i - 1]! * D);
  let nextF: bigint[] = [0n];
  let nextG: bigint[] = [0n];
  let nextZ: bigint[] = [1n];
  let nextX: number[] = [0];
  for (let p = M - 1; p >= 0; p--) {
    const size = M - p;
    const F: bigint[] = new Array<bigint>(size + 1);
    const G: bigint[] = new Array<bigint>(size + 1);
    const Z: bigint[] = new Array<bigint>(size + 1);
    const X: number[] = new Array<number>(size + 1);
    F[0] = 0n;
    G[0] = 0n;
    Z[0] = powD[M - p]!;
    X[0] = 0;
    const scale = powD[M - p - 1]!;
    for (let n = 1; n <= size; n++) {
      let f = 0n;
      let g = 0n;
      let z = 0n;
      let x = 0;
      for (const [r, cls] of list) {
        const n2 = Math.min(n - 1 + r, M - p - 1);
        const f2 = nextF[n2]!;
        f += cls.s1 * scale + cls.cnt * f2;
        g += cls.s2 * scale + 2n * cls.s1 * f2 + cls.cnt * nextG[n2]!;
        z += cls.zero * nextZ[n2]!;
        x = Math.max(x, cls.max + nextX[n2]!);
      }
      F[n] = f;
      G[n] = g;
      Z[n] = z;
      X[n] = x;
    }
    nextF = F;
    nextG = G;
    nextZ = Z;
    nextX = X;
  }
  const out = new Map<number, SessionMoments>();
  const den = powD[M]!;
  for (const a of awards) {
    if (a <= 0 || out.has(a)) continue;
    out.set(a, { mean: ratio(nextF[a]!, den), second: ratio(nextG[a]!, den), zero: ratio(nextZ[a]!, den), max: nextX[a]! });
  }
  return out;
}

export interface SlotFigures {
  /** Return to player as an exact ratio of the stake. */
  rtp: Ratio;
  /** Standard deviation of a round's return per unit stake. */
  sigma: number;
  /** P(round pays anything). */
  hitFrequency: number;
  /** P(base spin triggers free spins). */
  freeSpinsFrequency: number;
  /** Largest possible round win in multiples of the stake. */
  maxWin: number;
  /** Base game only (line/ways and scatter pays of the paid spin): mean and σ per unit stake. */
  baseRtp: number;
  baseSigma: number;
  /** One free spin: mean win per unit stake (multiplier included) and mean spins retriggered. */
  freeSpinMean: number;
  freeSpinSigma: number;
  freeSpinRetriggerMean: number;
  /** Mean session win per unit stake by initial award. */
  sessionMean: Record<number, number>;
  combinations: { base: number; free: number };
}

export function slotFigures(slot: CompiledSlot): SlotFigures {
  const base = cycleStats(slot, 'base');
  const free = slot.maxFreeSpins > 0 ? (slot.freeStripsSameAsBase ? base : cycleStats(slot, 'free')) : null;
  return figuresFromCycles(slot, base, free);
}

export function figuresFromCycles(slot: CompiledSlot, base: CycleStats, free: CycleStats | null): SlotFigures {
  const units = BigInt(slot.betUnits);
  const Db = BigInt(base.combinations);
  const awards = base.byScatter.map((_, c) => slot.award[c] ?? 0);
  const sessions = free ? sessionMoments(slot, free, awards) : new Map<number, SessionMoments>();
  const Ds = free ? BigInt(free.combinations) ** BigInt(slot.maxFreeSpins) : 1n;

  // Everything over the common denominator Db × Ds.
  let sum = 0n;
  let second = 0n;
  let hits = 0n;
  let triggers = 0n;
  let baseSum = 0n;
  let baseSecond = 0n;
  let maxCoins = 0;
  base.byScatter.forEach((c, k) => {
    if (c.count === 0) return;
    const count = BigInt(c.count);
    baseSum += c.sum;
    baseSecond += c.sumSquares;
    const a = awards[k]!;
    const session = a > 0 ? sessions.get(a) : undefined;
    if (session) {
      // scale session ratios to denominator Ds
      const sm = (session.mean.num * Ds) / session.mean.den;
      const s2 = (session.second.num * Ds) / session.second.den;
      const sz = (session.zero.num * Ds) / session.zero.den;
      sum += c.sum * Ds + count * sm;
      second += c.sumSquares * Ds + 2n * c.sum * sm + count * s2;
      hits += (count - BigInt(c.zero)) * Ds + BigInt(c.zero) * (Ds - sz);
      triggers += count;
      maxCoins = Math.max(maxCoins, c.max + session.max);
    } else {
      sum += c.sum * Ds;
      second += c.sumSquares * Ds;
      hits += (count - BigInt(c.zero)) * Ds;
      maxCoins = Math.max(maxCoins, c.max);
    }
  });
  const den = Db * Ds;
  const rtp = ratio(sum, den * units);
  // variance per unit stake = (second/den − (sum/den)²) / units²
  const variance = ratio(second * den - sum * sum, den * den * units * units);
  const baseVariance = ratio(baseSecond * Db - baseSum * baseSum, Db * Db * units * units);

  let freeSpinMean = 0;
  let freeSpinSigma = 0;
  let freeSpinRetriggerMean = 0;
  const sessionMean: Record<number, number> = {};
  if (free) {
    const Df = BigInt(free.combinations);
    const m = BigInt(slot.freeMultiplier);
    let s1 = 0n;
    let s2 = 0n;
    let r = 0n;
    free.byScatter.forEach((c, k) => {
      s1 += c.sum * m;
      s2 += c.sumSquares * m * m;
      r += BigInt(c.count) * BigInt(slot.retrigger[k] ?? 0);
    });
    freeSpinMean = ratioToNumber(ratio(s1, Df * units));
    freeSpinSigma = Math.sqrt(ratioToNumber(ratio(s2 * Df - s1 * s1, Df * Df * units * units)));
    freeSpinRetriggerMean = ratioToNumber(ratio(r, Df));
    for (const [a, s] of sessions) sessionMean[a] = ratioToNumber(ratio(s.mean.num, s.mean.den * units));
  }

  return {
    rtp,
    sigma: Math.sqrt(ratioToNumber(variance)),
    hitFrequency: ratioToNumber(ratio(hits, den)),
    freeSpinsFrequency: ratioToNumber(ratio(triggers, Db)),
    maxWin: maxCoins / slot.betUnits,
    baseRtp: ratioToNumber(ratio(baseSum, Db * units)),
    baseSigma: Math.sqrt(ratioToNumber(baseVariance)),
    freeSpinMean,
    freeSpinSigma,
    freeSpinRetriggerMean,
    sessionMean,
    combinations: { base: base.combinations, free: free?.combinations ?? 0 },
  };
}
