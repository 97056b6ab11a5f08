/**
 * Play rules per jurisdiction (the player's country), enforced by the server for real and free
 * play and shown to the client in the /gs/session answer. One object, one entry per jurisdiction;
 * countries without an entry play under `DEFAULT`.
 */

export interface JurisdictionRules {
  /** The rule set's name, as quoted in refusals. */
  jurisdiction: string;
  /** Autoplay offered in slot clients. */
  autoplay: boolean;
  /** Turbo / quick-spin offered in slot clients. */
  turbo: boolean;
  /** Least time between two slot spins, milliseconds (0: no minimum). */
  minSpinIntervalMs: number;
  /**
   * Least time of a game cycle of any other casino game (roulette, blackjack, plinko, mines, live
   * roulette), milliseconds (0: no minimum): a round of a game starts no sooner than this after the
   * player's previous round of that game started.
   */
  minGameCycleMs: number;
  /** At most one open slot game session per player: opening a slot ends the others (slot-sessions.ts). */
  oneSlotAtATime: boolean;
}

export const JURISDICTION_RULES: Record<'GB' | 'IE' | 'DEFAULT', JurisdictionRules> = {
  // UKGC remote technical standards: no autoplay, no turbo, at least 2.5 s per slot game cycle
  // (RTS 14), no two slot games side by side, and since 17 January 2025 at least 5 s per game cycle
  // of every other casino game (RTS 14G).
  GB: { jurisdiction: 'GB', autoplay: false, turbo: false, minSpinIntervalMs: 2_500, minGameCycleMs: 5_000, oneSlotAtATime: true },
  IE: { jurisdiction: 'IE', autoplay: true, turbo: true, minSpinIntervalMs: 0, minGameCycleMs: 0, oneSlotAtATime: false },
  DEFAULT: { jurisdiction: 'DEFAULT', autoplay: true, turbo: true, minSpinIntervalMs: 0, minGameCycleMs: 0, oneSlotAtATime: false },
};

/** The longest game cycle minimum of any jurisdiction: a shared table's round (live roulette) may be no shorter. */
export const LONGEST_GAME_CYCLE_MS = Math.max(...Object.values(JURISDICTION_RULES).map((rules) => rules.minGameCycleMs));

/** The countries with rules of their own (upper case), and the rule set each plays under; any other plays under DEFAULT. */
const JURISDICTION_OF_COUNTRY: ReadonlyMap<string, keyof typeof JURISDICTION_RULES> = new Map([
  ['GB', 'GB'],
  ['UK', 'GB'],
  ['IE', 'IE'],
]);

/** The countries with rules of their own and their rule sets, for statements that decide by rule set in SQL (the inducements closed per jurisdiction). */
export const COUNTRY_RULE_SETS: readonly (readonly [string, keyof typeof JURISDICTION_RULES])[] = [...JURISDICTION_OF_COUNTRY];

export function rulesFor(country: string | null | undefined): JurisdictionRules {
  return JURISDICTION_RULES[JURISDICTION_OF_COUNTRY.get((country ?? '').trim().toUpperCase()) ?? 'DEFAULT'];
}

/**
 * The rule sets from the least to the most strict. A player plays under the strictest of the
 * country they declare and the countries of the addresses they sign up and play from (defect 3):
 * GB (no autoplay or turbo, 2.5 s per spin, one slot at a time) is stricter than IE, IE than DEFAULT.
 */
export const JURISDICTION_STRICTNESS: readonly (keyof typeof JURISDICTION_RULES)[] = ['DEFAULT', 'IE', 'GB'];

const strictness = (country: string | null | undefined): number =>
  JURISDICTION_STRICTNESS.indexOf(rulesFor(country).jurisdiction as keyof typeof JURISDICTION_RULES);

/**
 * The country whose rules are strictest among the given ones (the first of equally strict ones);
 * null when none is given. A country with its own rule set wins over one playing under DEFAULT.
 */
