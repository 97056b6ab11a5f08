import { describe, expect, it } from 'vitest';
import { demoGames } from '../../seed/demo/games';
import { plinkoFigures } from '../engines/mini/plinko';
import { CURRENCIES } from '../engines/money';
import { playRound, spin } from '../engines/slots/slot-engine';
import { HealthMonitor, fairSource } from '../rng/rng';
import { BLACKJACK_FIGURES, SLOT_FIGURES } from './figures.generated';
import { configFingerprint } from './fingerprint';
import { TITLES, getTitle } from './registry';
import type { SlotTitle } from './types';
import { formatRtp, volatilityClass } from './volatility';

const STUDIO_PROVIDERS = new Set(['shamrock-reels', 'harbour-lights', 'northstar-tables', 'pocket-arcade']);
const slots = TITLES.filter((t): t is SlotTitle => t.kind === 'slot');

/** Spins per title for each check; about 2.2 M spins in all across the slot titles. */
const BASE_SPINS = 40_000;
const FREE_SPINS = 20_000;
const ROUNDS = 40_000;

const sourceFor = (gameId: string, part: string) =>
  fairSource({ serverSeed: 'f'.repeat(64), clientSeed: `${gameId}-${part}`, nonce: 0 }, { health: new HealthMonitor() });

describe('titles', () => {
  it('one title per studio gameId of the catalogue, 18 video slots among them', () => {
    const ids = new Set(demoGames.filter((g) => STUDIO_PROVIDERS.has(g.provider)).map((g) => g.gameId));
    for (const id of ids) expect(getTitle(id), id).toBeDefined();
    expect(TITLES.map((t) => t.gameId).sort()).toEqual([...ids].sort());
    expect(slots.filter((t) => t.slot.reels >= 5)).toHaveLength(18);
    expect(getTitle('nope')).toBeUndefined();
  });

  it('every slot has exact figures for its current configuration (run npm run games:rtp after a change)', () => {
    for (const title of slots) {
      const figures = SLOT_FIGURES[title.gameId];
      expect(figures, title.gameId).toBeDefined();
      expect(figures!.fingerprint, `${title.gameId}: figures are stale, run npm run games:rtp`).toBe(configFingerprint(title));
    }
  });

  it('RTPs are between 92% and 97%, jackpot titles about 94–95%, and volatility spans low to high', () => {
    for (const title of slots) {
      const { rtp } = SLOT_FIGURES[title.gameId]!;
      expect(rtp, title.gameId).toBeGreaterThanOrEqual(0.92);
      expect(rtp, title.gameId).toBeLessThanOrEqual(0.97);
    }
    for (const id of ['SR-1003', 'HL-2010']) {
      expect(SLOT_FIGURES[id]!.rtp).toBeGreaterThanOrEqual(0.94);
      expect(SLOT_FIGURES[id]!.rtp).toBeLessThanOrEqual(0.955);
    }
    const classes = new Set(slots.map((t) => volatilityClass(SLOT_FIGURES[t.gameId]!.sigma)));
    expect(classes).toContain('Low');
    expect(classes).toContain('Medium');
    expect(classes).toContain('High');
  });

  it('bet limits per currency: ascending steps, slot stakes whole coins, GBP slot stakes at most £5', () => {
    for (const title of TITLES) {
      for (const currency of CURRENCIES) {
        const limits = title.limits[currency];
        expect(limits.steps.length, `${title.gameId} ${currency}`).toBeGreaterThan(0);
        expect(limits.min).toBe(limits.steps[0]);
        expect(limits.max).toBe(limits.steps[limits.steps.length - 1]);
        expect([...limits.steps].sort((a, b) => a - b)).toEqual(limits.steps);
        for (const step of limits.steps) expect(Number.isSafeInteger(step) && step > 0).toBe(true);
        if (title.kind === 'slot') {
          for (const step of limits.steps) expect(step % title.slot.betUnits, `${title.gameId} ${step}`).toBe(0);
          if (currency === 'GBP') expect(limits.max).toBeLessThanOrEqual(500);
        }
      }
    }
  });
});

