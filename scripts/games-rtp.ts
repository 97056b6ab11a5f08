/**
 * The studio's game mathematics, computed exactly.
 *
 *   npm run games:rtp                              all titles; blackjack simulated with 4,000,000 rounds
 *   npm run games:rtp -- --blackjack-rounds 40000000
 *
 * Writes docs/game-rtp.md (tables and method) and server/games/titles/figures.generated.ts
 * (the slot figures the simulation tests check the engine against).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simulateBasicStrategy } from '../server/games/engines/blackjack/house-edge';
import { GRID_CELLS, maxPicks, multiplier } from '../server/games/engines/mini/mines';
import { plinkoFigures } from '../server/games/engines/mini/plinko';
import { rouletteFigures } from '../server/games/engines/roulette/roulette';
import { type SlotFigures, ratioToNumber, slotFigures } from '../server/games/engines/slots/slot-exact';
import { HealthMonitor, Rng, SimulationByteSource } from '../server/games/rng/rng';
import { blackjackClassic, europeanRoulette, minesOfGold, plinkoPop } from '../server/games/titles/table-and-mini-games';
import { configFingerprint } from '../server/games/titles/fingerprint';
import { TITLES } from '../server/games/titles/registry';
import type { SlotTitle } from '../server/games/titles/types';
import { VOLATILITY_CLASSES, formatRtp, volatilityClass } from '../server/games/titles/volatility';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const blackjackRounds = Number(option('--blackjack-rounds') ?? 4_000_000);
if (!Number.isSafeInteger(blackjackRounds) || blackjackRounds < 1000) throw new Error('--blackjack-rounds must be an integer ≥ 1000');

const pct = (x: number, digits = 2): string => `${(x * 100).toFixed(digits)}%`;
const oneIn = (p: number): string => (p > 0 ? `1 in ${(1 / p).toFixed(p > 0.01 ? 1 : 0)}` : '—');
const fmt = (x: number, digits = 2): string => x.toLocaleString('en-IE', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const started = Date.now();
const timings: string[] = [];

// ----------------------------------------------------------------------------------------------
// Slots: exact
// ----------------------------------------------------------------------------------------------
const slotTitles = TITLES.filter((t): t is SlotTitle => t.kind === 'slot');
const slotResults: { title: SlotTitle; figures: SlotFigures; seconds: number }[] = [];
for (const title of slotTitles) {
  const t0 = Date.now();
  const figures = slotFigures(title.slot);
  const seconds = (Date.now() - t0) / 1000;
  slotResults.push({ title, figures, seconds });
  console.log(
    `${title.gameId.padEnd(8)} ${title.name.padEnd(26)} RTP ${pct(ratioToNumber(figures.rtp), 3).padStart(8)}  σ ${figures.sigma.toFixed(2).padStart(6)}  ${volatilityClass(figures.sigma).padEnd(11)} ${seconds.toFixed(1)} s`,
  );
}
timings.push(`slots (exact cycles): ${((Date.now() - started) / 1000).toFixed(1)} s`);

// ----------------------------------------------------------------------------------------------
// Blackjack: simulation through the engine
// ----------------------------------------------------------------------------------------------
const bjStart = Date.now();
const blackjack = simulateBasicStrategy(blackjackClassic.rules, blackjackRounds, new Rng(new SimulationByteSource('games-rtp blackjack'), new HealthMonitor()));
timings.push(`blackjack (${blackjackRounds.toLocaleString('en-IE')} rounds): ${((Date.now() - bjStart) / 1000).toFixed(1)} s`);
console.log(`NT-4002  blackjack RTP ${pct(blackjack.rtp, 3)} ± ${pct(blackjack.standardError, 3)} (σ ${blackjack.sigma.toFixed(3)})`);

const roulette = rouletteFigures();
const plinko = (['low', 'medium', 'high'] as const).map((risk) => ({ risk, ...plinkoFigures(plinkoPop.rules, risk) }));
const mines = Array.from({ length: GRID_CELLS - 1 }, (_, i) => {
  const count = i + 1;
  const rules = minesOfGold.rules;
  const picks = maxPicks(rules, count);
  const rtp = rules.rtpNumerator / rules.rtpDenominator;
  const sigmaAfter = (k: number): number => {
    const [n, d] = multiplier(rules, count, k);
    const m = Number(n) / Number(d);
    return Math.sqrt(m * rtp - rtp * rtp); // E[X²] = P·M² = RTP·M
  };
  const value = (k: number): number => {
    const [n, d] = multiplier(rules, count, k);
    return Number(n) / Number(d);
  };
  return { count, picks, first: value(1), top: value(picks), sigmaFirst: sigmaAfter(1), sigmaTop: sigmaAfter(picks) };
});

// ----------------------------------------------------------------------------------------------
// Output
// ----------------------------------------------------------------------------------------------
const slotRows = slotResults.map(({ title, figures }) => {
  const rtp = ratioToNumber(figures.rtp);
  return `| ${title.name} | ${title.gameId} | ${title.layout} | ${(rtp * 100).toFixed(3)} | ${figures.sigma.toFixed(2)} | ${pct(figures.hitFrequency, 1)} | ${volatilityClass(figures.sigma)} | ${oneIn(figures.freeSpinsFrequency)} | ${fmt(figures.maxWin, figures.maxWin % 1 === 0 ? 0 : 2)}× |`;
});

const componentRows = slotResults.map(({ title, figures }) => {
  const sessions = Object.entries(figures.sessionMean)
    .map(([n, mean]) => `${n} spins → ${mean.toFixed(1)}×`)
    .join(', ');
  return `| ${title.gameId} | ${pct(figures.baseRtp)} | ${figures.baseSigma.toFixed(2)} | ${figures.freeSpinsFrequency > 0 ? pct(ratioToNumber(figures.rtp) - figures.baseRtp) : '—'} | ${figures.freeSpinsFrequency > 0 ? `${figures.freeSpinMean.toFixed(3)}× (σ ${figures.freeSpinSigma.toFixed(2)}), retrigger ${figures.freeSpinRetriggerMean.toFixed(4)} spins` : '—'} | ${sessions || '—'} | ${title.slot.config.freeSpins ? `${title.slot.freeMultiplier}×, at most ${title.slot.maxFreeSpins}` : '—'} | ${figures.combinations.base.toLocaleString('en-IE')}${figures.combinations.free && !title.slot.freeStripsSameAsBase ? ` + ${figures.combinations.free.toLocaleString('en-IE')}` : ''} |`;
});

const rouletteRows = roulette.map(
  (r) => `| ${r.type} | ${r.numbers} | ${r.payout}:1 | ${r.numbers}/37 | ${(r.rtp * 100).toFixed(3)} | ${r.sigma.toFixed(3)} |`,
);

const totalSeconds = (Date.now() - started) / 1000;
const md = `# Game mathematics: return to player and volatility

Generated by \`npm run games:rtp${blackjackRounds === 4_000_000 ? '' : ` -- --blackjack-rounds ${blackjackRounds}`}\` (\`scripts/games-rtp.ts\`); do not edit by hand. The catalogue
(\`server/seed/demo/games.ts\`) states the RTP and volatility class below, and the unit tests hold the
engines to these figures (\`server/games/titles/titles.test.ts\`).

## Slots

RTP and σ are exact (see Method). σ is the standard deviation of one paid round's return per unit
stake, the free-spin session it may start included. Hit frequency is the probability that a paid
round returns anything. Max win is the largest possible round win in multiples of the stake: for
free-spin games that is every spin of a session at its cap hitting the best outcome, a theoretical
bound with a vanishing probability.

| Title | gameId | Layout | RTP % | σ | Hit frequency | Volatility | Free spins | Max win |
| --- | --- | --- | ---: | ---: | ---: | --- | --- | ---: |
${slotRows.join('\n')}

Volatility classes by σ: ${VOLATILITY_CLASSES.map((c, i) => `${c.name} ${i === 0 ? `below ${VOLATILITY_CLASSES[1]!.from}` : i === VOLATILITY_CLASSES.length - 1 ? `${c.from} and above` : `${c.from} to ${VOLATILITY_CLASSES[i + 1]!.from}`}`).join(', ')}.

### Components

Base game = line (or ways) and scatter pays of the paid spin. Free spins = the rest of the RTP. A
free spin's mean win is per unit stake with the free-spin multiplier applied; "session" is the mean
win of a whole free-spin session by the number of spins awarded.

| gameId | Base RTP | Base σ | Free-spin RTP | One free spin | Session mean | Multiplier, cap | Stop combinations |
| --- | ---: | ---: | ---: | --- | --- | --- | ---: |
${componentRows.join('\n')}

## European Roulette (NT-4001)

One zero, 37 pockets; every bet returns 36/37 = 97.297% of its stake (house edge 2.703%) whatever
its type. σ is per unit stake for one bet.

| Bet | Numbers | Pays | P(win) | RTP % | σ |
| --- | ---: | ---: | ---: | ---: | ---: |
${rouletteRows.join('\n')}

Table limits: ${fmt(europeanRoulette.rules.minBet / 100)} to ${fmt(europeanRoulette.rules.maxTotal / 100)} per spin (EUR and GBP), bets in steps of ${fmt(europeanRoulette.rules.unit / 100)}.

## Blackjack Classic (NT-4002)

Six decks shuffled every round, dealer stands on soft 17, blackjack pays 3:2, double on any two
cards, double after split, split to four hands, split aces one card each (no re-split), insurance
2:1, dealer peeks, no surrender. Basic strategy for these rules (\`server/games/engines/blackjack/basic-strategy.ts\`),
insurance never taken.

| Rounds simulated | RTP (return per initial stake) | Standard error | House edge | σ per round | Mean staked per round |
| ---: | ---: | ---: | ---: | ---: | ---: |
| ${blackjack.rounds.toLocaleString('en-IE')} | ${pct(blackjack.rtp, 3)} | ${pct(blackjack.standardError, 3)} | ${pct(1 - blackjack.rtp, 3)} | ${blackjack.sigma.toFixed(3)} | ${blackjack.averageStaked.toFixed(4)}× |

The estimate is a Monte Carlo average over rounds played through the engine itself (deal, the
strategy's actions, dealer, settlement), each from a freshly shuffled shoe, drawn from a seeded
AES-256-CTR stream so that the run is repeatable. A 95% interval is the RTP ± 1.96 standard errors.
Deviations from basic strategy (insurance, wrong doubles) lower the return.

## Plinko Pop (PA-5001)

Twelve rows: the ball lands in slot k with probability C(12, k) / 4096. Multipliers in tenths of the
stake, so every payout is exact for stakes in steps of 0.10.

| Risk | Multipliers (slot 0 … 12) | RTP (exact) | RTP % | σ | Max | P(return above stake) |
| --- | --- | --- | ---: | ---: | ---: | ---: |
${plinko.map((p) => `| ${p.risk} | ${plinkoPop.rules.tenths[p.risk].map((t) => `${t / 10}`).join(' · ')} | ${p.rtpNumerator}/${p.rtpDenominator} | ${(p.rtp * 100).toFixed(3)} | ${p.sigma.toFixed(3)} | ${p.maxMultiplier}× | ${pct(p.profitFrequency, 1)} |`).join('\n')}

## Mines of Gold (PA-5002)

Cashing out after k safe picks pays M(k) = 0.97 × C(25, k) / C(25 − m, k) for m mines, and
P(k safe picks) = C(25 − m, k) / C(25, k), so the RTP is exactly 97.00% for every mine count, every
k and therefore every playing plan. The sub-cent part of stake × M(k) is paid as one more cent with
probability equal to that fraction (one fair draw), so the expected payment is exact at every stake.
Picks stop where M would pass ${minesOfGold.rules.maxMultiplier.toLocaleString('en-IE')}×. σ per unit stake for "cash out after k picks" is √(0.97·M(k) − 0.97²).

| Mines | Most picks | M(1) | M(most picks) | σ after 1 pick | σ after most picks |
| ---: | ---: | ---: | ---: | ---: | ---: |
${mines.map((m) => `| ${m.count} | ${m.picks} | ${m.first.toFixed(4)}× | ${fmt(m.top, 2)}× | ${m.sigmaFirst.toFixed(3)} | ${fmt(m.sigmaTop, 2)} |`).join('\n')}

## Method

- **Exact slot cycles.** For each strip set (base and, when different, free spins) every combination
  of reel stops is visited once: the product of the strip lengths (last column of the components
  table). The evaluation is incremental, reel by reel, and separate from the engine's
  \`evaluateWindow\`; a property test holds the two equal on every stop combination of random small
  configurations. Sums of wins and of squared wins are exact integers (coins), grouped by the number
  of scatters in the window.
- **Free spins as a compound sum.** One free spin wins X and retriggers R more spins, (X, R) jointly
  distributed from the free-spin cycle. A session with p spins played and n left has future win W(p, n)
  with E[W] = Σ_r P(r)(E[X|r] + E[W(p+1, n′)]) and E[W²] = Σ_r P(r)(E[X²|r] + 2E[X|r]E[W(p+1, n′)] +
  E[W(p+1, n′)²]), n′ = min(n − 1 + r, cap − p − 1), computed backwards from the cap in exact
  rationals (BigInt). P(session pays nothing) and the largest session win follow the same recursion.
- **Round moments.** Given the scatter count, the base spin T and the session S are independent:
  E[T + S] = E[T] + Σ_c P(c)E[S_c], E[(T + S)²] = E[T²] + 2Σ_c E[T·1{c}]E[S_c] + Σ_c P(c)E[S_c²].
  RTP = E[T + S] / stake and σ = √Var(T + S) / stake. The RTP column is the exact rational rounded
  to three decimals.
- **Money.** A stake is a whole number of coins (lines, or the coin count of a ways game); every pay is
  a whole number of coins and every multiplier an integer, so every win is an exact integer amount in
  minor units and the RTP is the same at every allowed stake. Roulette pays whole multiples of each
  bet; blackjack stakes are even so 3:2 and half-stake insurance are whole units; Plinko pays tenths
  of a stake in steps of 0.10; Mines as described above.
- **Simulation checks.** \`server/games/titles/titles.test.ts\` plays every slot through the engine
  from fixed seeds and requires the base game, the free spins and the whole round to land within
  4σ/√n of these figures; it also fails when a title's configuration no longer matches the
  configuration these figures were computed for.

Run time of this report: ${fmt(totalSeconds, 1)} s (${timings.join('; ')}).
`;

writeFileSync(join(root, 'docs/game-rtp.md'), md);

const figuresFile = `// Generated by \`npm run games:rtp\` (scripts/games-rtp.ts); do not edit by hand.
// Exact slot figures per unit stake, and the configuration fingerprint they belong to.

export interface SlotFigureRecord {
  fingerprint: string;
  rtp: number;
  sigma: number;
  hitFrequency: number;
  freeSpinsFrequency: number;
  maxWin: number;
  baseRtp: number;
  baseSigma: number;
  freeSpinMean: number;
  freeSpinSigma: number;
  freeSpinRetriggerMean: number;
}

export const SLOT_FIGURES: Record<string, SlotFigureRecord> = {
${slotResults
  .map(
    ({ title, figures: f }) =>
      `  '${title.gameId}': { fingerprint: '${configFingerprint(title)}', rtp: ${ratioToNumber(f.rtp)}, sigma: ${f.sigma}, hitFrequency: ${f.hitFrequency}, freeSpinsFrequency: ${f.freeSpinsFrequency}, maxWin: ${f.maxWin}, baseRtp: ${f.baseRtp}, baseSigma: ${f.baseSigma}, freeSpinMean: ${f.freeSpinMean}, freeSpinSigma: ${f.freeSpinSigma}, freeSpinRetriggerMean: ${f.freeSpinRetriggerMean} },`,
  )
  .join('\n')}
};

/** Blackjack basic strategy, simulated (RTP per initial stake and its standard error). */
export const BLACKJACK_FIGURES = { rounds: ${blackjack.rounds}, rtp: ${blackjack.rtp}, standardError: ${blackjack.standardError}, sigma: ${blackjack.sigma} };
`;
writeFileSync(join(root, 'server/games/titles/figures.generated.ts'), figuresFile);

console.log('\nCatalogue strings (server/seed/demo/games.ts):');
for (const { title, figures } of slotResults)
  console.log(`  ${title.gameId}: rtp '${formatRtp(ratioToNumber(figures.rtp))}', volatility '${volatilityClass(figures.sigma)}'`);
console.log(`  NT-4002: rtp '${formatRtp(blackjack.rtp)} with basic strategy'`);
console.log(`\nwrote docs/game-rtp.md and server/games/titles/figures.generated.ts in ${fmt(totalSeconds, 1)} s (${timings.join('; ')})`);