export function strictestCountry(...countries: (string | null | undefined)[]): string | null {
  let chosen: string | null = null;
  for (const country of countries) {
    const code = country?.trim().toUpperCase();
    if (!code) continue;
    if (chosen === null || strictness(code) > strictness(chosen)) chosen = code;
  }
  return chosen;
}

/**
 * Jurisdictions whose rules require age verification before any play, free play included (UKGC:
 * no free-to-play games before the customer's age is verified). A visitor has verified nothing, so
 * a visitor playing under one of these is refused and asked to log in or join.
 */
const AGE_VERIFICATION_BEFORE_FREE_PLAY = new Set(['GB']);

export function freePlayNeedsAgeVerification(country: string | null | undefined): boolean {
  return AGE_VERIFICATION_BEFORE_FREE_PLAY.has(rulesFor(country).jurisdiction);
}

export const VISITOR_AGE_VERIFICATION_MESSAGE = 'UK rules require age verification before free play. Please log in or join to play this game.';

/**
 * Slot stake limits per spin (UKGC, online slots, from 2025: £5 a spin, £2 for customers aged 18 to
 * 24), enforced for real and free play in whatever currency the game session plays: 5.00 or 2.00 of
 * that currency (minor units here). Apart from JurisdictionRules because the cap depends on the
 * player's age, not only on the country; absent for jurisdictions without one.
 */
export interface SlotStakeCap {
  /** Most a spin may stake, minor units. */
  max: number;
  /** Most a spin may stake for players under `youngAdultUntil` years of age, minor units. */
  youngAdultMax: number;
  youngAdultUntil: number;
}

export const SLOT_STAKE_CAPS: Partial<Record<keyof typeof JURISDICTION_RULES, SlotStakeCap>> = {
  GB: { max: 500, youngAdultMax: 200, youngAdultUntil: 25 },
};

/** The countries (upper case, as `rulesFor` reads them) whose rules cap slot stakes. */
/** The countries whose rules set a game cycle minimum for casino games other than slots (GB, UK). */
export const GAME_CYCLE_COUNTRIES: readonly string[] = [...JURISDICTION_OF_COUNTRY]
  .filter(([, jurisdiction]) => JURISDICTION_RULES[jurisdiction].minGameCycleMs > 0)
  .map(([country]) => country);

export const SLOT_STAKE_CAPPED_COUNTRIES: readonly string[] = [...JURISDICTION_OF_COUNTRY]
  .filter(([, jurisdiction]) => SLOT_STAKE_CAPS[jurisdiction])
  .map(([country]) => country);

/** The lowest slot stake cap of any rules (minor units): a stake at most this is within every player's limit. */
export const LOWEST_SLOT_STAKE_CAP = Math.min(...Object.values(SLOT_STAKE_CAPS).map((cap) => Math.min(cap.max, cap.youngAdultMax)));

/** The calendar day in Great Britain (ages turn over at UK midnight, not UTC's), YYYY-MM-DD. */
const ukDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Whole years of age on `now`'s UK calendar day; null for an unknown or malformed birth date. */
export function ageOn(birthDate: string | null | undefined, now: Date): number | null {
  const born = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate ?? '');
  const today = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ukDay.format(now));
  if (!born || !today) return null;
  const age = Number(today[1]) - Number(born[1]);
  // Before this year's birthday (29 February counts from 1 March in other years).
  return `${today[2]}-${today[3]}` < `${born[2]}-${born[3]}` ? age - 1 : age;
}

/**
 * The most a slot spin may stake (minor units of the session's currency) under the player's rules,
 * or null when the rules set none. An unknown birth date gets the young adults' limit: the stricter
 * one is the only safe guess.
 */
export function slotStakeMax(country: string | null | undefined, birthDate: string | null | undefined, now = new Date()): number | null {
  const cap = SLOT_STAKE_CAPS[rulesFor(country).jurisdiction as keyof typeof JURISDICTION_RULES];
  if (!cap) return null;
  const age = ageOn(birthDate, now);
  return age === null || age < cap.youngAdultUntil ? cap.youngAdultMax : cap.max;
}
