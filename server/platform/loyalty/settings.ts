/**
 * The loyalty programme's rules (server/platform/loyalty/README.md; README "Loyalty"). Code, like the
 * responsible-gaming settings: operators change them here. The composition root hands them to the
 * points policy and the service context (`context.loyalty`, server/modules.ts); a test builds a
 * policy with rules of its own (tests/support/money-policies.ts replaceMoneyPolicy).
 *
 * - `rates`: points per 100 minor units (€1, £1, $1) of the CASH part of a real-money stake, per
 *   currency and game kind; `*` is any other kind (and a provider that does not say the kind). A
 *   currency not named earns nothing. Each bet earns the whole points of its stake (rounded down),
 *   so a €0.05 slot spin at 10 points per €1 earns nothing. Stakes from bonus money and free play
 *   earn nothing.
 * - `levels`: the loyalty levels by points earned in all (spending never lowers a level), lowest
 *   first; the level is the player's vipStatus. A VIP tier given by hand that is not a level here
 *   (LORD) outranks every level and is kept.
 */
export interface LoyaltyLevel {
  name: string;
  points: number;
}

export interface LoyaltySettings {
  rates: Record<string, Record<string, number>>;
  levels: LoyaltyLevel[];
}

const casinoRates = { slot: 10, plinko: 10, mines: 10, bingo: 10, roulette: 2, blackjack: 1, '*': 5 };

export const DEFAULT_LOYALTY_SETTINGS: Readonly<LoyaltySettings> = {
  rates: { EUR: casinoRates, GBP: casinoRates },
  levels: [
    { name: 'BRONZE', points: 0 },
    { name: 'SILVER', points: 1_000 },
    { name: 'GOLD', points: 5_000 },
    { name: 'PLATINUM', points: 20_000 },
  ],
};

/** Points per 100 minor units of a stake in `currency` on a game of `kind`; 0 when nothing is earned. */
export function pointsRate(settings: Pick<LoyaltySettings, 'rates'>, currency: string, kind: string | undefined): number {
  const table = settings.rates[currency];
  if (!table) return 0;
  const rate = (kind !== undefined ? table[kind] : undefined) ?? table['*'] ?? 0;
  return Number.isInteger(rate) && rate > 0 ? rate : 0;
}

/** The points a cash stake of `stake` minor units earns at `rate`. */
export const pointsFor = (stake: bigint, rate: number): bigint => (stake > 0n && rate > 0 ? (stake * BigInt(rate)) / 100n : 0n);

export interface LevelStanding {
  level: string;
  nextLevel: string | null;
  nextLevelPoints: number | null;
}

/** The level for `earned` points, with a VIP tier given by hand (`vipStatus`) when it ranks higher. */
export function levelOf(settings: Pick<LoyaltySettings, 'levels'>, earned: bigint, vipStatus: string | null): LevelStanding {
  const levels = [...settings.levels].sort((a, b) => a.points - b.points);
  let index = 0;
  levels.forEach((level, at) => {
    if (earned >= BigInt(level.points)) index = at;
  });
  const stored = vipStatus ? levels.findIndex((level) => level.name === vipStatus) : -1;
  if (vipStatus && stored < 0 && vipStatus !== '') return { level: vipStatus, nextLevel: null, nextLevelPoints: null };
  if (stored > index) index = stored;
  const next = levels[index + 1];
  return { level: levels[index]?.name ?? 'BRONZE', nextLevel: next?.name ?? null, nextLevelPoints: next ? next.points : null };
}