describe('catalogue states the computed figures', () => {
  const studioGames = demoGames.filter((g) => STUDIO_PROVIDERS.has(g.provider));
  it('slots: layout, RTP, volatility class and feature', () => {
    for (const game of studioGames) {
      const title = getTitle(game.gameId);
      if (title?.kind !== 'slot') continue;
      const figures = SLOT_FIGURES[title.gameId]!;
      expect(game.info, game.slug).toMatchObject({
        reels: title.layout,
        rtp: formatRtp(figures.rtp),
        volatility: volatilityClass(figures.sigma),
        feature: title.feature,
      });
    }
  });

  it('table and mini games', () => {
    const info = (gameId: string) => studioGames.find((g) => g.gameId === gameId)!.info;
    expect(info('NT-4001').rtp).toBe('97.30%');
    // blackjack's figure is a simulation estimate: the stated value must lie within 3 standard errors
    // of the latest run (plus the rounding to two decimals)
    const stated = /^(\d+\.\d\d)% with basic strategy$/.exec(info('NT-4002').rtp ?? '');
    expect(stated, 'blackjack rtp text').not.toBeNull();
    expect(Math.abs(Number(stated![1]) / 100 - BLACKJACK_FIGURES.rtp)).toBeLessThanOrEqual(3 * BLACKJACK_FIGURES.standardError + 0.00005);
    const plinko = getTitle('PA-5001');
    if (plinko?.kind !== 'plinko') throw new Error('PA-5001 is not plinko');
    const rtps = (['low', 'medium', 'high'] as const).map((r) => plinkoFigures(plinko.rules, r).rtp);
    expect(info('PA-5001').rtp).toBe(`${formatRtp(Math.min(...rtps))} to ${formatRtp(Math.max(...rtps))} by risk level`);
    expect(info('PA-5002').rtp).toBe('97.00%');
  });
});

describe('slot engines agree with the exact figures (fixed-seed simulation, |mean − exact| < 4σ/√n)', () => {
  for (const title of slots) {
    it(`${title.gameId} ${title.name}`, () => {
      const figures = SLOT_FIGURES[title.gameId]!;
      const stake = title.slot.betUnits;
      const within = (mean: number, exact: number, sigma: number, n: number, what: string): void => {
        expect(Math.abs(mean - exact), `${title.gameId} ${what}: simulated ${mean.toFixed(4)}, exact ${exact.toFixed(4)}`).toBeLessThan(
          (4 * sigma) / Math.sqrt(n) + 1e-12,
        );
      };

      // base game alone, and how often it triggers free spins
      let source = sourceFor(title.gameId, 'base');
      let won = 0;
      let triggers = 0;
      for (let i = 0; i < BASE_SPINS; i++) {
        const outcome = spin(title.slot, stake, 'base', source);
        won += outcome.win;
        if (outcome.freeSpinsAwarded > 0) triggers++;
      }
      within(won / (stake * BASE_SPINS), figures.baseRtp, figures.baseSigma, BASE_SPINS, 'base game');
      const p = figures.freeSpinsFrequency;
      within(triggers / BASE_SPINS, p, Math.sqrt(p * (1 - p)), BASE_SPINS, 'free-spin frequency');

      // single free spins
      if (title.slot.maxFreeSpins > 0) {
        source = sourceFor(title.gameId, 'free');
        won = 0;
        let retriggered = 0;
        for (let i = 0; i < FREE_SPINS; i++) {
          const outcome = spin(title.slot, stake, 'free', source);
          won += outcome.win;
          retriggered += outcome.freeSpinsAwarded;
        }
        within(won / (stake * FREE_SPINS), figures.freeSpinMean, figures.freeSpinSigma, FREE_SPINS, 'free spin');
        expect(retriggered / FREE_SPINS).toBeLessThan(figures.freeSpinRetriggerMean * 4 + 0.05);
      }

      // whole rounds, free-spin sessions included
      source = sourceFor(title.gameId, 'rounds');
      won = 0;
      for (let i = 0; i < ROUNDS; i++) won += playRound(title.slot, stake, source).totalWin;
      within(won / (stake * ROUNDS), figures.rtp, figures.sigma, ROUNDS, 'round');
    });
  }
});
